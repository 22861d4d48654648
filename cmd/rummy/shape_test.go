package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// No function of rummy calls a command's RunE or builds a command line for
// one (STYLE.md 15): what commands share are Go functions. Only runEnv
// hands cobra the program's own arguments.
func TestNoCommandRunsAnother(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	forbidden := map[string]bool{
		"RunE": true, "PreRunE": true, "PersistentPreRunE": true, "ParseFlags": true, "SetArgs": true,
		"Execute": true, "ExecuteC": true, "ExecuteContext": true, "ExecuteContextC": true,
	}
	fset := token.NewFileSet()
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			checked++
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if ok && forbidden[sel.Sel.Name] && fn.Name.Name != "runEnv" {
					t.Errorf("%s: %s calls .%s: share a Go function instead of running a command", fset.Position(call.Pos()), fn.Name.Name, sel.Sel.Name)
				}
				return true
			})
		}
	}
	if checked < 50 {
		t.Fatalf("only %d functions checked", checked)
	}
}
