// Package retryloop recognises retry loops: loops that repeat a fallible
// call after it failed. The retrybudget pass reports those that ignore the
// caller's deadline; fixedtimeout asks it which sleeping loops to leave to
// retrybudget.
//
// A loop is a retry loop when one call in its body (not in a nested loop
// or closure) returns an error and, walking the body's paths:
//   - after a failure (err != nil, or an HTTP 5xx/429 status) the loop can
//     go round again (continue, or falling off the end of the body);
//   - after a success it leaves the loop (return, break, a condition that
//     tests the error) and never just falls through to the next iteration,
//     which is what consumer and accept loops do;
//   - the call does not take the loop's item (ranging over endpoints,
//     files or rows is iteration, not retrying).
package retryloop

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"time"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/knowledge"
)

// Is reports whether loop (*ast.ForStmt or *ast.RangeStmt) is a retry loop: it repeats a fallible call after an error.
func Is(info *types.Info, exits *ctxflow.Exits, loop ast.Node) bool {
	return Analyze(info, exits, loop, nil) != nil
}

// Loop is what Analyze finds out about a retry loop.
type Loop struct {
	Node ast.Node // *ast.ForStmt or *ast.RangeStmt
	// Retried lists the fallible calls the loop repeats after a failure,
	// in source order.
	Retried []*ast.CallExpr
	// Bounded reports an attempt limit: a counted condition, a range over a
	// count or a list of delays, or an exit guarded by a counter or by the
	// elapsed time.
	Bounded bool
	// Wait is the first wait between attempts (time.Sleep, time.After, a
	// timer, a channel receive, a blocking select, a backoff or sleep
	// helper), nil when the loop retries at once.
	Wait ast.Node
	// OnCancel is the context error (context.Canceled, DeadlineExceeded, or
	// gRPC's codes) the loop explicitly retries on, nil if none.
	OnCancel ast.Expr
	// LeavesOnCancel reports that every retried call, when it returns a
	// context error, leads out of the loop: the loop goes round again only
	// on errors it names (errors.Is(err, errBusy), a sentinel, a predicate
	// such as IsNotFound that is not about retrying or timeouts) and
	// leaves on every other one. Once the context is done, an attempt
	// whose calls take it fails with the context's error and ends the loop.
	LeavesOnCancel bool
	// CancelAgain is the first continue statement that a retried call's
	// context error reaches (if err != nil { continue }, but not if
	// errors.Is(err, errBusy) { continue }), NoPos if none does: the retry
	// path of a cancelled attempt.
	CancelAgain token.Pos
}

// Resolver returns the function a call invokes, as an *ast.FuncDecl or
// *ast.FuncLit, or nil when it is not known (another package, a function
// value). Analysis looks inside the error predicates it returns
// (isRetryable(err)) to see whether they retry on context errors.
type Resolver func(call *ast.CallExpr) ast.Node

// Analyze returns what makes loop a retry loop, or nil if it is not one.
// loop may also be the *ast.LabeledStmt that labels the loop, so that
// `continue label` is understood. exits says which calls never return
// (the package's inbound.Result.Exits); resolve, which may be nil, looks
// inside the package's functions.
func Analyze(info *types.Info, exits *ctxflow.Exits, loop ast.Node, resolve Resolver) *Loop {
	var label *types.Label
	if l, ok := loop.(*ast.LabeledStmt); ok {
		label, _ = info.Defs[l.Label].(*types.Label)
		loop = l.Stmt
	}
	var body *ast.BlockStmt
	var cond ast.Expr
	switch l := loop.(type) {
	case *ast.ForStmt:
		body, cond = l.Body, l.Cond
	case *ast.RangeStmt:
		body = l.Body
	default:
		return nil
	}
	if body == nil || info == nil {
		return nil
	}
	if advancesIterator(info, body) {
		return nil // walks results: an error moves on to the next one
	}
	if f, ok := loop.(*ast.ForStmt); ok && endsAfterOnce(info, f) {
		return nil // one pass, whatever the body does
	}
	res := &Loop{Node: loop, LeavesOnCancel: true}
	items, counters := itemVars(info, exits, loop)
	cands := candidates(info, body)
	parsing := parsesRead(info, body, readCounts(info, exits, body), cands)
	for _, c := range cands {
		if c.dependsOn(info, items) || c.takesCounter(info, counters) || c.yieldsItem(items) || parsing[c] {
			continue
		}
		w := &walker{info: info, exits: exits, loop: loop, label: label, cond: cond, cand: c, resolve: resolve}
		w.run(body)
		if w.retries() {
			res.Retried = append(res.Retried, c.call)
			if res.OnCancel == nil && w.cancelIterates() {
				res.OnCancel = w.cancelErr
			}
			if !w.leavesOnCancel() {
				res.LeavesOnCancel = false
			}
			if at := w.cancelAgain; at.IsValid() && (!res.CancelAgain.IsValid() || at < res.CancelAgain) {
				res.CancelAgain = at
			}
		}
	}
	if len(res.Retried) > 0 && gated(info, exits, body, cands) {
		// A context error retried comes back round to the gate, which
		// leaves on it.
		res.LeavesOnCancel, res.OnCancel = true, nil
	}
	if len(res.Retried) == 0 {
		if c := condRetry(info, loop); c != nil {
			res.Retried = append(res.Retried, c)
			res.LeavesOnCancel = false
		} else {
			return nil
		}
	}
	if res.LeavesOnCancel && restartsInterrupted(info, body, res.Retried) {
		return nil
	}
	res.Bounded = bounded(info, exits, loop)
	res.Wait = findWait(info, loop, res.Retried, resolve)
	return res
}

// restartsInterrupted reports whether the loop repeats only system calls,
// and only when one was interrupted by a signal (err != syscall.EINTR,
// errors.Is(err, unix.EINTR)): the kernel's restart idiom, in which each
// round blocks in the same call again; or when its buffer was too small
// (syscall.ERANGE: the size probe of getxattr and its kin, made again with
// the size the kernel asked for). No context can bound that call;
// going round is not what loses the caller's deadline.
func restartsInterrupted(info *types.Info, body *ast.BlockStmt, retried []*ast.CallExpr) bool {
	for _, call := range retried {
		fn := ctxapi.Callee(info, call)
		if fn == nil || fn.Pkg() == nil || !isSyscallPackage(fn.Pkg().Path()) {
			return false
		}
	}
	return hasExpr(body, func(e ast.Expr) bool {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "EINTR" && sel.Sel.Name != "ERANGE" {
			return false
		}
		c, ok := info.Uses[sel.Sel].(*types.Const)
		return ok && c.Pkg() != nil && isSyscallPackage(c.Pkg().Path())
	})
}

