package contract

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"flag"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"testing/quick"

	"golang.org/x/tools/go/analysis"

	"github.com/budgetlint/budgetlint/internal/driver"
	"github.com/budgetlint/budgetlint/internal/registry"
)

const module = "github.com/budgetlint/budgetlint"

// closure is every analyzer a driver runs for the passes, requirements
// first.
func closure() []*analysis.Analyzer {
	return driver.Closure(registry.Passes)
}

// ours is the closure without golang.org/x/tools' analyzers (inspect).
func ours() []*analysis.Analyzer {
	var out []*analysis.Analyzer
	for _, a := range closure() {
		if strings.HasPrefix(a.URL, "https://pkg.go.dev/"+module+"/") {
			out = append(out, a)
		}
	}
	return out
}

func TestValidate(t *testing.T) {
	if err := analysis.Validate(registry.Passes); err != nil {
		t.Fatal(err)
	}
	if names := len(ours()); names != len(registry.Passes)+2 {
		t.Errorf("%d budgetlint analyzers in the closure, want the %d passes, inbound and ctxuse (is a URL missing?)", names, len(registry.Passes))
	}
	for _, a := range ours() {
		// nogo and go vet skip an analyzer on a package that does not
		// type-check unless it says it can run anyway.
		if !a.RunDespiteErrors {
			t.Errorf("%s: RunDespiteErrors is false", a.Name)
		}
		if a.Doc == "" {
			t.Errorf("%s has no Doc", a.Name)
		}
	}
}

// flagSamples holds a valid value for every analyzer flag. A new flag
// needs one here, and its line in docs/nogo.md.
var flagSamples = map[string]string{
	"inbound.frameworks":     "example.com/contract.Ctx:Request().Context()",
	"ctxbackground.tests":    "true",
	"ctxbackground.detached": "true",
	"ctxbackground.latent":   "true",
	"inbound.testsupport":    "testutil,fake*",
	"inbound.commands":       "example.com/contract.Command",
	"inbound.lifetimes":      "example.com/contract.Result",
	"dropcancel.exclude":     "example.com/contract/log",
}

// flagName is what nogo's analyzer_flags keys and go vet's -NAME.flag
// arguments can carry.
var flagName = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// TestFlagsSettable sets every flag through Analyzer.Flags, as nogo's
// analyzer_flags, go vet and golangci-lint's plugin do, and reads it back.
func TestFlagsSettable(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range ours() {
		a.Flags.VisitAll(func(f *flag.Flag) {
			key := a.Name + "." + f.Name
			seen[key] = true
			if !flagName.MatchString(f.Name) {
				t.Errorf("flag %s: the name is not of the form %s", key, flagName)
			}
			if f.Usage == "" {
				t.Errorf("flag %s has no usage text", key)
			}
			sample, ok := flagSamples[key]
			if !ok {
				t.Errorf("flag %s has no sample value in flagSamples (nor, probably, a line in docs/nogo.md)", key)
				return
			}
			old := f.Value.String()
			if err := a.Flags.Set(f.Name, sample); err != nil {
				t.Errorf("setting %s=%s: %v", key, sample, err)
				return
			}
			if got := a.Flags.Lookup(f.Name).Value.String(); !strings.Contains(got, sample) {
				t.Errorf("after setting %s=%s it reads %q", key, sample, got)
			}
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				a.Flags.Set(f.Name, old)
			}
		})
	}
	for key := range flagSamples {
		if !seen[key] {
			t.Errorf("flagSamples names %s, which no analyzer has", key)
		}
	}
}

