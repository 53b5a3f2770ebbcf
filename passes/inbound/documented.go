package inbound

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/knowledge"
	"github.com/budgetlint/budgetlint/internal/report"
)

// commentIndex finds the comment on a statement: the comment group on the
// lines right above it, or the one trailing a statement that only makes
// the root (bg := context.Background() // nothing here to cancel). (On
// other lines a trailing comment is more often about the line's values
// than about the statement's intent.)
type commentIndex struct {
	fset  *token.FileSet
	info  *types.Info
	byEnd map[*token.File]map[int]*ast.CommentGroup
}

func newCommentIndex(fset *token.FileSet, info *types.Info, files []*ast.File) *commentIndex {
	ix := &commentIndex{fset: fset, info: info, byEnd: map[*token.File]map[int]*ast.CommentGroup{}}
	for _, f := range files {
		tf := fset.File(f.Pos())
		if tf == nil || len(f.Comments) == 0 {
			continue
		}
		ends := map[int]*ast.CommentGroup{}
		for _, cg := range f.Comments {
			ends[tf.Line(cg.End())] = cg
		}
		ix.byEnd[tf] = ends
	}
	return ix
}

// said is what a comment group says, the reasons of its //nolint
// directives included: Text() drops a line that starts with a directive,
// so "//nolint:govet // we don't want to cancel that context" would lose
// its reason with it. A //lint:ignore is a suppression, with its own
// check that it suppresses something: its reason is not read here.
func said(cg *ast.CommentGroup) string {
	var b strings.Builder
	for _, c := range cg.List {
		text := c.Text
		if reason, lint, ok := report.Directive(text); ok {
			if lint {
				continue
			}
			text = reason
		} else if isDirective(text) {
			continue // //go:generate, //line: not words
		}
		b.WriteString(text)
		b.WriteByte('\n')
	}
	return b.String()
}

// isDirective reports whether a comment is a tool's directive (//go:build,
// //export, //line), as go/ast reads them: a word and a colon right after
// the slashes.
func isDirective(text string) bool {
	rest, ok := strings.CutPrefix(text, "//")
	if !ok {
		return false
	}
	if strings.HasPrefix(rest, "line ") || strings.HasPrefix(rest, "extern ") || strings.HasPrefix(rest, "export ") {
		return true
	}
	word, _, ok := strings.Cut(rest, ":")
	return ok && word != "" && strings.IndexFunc(word, func(r rune) bool { return !('a' <= r && r <= 'z' || '0' <= r && r <= '9') }) < 0
}

// documented reports whether the innermost statement around cur carries a
// comment saying that it is detached from the caller's context on purpose
// (knowledge.SaysDetached).
func (ix *commentIndex) documented(cur inspector.Cursor) bool {
	var stmt ast.Stmt
	var stmtCur inspector.Cursor
	for c := range cur.Enclosing() {
		if s, ok := c.Node().(ast.Stmt); ok {
			if _, block := s.(*ast.BlockStmt); !block {
				stmt, stmtCur = s, c
				break
			}
		}
		switch c.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		}
	}
	if stmt == nil {
		return false
	}
	tf := ix.fset.File(stmt.Pos())
	if tf == nil {
		return false
	}
	if ix.saidAbove(tf, stmt) || ix.saidForRun(tf, cur) || ix.saidAboveIf(tf, stmtCur) || ix.saidAboveElement(tf, cur) || ix.saidForBlock(tf, cur) {
		return true
	}
	if root, ok := cur.Node().(*ast.CallExpr); ok && ctxapi.IsFreshRoot(ix.info, root) && makesOnly(stmt, root) {
		cg := ix.byEnd[tf][tf.Line(stmt.End())]
		if cg != nil && cg.Pos() >= stmt.End() && knowledge.SaysWhyOnRoot(said(cg)) {
			return true
		}
	}
	// The function's doc comment says why it detaches ("returns a context
	// for background tasks that won't be cancelled when the request
	// completes"): its job is to detach. For one that returns a context,
	// naming what it returns is enough ("creates a detached context"):
	// that context is its job.
	for c := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		decl, ok := c.Node().(*ast.FuncDecl)
		if !ok || decl.Doc == nil {
			return false
		}
		if fn, ok := ix.info.Defs[decl.Name].(*types.Func); ok && ctxapi.ReturnsContext(fn) && knowledge.SaysDetached(said(decl.Doc)) {
			return true
		}
		return knowledge.SaysWhyDetached(said(decl.Doc))
	}
	return false
}

// commentAbove returns the comment on the lines right above n, indented
// as n (not the trailing comment of the line above), or nil.
func (ix *commentIndex) commentAbove(tf *token.File, n ast.Node) *ast.CommentGroup {
	pos := tf.Position(n.Pos())
	cg := ix.byEnd[tf][pos.Line-1]
	if cg == nil || tf.Position(cg.Pos()).Column > pos.Column {
		return nil
	}
	return cg
}

