package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/scoresheets"
)

// users holds each test's environment: rummy reads it through runEnv, so
// tests run in parallel without changing the process's own.
var users sync.Map // *testing.T → map[string]string

// cleanUser gives the test an empty home, config and data folder, with no
// RUMMY_* settings, no CI and no colour preference, and returns the folder.
// It marks the test parallel.
func cleanUser(t *testing.T) string {
	t.Helper()
	t.Parallel()
	dir := t.TempDir()
	users.Store(t, map[string]string{
		"HOME":            dir,
		"XDG_CONFIG_HOME": filepath.Join(dir, "config"),
		"XDG_DATA_HOME":   filepath.Join(dir, "data"),
		"LANG":            "C.UTF-8",
	})
	t.Cleanup(func() { users.Delete(t) })
	return dir
}

// setEnv sets one variable of the test's environment.
func setEnv(t *testing.T, k, v string) {
	env, _ := users.Load(t)
	env.(map[string]string)[k] = v
}

// rummyRun runs rummy in the test's process with stdin as its input and
// the test's environment.
func rummyRun(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	e, ok := users.Load(t)
	if !ok {
		t.Fatal("rummyRun before cleanUser")
	}
	env := e.(map[string]string)
	var out, errb bytes.Buffer
	code = runEnv(context.Background(), args, func(k string) string { return env[k] }, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// answers joins answers one a line, as a file piped to rummy play.
func answers(lines ...string) string { return strings.Join(lines, "\n") + "\n" }

// containsAll reports each of wants that got, the output called what,
// lacks.
func containsAll(t *testing.T, what, got string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(got, want) {
			t.Errorf("%s has no %q:\n%s", what, want, got)
		}
	}
}

// onlyMatch loads the one match file of the data folder under dir, and
// returns its path and the match.
func onlyMatch(t *testing.T, dir string) (string, *scoresheets.Sheet) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "data", "rummy", "matches", "*.yaml"))
	if err != nil || len(files) != 1 {
		t.Fatalf("match files %v (%v), want one", files, err)
	}
	sh, _, err := scoresheets.Load(files[0])
	if err != nil {
		t.Fatal(err)
	}
	return files[0], sh
}

