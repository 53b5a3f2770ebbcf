package lsp

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/registry"
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
// and flags the tool does not have, and flag values they refuse, so that
// one typo does not stop the others.
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
		if err == nil {
			err = tryFlag(a.Flags.Lookup(name), v)
		}
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

// selected returns the analyzers to run, as the command's -NAME flags
// choose them: naming passes with true runs just those; naming passes with
// false runs all the others.
func (s settings) selected(all []*analysis.Analyzer) []*analysis.Analyzer {
	var chosen, rest []*analysis.Analyzer
	for _, a := range all {
		on, named := s.passes[a.Name]
		switch {
		case named && on:
			chosen = append(chosen, a)
		case !named:
			rest = append(rest, a)
		}
	}
	if len(chosen) > 0 {
		return chosen
	}
	return rest
}

// The passes' flags are package variables, shared by every analysis in
// the process, and a list flag's Set adds to what it holds. An analysis
// sets the user's flags, runs, and puts back what they held, as a fresh
// go vet process started from the defaults: flagsMu keeps one analysis
// at a time between the two.
var flagsMu sync.Mutex

// withFlags runs f with the flags of settings set on the analyzers, and
// restores them after.
func withFlags(analyzers []*analysis.Analyzer, s settings, f func()) {
	flagsMu.Lock()
	defer flagsMu.Unlock()
	var undo []func()
	defer func() {
		for _, restore := range slices.Backward(undo) {
			restore()
		}
	}()
	for _, a := range analyzers {
		a.Flags.VisitAll(func(fl *flag.Flag) {
			if v, ok := s.flags[a.Name+"."+fl.Name]; ok {
				undo = append(undo, registry.Saved(fl.Value))
				fl.Value.Set(v) // checked by tryFlag when the settings were read
			}
		})
	}
	f()
}

// tryFlag reports whether fl takes v, by setting a new value of its type:
// the flag itself may be in use by an analysis, and the message loop must
// not wait for one. A type it cannot make is taken on trust.
func tryFlag(fl *flag.Flag, v string) (err error) {
	t := reflect.TypeOf(fl.Value)
	var scratch reflect.Value
	switch t.Kind() {
	case reflect.Pointer:
		scratch = reflect.New(t.Elem())
	case reflect.Map:
		scratch = reflect.MakeMap(t)
	default:
		return nil
	}
	value, ok := scratch.Interface().(flag.Value)
	if !ok {
		return nil
	}
	defer func() {
		if recover() != nil {
			err = nil // its zero value is not usable: taken on trust
		}
	}()
	return value.Set(v)
}
