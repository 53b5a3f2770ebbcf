package report

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// One mistake, one finding, within a function too: the same mistake
// repeated (three waits of one loop, the same call in both branches of an
// if, one helper reached twice) is reported once, at its first place, with
// the others as related positions and its fix covering them all. A pass
// says which findings are the same mistake by giving them the same key;
// findings of different keys, or in different functions, stay apart.

// grouped is a finding held back until the pass is done.
type grouped struct {
	key  string
	decl ast.Node // the top-level declaration it is in
	d    analysis.Diagnostic
}

// ReportSame reports d as one place of the mistake named by key: under
// Run, findings with the same key in the same top-level function become
// one. Outside Run it reports d at once.
func (r *Reporter) ReportSame(key string, d analysis.Diagnostic) {
	if !r.holding {
		r.Report(d)
		return
	}
	var decl ast.Node
	if info := r.file(d.Pos); info != nil {
		decl = declAt(info.file, d)
	}
	r.held = append(r.held, grouped{key: key, decl: decl, d: d})
}

// SameCall is the key of a finding at the call (or expression) at cur
// that is the same mistake as the same code, with the same message, in
// another branch of the same if (an else-if chain is one if, and the code
// after an if whose branch always leaves is its else) or switch: the
// same call written in both branches is fixed once, and so is the same
// function called with other arguments in each case of a switch (cmd =
// exec.Command("argo", "submit") in one case, exec.Command("argo",
// "resume") in the next: one command run, one mistake). The same code in
// sequence, or in different statements, needs its own fix and gets its own
// key.
func SameCall(cur inspector.Cursor, message string) string {
	stmt, ok := branching(cur)
	if !ok {
		return fmt.Sprintf("%d %s", cur.Node().Pos(), message) // alone
	}
	return fmt.Sprintf("%d %s %s", stmt.Pos(), sameCode(cur.Node().(ast.Expr)), message)
}

// sameCode is what two branches must share for their code to be the same
// mistake: the function a call calls, whatever its arguments; any other
// expression as written.
func sameCode(e ast.Expr) string {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		return types.ExprString(call.Fun) + "(...)"
	}
	return types.ExprString(e)
}

// branching returns the innermost if, switch or select that has cur in one
// of its branches (not in its own condition), and for an else-if the head
// of its chain.
func branching(cur inspector.Cursor) (ast.Stmt, bool) {
	var found ast.Stmt
	child := cur.Node()
	for c := cur.Parent(); ; c = c.Parent() {
		switch n := c.Node().(type) {
		case nil, *ast.FuncDecl, *ast.FuncLit:
			return found, found != nil
		case *ast.IfStmt:
			switch {
			case found != nil && n.Else == found:
				found = n // an else-if: its chain's head holds the branches
			case found == nil && (child == n.Body || child == n.Else):
				found = n
			}
		case *ast.SwitchStmt:
			if found == nil && child == n.Body {
				found = n
			}
		case *ast.TypeSwitchStmt:
			if found == nil && child == n.Body {
				found = n
			}
		case *ast.SelectStmt:
			if found == nil {
				found = n
			}
		case *ast.BlockStmt:
			if found != nil {
				return found, true
			}
			if e, ok := cur.Node().(ast.Expr); ok {
				if early := earlyReturn(n, child, e); early != nil {
					return early, true // the code after an if that leaves is its else
				}
			}
		default:
			if found != nil {
				return found, true
			}
		}
		child = c.Node()
	}
}

// earlyReturn returns the nearest if without an else before stmt in block
// whose body always leaves (return, continue, break) and holds the same
// code as e (sameCode): the statements after such an if run only when its branch
// does not, as an else's would.
func earlyReturn(block *ast.BlockStmt, stmt ast.Node, e ast.Expr) *ast.IfStmt {
	i := slices.IndexFunc(block.List, func(s ast.Stmt) bool { return ast.Node(s) == stmt })
	code := sameCode(e)
	for j := i - 1; j >= 0; j-- {
		is, ok := block.List[j].(*ast.IfStmt)
		if !ok || is.Else != nil || len(is.Body.List) == 0 {
			continue
		}
		switch is.Body.List[len(is.Body.List)-1].(type) {
		case *ast.ReturnStmt, *ast.BranchStmt:
		default:
			continue
		}
		holds := false
		ast.Inspect(is.Body, func(n ast.Node) bool {
			if x, ok := n.(ast.Expr); ok && !holds && sameCode(x) == code {
				holds = true
			}
			return !holds
		})
		if holds {
			return is
		}
	}
	return nil
}

// declAt returns the top-level declaration of file that holds d.
func declAt(file *ast.File, d analysis.Diagnostic) ast.Node {
	if file == nil {
		return nil
	}
	i := sort.Search(len(file.Decls), func(i int) bool { return file.Decls[i].End() > d.Pos })
	if i < len(file.Decls) && file.Decls[i].Pos() <= d.Pos {
		return file.Decls[i]
	}
	return nil
}

// flush reports the held findings, each group as one.
func (r *Reporter) flush() {
	type groupKey struct {
		key  string
		decl ast.Node
	}
	first := map[groupKey]int{}
	var out []analysis.Diagnostic
	for _, g := range r.held {
		k := groupKey{g.key, g.decl}
		i, seen := first[k]
		if !seen || g.decl == nil {
			first[k] = len(out)
			out = append(out, g.d)
			continue
		}
		out[i] = merge(out[i], g.d)
	}
	r.held = nil
	for _, d := range out {
		r.Report(d)
	}
}

// merge adds d's place to the finding at, as a related position, and its
// edits to the fix of the same name.
func merge(at, d analysis.Diagnostic) analysis.Diagnostic {
	at.Related = append(at.Related, analysis.RelatedInformation{Pos: d.Pos, End: d.End, Message: "the same mistake again"})
	fixes := make([]analysis.SuggestedFix, len(at.SuggestedFixes))
	copy(fixes, at.SuggestedFixes)
	for _, f := range d.SuggestedFixes {
		for i := range fixes {
			if fixes[i].Message == f.Message {
				edits := append([]analysis.TextEdit(nil), fixes[i].TextEdits...)
				fixes[i].TextEdits = append(edits, f.TextEdits...)
			}
		}
	}
	at.SuggestedFixes = fixes
	return at
}
