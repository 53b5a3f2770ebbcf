package ctxflow_test

import (
	"go/ast"
	"strings"
	"testing"

	"github.com/budgetlint/budgetlint/internal/ctxflow"
	"github.com/budgetlint/budgetlint/internal/passtest"
)

// TestExits: each call in a function named exit* never returns, each in
// one named returns* may.
func TestExits(t *testing.T) {
	const src = `package p

import (
	"log"
	"os"
	"testing"
)

type logger interface{ Fatalf(string, ...any) }

func die(msg string) { log.Fatal(msg) }
func dieTwice()      { die("a"); die("b") }
func spin()          { for {} }
func maybe(ok bool)  { if ok { return }; os.Exit(1) }
func loop()          { loop() }

func exitPanic()            { panic("x") }
func exitOS()               { os.Exit(2) }
func exitLog()              { log.Fatalf("%d", 1) }
func exitTest(t *testing.T) { t.Fatal("x") }
func exitTB(tb testing.TB)  { tb.Skip() }
func exitHelper()           { die("x") }
func exitChain()            { dieTwice() }
func exitSpin()             { spin() }

func returnsMaybe()         { maybe(true) }
func returnsCycle()         { loop() }
func returnsIface(l logger) { l.Fatalf("x") }
func returnsLog()           { log.Printf("x") }
func returnsValue(f func()) { f() }
`
	p := passtest.Check(t, src)
	exits := ctxflow.NewExits(p.Info, []*ast.File{p.File})
	checked := 0
	for _, d := range p.File.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		name := fd.Name.Name
		want := strings.HasPrefix(name, "exit")
		if !want && !strings.HasPrefix(name, "returns") {
			continue
		}
		call := fd.Body.List[0].(*ast.ExprStmt).X.(*ast.CallExpr)
		if got := exits.Call(call); got != want {
			t.Errorf("%s: Call = %v, want %v", name, got, want)
		}
		checked++
	}
	if checked != 13 {
		t.Errorf("checked %d functions, want 13", checked)
	}
}