func isSyscallPackage(path string) bool {
	return path == "syscall" || path == "golang.org/x/sys/unix" || path == "golang.org/x/sys/windows"
}

// A candidate is a fallible call at the loop's own level and where its
// error goes.
type candidate struct {
	call *ast.CallExpr
	// stmt is the statement that runs the call: an assignment, expression
	// or declaration, or the if/switch whose condition holds the call.
	stmt ast.Stmt
	// errVar receives the error; nil when the condition tests the call
	// directly (if f() != nil).
	errVar *types.Var
	// results are the other variables the call's results are assigned to
	// (a response whose status code may also signal failure).
	results []*types.Var
	// guards are the conditions, switch tags and case expressions of the
	// body under which the call runs.
	guards []ast.Expr
}

// dependsOn reports whether the call works on the loop's item: it is
// given one, or runs only under a condition on one (a case of a switch on
// the item: each round tries a different alternative, not the same call
// again).
func (c *candidate) dependsOn(info *types.Info, items map[*types.Var]bool) bool {
	if len(items) == 0 {
		return false
	}
	isItem := func(v *types.Var) bool { return items[v] }
	if readsVar(info, c.call, isItem) {
		return true
	}
	for _, g := range c.guards {
		if readsVar(info, g, isItem) {
			return true
		}
	}
	return false
}

// parsesRead returns the candidates given what a read made in the same
// pass returned (m, err := decode(buf[:n]) after n, err := conn.Read(buf),
// or a reply encoded from that m, directly or through locals assigned
// from it): an error of theirs says that message
// was bad, and the loop goes on to read the next one, not to try the
// same call again.
func parsesRead(info *types.Info, body *ast.BlockStmt, counts map[*types.Var]bool, cands []*candidate) map[*candidate]bool {
	parsing := map[*candidate]bool{}
	if len(counts) == 0 {
		return parsing
	}
	read := map[*types.Var]bool{} // values made from what was read
	isRead := func(v *types.Var) bool { return read[v] }
	for changed := true; changed; {
		changed = false
		// dfMsg := df.Feed(msg); first = dfMsg: made from what was read.
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || !slices.ContainsFunc(as.Rhs, func(e ast.Expr) bool { return readsVar(info, e, isRead) }) {
				return true
			}
			for _, l := range as.Lhs {
				if v := ctxflow.VarOf(info, l); v != nil && !read[v] && !ctxflow.IsError(v.Type()) {
					read[v], changed = true, true
				}
			}
			return true
		})
		for _, c := range cands {
			if parsing[c] || !c.givenRead(info, counts, isRead) {
				continue
			}
			parsing[c], changed = true, true
			for _, v := range c.results {
				read[v] = true
			}
			for _, a := range c.call.Args {
				if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
					if v := ctxflow.VarOf(info, u.X); v != nil {
						read[v] = true // decode(buf[:n], &m)
					}
				}
			}
		}
	}
	return parsing
}

// givenRead reports whether the call is given the bytes a read returned
// (buf[:n], n one of counts) or a value made from them.
func (c *candidate) givenRead(info *types.Info, counts map[*types.Var]bool, isRead func(*types.Var) bool) bool {
	for _, a := range c.call.Args {
		if sl, ok := ast.Unparen(a).(*ast.SliceExpr); ok && sl.High != nil && sl.Max == nil && counts[ctxflow.VarOf(info, sl.High)] {
			return true
		}
		if readsVar(info, a, isRead) {
			return true
		}
	}
	return false
}

// readCounts returns the counts of bytes read by the loop's reads that
// leave it on every error: n in `n, err := r.Read(buf)` at the body's own
// level, whose error the next statement that mentions it tests, `if err
// != nil { return err }` (or a break). What such a read returns is the
// loop's new input in each pass.
func readCounts(info *types.Info, exits *ctxflow.Exits, body *ast.BlockStmt) map[*types.Var]bool {
	counts := map[*types.Var]bool{}
	for i, s := range body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || len(as.Lhs) < 2 {
			continue
		}
		if _, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); !ok {
			continue
		}
		errVar := ctxflow.VarOf(info, as.Lhs[len(as.Lhs)-1])
		n := ctxflow.VarOf(info, as.Lhs[0])
		if errVar == nil || n == nil || !ctxflow.IsError(errVar.Type()) || !isBasic(n.Type(), types.IsInteger) {
			continue
		}
		isErr := func(v *types.Var) bool { return v == errVar }
		j := i + 1
		for j < len(body.List) && !readsVar(info, body.List[j], isErr) && !assignedIn(info, body.List[j], errVar, ast.Inspect) {
			j++
		}
		if j == len(body.List) {
			continue
		}
		check, ok := body.List[j].(*ast.IfStmt)
		if !ok || check.Init != nil || check.Else != nil || !isErrCheck(info, check.Cond, errVar) || !leaves(exits, check.Body.List) {
			continue
		}
		counts[n] = true
	}
	return counts
}

// yieldsItem reports whether the call gives the loop its next item (block,
// err = it.next() under for block != nil): it is the loop's source, each
// call takes new input.
func (c *candidate) yieldsItem(items map[*types.Var]bool) bool {
	return slices.ContainsFunc(c.results, func(v *types.Var) bool { return items[v] })
}

