package retryloop

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/budgetlint/budgetlint/internal/ctxapi"
	"github.com/budgetlint/budgetlint/internal/ctxflow"
)

// A fork is one assumption about how the candidate call turned out. The
// walker follows the loop body's paths under each fork at once.
type fork uint8

const (
	notYet   fork = iota // the call has not run on this path
	ok                   // it succeeded (err == nil, status 200)
	failed               // it returned an error
	status5              // err == nil but the response says 503
	status4              // err == nil but the response says 429
	canceled             // it returned context.Canceled
	deadline             // it returned context.DeadlineExceeded
	nforks
)

func (f fork) errNil() bool { return f == ok || f == status5 || f == status4 }

// statusCode is the HTTP status a fork assumes, 0 when unknown.
func (f fork) statusCode() int64 {
	switch f {
	case ok:
		return 200
	case status5:
		return 503
	case status4:
		return 429
	}
	return 0
}

// A state is a fork plus what the path knows: whether the error variable
// still holds the call's error, and whether a test for a context error
// matched on the way.
type state uint8

const (
	knownBit   state = 1 << 3
	matchedBit state = 1 << 4
)

func mkState(f fork, known, matched bool) state {
	s := state(f)
	if known {
		s |= knownBit
	}
	if matched {
		s |= matchedBit
	}
	return s
}

func (s state) fork() fork         { return fork(s & 7) }
func (s state) known() bool        { return s&knownBit != 0 }
func (s state) matched() bool      { return s&matchedBit != 0 }
func (s state) forget() state      { return s &^ knownBit }
func (s state) match() state       { return s | matchedBit }
func (s state) in(set states) bool { return set&(1<<s) != 0 }

// states is a set of states.
type states uint32

func (set states) add(s state) states { return set | 1<<s }

func (set states) each(f func(state)) {
	for s := state(0); s < 32; s++ {
		if s.in(set) {
			f(s)
		}
	}
}

// Outcomes of one iteration, per fork.
const (
	exit    uint8 = 1 << iota // leaves the loop
	again                     // continue
	falloff                   // falls off the end of the body
)

type tri uint8

const (
	unknown tri = iota
	yes
	no
)

func (t tri) not() tri {
	switch t {
	case yes:
		return no
	case no:
		return yes
	}
	return unknown
}

// and is a && b; with opt, an operand not known is assumed to agree with
// one that is yes.
func and(a, b tri, opt bool) tri {
	switch {
	case a == no || b == no:
		return no
	case a == yes && b == yes:
		return yes
	case opt && (a == yes || b == yes):
		return yes
	}
	return unknown
}

// walker follows a loop body's paths for one candidate call.
type walker struct {
	info  *types.Info
	exits *ctxflow.Exits
	loop  ast.Node
	label *types.Label // the loop's label, nil if none
	cond  ast.Expr
	cand  *candidate

	out [nforks]uint8
	// cancelOut records, for the context-error forks, the outcomes of paths
	// on which a test for that error matched.
	cancelOut uint8
	cancelErr ast.Expr
	// cancelAgain is the first continue reached with a context error.
	cancelAgain token.Pos
	// asserted remembers, per ok variable, the type its assertion of the
	// call's error tests (assertedType).
	asserted map[*types.Var]ast.Expr
	// statusOf remembers, per status variable, whether it holds the gRPC
	// status of the call's error (isStatusOfErr).
	statusOf map[*types.Var]bool
	// breaks collects the states that break out of the innermost switch or
	// select being walked.
	breaks []states

	resolve Resolver
	// onReturn, when set, sees each return statement and the state that
	// reaches it (walking an error predicate's body).
	onReturn func(*ast.ReturnStmt, state)
}

func (w *walker) run(body *ast.BlockStmt) {
	fall := w.list(body.List, states(0).add(mkState(notYet, false, false)))
	fall.each(func(s state) { w.iterate(s, falloff) })
}

// retries reports whether the walk shows a retry: a failure can go round
// again, and a success leaves the loop without falling through (consumer
// and accept loops handle the result and go on to the next one).
func (w *walker) retries() bool {
	iter := again | falloff
	succ := w.out[ok]
	if succ&exit == 0 || succ&falloff != 0 {
		return false
	}
	if w.out[failed]&iter != 0 {
		return true
	}
	// A bad status retried where a good one is not.
	return (w.out[status5]|w.out[status4])&iter&^succ != 0
}

