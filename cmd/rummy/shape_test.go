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
// sources parses rummy's own Go files, its tests left out.
func sources(t *testing.T) (*token.FileSet, []*ast.File) {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, f := range names {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, file)
	}
	return fset, files
}

func TestNoCommandRunsAnother(t *testing.T) {
	forbidden := map[string]bool{
		"RunE": true, "PreRunE": true, "PersistentPreRunE": true, "ParseFlags": true, "SetArgs": true,
		"Execute": true, "ExecuteC": true, "ExecuteContext": true, "ExecuteContextC": true,
	}
	fset, files := sources(t)
	checked := 0
	for _, file := range files {
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

// Every command's RunE is thin (STYLE.md 4): it fills the options from the
// arguments, then makes one call, to a run function, with the command's
// context first: 'return runX(cmd.Context(), io, o)'.
func TestEveryRunEIsOneRunCall(t *testing.T) {
	fset, files := sources(t)
	checked := 0
	check := func(lit *ast.FuncLit) {
		checked++
		where := fset.Position(lit.Pos())
		stmts := lit.Body.List
		if len(stmts) == 0 {
			t.Errorf("%s: an empty RunE", where)
			return
		}
		for _, s := range stmts[:len(stmts)-1] {
			if !fillsOptions(s) {
				t.Errorf("%s: RunE does more than fill options before its run call (a %T): move it into the run function", fset.Position(s.Pos()), s)
			}
		}
		ret, ok := stmts[len(stmts)-1].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			t.Errorf("%s: RunE does not end by returning its run call", where)
			return
		}
		call, ok := ret.Results[0].(*ast.CallExpr)
		if !ok {
			t.Errorf("%s: RunE returns no call", where)
			return
		}
		name, ok := call.Fun.(*ast.Ident)
		if !ok || !strings.HasPrefix(name.Name, "run") {
			t.Errorf("%s: RunE calls something other than a run function", where)
			return
		}
		if len(call.Args) == 0 {
			t.Errorf("%s: %s is called without the command's context", where, name.Name)
			return
		}
		ctx, ok := call.Args[0].(*ast.CallExpr)
		if sel, isSel := ctxFun(ctx, ok); !isSel || sel != "Context" {
			t.Errorf("%s: %s's first argument is not the command's Context()", where, name.Name)
		}
	}
	for _, file := range files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr: // cobra.Command{RunE: func...}
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "RunE" {
					if lit, ok := n.Value.(*ast.FuncLit); ok {
						check(lit)
					}
				}
			case *ast.AssignStmt: // c.RunE = func...
				if sel, ok := n.Lhs[0].(*ast.SelectorExpr); ok && sel.Sel.Name == "RunE" {
					if lit, ok := n.Rhs[0].(*ast.FuncLit); ok {
						check(lit)
					}
				}
			}
			return true
		})
	}
	if checked < 20 {
		t.Fatalf("only %d RunE checked", checked)
	}
}

// fillsOptions reports whether s only sets values: an assignment, or an
// if whose branches only assign ('if len(args) == 1 { o.variant = args[0] }').
func fillsOptions(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return true
	case *ast.IfStmt:
		if s.Init != nil {
			return false
		}
		for _, b := range s.Body.List {
			if !fillsOptions(b) {
				return false
			}
		}
		return s.Else == nil || fillsOptions(s.Else)
	case *ast.BlockStmt:
		for _, b := range s.List {
			if !fillsOptions(b) {
				return false
			}
		}
		return true
	}
	return false
}

// ctxFun is the method name of a call like cmd.Context().
func ctxFun(call *ast.CallExpr, ok bool) (string, bool) {
	if !ok {
		return "", false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	return sel.Sel.Name, true
}