// saidAbove reports whether the comment right above stmt says it is
// detached on purpose.
func (ix *commentIndex) saidAbove(tf *token.File, stmt ast.Stmt) bool {
	cg := ix.commentAbove(tf, stmt)
	return cg != nil && knowledge.SaysDetached(said(cg))
}

// saidAboveIf reports whether the statement at cur opens the body of an
// if whose own comment says it is detached on purpose: "use a bounded
// background context so the cleanup survives client disconnect" above if
// s.iam != nil { ctx, cancel := context.WithTimeout(context.Background(),
// d) ... }.
func (ix *commentIndex) saidAboveIf(tf *token.File, cur inspector.Cursor) bool {
	block, ok := cur.Parent().Node().(*ast.BlockStmt)
	if !ok || len(block.List) == 0 || block.List[0] != cur.Node() {
		return false
	}
	is, ok := cur.Parent().Parent().Node().(*ast.IfStmt)
	return ok && is.Body == block && ix.saidAbove(tf, is)
}

// saidAboveElement reports whether cur is the value of an element of a
// composite literal whose comment, on the lines right above the element,
// says it is detached on purpose: "use a non-cancellable context for the
// queued mutation" above ctx: context.Background(),.
func (ix *commentIndex) saidAboveElement(tf *token.File, cur inspector.Cursor) bool {
	parent, child := ctxflow.Unparen(cur)
	kv, ok := parent.Node().(*ast.KeyValueExpr)
	if !ok || kv.Value != child {
		return false
	}
	cg := ix.commentAbove(tf, kv)
	return cg != nil && knowledge.SaysDetached(said(cg))
}

// saidForBlock reports whether a statement before the one around cur, in
// a block of its function (or of a closure written there), carries a
// comment that names the fresh context and says why
// (knowledge.SaysWhyRooted) and sits on a statement that makes no root
// itself: "use context.Background() so that the metadata save completes
// even if the request is cancelled" above the logging that starts the
// step speaks for the roots in the rest of its block, closures built
// there included. (On a statement that makes a root, a comment is that
// statement's, or its run's: see saidForRun.)
func (ix *commentIndex) saidForBlock(tf *token.File, cur inspector.Cursor) bool {
	for c := range cur.Enclosing() {
		switch c.Parent().Node().(type) {
		case *ast.FuncDecl, *ast.File:
			return false
		}
		list := ctxflow.StmtList(c.Parent().Node())
		stmt, ok := c.Node().(ast.Stmt)
		if list == nil || !ok {
			continue
		}
		i := slices.Index(list, stmt)
		for _, prev := range list[:i+1] {
			// The comment's words first: walking the statement costs more.
			if cg := ix.commentAbove(tf, prev); cg != nil && knowledge.SaysWhyRooted(said(cg)) && !ix.makesRoot(prev) {
				return true
			}
		}
	}
	return false
}

// saidForRun reports whether the statement around cur is one of a run of
// statements that each make a fresh root, the first of which carries the
// comment: "the first three steps we want to do even if the context
// expires, so we use a background context for these tasks" covers the
// three calls below it.
func (ix *commentIndex) saidForRun(tf *token.File, cur inspector.Cursor) bool {
	for c := range cur.Enclosing() {
		switch c.Parent().Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit, *ast.File:
			return false
		}
		list := ctxflow.StmtList(c.Parent().Node())
		if list == nil {
			continue
		}
		stmt, ok := c.Node().(ast.Stmt)
		i := slices.Index(list, stmt)
		if !ok || i < 0 {
			return false
		}
		for j := i - 1; j >= 0 && ix.makesRoot(list[j]); j-- {
			if ix.saidAbove(tf, list[j]) {
				return true
			}
		}
		return false
	}
	return false
}

// makesRoot reports whether stmt itself (not a function literal in it)
// calls context.Background or context.TODO.
func (ix *commentIndex) makesRoot(stmt ast.Stmt) bool {
	return ctxflow.AnyOutsideLiterals(stmt, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		return ok && ctxapi.IsFreshRoot(ix.info, call)
	})
}

// makesOnly reports whether stmt does nothing but store n: bg := n,
// var bg = n.
func makesOnly(stmt ast.Stmt, n ast.Node) bool {
	switch s := stmt.(type) {
	case *ast.AssignStmt:
		return len(s.Rhs) == 1 && ast.Unparen(s.Rhs[0]) == n
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || len(gd.Specs) != 1 {
			return false
		}
		vs, ok := gd.Specs[0].(*ast.ValueSpec)
		return ok && len(vs.Values) == 1 && ast.Unparen(vs.Values[0]) == n
	}
	return false
}
