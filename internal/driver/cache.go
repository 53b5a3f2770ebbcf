package driver

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"go/types"
	"maps"
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

// The cache directory holds only what budgetlint wrote, so that trimming
// can never remove anything else (a cache pointed at a source tree once
// deleted it):
//
//	README          cacheReadme; its first line marks the directory as ours
//	README.tmp*     a README being written by another run
//	v1/trim.txt     when entries were last trimmed
//	v1/ab/abcd…     entries, named by their 64-hex-digit key, in a
//	                directory named by its first two digits
//	v1/ab/abcd….tmp* an entry being written
//
// An entry is the sha256 of its key and payload, then the payload (gob):
// one whose sum does not match is ignored, and replaced after analysis.
const (
	cacheVersion = "v1"
	cacheReadme  = `This directory holds budgetlint's results cache.
It keeps the findings and facts of analysed packages, by the content of their
files, under v1/. budgetlint removes only entries it wrote there, once unused
for five days, and refuses to use a directory holding anything else.
It is safe to delete this directory at any time.
`
	cacheTrimAge      = 5 * 24 * time.Hour
	cacheTrimInterval = 24 * time.Hour
	cacheTouchAge     = time.Hour
)

// cache stores entries in dir, the cache directory's versioned
// subdirectory. Entries unused for five days are removed, as the go
// command does with its build cache.
type cache struct {
	dir string
}

// openCache adopts dir as the cache: a new or empty directory, or one that
// budgetlint made. Any other is refused with an error naming what it holds.
func openCache(dir string) (*cache, error) {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs // for the messages
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot make the cache directory: %v", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot read the cache directory: %v", err)
	}
	if isOldLayout(dir, entries) {
		// The layout of budgetlint before the README marker: recognised
		// strictly, so it is cleared on the first run after an upgrade
		// instead of refused.
		for _, e := range entries {
			if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
				return nil, fmt.Errorf("cannot clear the old cache in %s: %v", dir, err)
			}
		}
		entries = nil
	}
	marked := false
	var versions []string
	for _, e := range entries {
		switch name := e.Name(); {
		case name == "README" && e.Type().IsRegular() && isCacheReadme(filepath.Join(dir, name)):
			marked = true
		case isTempName(name, "README") && e.Type().IsRegular():
			// another run adopting the directory now
		case e.IsDir() && len(name) > 1 && name[0] == 'v' && isDigits(name[1:]):
			versions = append(versions, name) // ours if the README is
		default:
			return nil, notACache(dir, name)
		}
	}
	if !marked {
		if len(versions) > 0 {
			return nil, notACache(dir, versions[0])
		}
		if err := writeCacheReadme(dir); err != nil {
			return nil, fmt.Errorf("cannot adopt the cache directory %s: %v", dir, err)
		}
	}
	c := &cache{dir: filepath.Join(dir, cacheVersion)}
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot make the cache directory: %v", err)
	}
	return c, nil
}

// isOldLayout reports whether a directory holds exactly what budgetlint's
// cache held before it had a README: trim.txt and two-hex-digit folders of
// entries named by 64 hex digits (and their temporary files), nothing else.
func isOldLayout(dir string, entries []os.DirEntry) bool {
	trim := false
	for _, e := range entries {
		name := e.Name()
		switch {
		case name == "trim.txt" && e.Type().IsRegular():
			trim = true
		case e.IsDir() && len(name) == 2 && isHex(name):
			files, err := os.ReadDir(filepath.Join(dir, name))
			if err != nil {
				return false
			}
			for _, f := range files {
				if !f.Type().IsRegular() || !isEntryName(name, f.Name()) {
					return false
				}
			}
		default:
			return false
		}
	}
	return trim
}

func notACache(dir, name string) error {
	return fmt.Errorf("%s is not a budgetlint cache directory: it holds %s, which budgetlint did not write. "+
		"budgetlint keeps its cache only in a new or empty directory, or one it made, so that its clean-up can never remove other files; "+
		"choose another with -cache or $BUDGETLINT_CACHE, or turn it off with -cache=off", dir, name)
}