// withoutStamps leaves out of a match file what differs between two runs
// of the same match: the start time and the audit trail.
func withoutStamps(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ := strings.Cut(string(b), "\naudit:")
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "created:") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// TestPlayRecordsAsMatchRound plays a three-round match from piped answers,
// with a refused entry asked again, an undo and a quit resumed later, and
// checks the match file is the one 'rummy match round' keeps.
func TestPlayRecordsAsMatchRound(t *testing.T) {
	dir := cleanUser(t)

	first := answers(
		"basic",      // variant
		"Ann,Bob,Cy", // players
		"",           // the first dealer: Ann
		"",           // target: basic's 150 for three
		"y",          // start it
		// round 1: the minimal answers, then the melds to check
		"Ann",   // who went out
		"n",     // not rummy
		"KH 3D", // Bob's hand
		"AS 2S", // Cy's hand
		"melds", // from the summary: check the melds too
		"7H 8H 9H",
		"",         // Ann is done
		"QH QC QD", // Bob
		"",
		"",      // Cy melded nothing
		"10H@1", // Ann lays off onto meld 1
		"",
		"", // Bob
		"", // Cy
		"save",
		"next",
		// round 2, taken back
		"Bob", "y",
		"12", "30",
		"melds",
		"", "5C 6C 7C", "", "",
		"", "4C@1", "", "",
		"save",
		"undo", "yes",
		"quit",
	)
	out, errs, code := rummyRun(t, first, "play")
	if code != 0 {
		t.Fatalf("first play: exit %d\nstderr:\n%s", code, errs)
	}
	containsAll(t, "first play: stderr", errs,
		"Ann: meld 1, or an empty line when done: 7H 8H 9H\n",
		"the same as: rummy match round --out Ann --meld 'Ann=7H 8H 9H' --meld 'Bob=QH QC QD' --layoff Ann=10H@1 --hand 'Bob=KH 3D' --hand 'Cy=AS 2S'\n")
	containsAll(t, "first play: stdout", out,
		"round 1 (Ann dealt, Ann out): Ann +16, Bob 0, Cy 0\n",
		"round 2 (Bob dealt, Bob out, rummy): Ann 0, Bob +84, Cy 0\n",
		"round 2 removed\n")
	if strings.Contains(out, "?") {
		t.Errorf("first play: a question on stdout:\n%s", out)
	}

	second := answers(
		"1",    // which match: the unfinished one
		"next", // round 2 again
		"Cy", "n",
		"KC", "10S JS",
		"melds",
		"", "", "2D 3D 4D", "",
		"", "", "5D@1", "",
		"save",
		"next",
		// round 3: Ann goes rummy, and past the target
		"Ann", "yes",
		"KS QS JS 9C 8C", "KD JD 10D 9D 8D",
		"save",
	)
	out, errs, code = rummyRun(t, second, "play")
	if code != 0 {
		t.Fatalf("second play: exit %d\nstderr:\n%s", code, errs)
	}
	if !strings.Contains(errs, "Which match?\n") {
		t.Errorf("second play did not offer the unfinished match:\n%s", errs)
	}
	containsAll(t, "second play: stdout", out,
		"round 3 (Cy dealt, Ann out, rummy): Ann +188, Bob 0, Cy 0\n",
		"winner: Ann (",
		"running totals\n")

	played, _ := onlyMatch(t, dir)
	same := filepath.Join(dir, "same.yaml")
	for _, args := range [][]string{
		{"match", "new", "--variant", "basic", "--players", "Ann,Bob,Cy", "--file", same},
		{"match", "round", "--file", same, "--out", "Ann", "--meld", "Ann=7H 8H 9H", "--meld", "Bob=QH QC QD",
			"--layoff", "Ann=10H@1", "--hand", "Bob=KH 3D", "--hand", "Cy=AS 2S"},
		{"match", "round", "--file", same, "--out", "Cy", "--meld", "Cy=2D 3D 4D", "--layoff", "Cy=5D@1",
			"--hand", "Ann=KC", "--hand", "Bob=10S JS"},
		{"match", "round", "--file", same, "--out", "Ann", "--rummy", "--hand", "Bob=KS QS JS 9C 8C", "--hand", "Cy=KD JD 10D 9D 8D"},
	} {
		if _, errs, code := rummyRun(t, "", args...); code != 0 {
			t.Fatalf("rummy %s: exit %d\n%s", strings.Join(args, " "), code, errs)
		}
	}
	got, want := withoutStamps(t, played), withoutStamps(t, same)
	if !strings.Contains(want, "  - number: 3\n") || strings.Contains(want, "number: 4") {
		t.Fatalf("the match 'rummy match round' keeps has not 3 rounds:\n%s", want)
	}
	if got != want {
		t.Errorf("the match play kept:\n%s\n\nthe match 'rummy match round' keeps:\n%s", got, want)
	}
}

// TestPlayInputEnds: when the answers stop in the middle of a round, play
// exits 2 naming the question, and the rounds saved stay saved.
func TestPlayInputEnds(t *testing.T) {
	dir := cleanUser(t)
	in := answers(
		"", "Ann,Bob", "", "", "", // basic, Ann and Bob, Ann deals, target 100, start
		"Bob", "no", "KH 3D", "save",
		"next", "Ann", "no", // round 2 ends before Bob's hand
	)
	out, errs, code := rummyRun(t, in, "play")
	if code != exitStatus(cannotJudge) {
		t.Fatalf("exit %d, want 2\nstderr:\n%s", code, errs)
	}
	if want := `rummy: play: no answer to "Bob: cards left in hand, or their points (as 12)": the input ended; the rounds saved so far stay in `; !strings.Contains(errs, want) {
		t.Errorf("stderr has no %q:\n%s", want, errs)
	}
	if !strings.Contains(out, "round 1 (Ann dealt, Bob out): Ann 0, Bob +13\n") {
		t.Errorf("stdout:\n%s", out)
	}
	_, sh := onlyMatch(t, dir)
	if len(sh.Rounds) != 1 {
		t.Errorf("the match has %d rounds, want the 1 saved", len(sh.Rounds))
	}
}