// itemVars returns the variables that name the loop's current item, and
// those computed from it: the key and value of a range over a collection,
// a counter used as an index into one, and variables assigned from them.
// Numbers are not items: ranging over a list of delays, or indexing one
// with the attempt number, is a retry schedule.
func itemVars(info *types.Info, exits *ctxflow.Exits, loop ast.Node) (items, counters map[*types.Var]bool) {
	items = map[*types.Var]bool{}
	counters = map[*types.Var]bool{}
	var body *ast.BlockStmt
	switch l := loop.(type) {
	case *ast.RangeStmt:
		body = l.Body
		if isBasic(info.TypeOf(l.X), types.IsInteger) {
			if v := ctxflow.VarOf(info, l.Key); v != nil {
				counters[v] = true
			}
			break
		}
		for _, e := range []ast.Expr{l.Key, l.Value} {
			v := ctxflow.VarOf(info, e)
			switch {
			case v == nil:
			case !isBasic(v.Type(), types.IsNumeric):
				items[v] = true
			case e == l.Key:
				counters[v] = true // an index: an item if it indexes one
			}
		}
	case *ast.ForStmt:
		body = l.Body
		if as, ok := l.Init.(*ast.AssignStmt); ok {
			for _, e := range as.Lhs {
				if v := ctxflow.VarOf(info, e); v != nil {
					counters[v] = true
				}
			}
		}
	}
	if body == nil {
		return nil, nil
	}
	if len(counters) > 0 {
		// A counter used as an index walks a collection; one used as a
		// slice bound walks its prefixes or suffixes (path[:i]).
		ast.Inspect(body, func(n ast.Node) bool {
			var bounds []ast.Expr
			switch n := n.(type) {
			case *ast.IndexExpr:
				if !isBasic(info.TypeOf(n), types.IsNumeric) {
					bounds = []ast.Expr{n.Index}
				}
			case *ast.SliceExpr:
				bounds = []ast.Expr{n.Low, n.High, n.Max}
			}
			for v := range counters {
				for _, b := range bounds {
					if b != nil && ctxflow.Mentions(info, b, map[*types.Var]bool{v: true}) {
						items[v] = true
					}
				}
			}
			return true
		})
	}
	progressVars(info, loop, body, items)
	sourceVars(info, exits, body, items)
	if len(items) == 0 {
		return nil, counters
	}
	// Variables computed from the item are the item too (ep := eps[i]).
	for range 2 {
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				for _, r := range n.Rhs {
					if ctxflow.Mentions(info, r, items) {
						for _, l := range n.Lhs {
							if v := ctxflow.VarOf(info, l); v != nil && !ctxflow.IsError(v.Type()) {
								items[v] = true
							}
						}
					}
				}
			}
			return true
		})
	}
	return items, counters
}

// lenOf returns v for len(v), nil for anything else.
func lenOf(info *types.Info, e ast.Expr) *types.Var {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !ctxapi.IsBuiltin(info, call, "len") {
		return nil
	}
	return ctxflow.VarOf(info, call.Args[0])
}

// progressVars adds to items the variables through which the loop works
// through its input rather than repeating one call: a variable advanced
// from itself in the body (rest = rest[n:], node = node.next), one set
// from what the loop's condition tests for nil (for l.front != nil { c :=
// l.front; l.popFront() ... }), and a local the condition tests for nil
// that the body assigns (for block != nil { ...; block, err = it.next() }).
func progressVars(info *types.Info, loop ast.Node, body *ast.BlockStmt, items map[*types.Var]bool) {
	var tested []string           // fields the condition compares (for l.front != nil)
	held := map[*types.Var]bool{} // locals it tests for nil (for block != nil && ...)
	if f, ok := loop.(*ast.ForStmt); ok && f.Cond != nil {
		for _, c := range conjuncts(f.Cond) {
			b, ok := ast.Unparen(c).(*ast.BinaryExpr)
			if !ok || b.Op != token.NEQ {
				continue
			}
			for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
				switch e := ast.Unparen(pair[0]).(type) {
				case *ast.SelectorExpr:
					tested = append(tested, types.ExprString(e))
				case *ast.Ident:
					if v := ctxflow.VarOf(info, e); v != nil && !ctxflow.IsError(v.Type()) && isNil(info, pair[1]) {
						held[v] = true
					}
				}
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			// block, err = it.next() under for block != nil: each round
			// takes the next value, until there is none.
			for _, l := range n.Lhs {
				if v := ctxflow.VarOf(info, l); v != nil && held[v] {
					items[v] = true
				}
			}
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				v := ctxflow.VarOf(info, l)
				if v == nil || ctxflow.IsError(v.Type()) {
					continue
				}
				r := ast.Unparen(n.Rhs[i])
				if slices.Contains(tested, types.ExprString(r)) {
					items[v] = true
				}
				var from ast.Expr
				switch r := r.(type) {
				case *ast.SliceExpr:
					from = r.X
				case *ast.SelectorExpr:
					from = r.X
				}
				if from != nil && ctxflow.VarOf(info, from) == v {
					items[v] = true
				}
			}
		}
		return true
	})
}

// sourceVars adds to items the variables in which the loop takes its
// next input from a source: a variable assigned, at the loop's own level,
// from a call (or filled by it through a pointer argument) whose end of
// input leaves the loop without an error — the variable is nil, the call's
// ok result is false, or its error is io.EOF (cn, err = p.popIdle(); if
// cn == nil { break }, or req, err = stream.Recv(); if err == io.EOF {
// return nil }, or err := dec.Decode(&v) and the same test). A call given such a
// value works on this round's input; going round again moves on to the
// next one, it does not repeat the call.
func sourceVars(info *types.Info, exits *ctxflow.Exits, body *ast.BlockStmt, items map[*types.Var]bool) {
	type source struct{ values []*types.Var }
	byVar := map[*types.Var]*source{} // each variable of an assignment from a call
	inspectLevel(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		src := &source{}
		for _, a := range call.Args { // err := stream.RecvMsg(&msg)
			if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
				if v := ctxflow.VarOf(info, u.X); v != nil {
					src.values = append(src.values, v)
				}
			}
		}
		var all []*types.Var
		for _, l := range as.Lhs {
			v := ctxflow.VarOf(info, l)
			if v == nil {
				continue
			}
			all = append(all, v)
			if !ctxflow.IsError(v.Type()) && !isBool(v.Type()) {
				src.values = append(src.values, v)
			}
		}
		for _, v := range all {
			byVar[v] = src
		}
		return true
	})
	if len(byVar) == 0 {
		return
	}
	// exhausted returns the source whose end of input cond tests.
	exhausted := func(cond ast.Expr) *source {
		cond = ast.Unparen(cond)
		if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			if v := ctxflow.VarOf(info, u.X); v != nil && isBool(v.Type()) {
				return byVar[v] // !ok
			}
			return nil
		}
		var x, y ast.Expr
		switch c := cond.(type) {
		case *ast.BinaryExpr:
			if c.Op != token.EQL {
				return nil
			}
			x, y = c.X, c.Y
		case *ast.CallExpr:
			if !ctxapi.IsErrorsCall(info, c, "Is") || len(c.Args) != 2 {
				return nil
			}
			x, y = c.Args[0], c.Args[1]
		default:
			return nil
		}
		for _, p := range [][2]ast.Expr{{x, y}, {y, x}} {
			if v := lenOf(info, p[0]); v != nil && byVar[v] != nil {
				if n, ok := constInt(info, p[1]); ok && n == 0 {
					return byVar[v] // len(batch) == 0
				}
			}
			v := ctxflow.VarOf(info, p[0])
			if v == nil || byVar[v] == nil {
				continue
			}
			if ctxflow.IsError(v.Type()) && isEOF(info, p[1]) {
				return byVar[v]
			}
			if !ctxflow.IsError(v.Type()) && isNil(info, p[1]) {
				return byVar[v]
			}
		}
		return nil
	}
	// The tests sit in the body, or in ifs within it (if err != nil { if
	// err == io.EOF { return nil } ... }), but not in a switch or select,
	// where a break leaves only that statement.
	var visit func(list []ast.Stmt)
	visit = func(list []ast.Stmt) {
		for _, s := range list {
			switch s := s.(type) {
			case *ast.BlockStmt:
				visit(s.List)
			case *ast.LabeledStmt:
				visit([]ast.Stmt{s.Stmt})
			case *ast.IfStmt:
				if src := exhausted(s.Cond); src != nil && leavesCleanly(info, exits, s.Body.List) {
					for _, v := range src.values {
						items[v] = true
					}
				}
				visit(s.Body.List)
				if s.Else != nil {
					visit([]ast.Stmt{s.Else})
				}
			}
		}
	}
	visit(body.List)
}