func isCacheReadme(name string) bool {
	data, err := os.ReadFile(name)
	first, _, _ := strings.Cut(cacheReadme, "\n")
	return err == nil && bytes.HasPrefix(data, []byte(first+"\n"))
}

// writeCacheReadme marks dir as the cache. The README is written beside
// and renamed into place, so a concurrent run sees it whole or not at all.
func writeCacheReadme(dir string) error {
	tmp, err := os.CreateTemp(dir, "README.tmp*")
	if err != nil {
		return err
	}
	_, err = tmp.WriteString(cacheReadme)
	if err == nil {
		err = tmp.Chmod(0o644) // CreateTemp's 0600 would hide it from other users
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, "README"))
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

func (c *cache) path(key string) string {
	return filepath.Join(c.dir, key[:2], key)
}

// isEntryName reports whether name, in the directory shard, is one of the
// cache's entries or an entry being written: trimming removes nothing else.
func isEntryName(shard, name string) bool {
	key := name
	if len(name) > 64 {
		if !isTempName(name, name[:64]) {
			return false
		}
		key = name[:64]
	}
	return len(key) == 64 && isHex(key) && key[:2] == shard
}

// isTempName reports whether name is what os.CreateTemp makes of the
// pattern base+".tmp*".
func isTempName(name, base string) bool {
	rest, ok := strings.CutPrefix(name, base+".tmp")
	return ok && isDigits(rest)
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

func isHex(s string) bool {
	return s != "" && strings.Trim(s, "0123456789abcdef") == ""
}

// seal prefixes an entry's payload with its sum, which binds it to its key.
func seal(key string, payload []byte) []byte {
	sum := entrySum(key, payload)
	return append(sum[:], payload...)
}

// unseal returns the payload of an entry whose sum matches, or false.
func unseal(key string, data []byte) ([]byte, bool) {
	if len(data) < sha256.Size {
		return nil, false
	}
	sum, payload := data[:sha256.Size], data[sha256.Size:]
	want := entrySum(key, payload)
	return payload, bytes.Equal(sum, want[:])
}

func entrySum(key string, payload []byte) [sha256.Size]byte {
	h := sha256.New()
	fmt.Fprintf(h, "budgetlint cache entry %s\n", key)
	h.Write(payload)
	return [sha256.Size]byte(h.Sum(nil))
}

// load returns the entry stored under key, or nil: missing, damaged (its
// sum does not match) or unreadable entries are misses.
func (c *cache) load(key string) *cacheEntry {
	name := c.path(key)
	data, err := os.ReadFile(name)
	if err != nil {
		return nil
	}
	payload, ok := unseal(key, data)
	if !ok {
		return nil
	}
	var e cacheEntry
	if gob.NewDecoder(bytes.NewReader(payload)).Decode(&e) != nil {
		return nil
	}
	if info, err := os.Stat(name); err == nil && time.Since(info.ModTime()) > cacheTouchAge {
		now := time.Now()
		os.Chtimes(name, now, now) // keep a used entry from being trimmed
	}
	return &e
}

// store writes an entry, replacing a damaged one; failures only cost the
// next run some time.
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
	tmp, err := os.CreateTemp(filepath.Dir(name), n.key+".tmp*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(seal(n.key, buf.Bytes()))
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), name) != nil {
		os.Remove(tmp.Name())
	}
}

// trim removes entries unused for cacheTrimAge, at most once a day. It
// looks only at the shard directories of the cache's own layout, and
// removes only files named as entries.
func (c *cache) trim() {
	stamp := filepath.Join(c.dir, "trim.txt")
	if info, err := os.Stat(stamp); err == nil && time.Since(info.ModTime()) < cacheTrimInterval {
		return
	}
	os.WriteFile(stamp, []byte(time.Now().Format(time.RFC3339)), 0o644)
	shards, _ := os.ReadDir(c.dir)
	for _, shard := range shards {
		if !shard.IsDir() || len(shard.Name()) != 2 || !isHex(shard.Name()) {
			continue
		}
		dir := filepath.Join(c.dir, shard.Name())
		files, _ := os.ReadDir(dir)
		for _, f := range files {
			if !f.Type().IsRegular() || !isEntryName(shard.Name(), f.Name()) {
				continue
			}
			if info, err := f.Info(); err == nil && time.Since(info.ModTime()) > cacheTrimAge {
				os.Remove(filepath.Join(dir, f.Name()))
			}
		}
	}
}

