package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
)

// settings are the user's choices, from initializationOptions and
// workspace/didChangeConfiguration:
//
//	{"passes": {"ctxbackground": true},
//	 "flags": {"ctxbackground": {"tests": true}, "inbound": {"frameworks": ["example.com/web.Ctx"]}},
//	 "buildFlags": ["-tags=integration"]}
//
// The same object may stand under a "budgetlint" key, as editors that
// share one settings tree among servers send it.
type settings struct {
	passes     map[string]bool   // pass name -> enabled, as the -NAME flag
	flags      map[string]string // "pass.flag" -> value, as the -pass.flag flag
	buildFlags []string
}

// parseSettings reads settings, leaving out (with a warning each) passes
// and flags the tool does not have, since go vet would refuse them.
func parseSettings(raw json.RawMessage, analyzers []*analysis.Analyzer) (settings, []string, error) {
	var s settings
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return s, nil, nil
	}
	var in struct {
		Budgetlint json.RawMessage            `json:"budgetlint"`
		Passes     map[string]bool            `json:"passes"`
		Flags      map[string]json.RawMessage `json:"flags"`
		BuildFlags []string                   `json:"buildFlags"`
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		return s, nil, fmt.Errorf("budgetlint settings: %v", err)
	}
	if in.Budgetlint != nil {
		return parseSettings(in.Budgetlint, analyzers)
	}
	byName := map[string]*analysis.Analyzer{}
	for _, a := range analyzers {
		byName[a.Name] = a
	}
	var warnings []string
	s.passes = map[string]bool{}
	for name, on := range in.Passes {
		if byName[name] == nil {
			warnings = append(warnings, fmt.Sprintf("budgetlint settings: no pass named %q", name))
			continue
		}
		s.passes[name] = on
	}
	s.flags = map[string]string{}
	set := func(pass, name string, raw json.RawMessage) {
		a := byName[pass]
		if a == nil || a.Flags.Lookup(name) == nil {
			warnings = append(warnings, fmt.Sprintf("budgetlint settings: no flag -%s.%s", pass, name))
			return
		}
		v, err := flagValue(raw)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("budgetlint settings: -%s.%s: %v", pass, name, err))
			return
		}
		s.flags[pass+"."+name] = v
	}
	for key, raw := range in.Flags {
		if pass, name, ok := strings.Cut(key, "."); ok { // "ctxbackground.tests": true
			set(pass, name, raw)
			continue
		}
		var byFlag map[string]json.RawMessage // "ctxbackground": {"tests": true}
		if err := json.Unmarshal(raw, &byFlag); err != nil {
			warnings = append(warnings, fmt.Sprintf("budgetlint settings: flags of %q must be an object", key))
			continue
		}
		for name, v := range byFlag {
			set(key, name, v)
		}
	}
	s.buildFlags = in.BuildFlags
	sort.Strings(warnings)
	return s, warnings, nil
}

// flagValue renders a JSON value as a flag's text: a list becomes a
// comma-separated one.
func flagValue(raw json.RawMessage) (string, error) {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return "", err
	}
	switch v := v.(type) {
	case string:
		return v, nil
	case bool:
		return strconv.FormatBool(v), nil
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), nil
	case []any:
		var parts []string
		for _, e := range v {
			s, ok := e.(string)
			if !ok {
				return "", fmt.Errorf("a list must hold strings")
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, ","), nil
	}
	return "", fmt.Errorf("want a string, boolean, number or list of strings")
}

// vetArgs is the go vet command line that analyses the package in the
// working directory.
func vetArgs(tool, overlay string, s settings) []string {
	args := []string{"vet", "-vettool=" + tool, "-json"}
	args = append(args, s.buildFlags...)
	if overlay != "" {
		args = append(args, "-overlay="+overlay)
	}
	var flags []string
	for name, on := range s.passes {
		flags = append(flags, fmt.Sprintf("-%s=%t", name, on))
	}
	for name, v := range s.flags {
		flags = append(flags, fmt.Sprintf("-%s=%s", name, v))
	}
	slices.Sort(flags)
	return append(append(args, flags...), ".")
}