// leavesCleanly reports whether a block leaves the loop with a break or a
// return whose error results are all nil: the end of the input, not a
// failure.
func leavesCleanly(info *types.Info, exits *ctxflow.Exits, list []ast.Stmt) bool {
	if len(list) == 0 || !leaves(exits, list) {
		return false
	}
	switch last := list[len(list)-1].(type) {
	case *ast.BranchStmt:
		return last.Tok == token.BREAK
	case *ast.ReturnStmt:
		for _, r := range last.Results {
			if t := info.TypeOf(r); t != nil && types.Implements(t, errorType.Underlying().(*types.Interface)) && !isNil(info, r) {
				return false
			}
		}
		return true
	}
	return false
}

// isEOF reports whether e is io.EOF.
func isEOF(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := info.Uses[sel.Sel].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "io" && v.Name() == "EOF"
}

// takesCounter reports whether the call is given the loop's counter (or
// the counter plus a constant) as an argument: fetchPage(ctx, page) steps
// through pages, it does not repeat one call.
func (c *candidate) takesCounter(info *types.Info, counters map[*types.Var]bool) bool {
	for _, a := range c.call.Args {
		e := ast.Unparen(a)
		if be, ok := e.(*ast.BinaryExpr); ok && (be.Op == token.ADD || be.Op == token.SUB) {
			if _, isConst := constInt(info, be.Y); isConst {
				e = ast.Unparen(be.X)
			}
		}
		if v := ctxflow.VarOf(info, e); v != nil && counters[v] {
			return true
		}
	}
	return false
}

// candidates finds the fallible calls at the body's own level: not inside
// nested loops, closures, go or defer statements.
func candidates(info *types.Info, body *ast.BlockStmt) []*candidate {
	var out []*candidate
	var visit func(s ast.Stmt, guards []ast.Expr)
	visitList := func(list []ast.Stmt, guards []ast.Expr) {
		for _, s := range list {
			visit(s, guards)
		}
	}
	// under returns guards with more conditions added, never sharing the
	// backing array of a sibling's.
	under := func(guards []ast.Expr, more ...ast.Expr) []ast.Expr {
		out := slices.Clip(guards)
		for _, e := range more {
			if e != nil {
				out = append(out, e)
			}
		}
		return out
	}
	fromAssign := func(stmt ast.Stmt, lhs []ast.Expr, rhs []ast.Expr, guards []ast.Expr) {
		for i, r := range rhs {
			call, ok := ast.Unparen(r).(*ast.CallExpr)
			if !ok || !fallible(info, call) {
				continue
			}
			c := &candidate{call: call, stmt: stmt, guards: guards}
			if len(rhs) == 1 && len(lhs) > 1 {
				c.errVar = ctxflow.VarOf(info, lhs[len(lhs)-1])
				for _, l := range lhs[:len(lhs)-1] {
					if v := ctxflow.VarOf(info, l); v != nil {
						c.results = append(c.results, v)
					}
				}
			} else if i < len(lhs) {
				c.errVar = ctxflow.VarOf(info, lhs[i])
			}
			if c.errVar != nil {
				out = append(out, c)
			}
		}
	}
	simple := func(stmt ast.Stmt, s ast.Stmt, guards []ast.Expr) {
		switch s := s.(type) {
		case *ast.AssignStmt:
			fromAssign(stmt, s.Lhs, s.Rhs, guards)
		case *ast.DeclStmt:
			if gd, ok := s.Decl.(*ast.GenDecl); ok {
				for _, spec := range gd.Specs {
					if vs, ok := spec.(*ast.ValueSpec); ok {
						lhs := make([]ast.Expr, len(vs.Names))
						for i, id := range vs.Names {
							lhs[i] = id
						}
						fromAssign(stmt, lhs, vs.Values, guards)
					}
				}
			}
		}
	}
	direct := func(stmt ast.Stmt, cond ast.Expr, guards []ast.Expr) {
		// if f() != nil { ... }: the call's error is tested in place.
		ast.Inspect(cond, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BinaryExpr:
				if n.Op == token.EQL || n.Op == token.NEQ {
					for _, side := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
						call, ok := ast.Unparen(side[0]).(*ast.CallExpr)
						if ok && isNil(info, side[1]) && fallible(info, call) {
							out = append(out, &candidate{call: call, stmt: stmt, guards: guards})
						}
					}
				}
			}
			return true
		})
	}
	visit = func(s ast.Stmt, guards []ast.Expr) {
		switch s := s.(type) {
		case *ast.AssignStmt, *ast.DeclStmt:
			simple(s, s, guards)
		case *ast.BlockStmt:
			visitList(s.List, guards)
		case *ast.LabeledStmt:
			visit(s.Stmt, guards)
		case *ast.IfStmt:
			if s.Init != nil {
				simple(s, s.Init, guards)
			}
			direct(s, s.Cond, guards)
			inner := under(guards, s.Cond)
			visit(s.Body, inner)
			if s.Else != nil {
				visit(s.Else, inner)
			}
		case *ast.SwitchStmt:
			if s.Init != nil {
				simple(s, s.Init, guards)
			}
			for _, cc := range s.Body.List {
				cc := cc.(*ast.CaseClause)
				visitList(cc.Body, under(guards, append([]ast.Expr{s.Tag}, cc.List...)...))
			}
		case *ast.TypeSwitchStmt:
			var x ast.Expr
			switch a := s.Assign.(type) {
			case *ast.AssignStmt:
				x = a.Rhs[0]
			case *ast.ExprStmt:
				x = a.X
			}
			for _, cc := range s.Body.List {
				visitList(cc.(*ast.CaseClause).Body, under(guards, x))
			}
		case *ast.SelectStmt:
			for _, cc := range s.Body.List {
				visitList(cc.(*ast.CommClause).Body, guards)
			}
		}
	}
	visitList(body.List, nil)
	return out
}

