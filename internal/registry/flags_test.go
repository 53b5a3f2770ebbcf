package registry

import (
	"flag"
	"strings"
	"testing"
)

// list is a flag whose Set adds, as -dropcancel.exclude does.
type list []string

func (l *list) String() string     { return strings.Join(*l, ",") }
func (l *list) Set(s string) error { *l = append(*l, s); return nil }

// set is a map flag whose Set adds, as -inbound.frameworks does.
type set map[string]bool

func (s set) String() string     { return strings.Join(sortedKeys(s), ",") }
func (s set) Set(v string) error { s[v] = true; return nil }

func sortedKeys(s set) []string {
	var out []string
	for _, k := range []string{"a", "b", "c"} {
		if s[k] {
			out = append(out, k)
		}
	}
	return out
}

// Every option kind the passes have comes back as it was, although Set
// adds to lists and maps.
func TestSaved(t *testing.T) {
	var b bool
	l := list{"a"}
	s := set{"a": true}
	var fs flag.FlagSet
	fs.BoolVar(&b, "b", false, "")
	fs.Var(&l, "l", "")
	fs.Var(s, "s", "")
	fs.VisitAll(func(f *flag.Flag) {
		restore := Saved(f.Value)
		before := f.Value.String()
		values := []string{"b", "c"}
		if f.Name == "b" {
			values = []string{"true"}
		}
		for _, v := range values {
			f.Value.Set(v)
		}
		if f.Value.String() == before {
			t.Fatalf("-%s: Set changed nothing", f.Name)
		}
		restore()
		if got := f.Value.String(); got != before {
			t.Errorf("-%s = %q after restore, want %q", f.Name, got, before)
		}
	})
}
