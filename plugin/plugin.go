// Package plugin is budgetlint as a golangci-lint v2 module plugin.
//
// Build a custom golangci-lint with it (.custom-gcl.yml):
//
//	version: v2.15.0
//	plugins:
//	  - module: github.com/budgetlint/budgetlint
//	    import: github.com/budgetlint/budgetlint/plugin
//	    version: latest # or path: to a local checkout
//
// and enable it (.golangci.yml):
//
//	linters:
//	  enable: [budgetlint]
//	  settings:
//	    custom:
//	      budgetlint:
//	        type: module
//	        settings:
//	          inbound:
//	            frameworks: [example.com/web.Ctx:Request().Context()]
//	          ctxbackground:
//	            tests: true
//	          dropcancel:
//	            exclude: [example.com/log]
//	          disable: [retrybudget]
//
// Each setting is the analyzer flag of the same name (-inbound.frameworks,
// -ctxbackground.tests, ...), read from the analyzers' flags, so the
// plugin, the command, go vet and nogo configure the passes the same way:
// a boolean flag takes true or false, any other a list of strings. Unknown
// keys are an error.
package plugin

import (
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/registry"
)

func init() {
	register.Plugin("budgetlint", New)
}

// Settings is the plugin's configuration: a section per analyzer, a key
// per flag. An absent key leaves the flag at the pass's default; lists add
// to built-in lists as the flags do.
type Settings struct {
	flags []flagValue
	// Disable names passes not to run; golangci-lint sees budgetlint as
	// one linter, so this is how to turn off one pass.
	Disable []string
}

// flagValues lists the settings as analyzer flags to set, in order.
func (s *Settings) flagValues() []flagValue { return s.flags }

type flagValue struct {
	analyzer    *analysis.Analyzer
	name, value string
}

// knownKeys names the settings for error messages.
var knownKeys = func() string {
	var keys []string
	for _, a := range registry.Configurable {
		a.Flags.VisitAll(func(f *flag.Flag) { keys = append(keys, a.Name+"."+f.Name) })
	}
	return strings.Join(append(keys, "disable"), ", ")
}()

// decode reads golangci-lint's raw settings strictly: an unknown key or a
// value of the wrong type is an error that names the known keys.
func decode(raw any) (Settings, error) {
	s, err := decodeSections(raw)
	if err != nil {
		return Settings{}, fmt.Errorf("budgetlint settings: %w (known keys: %s)", err, knownKeys)
	}
	for _, name := range s.Disable {
		if !slices.ContainsFunc(registry.Passes, func(a *analysis.Analyzer) bool { return a.Name == name }) {
			return Settings{}, fmt.Errorf("budgetlint settings: disable: unknown pass %q (passes: %s)", name, passNames())
		}
	}
	return s, nil
}

func decodeSections(raw any) (Settings, error) {
	var s Settings
	data, err := json.Marshal(raw)
	if err != nil {
		return s, err
	}
	var sections map[string]json.RawMessage
	if err := json.Unmarshal(data, &sections); err != nil {
		return s, fmt.Errorf("not a map of keys to values: %s", data)
	}
	if v, ok := sections["disable"]; ok {
		if err := json.Unmarshal(v, &s.Disable); err != nil {
			return s, fmt.Errorf("disable: %w", err)
		}
		delete(sections, "disable")
	}
	for _, a := range registry.Configurable {
		v, ok := sections[a.Name]
		if !ok {
			continue
		}
		delete(sections, a.Name)
		var keys map[string]json.RawMessage
		if err := json.Unmarshal(v, &keys); err != nil {
			return s, fmt.Errorf("%s: not a map of keys to values: %s", a.Name, v)
		}
		var ferr error
		a.Flags.VisitAll(func(f *flag.Flag) {
			v, ok := keys[f.Name]
			if !ok || ferr != nil {
				return
			}
			delete(keys, f.Name)
			value, set, err := flagSetting(f, v)
			if err != nil {
				ferr = fmt.Errorf("%s.%s: %w", a.Name, f.Name, err)
			} else if set {
				s.flags = append(s.flags, flagValue{a, f.Name, value})
			}
		})
		if ferr != nil {
			return s, ferr
		}
		if len(keys) > 0 {
			return s, fmt.Errorf("%s: unknown field %q", a.Name, slices.Sorted(maps.Keys(keys))[0])
		}
	}
	if len(sections) > 0 {
		return s, fmt.Errorf("unknown field %q", slices.Sorted(maps.Keys(sections))[0])
	}
	return s, nil
}

// flagSetting turns a setting into the flag's value: a boolean flag takes
// true or false, any other a list joined with commas. A null or an empty
// list leaves the flag alone.
func flagSetting(f *flag.Flag, v json.RawMessage) (value string, set bool, err error) {
	if string(v) == "null" {
		return "", false, nil
	}
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		var on bool
		if err := json.Unmarshal(v, &on); err != nil {
			return "", false, err
		}
		return strconv.FormatBool(on), true, nil
	}
	var list []string
	if err := json.Unmarshal(v, &list); err != nil {
		return "", false, err
	}
	return strings.Join(list, ","), len(list) > 0, nil
}

func passNames() string {
	var names []string
	for _, a := range registry.Passes {
		names = append(names, a.Name)
	}
	return strings.Join(names, ", ")
}

type budgetlint struct {
	settings Settings
}

// New is golangci-lint's constructor for the plugin: it decodes the
// settings and sets the analyzers' flags from them.
func New(raw any) (register.LinterPlugin, error) {
	s, err := decode(raw)
	if err != nil {
		return nil, err
	}
	for _, f := range s.flagValues() {
		if err := f.analyzer.Flags.Set(f.name, f.value); err != nil {
			return nil, fmt.Errorf("budgetlint settings: %s.%s: %w", f.analyzer.Name, f.name, err)
		}
	}
	return &budgetlint{settings: s}, nil
}

func (p *budgetlint) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	var run []*analysis.Analyzer
	for _, a := range registry.Passes {
		if !slices.Contains(p.settings.Disable, a.Name) {
			run = append(run, a)
		}
	}
	return run, nil
}

// GetLoadMode asks for type information: every pass needs it.
func (p *budgetlint) GetLoadMode() string { return register.LoadModeTypesInfo }
