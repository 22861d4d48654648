package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"rummy": func() {
			os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

// failed collects the stderr of every command a script expects to fail, so
// that one test can read what users are told when something goes wrong.
var failed struct {
	sync.Mutex
	stderr []string // "script: command\nstderr"
}

// cmdStatus is the testscript command "status N PROGRAM ARGS...": it runs
// the program as exec does and fails unless its exit status is exactly N.
// "! exec" alone passes on any non-zero status, so swapping "the rules say
// no" (1) with "cannot judge" (2) would leave the suite green.
func cmdStatus(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("status takes no '!': give the exit status wanted")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: status N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil || want < 0 {
		ts.Fatalf("status: %q is not an exit status", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("status: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
	if got != 0 {
		failed.Lock()
		failed.stderr = append(failed.stderr, ts.Getenv("SCRIPT")+": "+strings.Join(args[1:], " ")+"\n"+ts.ReadFile("stderr"))
		failed.Unlock()
	}
}

// cmdJSON is the testscript command "json [PATH[=VALUE]]...": stdout must
// be exactly one JSON value, and each PATH (keys and 0-based indexes
// joined by dots: layoffs.0.onto) must be in it, equal to VALUE (JSON:
// 2, "basic", ["QD"]) when one is given.
func cmdJSON(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("json takes no '!'")
	}
	dec := json.NewDecoder(strings.NewReader(ts.ReadFile("stdout")))
	var doc any
	if err := dec.Decode(&doc); err != nil {
		ts.Fatalf("stdout is not JSON: %v", err)
	}
	if dec.More() {
		ts.Fatalf("stdout has more than one JSON value")
	}
	for _, a := range args {
		path, want, hasWant := strings.Cut(a, "=")
		got := doc
		for _, k := range strings.Split(path, ".") {
			switch v := got.(type) {
			case map[string]any:
				e, ok := v[k]
				if !ok {
					ts.Fatalf("%s: no key %q", path, k)
				}
				got = e
			case []any:
				i, err := strconv.Atoi(k)
				if err != nil || i < 0 || i >= len(v) {
					ts.Fatalf("%s: no element %q in a list of %d", path, k, len(v))
				}
				got = v[i]
			default:
				ts.Fatalf("%s: %q is inside %v, which is neither an object nor a list", path, k, got)
			}
		}
		if !hasWant {
			continue
		}
		var w any
		if err := json.Unmarshal([]byte(want), &w); err != nil {
			ts.Fatalf("json %s: the value wanted is not JSON: %v", a, err)
		}
		if !reflect.DeepEqual(got, w) {
			g, _ := json.Marshal(got)
			ts.Fatalf("%s is %s, want %s", path, g, want)
		}
	}
}

// TestScript runs the CLI scenarios in testdata/script: each is what a user
// would type, with the output, exit status and files it must give.
func TestScript(t *testing.T) {
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	// Runs once every script has finished: none of them showed a user a
	// library's own words where rummy's plain ones belong.
	t.Cleanup(func() { checkFailureText(t) })
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			// A clean user: no config file, no data, no colour preference.
			env.Setenv("HOME", env.WorkDir+"/home")
			env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/home/.config")
			env.Setenv("XDG_DATA_HOME", env.WorkDir+"/home/.local/share")
			env.Setenv("LANG", "C.UTF-8")
			// The repository, for scripts that use the shipped examples.
			env.Setenv("REPO", repo)
			env.Setenv("SCRIPT", filepath.Base(env.WorkDir))
			return nil
		},
		Cmds:                map[string]func(*testscript.TestScript, bool, []string){"status": cmdStatus, "json": cmdJSON},
		RequireExplicitExec: true,
		UpdateScripts:       os.Getenv("UPDATE_SCRIPTS") != "",
	})
}

// libraryText are words of strconv, cobra and the shell of a command that
// must never reach a user.
var libraryText = []string{"strconv.", "accepts ", "flags in the group", "rummy rummy"}

func checkFailureText(t *testing.T) {
	failed.Lock()
	defer failed.Unlock()
	for _, e := range failed.stderr {
		for _, bad := range libraryText {
			if strings.Contains(e, bad) {
				t.Errorf("a failing command's stderr has %q:\n%s", bad, e)
			}
		}
	}
}

// TestScriptsAssertStatus keeps every expected failure exact: a script
// says "status N rummy ...", never "! exec", which accepts any status.
func TestScriptsAssertStatus(t *testing.T) {
	files, err := filepath.Glob("testdata/script/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			l := strings.TrimSpace(line)
			if strings.HasPrefix(l, "-- ") {
				break // the files the script carries
			}
			if strings.HasPrefix(l, "! exec") || strings.HasPrefix(l, "? exec") {
				t.Errorf("%s:%d: %q accepts any exit status: write 'status N %s'", f, i+1, l, strings.TrimSpace(l[len("! exec"):]))
			}
		}
	}
}