// cancelIterates reports whether the loop explicitly goes round again
// when the error is a context error.
func (w *walker) cancelIterates() bool {
	return w.cancelOut&(again|falloff) != 0
}

// leavesOnCancel reports whether every path on which the call returned a
// context error leaves the loop.
func (w *walker) leavesOnCancel() bool {
	return (w.out[canceled]|w.out[deadline])&(again|falloff) == 0
}

// isCancel reports whether the fork assumes a context error.
func (f fork) isCancel() bool { return f == canceled || f == deadline }

// end records how a path ends.
func (w *walker) end(s state, o uint8) {
	f := s.fork()
	w.out[f] |= o
	if (f == canceled || f == deadline) && s.matched() {
		w.cancelOut |= o
	}
}

// iterate records a path that goes round again, unless the loop's
// condition stops it.
func (w *walker) iterate(s state, o uint8) {
	if w.cond != nil && w.eval(w.cond, s) == no {
		w.end(s, exit)
		return
	}
	w.end(s, o)
}

func (w *walker) list(list []ast.Stmt, in states) states {
	for _, s := range list {
		if in == 0 {
			break
		}
		in = w.stmt(s, in)
	}
	return in
}

// stmt walks one statement and returns the states that continue after it.
func (w *walker) stmt(s ast.Stmt, in states) states {
	if s == w.cand.stmt {
		// The call runs in the statement itself, an if's or switch's
		// init, or an if's condition (if f() != nil).
		switch s := s.(type) {
		case *ast.IfStmt:
			return w.ifStmt(s, w.runCall(in))
		case *ast.SwitchStmt:
			return w.clauses(s.Body, w.runCall(in), s.Tag)
		}
		return w.runCall(in)
	}
	switch s := s.(type) {
	case *ast.ReturnStmt:
		in.each(func(st state) {
			if w.onReturn != nil {
				w.onReturn(s, st)
			}
			w.end(st, exit)
		})
		return 0
	case *ast.ExprStmt:
		if w.exits.Expr(s.X) {
			in.each(func(st state) { w.end(st, exit) })
			return 0
		}
	case *ast.AssignStmt:
		return w.assign(s.Lhs, in)
	case *ast.BranchStmt:
		return w.branch(s, in)
	case *ast.BlockStmt:
		return w.list(s.List, in)
	case *ast.LabeledStmt:
		return w.stmt(s.Stmt, in)
	case *ast.IfStmt:
		if s.Init != nil {
			in = w.stmt(s.Init, in)
		}
		return w.ifStmt(s, in)
	case *ast.SwitchStmt:
		if s.Init != nil {
			in = w.stmt(s.Init, in)
		}
		return w.clauses(s.Body, in, s.Tag)
	case *ast.TypeSwitchStmt:
		if s.Init != nil {
			in = w.stmt(s.Init, in)
		}
		return w.typeClauses(s, in)
	case *ast.SelectStmt:
		return w.clauses(s.Body, in, nil)
	case *ast.ForStmt, *ast.RangeStmt:
		return w.nestedLoop(s, in)
	}
	return in
}

// runCall forks the paths on which the candidate has not run yet.
func (w *walker) runCall(in states) states {
	var out states
	in.each(func(s state) {
		if s.fork() != notYet {
			out = out.add(s)
			return
		}
		for f := ok; f < nforks; f++ {
			out = out.add(mkState(f, true, false))
		}
	})
	return out
}

// assign forgets what a path knew about the error once it is overwritten.
func (w *walker) assign(lhs []ast.Expr, in states) states {
	if w.cand.errVar == nil {
		return in
	}
	for _, l := range lhs {
		if ctxflow.VarOf(w.info, l) == w.cand.errVar {
			var out states
			in.each(func(s state) { out = out.add(s.forget()) })
			return out
		}
	}
	return in
}