// fallible reports whether call returns an error as its last result and
// is an operation that can fail, not an error constructor or wrapper or a
// look at a context.
func fallible(info *types.Info, call *ast.CallExpr) bool {
	tv, ok := info.Types[call]
	if !ok || tv.IsType() || tv.Type == nil {
		return false
	}
	var last types.Type
	switch t := tv.Type.(type) {
	case *types.Tuple:
		if t.Len() == 0 {
			return false
		}
		last = t.At(t.Len() - 1).Type()
	default:
		last = t
	}
	if !ctxflow.IsError(last) {
		return false
	}
	if fn := ctxapi.Callee(info, call); fn != nil && fn.Pkg() != nil {
		switch fn.Pkg().Path() {
		case "errors", "context":
			return false
		case "fmt":
			if fn.Name() == "Errorf" {
				return false
			}
		}
	}
	// A call that takes an error wraps or classifies it.
	for _, a := range call.Args {
		if t := info.TypeOf(a); t != nil && ctxflow.IsError(t) {
			return false
		}
	}
	return true
}

// condRetry recognises loops whose condition itself retries a call:
// `for db.Ping() != nil { ... }` and `for err = f(); err != nil; err = f()`.
func condRetry(info *types.Info, loop ast.Node) *ast.CallExpr {
	l, ok := loop.(*ast.ForStmt)
	if !ok || l.Cond == nil {
		return nil
	}
	assigned := map[*types.Var]*ast.CallExpr{}
	for _, s := range []ast.Stmt{l.Init, l.Post} {
		as, ok := s.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			continue
		}
		if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && fallible(info, call) {
			if v := ctxflow.VarOf(info, as.Lhs[len(as.Lhs)-1]); v != nil {
				assigned[v] = call
			}
		}
	}
	var found *ast.CallExpr
	ast.Inspect(l.Cond, func(n ast.Node) bool {
		be, ok := n.(*ast.BinaryExpr)
		if !ok || be.Op != token.NEQ || found != nil {
			return found == nil
		}
		for _, side := range [][2]ast.Expr{{be.X, be.Y}, {be.Y, be.X}} {
			if !isNil(info, side[1]) {
				continue
			}
			switch x := ast.Unparen(side[0]).(type) {
			case *ast.CallExpr:
				if fallible(info, x) {
					found = x
				}
			case *ast.Ident:
				if v, ok := info.Uses[x].(*types.Var); ok && assigned[v] != nil {
					found = assigned[v]
				}
			}
		}
		return found == nil
	})
	return found
}

// bounded reports whether the loop has an attempt limit.
func bounded(info *types.Info, exits *ctxflow.Exits, loop ast.Node) bool {
	var body *ast.BlockStmt
	switch l := loop.(type) {
	case *ast.RangeStmt:
		switch types.Unalias(typeUnder(info.TypeOf(l.X))).(type) {
		case *types.Chan, *types.Signature:
			body = l.Body // a channel or an iterator may never end
		default:
			return true // a count, or a list of delays
		}
	case *ast.ForStmt:
		if l.Cond != nil && limits(info, l.Cond, nil) {
			return true
		}
		body = l.Body
	}
	// An exit guarded by a counter the loop advances, or by the clock.
	counters := map[*types.Var]bool{}
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			if v := ctxflow.VarOf(info, n.X); v != nil {
				counters[v] = true
			}
		case *ast.AssignStmt:
			if n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN {
				for _, l := range n.Lhs {
					if v := ctxflow.VarOf(info, l); v != nil {
						counters[v] = true
					}
				}
			}
		}
		return true
	})
	flags := oneShotFlags(info, loop)
	found := false
	inspectLevel(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			// if !retried { retried = true; continue }; return err: the
			// retry is taken once, then what follows leaves.
			for k, st := range n.List {
				if is, ok := st.(*ast.IfStmt); ok && is.Else == nil && leaves(exits, n.List[k+1:]) {
					if v, set := flagTest(info, is.Cond, flags); v != nil && !set && assignedIn(info, is.Body, v, inspectLevel) {
						found = true
					}
					// if retryable(err) && retries > 0 { retries--; continue };
					// return err: the retry is taken while the count lasts.
					if gatedBy(info, is.Cond, counters) && goesRound(is.Body) {
						found = true
					}
				}
			}
		case *ast.IfStmt:
			if limits(info, n.Cond, counters) && leaves(exits, n.Body.List) {
				found = true
			}
			// if resp.StatusCode == 401 && retries > 0 { retries--; ... }
			// else { break }: only the counted branch goes round.
			if els, ok := n.Else.(*ast.BlockStmt); ok && gatedBy(info, n.Cond, counters) && leaves(exits, els.List) {
				found = true
			}
			// if retried { return err }: a one-shot flag is a counter to one.
			if v, set := flagTest(info, n.Cond, flags); v != nil && set && leaves(exits, n.Body.List) {
				found = true
			}
		case *ast.SwitchStmt:
			// switch { case attempts == 0: return ... }
			for _, cc := range n.Body.List {
				cc := cc.(*ast.CaseClause)
				for _, e := range cc.List {
					if n.Tag == nil && limits(info, e, counters) && leaves(exits, cc.Body) {
						found = true
					}
				}
			}
		case *ast.CommClause:
			// case <-timeout.C: return err, on a timer started before the
			// loop: the whole retry has a time limit.
			if n.Comm != nil && firesOnce(info, n.Comm, loop) && leaves(exits, n.Body) {
				found = true
			}
		}
		return !found
	})
	return found
}

