package driver

import (
	"go/token"
	"go/types"
	"sync"
)

// Memo keeps, for the later runs of one process, the packages a run
// type-checked without analysing them (the standard library, other
// modules, packages of the module served from the cache), by their cache
// keys: a language server's re-check after an edit then lists the
// packages and checks only what changed, instead of type-checking the
// dependencies again each time.
//
// The runs share one FileSet, since the kept packages' positions are in
// it. It holds every file a run parsed, so once it has grown past
// memoLimit bytes of source the Memo starts afresh.
type Memo struct {
	mu   sync.Mutex
	fset *token.FileSet
	pkgs map[string]*types.Package
}

var memoLimit = 256 << 20 // a variable for the tests

// NewMemo returns an empty Memo.
func NewMemo() *Memo { return &Memo{} }

// fileSet returns the FileSet for a run, a new one (and no packages) when
// the last one is too large.
func (m *Memo) fileSet() *token.FileSet {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fset == nil || m.fset.Base() > memoLimit {
		m.fset, m.pkgs = token.NewFileSet(), map[string]*types.Package{}
	}
	return m.fset
}

// get returns the package kept under key for a run with fset, or nil.
func (m *Memo) get(fset *token.FileSet, key string) *types.Package {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fset != fset {
		return nil // a concurrent run started afresh: positions would not match
	}
	return m.pkgs[key]
}

func (m *Memo) put(fset *token.FileSet, key string, pkg *types.Package) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fset == fset {
		m.pkgs[key] = pkg
	}
}

// memoRun is what a run with a Memo knows of it: which of its packages
// are kept, so that a package is kept only with every package it imports.
// One kept against an import that was not would later meet a new version
// of that import in the same run: two types for one.
type memoRun struct {
	memo *Memo
	mu   sync.Mutex
	kept map[*node]bool
}

// reuse gives n its kept types, and reports whether it had any. A package
// to analyse is checked with bodies each time; one served from the cache
// gets its facts onto the kept types.
func (r *run) reuse(n *node) bool {
	m := r.memo
	if m == nil || n.key == "" || n.bodies() && n.entry == nil {
		return false
	}
	pkg := m.memo.get(r.fset, n.key)
	if pkg == nil {
		return false
	}
	n.types, n.reused = pkg, true
	if n.entry != nil {
		r.facts.decode(pkg, n.entry.Facts)
	}
	m.mu.Lock()
	m.kept[n] = true
	m.mu.Unlock()
	return true
}

// keep adds n, just type-checked, to the Memo if it can serve later runs:
// without errors, importing only kept packages, and if it was analysed,
// with its result in the cache (a later run that imports it finds it
// there, and has only its types to check).
func (r *run) keep(n *node) {
	m := r.memo
	analysed := n.bodies() && n.entry == nil
	if m == nil || n.key == "" || len(n.errs) > 0 || n.types == nil || analysed && (r.cache == nil || len(n.failed) > 0) {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, dep := range n.imports {
		if !m.kept[dep] {
			return
		}
	}
	m.kept[n] = true
	m.memo.put(r.fset, n.key, n.types)
}