func (w *walker) branch(s *ast.BranchStmt, in states) states {
	own := s.Label == nil || w.ownLabel(s.Label)
	switch s.Tok {
	case token.BREAK:
		if s.Label == nil && len(w.breaks) > 0 {
			w.breaks[len(w.breaks)-1] |= in
			return 0
		}
		in.each(func(st state) { w.end(st, exit) })
	case token.CONTINUE:
		if own {
			in.each(func(st state) {
				if st.fork().isCancel() && (!w.cancelAgain.IsValid() || s.Pos() < w.cancelAgain) {
					w.cancelAgain = s.Pos()
				}
				w.iterate(st, again)
			})
		} else {
			in.each(func(st state) { w.end(st, exit) })
		}
	case token.GOTO:
		in.each(func(st state) { w.end(st, exit) })
	case token.FALLTHROUGH:
		return in
	}
	return 0
}

func (w *walker) ifStmt(s *ast.IfStmt, in states) states {
	var then, els states
	in.each(func(st state) {
		v, st2 := w.evalMatch(s.Cond, st)
		if v != no {
			then = then.add(st2)
		}
		if v != yes {
			els = els.add(st2)
		}
	})
	out := w.list(s.Body.List, then)
	if s.Else != nil {
		out |= w.stmt(s.Else, els)
	} else {
		out |= els
	}
	return out
}

// clauses walks the clauses of a switch (tag is its tag, nil for a
// tagless switch), type switch or select.
func (w *walker) clauses(body *ast.BlockStmt, in states, tag ast.Expr) states {
	w.breaks = append(w.breaks, 0)
	var out states
	rest := in
	var deflt []ast.Stmt
	hasDefault := false
	for _, c := range body.List {
		var list []ast.Stmt
		var exprs []ast.Expr
		isDefault := false
		switch c := c.(type) {
		case *ast.CaseClause:
			list, exprs, isDefault = c.Body, c.List, c.List == nil
		case *ast.CommClause:
			// Some clause of a select runs, whichever it is.
			list, hasDefault = c.Body, true
		}
		if _, isSwitch := body.List[0].(*ast.CaseClause); !isSwitch || isTypeSwitchClause(w.info, exprs) {
			// select and type switch clauses: any may run.
			if isDefault {
				hasDefault = true
			}
			out |= w.list(list, in)
			continue
		}
		if isDefault {
			hasDefault, deflt = true, append([]ast.Stmt{}, list...) // non-nil: an empty default falls through
			continue
		}
		var take, left states
		rest.each(func(st state) {
			v, st2 := no, st
			for _, e := range exprs {
				var ev tri
				if tag != nil {
					ev, st2 = w.evalEq(tag, e, token.EQL, st2)
				} else {
					ev, st2 = w.evalMatch(e, st2)
				}
				if ev == yes {
					v = yes
					break
				}
				if ev == unknown {
					v = unknown
				}
			}
			if v != no {
				take = take.add(st2)
			}
			if v != yes {
				left = left.add(st2)
			}
		})
		out |= w.list(list, take)
		rest = left
	}
	return w.endClauses(out, rest, deflt, hasDefault)
}

// endClauses finishes a switch or select: the default clause, or the
// states no clause took, and the breaks out of it.
func (w *walker) endClauses(out, rest states, deflt []ast.Stmt, hasDefault bool) states {
	if deflt != nil || hasDefault {
		if deflt != nil {
			out |= w.list(deflt, rest)
		}
	} else {
		out |= rest
	}
	out |= w.breaks[len(w.breaks)-1]
	w.breaks = w.breaks[:len(w.breaks)-1]
	return out
}

// typeClauses walks a type switch. On the call's error (switch e :=
// err.(type)), a case nil is taken exactly when the call succeeded, and a
// case of a concrete type of another package than context never holds a
// context error (the context package's errors are its own values); other
// cases may run whatever the fork.
func (w *walker) typeClauses(s *ast.TypeSwitchStmt, in states) states {
	var x ast.Expr
	switch a := s.Assign.(type) {
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			x = a.Rhs[0]
		}
	case *ast.ExprStmt:
		x = a.X
	}
	ta, ok := ast.Unparen(x).(*ast.TypeAssertExpr)
	if !ok || !w.isErr(ta.X) {
		return w.clauses(s.Body, in, nil)
	}
	w.breaks = append(w.breaks, 0)
	var out states
	rest := in
	var deflt []ast.Stmt
	hasDefault := false
	for _, c := range s.Body.List {
		cc := c.(*ast.CaseClause)
		if cc.List == nil {
			hasDefault, deflt = true, append([]ast.Stmt{}, cc.Body...) // non-nil: an empty default falls through
			continue
		}
		var take, left states
		rest.each(func(st state) {
			v := no
			for _, e := range cc.List {
				if m := w.typeMatch(e, st); m == yes {
					v = yes
					break
				} else if m == unknown {
					v = unknown
				}
			}
			if v != no {
				take = take.add(st)
			}
			if v != yes {
				left = left.add(st)
			}
		})
		out |= w.list(cc.Body, take)
		rest = left
	}
	return w.endClauses(out, rest, deflt, hasDefault)
}