// ContentSum is the sum of a file's content that Edit.Sum holds.
func ContentSum(src []byte) string {
	sum := sha256.Sum256(src)
	return hex.EncodeToString(sum[:])
}

// sawContent records, for an analysed package, the sum of a file as it is
// read, for the edits of the package's fixes. A file that changed since
// the package's cache key was computed from it leaves the result out of
// the cache: it would be stored under the old content's key.
func (n *node) sawContent(name string, src []byte) {
	if !n.bodies() {
		return // never analysed: no fixes, and hashing std costs time
	}
	sum := ContentSum(src)
	if n.sums == nil {
		n.sums = map[string]string{}
	}
	if old, ok := n.sums[name]; ok && old != sum {
		n.key = ""
	}
	n.sums[name] = sum
}

// computeKeys gives every node a key that changes when anything it was
// computed from changes: the tool and its flags, the package's files, and
// (through their keys) everything it imports. Files of analysed packages
// are hashed by content; others, in read-only trees such as GOROOT and the
// module cache, by name, size and modification time. The keys serve the
// cache and the Memo.
func (r *run) computeKeys(g *graph) {
	if r.cache != nil {
		r.cache.trim()
	}
	for _, n := range g.nodes { // imports come before their importers
		h := sha256.New()
		fmt.Fprintf(h, "budgetlint cache v1\n%s\n%s\n%s\n%v %v\n", r.opts.ToolID, n.pkg.ID, n.pkg.PkgPath, n.full, n.learn)
		if n.pkg.Module != nil {
			fmt.Fprintf(h, "go %s\n", n.pkg.Module.GoVersion)
		}
		ok := len(n.pkg.Errors) == 0
		for _, name := range n.pkg.CompiledGoFiles {
			fmt.Fprintf(h, "file %s ", name)
			if src, edited := r.opts.Overlay[name]; edited && !n.bodies() {
				fmt.Fprint(h, ContentSum(src)) // its file's size and time say nothing of it
			} else if n.bodies() {
				src, err := r.readFile(name)
				if err != nil {
					ok = false
					continue
				}
				n.sawContent(name, src)
				fmt.Fprint(h, n.sums[name])
			} else if info, err := os.Stat(name); err == nil {
				fmt.Fprintf(h, "%d %d", info.Size(), info.ModTime().UnixNano())
			} else {
				ok = false
			}
			fmt.Fprintln(h)
		}
		for _, path := range slices.Sorted(maps.Keys(n.imports)) {
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
		if n.bodies() && r.cache != nil {
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
	for k, f := range s.facts {
		if k.pkg != pkg {
			continue
		}
		if k.obj == nil {
			add("", f)
		} else if path, err := objectpath.For(k.obj); err == nil {
			add(string(path), f)
		}
	}
	slices.SortFunc(out, func(a, b encodedFact) int {
		return cmp.Or(strings.Compare(a.Object, b.Object), strings.Compare(a.Type, b.Type))
	})
	return out
}

// packageFactsOf decodes the package facts among cached facts, for a
// package that was not type-checked in this run.
func (s *factStore) packageFactsOf(facts []encodedFact) []analysis.Fact {
	var out []analysis.Fact
	for _, ef := range facts {
		t, ok := s.types[ef.Type]
		if !ok || ef.Object != "" {
			continue
		}
		fact := reflect.New(t.Elem()).Interface().(analysis.Fact)
		if gob.NewDecoder(bytes.NewReader(ef.Data)).Decode(fact) == nil {
			out = append(out, fact)
		}
	}
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
		if ef.Object == "" {
			s.set(packageFactKey(pkg, t), fact)
		} else if obj, err := objectpath.Object(pkg, objectpath.Path(ef.Object)); err == nil {
			s.set(objectFactKey(obj, t), fact)
		}
	}
}
