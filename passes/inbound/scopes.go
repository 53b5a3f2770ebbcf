package inbound

import (
	"cmp"
	"go/token"
	"go/types"
	"slices"
	"sync"
)

// scopeIndex answers "which declaration of this name is in scope at pos"
// for the names of a package's context parameters without go/types'
// Scope.Innermost, which scans every function of a file from the package
// scope down: asked at every call in a file of 240,000 functions, that
// was quadratic (issue 15). It is built once per package, on first use, by
// one walk of the package's scopes, and keeps only the local scopes that
// declare one of the names.
type scopeIndex struct {
	pkg   *types.Package
	names map[string]bool // the names to index; fixed once run returns

	once  sync.Once // passes sharing the Result may ask at once
	decls map[string][]declScope
}

// declScope is a local scope that declares the name it is listed under.
type declScope struct {
	scope  *types.Scope
	parent int // the nearest enclosing scope in the same list, -1 if none
}

// lookup returns the object that name denotes at pos, as
// pkg.Scope().Innermost(pos).LookupParent(name, pos) would for a local
// name, or nil if no local declaration of it is in scope there.
func (x *scopeIndex) lookup(name string, pos token.Pos) types.Object {
	x.once.Do(x.build)
	list := x.decls[name]
	// Scopes nest or are disjoint, so the scopes holding pos are the last
	// one starting at or before it and that one's enclosing ones. The
	// innermost of them that holds pos declares the name nearest to pos:
	// LookupParent from it sees what Innermost's scope would see, since no
	// scope between the two declares the name.
	i, _ := slices.BinarySearchFunc(list, pos+1, func(d declScope, p token.Pos) int { return cmp.Compare(d.scope.Pos(), p) })
	for i--; i >= 0; i = list[i].parent {
		if s := list[i].scope; s.Contains(pos) {
			_, obj := s.LookupParent(name, pos)
			return obj
		}
	}
	return nil
}

func (x *scopeIndex) build() {
	x.decls = map[string][]declScope{}
	var walk func(s *types.Scope)
	walk = func(s *types.Scope) {
		if s.Pos().IsValid() && s.End().IsValid() {
			for name := range x.names {
				if s.Lookup(name) != nil {
					x.decls[name] = append(x.decls[name], declScope{scope: s})
				}
			}
		}
		for i := range s.NumChildren() {
			walk(s.Child(i))
		}
	}
	// The file scopes' children are the local scopes; package-level
	// names cannot be a parameter's, nor hide one.
	for i := range x.pkg.Scope().NumChildren() {
		file := x.pkg.Scope().Child(i)
		for j := range file.NumChildren() {
			walk(file.Child(j))
		}
	}
	for name, list := range x.decls {
		// Outer before inner where two start together.
		slices.SortFunc(list, func(a, b declScope) int {
			return cmp.Or(cmp.Compare(a.scope.Pos(), b.scope.Pos()), cmp.Compare(b.scope.End(), a.scope.End()))
		})
		var open []int // the enclosing scopes of the one at hand, innermost last
		for i := range list {
			s := list[i].scope
			for len(open) > 0 && !encloses(list[open[len(open)-1]].scope, s) {
				open = open[:len(open)-1]
			}
			list[i].parent = -1
			if len(open) > 0 {
				list[i].parent = open[len(open)-1]
			}
			open = append(open, i)
		}
		x.decls[name] = list
	}
}

func encloses(outer, inner *types.Scope) bool {
	return outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}