// typeMatch says whether the call's error, under st, has the type (or is
// the nil) of a type switch case.
func (w *walker) typeMatch(e ast.Expr, st state) tri {
	if !st.known() {
		return unknown
	}
	f := st.fork()
	if tv, ok := w.info.Types[e]; ok && tv.IsNil() {
		switch {
		case f.errNil():
			return yes
		case f == notYet:
			return unknown
		}
		return no
	}
	if f.errNil() {
		return no // a nil error has no dynamic type
	}
	if f.isCancel() && notContextError(w.info.TypeOf(e)) {
		return no
	}
	return unknown
}

// notContextError reports whether t is a concrete named type (or a pointer
// to one) of a package other than context that wraps no other error (it
// has no Unwrap method): no context error has it. A wrapper such as
// *url.Error or *net.OpError carries the context's error when a request is
// cancelled.
func notContextError(t types.Type) bool {
	if t == nil || types.IsInterface(t) {
		return false
	}
	named, ok := types.Unalias(derefType(t)).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() == "context" {
		return false
	}
	unwrap, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, named.Obj().Pkg(), "Unwrap")
	return unwrap == nil
}

// asTarget is typeMatch for errors.As's target: a context error is not
// found as a concrete type of another package (var pgErr *pgconn.PgError;
// errors.As(err, &pgErr)), as in a type switch.
func (w *walker) asTarget(target ast.Expr, f fork) tri {
	if p, ok := types.Unalias(w.info.TypeOf(target)).(*types.Pointer); ok && f.isCancel() && notContextError(p.Elem()) {
		return no
	}
	return unknown
}

func derefType(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// isTypeSwitchClause tells type switch clauses (whose expressions are
// types) from value clauses.
func isTypeSwitchClause(info *types.Info, exprs []ast.Expr) bool {
	for _, e := range exprs {
		if tv, ok := info.Types[e]; ok && tv.IsType() {
			return true
		}
	}
	return false
}

// nestedLoop: a loop inside the body may leave ours by return, panic or a
// labeled branch, or finish and let the body go on.
func (w *walker) nestedLoop(s ast.Stmt, in states) states {
	var o uint8
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			o |= exit
		case *ast.ExprStmt:
			if w.exits.Expr(n.X) {
				o |= exit
			}
		case *ast.BranchStmt:
			if n.Label != nil && (n.Tok == token.BREAK || n.Tok == token.CONTINUE) {
				if w.ownLabel(n.Label) && n.Tok == token.CONTINUE {
					o |= again
				} else if !w.labelInside(n.Label) {
					o |= exit
				}
			}
		}
		return true
	})
	in.each(func(st state) {
		if o&exit != 0 {
			w.end(st, exit)
		}
		if o&again != 0 {
			w.iterate(st, again)
		}
	})
	return in
}

// ownLabel reports whether id names the loop's label. When the caller
// passed the loop without its *ast.LabeledStmt, a label declared just
// before the loop ("retry:" and the line break and indentation before
// "for") is taken as the loop's own.
func (w *walker) ownLabel(id *ast.Ident) bool {
	l, ok := w.info.Uses[id].(*types.Label)
	if !ok || w.onReturn != nil {
		return false
	}
	if w.label != nil {
		return l == w.label
	}
	gap := int(w.loop.Pos()) - (int(l.Pos()) + len(l.Name()) + 1)
	return gap >= 0 && gap <= 12
}

// labelInside reports whether the label is declared inside the loop.
func (w *walker) labelInside(id *ast.Ident) bool {
	l, ok := w.info.Uses[id].(*types.Label)
	return ok && l.Pos() > w.loop.Pos() && l.Pos() < w.loop.End()
}

// eval evaluates a condition under a state.
func (w *walker) eval(e ast.Expr, s state) tri {
	v, _ := w.evalMatch(e, s)
	return v
}

