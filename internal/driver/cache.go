package driver

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// cacheEntry is what a fully analysed package leaves for the next run.
type cacheEntry struct {
	Diagnostics []Diagnostic
	Facts       []encodedFact
}

// encodedFact is a fact about an object (by its objectpath) or, with an
// empty Object, about the package.
type encodedFact struct {
	Object string
	Type   string
	Data   []byte
}

// cache stores entries as files named by their key. Entries unused for
// five days are removed, as the go command does with its build cache.
type cache struct {
	dir string
}

const (
	cacheTrimAge      = 5 * 24 * time.Hour
	cacheTrimInterval = 24 * time.Hour
	cacheTouchAge     = time.Hour
)

func (c *cache) path(key string) string {
	return filepath.Join(c.dir, key[:2], key)
}

func (c *cache) load(key string) *cacheEntry {
	name := c.path(key)
	data, err := os.ReadFile(name)
	if err != nil {
		return nil
	}
	var e cacheEntry
	if gob.NewDecoder(bytes.NewReader(data)).Decode(&e) != nil {
		return nil
	}
	if info, err := os.Stat(name); err == nil && time.Since(info.ModTime()) > cacheTouchAge {
		now := time.Now()
		os.Chtimes(name, now, now) // keep a used entry from being trimmed
	}
	return &e
}

// store writes an entry; failures only cost the next run some time.
func (c *cache) store(n *node, facts []encodedFact) {
	if n.key == "" {
		return
	}
	var buf bytes.Buffer
	if gob.NewEncoder(&buf).Encode(cacheEntry{Diagnostics: n.diags, Facts: facts}) != nil {
		return
	}
	name := c.path(n.key)
	if os.MkdirAll(filepath.Dir(name), 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), "tmp-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(buf.Bytes())
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), name) != nil {
		os.Remove(tmp.Name())
	}
}

// trim removes old entries, at most once a day.
func (c *cache) trim() {
	marker := filepath.Join(c.dir, "trim.txt")
	if info, err := os.Stat(marker); err == nil && time.Since(info.ModTime()) < cacheTrimInterval {
		return
	}
	os.MkdirAll(c.dir, 0o755)
	os.WriteFile(marker, []byte(time.Now().Format(time.RFC3339)), 0o644)
	filepath.WalkDir(c.dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || path == marker {
			return nil
		}
		if info, err := d.Info(); err == nil && time.Since(info.ModTime()) > cacheTrimAge {
			os.Remove(path)
		}
		return nil
	})
}

// computeKeys gives every node a key that changes when anything it was
// computed from changes: the tool and its flags, the package's files, and
// (through their keys) everything it imports. Files of analysed packages
// are hashed by content; others, in read-only trees such as GOROOT and the
// module cache, by name, size and modification time.
func (r *run) computeKeys(g *graph) {
	r.cache.trim()
	for _, n := range g.nodes { // imports come before their importers
		h := sha256.New()
		fmt.Fprintf(h, "budgetlint cache v1\n%s\n%s\n%s\n%v\n", r.opts.ToolID, n.pkg.ID, n.pkg.PkgPath, n.full)
		if n.pkg.Module != nil {
			fmt.Fprintf(h, "go %s\n", n.pkg.Module.GoVersion)
		}
		ok := len(n.pkg.Errors) == 0
		for _, name := range n.pkg.CompiledGoFiles {
			fmt.Fprintf(h, "file %s ", name)
			if n.full {
				f, err := os.Open(name)
				if err != nil {
					ok = false
					continue
				}
				_, err = io.Copy(h, f)
				f.Close()
				ok = ok && err == nil
			} else if info, err := os.Stat(name); err == nil {
				fmt.Fprintf(h, "%d %d", info.Size(), info.ModTime().UnixNano())
			} else {
				ok = false
			}
			fmt.Fprintln(h)
		}
		for _, path := range slices.Sorted(mapsKeys(n.imports)) {
			dep := n.imports[path]
			if dep.key == "" {
				ok = false
			}
			fmt.Fprintf(h, "import %s %s\n", path, dep.key)
		}
		if !ok {
			continue // no key: always analysed, never cached
		}
		n.key = hex.EncodeToString(h.Sum(nil))
		if n.full {
			n.entry = r.cache.load(n.key)
		}
	}
}

// encode serialises the facts exported by pkg, for the cache.
func (s *factStore) encode(pkg *types.Package) []encodedFact {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []encodedFact
	add := func(object string, fact analysis.Fact) {
		var buf bytes.Buffer
		if gob.NewEncoder(&buf).Encode(fact) == nil {
			out = append(out, encodedFact{Object: object, Type: reflect.TypeOf(fact).String(), Data: buf.Bytes()})
		}
	}
	for k, f := range s.objects {
		if k.obj.Pkg() != pkg {
			continue
		}
		if path, err := objectpath.For(k.obj); err == nil {
			add(string(path), f)
		}
	}
	for k, f := range s.pkgs {
		if k.pkg == pkg {
			add("", f)
		}
	}
	slices.SortFunc(out, func(a, b encodedFact) int {
		return cmp.Or(strings.Compare(a.Object, b.Object), strings.Compare(a.Type, b.Type))
	})
	return out
}

// decode restores cached facts onto a freshly type-checked package.
func (s *factStore) decode(pkg *types.Package, facts []encodedFact) {
	if pkg == nil {
		return
	}
	for _, ef := range facts {
		t, ok := s.types[ef.Type]
		if !ok {
			continue
		}
		fact := reflect.New(t.Elem()).Interface().(analysis.Fact)
		if gob.NewDecoder(bytes.NewReader(ef.Data)).Decode(fact) != nil {
			continue
		}
		s.mu.Lock()
		if ef.Object == "" {
			s.pkgs[packageFactKey{pkg, t}] = fact
		} else if obj, err := objectpath.Object(pkg, objectpath.Path(ef.Object)); err == nil {
			s.objects[objectFactKey{obj, t}] = fact
		}
		s.mu.Unlock()
	}
}