// firesOnce reports whether the select case comm receives from a timer
// made before the loop (<-timeout.C, <-deadline for deadline :=
// time.After(d)): a limit on the time of the whole loop, unlike a timer
// made afresh for each wait.
func firesOnce(info *types.Info, comm ast.Stmt, loop ast.Node) bool {
	ch := ast.Unparen(ctxflow.Received(comm))
	if ch == nil {
		return false
	}
	// A timer to a fixed instant made afresh each round
	// (time.After(time.Until(req.Deadline))) fires at that same instant.
	if after, ok := ch.(*ast.CallExpr); ok && ctxapi.IsCallTo(info, after, "time", "After") && len(after.Args) == 1 {
		until, ok := ast.Unparen(after.Args[0]).(*ast.CallExpr)
		return ok && ctxapi.IsCallTo(info, until, "time", "Until") && len(until.Args) == 1 && invariant(info, until.Args[0], loop)
	}
	if sel, ok := ch.(*ast.SelectorExpr); ok && sel.Sel.Name == "C" && ctxapi.IsTimeType(info.TypeOf(sel.X), "Timer") {
		ch = ast.Unparen(sel.X)
	} else if !isTimeChan(info.TypeOf(ch)) {
		return false
	}
	v := ctxflow.VarOf(info, ch)
	return v != nil && v.Pos() < loop.Pos() && !assignedIn(info, loop, v, ast.Inspect)
}

// invariant reports whether e has the same value in every round of the
// loop: it calls nothing, and the loop assigns neither e itself nor any
// variable it reads, all of them declared before the loop.
func invariant(info *types.Info, e ast.Expr, loop ast.Node) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			ok = false
		case *ast.Ident:
			if v, isVar := info.Uses[n].(*types.Var); isVar && !v.IsField() {
				ok = ok && v.Pos() < loop.Pos() && !assignedIn(info, loop, v, ast.Inspect)
			}
		}
		return ok
	})
	if !ok {
		return false
	}
	text := types.ExprString(e)
	ast.Inspect(loop, func(n ast.Node) bool {
		if a, isAssign := n.(*ast.AssignStmt); isAssign {
			for _, l := range a.Lhs {
				ok = ok && types.ExprString(l) != text
			}
		}
		return ok
	})
	return ok
}

// isTimeChan reports whether t is a channel of time.Time (what time.After
// returns).
func isTimeChan(t types.Type) bool {
	c, ok := typeUnder(t).(*types.Chan)
	return ok && ctxapi.IsTimeType(c.Elem(), "Time")
}

// assignedIn reports whether n assigns v, or resets it (a timer made or
// reset each round), where walk looks.
func assignedIn(info *types.Info, n ast.Node, v *types.Var, walk func(ast.Node, func(ast.Node) bool)) bool {
	found := false
	walk(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				found = found || ctxflow.VarOf(info, l) == v
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Reset" {
				found = found || ctxflow.VarOf(info, sel.X) == v
			}
		}
		return !found
	})
	return found
}

// oneShotFlags returns the boolean variables declared before the loop that
// the loop only ever sets to one constant (retried = true): each turns at
// most once, so an exit it guards is an attempt limit. The value is the
// constant it is set to.
func oneShotFlags(info *types.Info, loop ast.Node) map[*types.Var]bool {
	flags := map[*types.Var]bool{}
	mixed := map[*types.Var]bool{}
	ast.Inspect(loop, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN {
			return true
		}
		for i, l := range as.Lhs {
			v := ctxflow.VarOf(info, l)
			if v == nil || !isBool(v.Type()) || v.Pos() >= loop.Pos() {
				continue
			}
			val, isConst := boolConst(info, as.Rhs, i, len(as.Lhs))
			if prev, seen := flags[v]; !isConst || seen && prev != val {
				mixed[v] = true
			}
			flags[v] = val
		}
		return true
	})
	for v := range mixed {
		delete(flags, v)
	}
	return flags
}

// boolConst returns the constant boolean assigned to the i-th of n
// targets, if it is one.
func boolConst(info *types.Info, rhs []ast.Expr, i, n int) (val, ok bool) {
	if len(rhs) != n {
		return false, false
	}
	tv := info.Types[rhs[i]]
	if tv.Value == nil || tv.Value.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(tv.Value), true
}

// flagTest reports the one-shot flag cond tests (flag, !flag), and whether
// cond holds once the flag is set.
func flagTest(info *types.Info, cond ast.Expr, flags map[*types.Var]bool) (*types.Var, bool) {
	negated := false
	if u, ok := ast.Unparen(cond).(*ast.UnaryExpr); ok && u.Op == token.NOT {
		negated, cond = true, u.X
	}
	id, ok := ast.Unparen(cond).(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, _ := info.Uses[id].(*types.Var)
	val, ok := flags[v]
	if !ok {
		return nil, false
	}
	return v, val != negated
}

// gatedBy reports whether one of the conditions cond requires (an operand
// of its && chain) compares a counter.
func gatedBy(info *types.Info, cond ast.Expr, counters map[*types.Var]bool) bool {
	return slices.ContainsFunc(conjuncts(cond), func(c ast.Expr) bool { return limits(info, c, counters) })
}

// conjuncts returns the operands of cond's && chain (cond itself when it
// is no &&): each holds whenever cond does.
func conjuncts(cond ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(conjuncts(b.X), conjuncts(b.Y)...)
	}
	return []ast.Expr{cond}
}

// limits reports whether cond compares a counter (any integer variable
// when counters is nil) or the clock.
func limits(info *types.Info, cond ast.Expr, counters map[*types.Var]bool) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			switch n.Op {
			case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
				for _, side := range []ast.Expr{n.X, n.Y} {
					if isBasic(info.TypeOf(side), types.IsInteger) && !isNil(info, side) {
						if counters == nil {
							if _, isConst := info.Types[side]; isConst && info.Types[side].Value != nil {
								continue
							}
							found = found || ctxflow.Mentions(info, side, nil)
						} else {
							found = found || ctxflow.Mentions(info, side, counters)
						}
					}
				}
			}
		case *ast.CallExpr:
			fn := ctxapi.Callee(info, n)
			if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" {
				switch fn.Name() {
				case "Before", "After", "Since", "Until":
					found = true
				}
			} else if counters == nil && fn != nil && isBool(info.TypeOf(n)) && !mentionsError(info, n) {
				// for b.Ongoing(), for a.Next(): a retry strategy decides.
				found = true
			}
		case *ast.Ident:
			// d == backoff.Stop: the backoff gives up.
			if c, ok := info.Uses[n].(*types.Const); ok && c.Name() == "Stop" {
				found = true
			}
		}
		return !found
	})
	return found
}