// evalMatch evaluates a condition under a state and returns the state
// with the match mark set when the condition is true because the error is
// a context error.
func (w *walker) evalMatch(e ast.Expr, s state) (tri, state) {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			v, s2 := w.evalMatch(e.X, s)
			return v.not(), s2
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			a, sa := w.evalMatch(e.X, s)
			b, sb := w.evalMatch(e.Y, s)
			matched := s
			if sa.matched() || sb.matched() {
				matched = s.match()
			}
			opt := s.fork() == ok // on success assume the other operands agree
			if e.Op == token.LAND {
				return and(a, b, opt), matched
			}
			return and(a.not(), b.not(), opt).not(), matched // a || b is !(!a && !b)
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return w.evalEq(e.X, e.Y, e.Op, s)
		}
	case *ast.CallExpr:
		return w.evalCall(e, s)
	case *ast.Ident:
		if tv, ok := w.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
			if constant.BoolVal(tv.Value) {
				return yes, s
			}
			return no, s
		}
		// ok of cmdErr, ok := err.(T): as a type switch's case T.
		if t := w.assertedType(e); t != nil {
			if m := w.typeMatch(t, s); m == no {
				return no, s
			}
		}
	}
	return unknown, s
}

// assertedType returns the type T when id is the ok of an assertion of
// the call's error in the loop (cmdErr, ok := err.(T)).
func (w *walker) assertedType(id *ast.Ident) ast.Expr {
	v, _ := w.info.Uses[id].(*types.Var)
	if v == nil || !isBool(v.Type()) || v.Pos() < w.loop.Pos() || v.Pos() >= w.loop.End() {
		return nil // only an ok declared in the loop
	}
	if t, ok := w.asserted[v]; ok {
		return t
	}
	var t ast.Expr
	defer func() {
		if w.asserted == nil {
			w.asserted = map[*types.Var]ast.Expr{}
		}
		w.asserted[v] = t
	}()
	ast.Inspect(w.loop, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || t != nil {
			return t == nil
		}
		if len(as.Lhs) == 2 && len(as.Rhs) == 1 && ctxflow.VarOf(w.info, as.Lhs[1]) == v {
			if ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr); ok && ta.Type != nil && w.isErr(ta.X) {
				t = ta.Type
			}
		}
		return t == nil
	})
	return t
}

// evalEq evaluates x op y.
func (w *walker) evalEq(x, y ast.Expr, op token.Token, s state) (tri, state) {
	f := s.fork()
	if f == notYet {
		return unknown, s
	}
	result := func(equal bool) tri {
		if (op == token.EQL) == equal {
			return yes
		}
		return no
	}
	for _, p := range [][2]ast.Expr{{x, y}, {y, x}} {
		a, b := p[0], p[1]
		if op == token.EQL || op == token.NEQ {
			if w.isErr(a) {
				if !s.known() {
					return unknown, s
				}
				if isNil(w.info, b) {
					return result(f.errNil()), s
				}
				if f.errNil() {
					return result(false), s // a nil error equals no sentinel
				}
				if kind := cancelKind(w.info, b); kind != notYet {
					if f == kind {
						w.noteCancel(b)
						return result(true), s.match()
					}
					if f == canceled || f == deadline {
						return result(false), s
					}
				}
				if f.isCancel() && isSentinel(w.info, b) {
					return result(false), s // a context error is no other sentinel
				}
				return unknown, s
			}
			// On a context error the call's other results are zero, as Go
			// calls return them with an error: if ret != nil && ret.Truncated.
			if f.isCancel() && s.known() && isNil(w.info, b) && w.isResult(a) {
				return result(true), s
			}
			// status.Code(err) == codes.DeadlineExceeded
			if call, ok := ast.Unparen(a).(*ast.CallExpr); ok && (w.mentionsErr(call) || w.isStatusOfErr(call)) && s.known() {
				if isGRPCCode(w.info, call) {
					// status.Code(nil) is codes.OK (0), and no error has it.
					if v, ok := constInt(w.info, b); ok && v == 0 {
						return result(f.errNil()), s
					}
					if f.errNil() {
						return result(false), s
					}
				}
				if kind := cancelKind(w.info, b); kind != notYet {
					switch {
					case f.errNil():
						return result(false), s
					case f == kind:
						w.noteCancel(b)
						return result(true), s.match()
					case f == canceled || f == deadline:
						return result(false), s
					}
				} else if f.isCancel() && isGRPCCode(w.info, call) && isGRPCCodeConst(w.info, b) {
					return result(false), s // a context error has its own code
				}
			}
		}
		if w.hasStatus(a) {
			code := f.statusCode()
			v, isConst := constInt(w.info, b)
			if code == 0 || !isConst {
				return unknown, s
			}
			code, known := w.statusValue(a, code)
			if !known {
				return unknown, s
			}
			if a == y { // the status is on the right: flip the comparison
				op = flip(op)
			}
			if compare(code, op, v) {
				return yes, s
			}
			return no, s
		}
	}
	return unknown, s
}