// TestPlayNeverHangs: with --no-input, CI=true or nothing to read, play
// fails at once, exit 2, with nothing on stdout.
func TestPlayNeverHangs(t *testing.T) {
	for _, tc := range []struct {
		name, ci string
		args     []string
		want     string
	}{
		{"no-input", "", []string{"play", "--no-input"}, "--no-input forbids asking"},
		{"CI", "true", []string{"play"}, "CI=true forbids asking"},
		{"empty input", "", []string{"play"}, "the input ended"},
		{"flags", "", []string{"play", "--no-input", "--variant", "kids", "--players", "Mia,Leo", "--target", "50"}, "'rummy match round'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cleanUser(t)
			setEnv(t, "CI", tc.ci)
			start := time.Now()
			out, errs, code := rummyRun(t, "", tc.args...)
			if d := time.Since(start); d > time.Second {
				t.Errorf("took %v, want under a second", d)
			}
			if code != exitStatus(cannotJudge) {
				t.Errorf("exit %d, want 2", code)
			}
			if strings.Contains(out, "\x1b") {
				t.Errorf("escape codes on stdout: %q", out)
			}
			if !strings.Contains(errs, tc.want) {
				t.Errorf("stderr has no %q:\n%s", tc.want, errs)
			}
		})
	}
}

func TestPlayFileFlags(t *testing.T) {
	dir := cleanUser(t)
	f := filepath.Join(dir, "m.yaml")
	if _, errs, code := rummyRun(t, "", "match", "new", "--players", "Ann,Bob", "--file", f); code != 0 {
		t.Fatal(errs)
	}
	_, errs, code := rummyRun(t, "", "play", "--file", f, "--players", "Cy,Dee")
	if code != exitStatus(cannotJudge) || !strings.Contains(errs, "is a match already, and --players is for a new one") {
		t.Errorf("exit %d, stderr:\n%s", code, errs)
	}
	// A flag's bad value is the flag's fault: no question.
	_, errs, code = rummyRun(t, "", "play", "--variant", "nosuch", "--players", "Ann,Bob")
	if code != exitStatus(cannotJudge) || strings.Contains(errs, "Variant (") {
		t.Errorf("exit %d, stderr:\n%s", code, errs)
	}
}

func TestParseLayoff(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"10H@1", ""},
		{"10H JH @ 2", ""},
		{"10H", "say which meld the cards go onto, as in 10H@1"},
		{"10H@3", `"3" is not a meld of this round: give its number, 1 to 2`},
		{"10H@x", `"x" is not a meld of this round: give its number, 1 to 2`},
		{"@1", "no cards before the @"},
		{"1O@1", `token 1 "1O": not a card`},
	} {
		l, err := parseLayoff("Ann", tc.in, 2)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if (tc.want == "" && got != "") || !strings.HasPrefix(got, tc.want) {
			t.Errorf("parseLayoff(%q) = %+v, %q; want error %q", tc.in, l, got, tc.want)
		}
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"--out":       "--out",
		"Ann=10H@1":   "Ann=10H@1",
		"Ann=7H 8H":   "'Ann=7H 8H'",
		"O'Neil=KH":   `'O'\''Neil=KH'`,
		"":            "''",
		"Zoë=KH":      "'Zoë=KH'",
		"Ann=7♥ 8♥":   "'Ann=7♥ 8♥'",
		"/tmp/a b.ya": "'/tmp/a b.ya'",
	} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

// shippedPath matches the repository's files a help text may name.
var shippedPath = regexp.MustCompile(`\b(examples|docs)/[A-Za-z0-9_./-]+`)

// TestEveryCommandHasExamples: every command a user runs shows examples
// in its --help, and every command that does something lists the exit
// statuses it can return (cobra's own completion and help commands aside).
func TestEveryCommandHasExamples(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Name() == "completion" || c.Name() == "help" {
			return
		}
		if c.Runnable() && c.Example == "" {
			t.Errorf("'%s --help' shows no examples", c.CommandPath())
		}
		if c.Runnable() && !c.HasSubCommands() && !strings.Contains(c.Long, "Exit status: 0 ") {
			t.Errorf("'%s --help' does not list its exit statuses", c.CommandPath())
		}
		// The help points only at files a clone has.
		help := c.Long + "\n" + c.Example
		for _, f := range shippedPath.FindAllString(help, -1) {
			if _, err := os.Stat(filepath.Join("..", "..", strings.TrimRight(f, ".,:;)'`\"#"))); err != nil {
				t.Errorf("'%s --help' names %s, which the repository does not have", c.CommandPath(), f)
			}
		}
		for _, gone := range []string{"RULES.md", "../shared", "hands.txt", "answers.txt"} {
			if strings.Contains(shippedPath.ReplaceAllString(help, ""), gone) {
				t.Errorf("'%s --help' names %s outside the repository's examples", c.CommandPath(), gone)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd(&app{streams: &streams{getenv: os.Getenv}}))
}
