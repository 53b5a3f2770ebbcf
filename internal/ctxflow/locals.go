package ctxflow

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
)

// Locals indexes, per function, the values given to its local variables
// and their uses, found in one walk of the function: asking about a
// variable then costs its own assignments, not a walk of the function,
// which in a long handler would make a pass quadratic.
type Locals struct {
	info   *types.Info
	byFunc map[ast.Node]*FuncLocals
}

// FuncLocals are the assignments to and uses of the local variables of
// one function, closures included.
type FuncLocals struct {
	Assigns map[*types.Var][]Assignment
	Uses    map[*types.Var][]inspector.Cursor // identifiers, in source order
}

// Assignment is one value given to a variable by an assignment or a
// declaration with values.
type Assignment struct {
	Stmt  inspector.Cursor // the *ast.AssignStmt or *ast.ValueSpec
	Value ast.Expr         // nil for one result of a multi-value call
}

// MadeBy returns the expression that gives a its value: the value itself,
// or the call whose results a multi-value assignment spreads (ctx, cancel
// := context.WithCancel(parent); _, p := newPoller(ctx, d)).
func MadeBy(a Assignment) ast.Expr {
	if a.Value != nil {
		return a.Value
	}
	if _, rhs := AssignmentSides(a.Stmt.Node()); len(rhs) == 1 {
		return rhs[0]
	}
	return nil
}

// NewLocals returns an empty index for a package's functions.
func NewLocals(info *types.Info) *Locals {
	return &Locals{info: info, byFunc: map[ast.Node]*FuncLocals{}}
}

// Of returns the index of the function (or any node) at fn, built on first
// use.
func (x *Locals) Of(fn inspector.Cursor) *FuncLocals {
	if l, ok := x.byFunc[fn.Node()]; ok {
		return l
	}
	info := x.info
	l := &FuncLocals{Assigns: map[*types.Var][]Assignment{}, Uses: map[*types.Var][]inspector.Cursor{}}
	for n := range fn.Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.Ident)(nil)) {
		var lhs, rhs []ast.Expr
		switch s := n.Node().(type) {
		case *ast.Ident:
			if v, ok := info.Uses[s].(*types.Var); ok {
				l.Uses[v] = append(l.Uses[v], n)
			}
			continue
		case *ast.AssignStmt:
			lhs, rhs = s.Lhs, s.Rhs
		case *ast.ValueSpec:
			for _, id := range s.Names {
				lhs = append(lhs, id)
			}
			rhs = s.Values
		}
		if len(rhs) == 0 {
			continue // var x T: no value yet
		}
		for i, e := range lhs {
			id, ok := ast.Unparen(e).(*ast.Ident)
			if !ok {
				continue
			}
			v := VarOf(info, id)
			if v == nil {
				continue
			}
			var value ast.Expr
			if len(lhs) == len(rhs) {
				value = rhs[i]
			}
			l.Assigns[v] = append(l.Assigns[v], Assignment{n, value})
		}
	}
	x.byFunc[fn.Node()] = l
	return l
}