// TestFactsGob round-trips a filled value of every fact type through
// encoding/gob, wrapped in the interface as the drivers send it.
func TestFactsGob(t *testing.T) {
	type envelope struct{ Fact analysis.Fact }
	rng := rand.New(rand.NewSource(7))
	for _, a := range closure() {
		for _, f := range a.FactTypes {
			typ := reflect.TypeOf(f)
			if typ.Kind() != reflect.Pointer {
				t.Errorf("%s: fact type %v is not a pointer", a.Name, typ)
				continue
			}
			for range 20 {
				v, ok := quick.Value(typ.Elem(), rng)
				if !ok {
					t.Fatalf("%s: cannot make a value of %v", a.Name, typ)
				}
				fact := reflect.New(typ.Elem())
				fact.Elem().Set(v)
				sent := envelope{fact.Interface().(analysis.Fact)}
				gob.Register(sent.Fact)
				var buf bytes.Buffer
				if err := gob.NewEncoder(&buf).Encode(&sent); err != nil {
					t.Fatalf("%s: encoding %v: %v", a.Name, typ, err)
				}
				var got envelope
				if err := gob.NewDecoder(&buf).Decode(&got); err != nil {
					t.Fatalf("%s: decoding %v: %v", a.Name, typ, err)
				}
				emptyToNil(fact.Elem()) // gob sends an empty slice as none
				if !reflect.DeepEqual(got.Fact, sent.Fact) {
					t.Fatalf("%s: %v does not survive gob: sent %+v, got %+v (unexported fields?)", a.Name, typ, sent.Fact, got.Fact)
				}
			}
		}
	}
}

// nogoConfig is the analyzer_flags part of a nogo config file.
type nogoConfig map[string]struct {
	AnalyzerFlags map[string]string `json:"analyzer_flags"`
}

// TestNogoDoc keeps docs/nogo.md true: its BUILD snippet names every pass
// (and inbound, whose flag nogo sets only when it is listed), and its
// config applies to the analyzers the way nogo applies it.
func TestNogoDoc(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "nogo.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range ours() {
		if label := `"@com_github_budgetlint_budgetlint//passes/` + a.Name + `"`; !bytes.Contains(doc, []byte(label)) {
			t.Errorf("docs/nogo.md does not list %s", label)
		}
	}
	blocks := regexp.MustCompile("(?s)```json\n(.*?)```").FindAllSubmatch(doc, -1)
	if len(blocks) != 1 {
		t.Fatalf("docs/nogo.md has %d json blocks, want the one nogo config", len(blocks))
	}
	var cfg nogoConfig
	if err := json.Unmarshal(blocks[0][1], &cfg); err != nil {
		t.Fatalf("the nogo config in docs/nogo.md: %v", err)
	}
	byName := map[string]*analysis.Analyzer{}
	for _, a := range ours() {
		byName[a.Name] = a
	}
	documented := map[string]bool{}
	for name, c := range cfg {
		a := byName[name]
		if a == nil && len(c.AnalyzerFlags) > 0 {
			t.Errorf("docs/nogo.md sets flags of %q, which is no budgetlint analyzer", name)
			continue
		}
		// As rules_go's nogo: keys without '-', known flags, valid values.
		for key, value := range c.AnalyzerFlags {
			documented[name+"."+key] = true
			if a.Flags.Lookup(key) == nil {
				t.Errorf("docs/nogo.md: %s has no flag %q", name, key)
				continue
			}
			f := a.Flags.Lookup(key)
			old := f.Value.String()
			if err := a.Flags.Set(key, value); err != nil {
				t.Errorf("docs/nogo.md: %s %s=%s: %v", name, key, value, err)
			}
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				a.Flags.Set(key, old)
			}
		}
	}
	for key := range flagSamples {
		if !documented[key] {
			t.Errorf("docs/nogo.md's config does not show the flag %s", key)
		}
	}
}

// emptyToNil sets the empty slices among a struct's fields to nil.
func emptyToNil(v reflect.Value) {
	if v.Kind() != reflect.Struct {
		return
	}
	for i := range v.NumField() {
		if f := v.Field(i); f.Kind() == reflect.Slice && f.Len() == 0 && f.CanSet() {
			f.Set(reflect.Zero(f.Type()))
		}
	}
}
