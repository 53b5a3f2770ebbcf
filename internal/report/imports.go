package report

import (
	"go/ast"
	"go/scanner"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// This file completes suggested fixes: a fix that removes the last use of
// an import also deletes the import, so that every driver (budgetlint
// -fix, go vet -fix, golangci-lint --fix, an editor's quick fix) leaves a
// file that compiles. Each fix is complete on its own, as a quick fix
// applies it alone. Two fixes that together remove the last use cannot
// know of each other: budgetlint -fix removes what they leave unused when
// it writes the file (see RemoveUnusedImports), as go vet -fix does.

// importUses is, for one file, every import with a name the file refers
// to it by, and the positions of those references.
type importUses struct {
	specs []importUse
}

type importUse struct {
	spec *ast.ImportSpec
	decl *ast.GenDecl
	name string
	uses []token.Pos
}

// importsOf indexes the imports of every file of the pass, on the first
// fix: one walk over the package's uses.
func (r *Reporter) importsOf(file *ast.File) *importUses {
	if r.imports == nil {
		r.imports = map[*ast.File]*importUses{}
		info := r.pass.TypesInfo
		if info == nil {
			return nil
		}
		uses := map[*types.PkgName][]token.Pos{}
		for id, obj := range info.Uses {
			if pn, ok := obj.(*types.PkgName); ok {
				uses[pn] = append(uses[pn], id.Pos())
			}
		}
		for _, f := range r.pass.Files {
			iu := &importUses{}
			for _, decl := range f.Decls {
				gd, ok := decl.(*ast.GenDecl)
				if !ok || gd.Tok != token.IMPORT {
					continue
				}
				for _, spec := range gd.Specs {
					spec := spec.(*ast.ImportSpec)
					pn := info.PkgNameOf(spec)
					if pn == nil || pn.Name() == "_" || pn.Name() == "." || len(uses[pn]) == 0 {
						continue // nothing a fix could leave unused
					}
					iu.specs = append(iu.specs, importUse{spec: spec, decl: gd, name: pn.Name(), uses: uses[pn]})
				}
			}
			r.imports[f] = iu
		}
	}
	return r.imports[file]
}

// completeFix adds to fix the deletion of each import whose every use the
// fix removes and whose name its new text does not mention.
func completeFix(tf *token.File, file *ast.File, iu *importUses, fix analysis.SuggestedFix) analysis.SuggestedFix {
	if iu == nil || len(fix.TextEdits) == 0 {
		return fix
	}
	removed := func(pos token.Pos) bool {
		return slices.ContainsFunc(fix.TextEdits, func(e analysis.TextEdit) bool {
			return e.Pos <= pos && pos < e.End
		})
	}
	var added []analysis.TextEdit
	for _, imp := range iu.specs {
		if !allFunc(imp.uses, removed) || mentions(fix.TextEdits, imp.name) {
			continue
		}
		del, ok := deleteImport(tf, file, imp)
		if !ok || slices.ContainsFunc(fix.TextEdits, func(e analysis.TextEdit) bool {
			return e.Pos < del.End && del.Pos < e.End
		}) {
			continue
		}
		added = append(added, del)
	}
	if len(added) == 0 {
		return fix
	}
	fix.TextEdits = append(slices.Clone(fix.TextEdits), added...)
	return fix
}

func allFunc[T any](s []T, f func(T) bool) bool {
	return !slices.ContainsFunc(s, func(v T) bool { return !f(v) })
}

// mentions reports whether an edit's new text refers to name as a package
// qualifier (name.X), so that the import is still needed.
func mentions(edits []analysis.TextEdit, name string) bool {
	for _, e := range edits {
		var s scanner.Scanner
		fset := token.NewFileSet()
		s.Init(fset.AddFile("", -1, len(e.NewText)), e.NewText, nil, 0)
		prev := ""
		for {
			_, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok == token.PERIOD && prev == name {
				return true
			}
			prev = ""
			if tok == token.IDENT {
				prev = lit
			}
		}
	}
	return false
}

// deleteImport returns the edit that deletes an import: its whole lines
// (with its doc comment and trailing comment) when it stands alone on
// them, or the whole import declaration when it is the only spec. An
// import sharing a line with other code is left, and ok is false.
func deleteImport(tf *token.File, file *ast.File, imp importUse) (analysis.TextEdit, bool) {
	line := func(pos token.Pos) int { return tf.PositionFor(pos, false).Line }
	first, last := imp.spec.Pos(), imp.spec.End()
	if imp.spec.Doc != nil {
		first = imp.spec.Doc.Pos()
	}
	if imp.spec.Comment != nil {
		last = imp.spec.Comment.End()
	}
	if len(imp.decl.Specs) == 1 {
		first, last = imp.decl.Pos(), imp.decl.End()
		if imp.decl.Doc != nil {
			first = imp.decl.Doc.Pos()
		}
		if !imp.decl.Lparen.IsValid() && imp.spec.Comment != nil {
			last = imp.spec.Comment.End()
		}
	}
	start, end := line(first), line(last)
	// Nothing else may start or end on those lines.
	alone := len(imp.decl.Specs) == 1 || line(imp.decl.Lparen) < start && line(imp.decl.Rparen) > end
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil || !alone {
			return false
		}
		if _, ok := n.(*ast.File); ok {
			return true
		}
		if n.Pos() >= first && n.End() <= last {
			return false // a part of what is deleted
		}
		if n.End() <= first || n.Pos() >= last {
			if l := line(n.End()); n.End() <= first && l >= start {
				alone = false
			}
			if l := line(n.Pos()); n.Pos() >= last && l <= end {
				alone = false
			}
			return false
		}
		return true // it encloses what is deleted: look inside
	})
	for _, group := range file.Comments {
		if group.End() <= first && line(group.End()) >= start || group.Pos() >= last && line(group.Pos()) <= end {
			alone = false
		}
	}
	if !alone {
		return analysis.TextEdit{}, false
	}
	to := token.Pos(tf.Base() + tf.Size())
	if end < tf.LineCount() {
		to = tf.LineStart(end + 1)
	}
	return analysis.TextEdit{Pos: tf.LineStart(start), End: to}, true
}