// mentionsError reports whether e uses an error value.
func mentionsError(info *types.Info, e ast.Expr) bool {
	return readsVar(info, e, func(v *types.Var) bool { return ctxflow.IsError(v.Type()) })
}

// hasExpr reports whether n is, or holds, an expression that match
// accepts.
func hasExpr(n ast.Node, match func(ast.Expr) bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && match(e) {
			found = true
		}
		return !found
	})
	return found
}

// readsVar reports whether n reads a variable that match accepts.
func readsVar(info *types.Info, n ast.Node, match func(*types.Var) bool) bool {
	return hasExpr(n, func(e ast.Expr) bool {
		id, ok := e.(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := info.Uses[id].(*types.Var)
		return ok && match(v)
	})
}

// ShortWait bounds a wait that a loop ending at its context's error may
// still run once after the caller has gone without a finding: shorter than
// half a second, it is lost in the latency of the call that ends the loop.
const ShortWait = 500 * time.Millisecond

// EndsOnCancel reports whether every pass of loop, a for or range
// statement, makes a call given a context whose every error leaves the
// loop, before anything can go round again (a poll's status, err :=
// get(ctx); if err != nil { return err }): once that context is done, the
// loop ends at the call, after at most the one wait it is in.
func EndsOnCancel(info *types.Info, exits *ctxflow.Exits, loop ast.Node) bool {
	var body *ast.BlockStmt
	switch l := loop.(type) {
	case *ast.ForStmt:
		body = l.Body
	case *ast.RangeStmt:
		body = l.Body
	}
	return body != nil && gated(info, exits, body, candidates(info, body))
}

// gated reports whether each pass of the loop starts with a call given a
// context whose every error leaves the loop (authz, err :=
// client.Authorize(ctx, ...); if err != nil { return err }), before
// anything can go round again: once the context is done, the gate fails
// with its error and the loop ends there, whatever the attempts after it
// do with theirs. cands are the loop's candidates.
func gated(info *types.Info, exits *ctxflow.Exits, body *ast.BlockStmt, cands []*candidate) bool {
	for i, s := range body.List {
		for _, c := range cands {
			if c.stmt != s || len(c.guards) > 0 || c.errVar == nil || !ctxapi.GivenContext(info, c.call) || carriesOut(info, c.call) {
				continue
			}
			check, _ := s.(*ast.IfStmt) // if err := f(ctx); err != nil
			if check == nil && i+1 < len(body.List) {
				check, _ = body.List[i+1].(*ast.IfStmt)
				if check != nil && check.Init != nil {
					check = nil
				}
			}
			if check != nil && check.Else == nil && isErrCheck(info, check.Cond, c.errVar) && leaves(exits, check.Body.List) {
				return true
			}
		}
		if goesRound(s) {
			return false
		}
	}
	return false
}

// carriesOut reports whether call hands its context back in what it
// returns (a request built with it, a derived context): a builder that
// attaches the context does not fail once it is done.
func carriesOut(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call)
	if tuple, ok := t.(*types.Tuple); ok {
		for v := range tuple.Variables() {
			if ctxapi.IsHTTPRequest(v.Type()) || ctxapi.IsContextType(v.Type()) {
				return true
			}
		}
		return false
	}
	return t != nil && (ctxapi.IsHTTPRequest(t) || ctxapi.IsContextType(t))
}

// isErrCheck reports whether cond is v != nil.
func isErrCheck(info *types.Info, cond ast.Expr, v *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ || v == nil {
		return false
	}
	id, ok := ast.Unparen(b.X).(*ast.Ident)
	return ok && info.Uses[id] == v && isNil(info, b.Y)
}

// goesRound reports whether s may start the next pass: it holds a
// continue (of this loop or, labelled, of an outer one).
func goesRound(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			// A continue of its own goes round the inner loop; only a
			// labelled one can reach this loop.
			ast.Inspect(n, func(m ast.Node) bool {
				if b, ok := m.(*ast.BranchStmt); ok && b.Tok == token.CONTINUE && b.Label != nil {
					found = true
				}
				return !found
			})
			return false
		case *ast.BranchStmt:
			found = found || n.Tok == token.CONTINUE
		}
		return !found
	})
	return found
}

// leaves reports whether a block ends by leaving the loop.
func leaves(exits *ctxflow.Exits, list []ast.Stmt) bool {
	return exits.Ends(list, func(b *ast.BranchStmt) bool { return b.Tok == token.BREAK || b.Tok == token.GOTO })
}

// findWait returns the first wait between attempts in the loop: one of
// its own, or inside a closure or same-package function it calls (other
// than the retried calls, whose timeouts are not waits between attempts).
func findWait(info *types.Info, loop ast.Node, retried []*ast.CallExpr, resolve Resolver) ast.Node {
	if r, ok := loop.(*ast.RangeStmt); ok {
		if _, ok := typeUnder(info.TypeOf(r.X)).(*types.Chan); ok {
			return r.X
		}
	}
	if w := ownWait(info, loop, retried); w != nil || resolve == nil {
		return w
	}
	var found ast.Node
	ctxflow.InspectSync(loop, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found != nil {
			return found == nil
		}
		for _, r := range retried {
			if r == call {
				return true
			}
		}
		if _, body := ctxflow.FuncParts(resolve(call)); body != nil && pacedBy(info, body) != nil {
			found = call
		}
		return found == nil
	})
	return found
}

// startsTimer reports whether call is time.NewTimer or time.NewTicker:
// making one waits for nothing; the receive from its channel is the wait,
// and a timer handed to the attempt (doTimeoutRequest(timer, req)) is the
// attempt's own timeout.
func startsTimer(info *types.Info, call *ast.CallExpr) bool {
	return ctxapi.IsCallTo(info, call, "time", "NewTimer") || ctxapi.IsCallTo(info, call, "time", "NewTicker")
}

// ownWait returns the first wait written in n itself, other than the
// attempts it retries: an attempt named like a wait (n.waitOnStore(f)) is
// the work the loop repeats, not a pause between its rounds.
func ownWait(info *types.Info, n ast.Node, retried []*ast.CallExpr) ast.Node {
	return firstWait(info, n, false, retried)
}

// pacedBy returns the first timed wait in a function the loop calls: a
// sleep, time.After, a wait-named call, a receive of a time.Time. A bare
// channel receive or select there is hand-over with other goroutines
// (waiting for a lookup already in flight), not a pause between attempts.
func pacedBy(info *types.Info, body ast.Node) ast.Node { return firstWait(info, body, true, nil) }