func flip(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

func compare(a int64, op token.Token, b int64) bool {
	switch op {
	case token.EQL:
		return a == b
	case token.NEQ:
		return a != b
	case token.LSS:
		return a < b
	case token.LEQ:
		return a <= b
	case token.GTR:
		return a > b
	case token.GEQ:
		return a >= b
	}
	return false
}

// evalCall evaluates errors.Is(err, target) and errors.As(err, &t), and
// predicates on the call's error or response: any predicate on a nil
// error is false (isRetryable(err), shouldRetry(resp, err)), and one
// named for retrying a response is false for 200 and true for 503 or 429.
func (w *walker) evalCall(call *ast.CallExpr, s state) (tri, state) {
	f := s.fork()
	if f == notYet {
		return unknown, s
	}
	fn := ctxapi.Callee(w.info, call)
	if is, as := ctxapi.IsErrorsFunc(fn, "Is"), ctxapi.IsErrorsFunc(fn, "As"); is || as {
		if len(call.Args) == 0 || !w.mentionsErr(call.Args[0]) || !s.known() {
			return unknown, s
		}
		switch {
		case is:
			if f.errNil() {
				return no, s
			}
			if len(call.Args) == 2 {
				if kind := cancelKind(w.info, call.Args[1]); kind != notYet {
					if f == kind {
						w.noteCancel(call.Args[1])
						return yes, s.match()
					}
					if f == canceled || f == deadline {
						return no, s
					}
				}
				if f.isCancel() && isSentinel(w.info, call.Args[1]) {
					return no, s
				}
			}
		case as:
			if f.errNil() {
				return no, s
			}
			if len(call.Args) == 2 && w.asTarget(call.Args[1], f) == no {
				return no, s
			}
		}
		return unknown, s
	}
	if !isBool(w.info.TypeOf(call)) {
		return unknown, s
	}
	if (f == canceled || f == deadline) && s.known() {
		if v, named := w.predicate(call, f); v != unknown {
			if v == yes {
				w.noteCancel(named)
				return yes, s.match()
			}
			return no, s
		}
		if w.foreignPredicate(call, fn) {
			return no, s
		}
	}
	onErr, onResult := false, false
	for _, a := range call.Args {
		onErr = onErr || (s.known() && w.mentionsErr(a))
		onResult = onResult || w.mentionsResult(a)
	}
	retryish := false
	if fn != nil {
		name := strings.ToLower(fn.Name())
		for _, word := range []string{"retr", "temporar", "transient"} {
			retryish = retryish || strings.Contains(name, word)
		}
	}
	switch {
	case f == ok && (onErr || (onResult && retryish)):
		return no, s
	case (f == status5 || f == status4) && onResult && retryish:
		return yes, s
	}
	return unknown, s
}

// predicate looks inside an error predicate of the package
// (isRetryable(err)) called with the error: yes when it returns true
// because the error is the context error f (it names that error), no when
// it returns false for it, unknown otherwise.
func (w *walker) predicate(call *ast.CallExpr, f fork) (tri, ast.Expr) {
	if w.resolve == nil || w.onReturn != nil {
		return unknown, nil // one level deep
	}
	ft, body := ctxflow.FuncParts(w.resolve(call))
	if body == nil || ft.Params == nil {
		return unknown, nil
	}
	// The parameter that receives the error.
	var param *types.Var
	i := 0
	for _, field := range ft.Params.List {
		names := field.Names
		if len(names) == 0 {
			i++
			continue
		}
		for _, id := range names {
			if i < len(call.Args) && w.isErr(call.Args[i]) {
				param, _ = w.info.Defs[id].(*types.Var)
			}
			i++
		}
	}
	if param == nil {
		return unknown, nil
	}
	pw := &walker{info: w.info, exits: w.exits, loop: body, cand: &candidate{errVar: param}, resolve: w.resolve}
	sawTrue, sawFalse, matchedTrue := false, false, false
	pw.onReturn = func(ret *ast.ReturnStmt, st state) {
		if len(ret.Results) != 1 {
			sawTrue = true // a named result or several: unknown
			return
		}
		switch v, st2 := pw.evalMatch(ret.Results[0], st); v {
		case yes:
			sawTrue = true
			matchedTrue = matchedTrue || st2.matched()
		case no:
			sawFalse = true
		default:
			sawTrue, sawFalse = true, true
		}
	}
	pw.list(body.List, states(0).add(mkState(f, true, false)))
	switch {
	case matchedTrue:
		return yes, pw.cancelErr
	case sawFalse && !sawTrue:
		return no, nil
	}
	return unknown, nil
}

// foreignPredicate reports whether call is a predicate on the error whose
// code the walk cannot see (another package's errdefs.IsNotFound(err), a
// function value) and whose name does not say it classifies retries,
// timeouts or cancellation: it is taken to be false for a context error.
func (w *walker) foreignPredicate(call *ast.CallExpr, fn *types.Func) bool {
	if w.resolve != nil && w.resolve(call) != nil {
		return false // the package's own: predicate looked inside
	}
	if len(call.Args) == 0 {
		return false
	}
	for _, a := range call.Args {
		if !w.mentionsErr(a) {
			return false // shouldRetry(resp, err): more than the error
		}
	}
	name := ctxapi.Name(call.Fun)
	if fn != nil {
		name = fn.Name()
	}
	name = strings.ToLower(name)
	if name == "" {
		return false
	}
	for _, word := range []string{"retr", "temporar", "transient", "timeout", "timedout", "cancel", "deadline", "context", "ctx", "done", "abort", "interrupt"} {
		if strings.Contains(name, word) {
			return false
		}
	}
	return true
}

// isSentinel reports whether e names a package-level error variable or an
// error constant other than the context errors (errBusy, io.ErrUnexpectedEOF,
// sql.ErrNoRows, syscall.EINTR): a context error is not it.
func isSentinel(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if sel, ok := e.(*ast.SelectorExpr); ok && info.Selections[sel] != nil {
		return false // a field, not a package's variable
	}
	t := info.TypeOf(e)
	named := ctxapi.IsKept(info, e) || info.Types[e].Value != nil // a variable, or a constant such as syscall.EINTR
	return t != nil && ctxapi.ContextError(info, e) == "" && named &&
		types.Implements(t, errorType.Underlying().(*types.Interface))
}

// isGRPCCodeConst reports whether e is a constant of gRPC's codes.Code.
func isGRPCCodeConst(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	if !ok || tv.Value == nil {
		return false
	}
	named, ok := types.Unalias(tv.Type).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "google.golang.org/grpc/codes"
}

// isStatusOfErr reports whether call is st.Code() on the gRPC status of
// the call's error, taken in the loop (st, ok := status.FromError(err);
// st := status.Convert(err)): status.Code(err) in two steps.
func (w *walker) isStatusOfErr(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !isGRPCCode(w.info, call) {
		return false
	}
	st := ctxflow.VarOf(w.info, sel.X)
	if st == nil || st.Pos() < w.loop.Pos() || st.Pos() >= w.loop.End() {
		return false // only a status taken in the loop
	}
	if found, ok := w.statusOf[st]; ok {
		return found
	}
	found := false
	defer func() {
		if w.statusOf == nil {
			w.statusOf = map[*types.Var]bool{}
		}
		w.statusOf[st] = found
	}()
	ast.Inspect(w.loop, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if found || !ok {
			return !found
		}
		if len(as.Rhs) == 1 && len(as.Lhs) > 0 && ctxflow.VarOf(w.info, as.Lhs[0]) == st {
			from, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			found = ok && len(from.Args) == 1 && w.isErr(from.Args[0]) &&
				(ctxapi.IsCallTo(w.info, from, "google.golang.org/grpc/status", "FromError") || ctxapi.IsCallTo(w.info, from, "google.golang.org/grpc/status", "Convert"))
		}
		return !found
	})
	return found
}

