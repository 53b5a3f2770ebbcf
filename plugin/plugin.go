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
// -ctxbackground.tests, ...), so the plugin, the command, go vet and nogo
// configure the passes the same way. Unknown keys are an error.
package plugin

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/passes/ctxbackground"
	"github.com/budgetlint/budgetlint/passes/dropcancel"
	"github.com/budgetlint/budgetlint/passes/fixedtimeout"
	"github.com/budgetlint/budgetlint/passes/inbound"
	"github.com/budgetlint/budgetlint/passes/retrybudget"
)

func init() {
	register.Plugin("budgetlint", New)
}

// passes are the analyzers the plugin runs, in the command's order.
var passes = []*analysis.Analyzer{
	ctxbackground.Analyzer,
	fixedtimeout.Analyzer,
	dropcancel.Analyzer,
	retrybudget.Analyzer,
}

// Settings is the plugin's configuration, one key per analyzer flag. A nil
// field leaves the flag at the pass's default; lists add to built-in lists
// as the flags do.
type Settings struct {
	Inbound struct {
		Frameworks  []string `json:"frameworks"`
		Testsupport []string `json:"testsupport"`
	} `json:"inbound"`
	Ctxbackground struct {
		Tests    *bool `json:"tests"`
		Detached *bool `json:"detached"`
		Latent   *bool `json:"latent"`
	} `json:"ctxbackground"`
	Dropcancel struct {
		Exclude []string `json:"exclude"`
	} `json:"dropcancel"`
	// Disable names passes not to run; golangci-lint sees budgetlint as
	// one linter, so this is how to turn off one pass.
	Disable []string `json:"disable"`
}

// flagValues lists the settings as analyzer flags to set, in order.
func (s *Settings) flagValues() []flagValue {
	var fv []flagValue
	list := func(a *analysis.Analyzer, name string, v []string) {
		if len(v) > 0 {
			fv = append(fv, flagValue{a, name, strings.Join(v, ",")})
		}
	}
	boolean := func(a *analysis.Analyzer, name string, v *bool) {
		if v != nil {
			fv = append(fv, flagValue{a, name, strconv.FormatBool(*v)})
		}
	}
	list(inbound.Analyzer, "frameworks", s.Inbound.Frameworks)
	list(inbound.Analyzer, "testsupport", s.Inbound.Testsupport)
	boolean(ctxbackground.Analyzer, "tests", s.Ctxbackground.Tests)
	boolean(ctxbackground.Analyzer, "detached", s.Ctxbackground.Detached)
	boolean(ctxbackground.Analyzer, "latent", s.Ctxbackground.Latent)
	list(dropcancel.Analyzer, "exclude", s.Dropcancel.Exclude)
	return fv
}

type flagValue struct {
	analyzer    *analysis.Analyzer
	name, value string
}

// knownKeys names the settings for error messages.
const knownKeys = "inbound.frameworks, inbound.testsupport, ctxbackground.tests, ctxbackground.detached, ctxbackground.latent, dropcancel.exclude, disable"

// decode reads golangci-lint's raw settings strictly: an unknown key or a
// value of the wrong type is an error that names the known keys.
func decode(raw any) (Settings, error) {
	s, err := register.DecodeSettings[Settings](raw)
	if err != nil {
		return Settings{}, fmt.Errorf("budgetlint settings: %w (known keys: %s)", err, knownKeys)
	}
	for _, name := range s.Disable {
		if !slices.ContainsFunc(passes, func(a *analysis.Analyzer) bool { return a.Name == name }) {
			return Settings{}, fmt.Errorf("budgetlint settings: disable: unknown pass %q (passes: %s)", name, passNames())
		}
	}
	return s, nil
}

func passNames() string {
	var names []string
	for _, a := range passes {
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
	for _, a := range passes {
		if !slices.Contains(p.settings.Disable, a.Name) {
			run = append(run, a)
		}
	}
	return run, nil
}

// GetLoadMode asks for type information: every pass needs it.
func (p *budgetlint) GetLoadMode() string { return register.LoadModeTypesInfo }
