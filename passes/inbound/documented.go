package inbound

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/budgetlint/budgetlint/internal/knowledge"
)

// commentIndex finds the comment on a statement: the comment group on the
// lines right above it. (A trailing comment is more often about the
// line's values than about the statement's intent.)
type commentIndex struct {
	fset  *token.FileSet
	byEnd map[*token.File]map[int]*ast.CommentGroup
}

func newCommentIndex(fset *token.FileSet, files []*ast.File) *commentIndex {
	ix := &commentIndex{fset: fset, byEnd: map[*token.File]map[int]*ast.CommentGroup{}}
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

// documented reports whether the innermost statement around cur carries a
// comment saying that it is detached from the caller's context on purpose
// (knowledge.SaysDetached).
func (ix *commentIndex) documented(cur inspector.Cursor) bool {
	var stmt ast.Stmt
	for c := range cur.Enclosing() {
		if s, ok := c.Node().(ast.Stmt); ok {
			if _, block := s.(*ast.BlockStmt); !block {
				stmt = s
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
	pos := tf.Position(stmt.Pos())
	cg := ix.byEnd[tf][pos.Line-1]
	// A comment of its own, indented as the statement: not the trailing
	// comment of the line above.
	return cg != nil && tf.Position(cg.Pos()).Column <= pos.Column && knowledge.SaysDetached(cg.Text())
}