// isResult reports whether e is one of the call's other results.
func (w *walker) isResult(e ast.Expr) bool {
	v := ctxflow.VarOf(w.info, e)
	return v != nil && slices.Contains(w.cand.results, v)
}

func isBool(t types.Type) bool {
	b, ok := typeUnder(t).(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// mentionsResult reports whether e uses one of the call's other results.
func (w *walker) mentionsResult(e ast.Expr) bool {
	return readsVar(w.info, e, func(v *types.Var) bool { return slices.Contains(w.cand.results, v) })
}

func (w *walker) noteCancel(e ast.Expr) {
	if w.cancelErr == nil {
		w.cancelErr = e
	}
}

// isErr reports whether e is the candidate's error: its variable, or the
// call itself when tested in place.
func (w *walker) isErr(e ast.Expr) bool {
	e = ast.Unparen(e)
	if w.cand.errVar == nil {
		return e == w.cand.call || w.sameGetter(e)
	}
	return ctxflow.VarOf(w.info, e) == w.cand.errVar
}

// sameGetter reports whether e asks the same local variable's error
// getter again as the call tested (if stream.Err() == nil ... and then
// recoversFrom(stream.Err())): a getter such as Err() reports the same
// error each time it is asked.
func (w *walker) sameGetter(e ast.Expr) bool {
	getter := func(e ast.Expr) (*types.Var, types.Object) {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			return nil, nil
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil, nil
		}
		v := ctxflow.VarOf(w.info, sel.X)
		if v == nil || ctxapi.IsKept(w.info, sel.X) {
			return nil, nil // a local variable's, not a field's or a package's
		}
		return v, w.info.Uses[sel.Sel]
	}
	v, m := getter(w.cand.call)
	if v == nil || m == nil {
		return false
	}
	v2, m2 := getter(e)
	return v2 == v && m2 == m
}

func (w *walker) mentionsErr(e ast.Expr) bool {
	return hasExpr(e, w.isErr)
}

// hasStatus reports whether e computes with the status code of one of the
// call's results (resp.StatusCode/100).
func (w *walker) hasStatus(e ast.Expr) bool {
	return hasExpr(e, w.isStatus)
}

// statusValue evaluates an integer expression of the status code, given
// its value, for the arithmetic code writes (resp.StatusCode/100 == 5).
func (w *walker) statusValue(e ast.Expr, code int64) (int64, bool) {
	if w.isStatus(e) {
		return code, true
	}
	if v, ok := constInt(w.info, e); ok {
		return v, true
	}
	be, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return 0, false
	}
	x, okx := w.statusValue(be.X, code)
	y, oky := w.statusValue(be.Y, code)
	if !okx || !oky {
		return 0, false
	}
	switch be.Op {
	case token.ADD:
		return x + y, true
	case token.SUB:
		return x - y, true
	case token.MUL:
		return x * y, true
	case token.QUO:
		if y != 0 {
			return x / y, true
		}
	case token.REM:
		if y != 0 {
			return x % y, true
		}
	}
	return 0, false
}

// isStatus reports whether e is the status code of one of the call's
// results: resp.StatusCode, resp.StatusCode().
func (w *walker) isStatus(e ast.Expr) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		e = call.Fun
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "StatusCode" {
		return false
	}
	v := ctxflow.VarOf(w.info, sel.X)
	for _, r := range w.cand.results {
		if r == v {
			return true
		}
	}
	return false
}

// cancelKind says which context error e names: context.Canceled or
// DeadlineExceeded, or gRPC's codes.Canceled or DeadlineExceeded.
func cancelKind(info *types.Info, e ast.Expr) fork {
	switch ctxapi.ContextError(info, e) {
	case "Canceled":
		return canceled
	case "DeadlineExceeded":
		return deadline
	}
	return notYet
}

// isGRPCCode reports whether call is gRPC's status.Code(err).
func isGRPCCode(info *types.Info, call *ast.CallExpr) bool {
	fn := ctxapi.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Name() != "Code" {
		return false
	}
	// status.Status is an alias of the internal package's type, whose
	// methods live there.
	path := fn.Pkg().Path()
	return path == "google.golang.org/grpc/status" || path == "google.golang.org/grpc/internal/status" && fn.Signature().Recv() != nil
}