// runner runs the go command with args in dir; it returns soon after ctx
// is done, with the command and everything it started killed.
type runner func(ctx context.Context, dir string, args []string) (stdout, stderr []byte, err error)

// goRunner runs goCmd with its work directories in tmp: a go command that
// is killed leaves them behind, and tmp is removed when the server stops.
func goRunner(goCmd, tmp string) runner {
	return func(ctx context.Context, dir string, args []string) ([]byte, []byte, error) {
		cmd := exec.CommandContext(ctx, goCmd, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOTMPDIR="+tmp)
		killGroup(cmd)              // the vet tool and compilers the go command starts go too
		cmd.WaitDelay = time.Second // in case one outlives the kill, holding the pipes open
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		return stdout.Bytes(), stderr.Bytes(), err
	}
}

// The JSON that go vet -json prints: package ID -> analyzer -> findings,
// or an {"error": ...} object when the analyzer failed.
type (
	vetTree    map[string]map[string]json.RawMessage
	vetFinding struct {
		Posn           string   `json:"posn"`
		End            string   `json:"end"`
		Message        string   `json:"message"`
		SuggestedFixes []vetFix `json:"suggested_fixes"`
	}
	vetFix struct {
		Message string    `json:"message"`
		Edits   []vetEdit `json:"edits"`
	}
	vetEdit struct {
		Filename string `json:"filename"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
		New      string `json:"new"`
	}
)

// finding is one diagnostic of one pass.
type finding struct {
	pass string
	vetFinding
}

// parseVetOutput separates go vet's output into findings and the text of
// everything else (type errors, load errors, analyzer failures). It reads
// JSON from either stream: older go commands printed -json output to
// stderr, newer ones print it to stdout.
func parseVetOutput(streams ...[]byte) ([]finding, string) {
	var found []finding
	var text strings.Builder
	for _, out := range streams {
		for len(out) > 0 {
			line, rest, _ := bytes.Cut(out, []byte("\n"))
			if !bytes.HasPrefix(line, []byte("{")) {
				if len(bytes.TrimSpace(line)) > 0 {
					text.Write(line)
					text.WriteByte('\n')
				}
				out = rest
				continue
			}
			dec := json.NewDecoder(bytes.NewReader(out))
			var tree vetTree
			if err := dec.Decode(&tree); err != nil {
				text.Write(line)
				text.WriteByte('\n')
				out = rest
				continue
			}
			out = out[dec.InputOffset():]
			found = append(found, treeFindings(tree, &text)...)
		}
	}
	return found, strings.TrimSpace(text.String())
}

func treeFindings(tree vetTree, errs *strings.Builder) []finding {
	var found []finding
	for _, pkg := range slices.Sorted(maps.Keys(tree)) { // deterministic
		byPass := tree[pkg]
		for pass, raw := range byPass {
			var list []vetFinding
			if err := json.Unmarshal(raw, &list); err == nil {
				for _, f := range list {
					found = append(found, finding{pass, f})
				}
				continue
			}
			var failed struct{ Error string }
			json.Unmarshal(raw, &failed)
			fmt.Fprintf(errs, "%s: %s failed: %s\n", pkg, pass, failed.Error)
		}
	}
	return found
}

// splitPosn splits go/token's "file:line:col" (the file name may itself
// hold colons); col is 0 when absent.
func splitPosn(posn string) (file string, line, col int, ok bool) {
	file, tail, ok := cutLastNumber(posn)
	if !ok {
		return "", 0, 0, false
	}
	if f, l, ok := cutLastNumber(file); ok {
		return f, l, tail, true
	}
	return file, tail, 0, true
}

func cutLastNumber(s string) (string, int, bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, 0, false
	}
	n, err := strconv.Atoi(s[i+1:])
	return s[:i], n, err == nil
}