func firstWait(info *types.Info, n ast.Node, timedOnly bool, attempts []*ast.CallExpr) ast.Node {
	var found ast.Node
	ctxflow.InspectSync(n, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectStmt:
			if !hasDefault(n) {
				if !timedOnly {
					found = n
				}
				break
			}
			// A select with a default polls: its cases do not block, but
			// their bodies may wait.
			for _, cc := range n.Body.List {
				for _, stmt := range cc.(*ast.CommClause).Body {
					if found = firstWait(info, stmt, timedOnly, attempts); found != nil {
						return false
					}
				}
			}
			return false
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && (!timedOnly || isTimeChan(info.TypeOf(n.X))) {
				found = n
			}
		case *ast.CallExpr:
			// A wait given a context (client.WaitAuthorization(ctx, url),
			// limiter.Wait(ctx)) ends when the context does: it does not
			// wait on after the caller has gone.
			if IsWait(info, n) && !startsTimer(info, n) && !ctxapi.GivenContext(info, n) && !slices.Contains(attempts, n) {
				found = n
			}
		}
		return found == nil
	})
	return found
}

// IsWait reports whether call waits: time.Sleep, time.After, a timer or
// ticker, or a function or method whose name (or function type's name)
// says it sleeps, waits or backs off (the knowledge package's name rule).
func IsWait(info *types.Info, call *ast.CallExpr) bool {
	var name string
	if fn := ctxapi.Callee(info, call); fn != nil {
		if fn.Pkg() != nil && fn.Pkg().Path() == "time" {
			if fn.Type().(*types.Signature).Recv() != nil {
				return false // t.After(u) compares two times; a Timer's methods stop or reset it
			}
			switch fn.Name() {
			case "Sleep", "After", "Tick", "NewTimer", "NewTicker":
				return true
			}
			return false
		}
		name = fn.Name()
	} else {
		name = ctxapi.Name(call.Fun) // a function value: sleep := func(...), c.sleep = time.Sleep
		// or its named type: sp(ctx, d) of type sleeper.
		if named, ok := types.Unalias(info.TypeOf(call.Fun)).(*types.Named); ok && knowledge.IsWaitName(named.Obj().Name()) {
			return true
		}
	}
	return knowledge.IsWaitName(name)
}

func hasDefault(s *ast.SelectStmt) bool {
	for _, c := range s.Body.List {
		if c.(*ast.CommClause).Comm == nil {
			return true
		}
	}
	return false
}

// endsAfterOnce reports whether the loop's post statement sets its
// condition, a boolean variable, to a constant that ends the loop (for
// again := true; again; again = false): the post statement runs before
// every re-check, so the body runs once and a continue leaves.
func endsAfterOnce(info *types.Info, l *ast.ForStmt) bool {
	post, ok := l.Post.(*ast.AssignStmt)
	if !ok || l.Cond == nil || len(post.Lhs) != 1 || len(post.Rhs) != 1 {
		return false
	}
	want := false // the value that ends the loop
	cond := ast.Unparen(l.Cond)
	if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		cond, want = ast.Unparen(u.X), true
	}
	v := ctxflow.VarOf(info, cond)
	tv, ok := info.Types[post.Rhs[0]]
	return v != nil && v == ctxflow.VarOf(info, post.Lhs[0]) && ok && tv.Value != nil &&
		tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value) == want
}

// advancesIterator reports whether body calls a method that moves an
// iterator on (knowledge.IsIteratorAdvance) and returns no delay: at the
// loop's own level, or in a nested loop on an iterator made before this
// loop (each pass fills a batch from docs.Next()), whose every pass then
// takes new input. An iterator made inside the loop (rows := query())
// starts over each pass: the nested loop walks one attempt's results.
func advancesIterator(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	var walk func(n ast.Node, nested bool)
	walk = func(n ast.Node, nested bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
				return false
			case *ast.ForStmt, *ast.RangeStmt:
				for _, part := range loopParts(n) {
					walk(part, true)
				}
				return false
			case *ast.CallExpr:
				found = advances(info, n) && (!nested || madeBefore(info, n, body))
			}
			return !found
		})
	}
	walk(body, false)
	return found
}

// loopParts returns the parts of a nested loop that run in it.
func loopParts(n ast.Node) []ast.Node {
	var parts []ast.Node
	add := func(ns ...ast.Node) {
		for _, p := range ns {
			if p != nil {
				parts = append(parts, p)
			}
		}
	}
	switch n := n.(type) {
	case *ast.ForStmt:
		add(n.Init, n.Cond, n.Post, n.Body)
	case *ast.RangeStmt:
		add(n.X, n.Body)
	}
	return parts
}

// advances reports whether call moves an iterator on and returns no delay.
func advances(info *types.Info, call *ast.CallExpr) bool {
	fn := ctxapi.Callee(info, call)
	if fn == nil || !knowledge.IsIteratorAdvance(fn.Name()) {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return false
	}
	for r := range sig.Results().Variables() {
		if named, ok := types.Unalias(r.Type()).(*types.Named); ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "time" && named.Obj().Name() == "Duration" {
			return false // a backoff's Next() is a delay
		}
	}
	return true
}

// madeBefore reports whether the iterator call moves on is a variable
// declared outside body.
func madeBefore(info *types.Info, call *ast.CallExpr, body *ast.BlockStmt) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v := ctxflow.VarOf(info, sel.X)
	return v != nil && !v.IsField() && (v.Pos() < body.Pos() || v.Pos() >= body.End())
}

// inspectLevel inspects the nodes of body that run in the loop's own
// iteration: not nested loops' bodies, closures or goroutines.
func inspectLevel(body ast.Node, f func(ast.Node) bool) {
	if body == nil {
		return
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt, *ast.ForStmt, *ast.RangeStmt:
			return false
		}
		return f(n)
	})
}

var errorType = types.Universe.Lookup("error").Type()

// isBasic reports whether t is a basic type with any of the properties
// in info (types.IsInteger, types.IsNumeric).
func isBasic(t types.Type, info types.BasicInfo) bool {
	b, ok := typeUnder(t).(*types.Basic)
	return ok && b.Info()&info != 0
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// constInt returns the integer value of a constant expression.
func constInt(info *types.Info, e ast.Expr) (int64, bool) {
	tv, ok := info.Types[ast.Unparen(e)]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}
