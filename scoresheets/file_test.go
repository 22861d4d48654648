package scoresheets

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rummy-referee/rummy/variants/fuzzcap"
)

// A test binary run with childEnv set is a second rummy: see TestMain.
const (
	childEnv = "SCORESHEETS_TEST_CHILD" // "crash", "add N" or "kill at STAGE"
	pathEnv  = "SCORESHEETS_TEST_PATH"
)

// TestMain runs the child when asked to, else the tests, with the
// fuzzer's minimising of each new input bounded (fuzzcap).
func TestMain(m *testing.M) {
	if mode := os.Getenv(childEnv); mode != "" {
		os.Exit(child(mode, os.Getenv(pathEnv)))
	}
	fuzzcap.Run(m)
}

// child adds rounds to the match at path: forever under "crash" (until
// killed), N of them under "add N". It prints the number of rounds after
// each save it has seen succeed.
func child(mode, path string) int {
	if stage, ok := strings.CutPrefix(mode, "kill at "); ok {
		// Killed by itself, at one stage of a save.
		saveHook = func(s string) {
			if s == stage {
				p, _ := os.FindProcess(os.Getpid())
				p.Kill()
				select {}
			}
		}
		mode = "add 1"
	}
	n := -1
	if rest, ok := strings.CutPrefix(mode, "add "); ok {
		n, _ = strconv.Atoi(rest)
	}
	for i := 0; n < 0 || i < n; i++ {
		var rounds int
		err := Update(path, time.Minute, func(s *Sheet) error {
			if err := addRound(s); err != nil {
				return err
			}
			rounds = len(s.Rounds)
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Fprintln(os.Stdout, rounds) // os.Stdout is unbuffered
	}
	return 0
}

// addRound records a round in the never-ending match of endless: the
// player out alternates, and so does the size of the file.
func addRound(s *Sheet) error {
	r := "out Ann; hand Bob KH 3D 7C"
	if len(s.Rounds)%2 == 1 {
		r = "out Bob; meld Bob 7H 8H 9H 10H; hand Ann 2C"
	}
	round, err := parseRound(r)
	if err != nil {
		return err
	}
	vd, err := s.Record(round, time.Now())
	if err == nil && !vd.OK() {
		err = errors.New(strings.Join(vd.Problems, "; "))
	}
	return err
}

// endless creates a match that 20 or thousands of rounds do not finish.
func endless(t testing.TB) string {
	path := filepath.Join(t.TempDir(), "match.yaml")
	s := newSheet(t, variant(t, "basic"), ab, Options{Target: target(maxNumber)})
	if _, err := Create(path, s); err != nil {
		t.Fatal(err)
	}
	return path
}

func runChild(t *testing.T, mode, path string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+mode, pathEnv+"="+path)
	return cmd
}

func TestCreateLoadSave(t *testing.T) {
	path := endless(t)
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o644 {
		t.Fatalf("a new file: %v, mode %v", err, fi.Mode())
	}
	if _, err := Create(path, newSheet(t, variant(t, "basic"), ab, Options{})); !errors.Is(err, fs.ErrExist) {
		t.Errorf("Create over a file: %v", err)
	}
	s, stamp, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	old, _ := os.ReadFile(path)
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := addRound(s); err != nil {
		t.Fatal(err)
	}
	stamp2, err := Save(path, s, stamp)
	if err != nil {
		t.Fatal(err)
	}
	now, _ := os.ReadFile(path)
	if stamp2 != stampOf(now) || !bytes.Equal(now, Marshal(s)) {
		t.Error("the stamp or the bytes saved are wrong")
	}
	if got := stamp2.String(); !strings.HasPrefix(got, "sha256:") || !strings.HasSuffix(got, fmt.Sprintf(" (%d bytes)", len(now))) || len(got) != len("sha256:")+12+len(fmt.Sprintf(" (%d bytes)", len(now))) {
		t.Errorf("stamp = %s", got)
	}
	if (Stamp{}).String() != "no file" || !(Stamp{}).IsZero() || stamp2.IsZero() {
		t.Error("the zero stamp")
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("the save changed the mode to %v", fi.Mode())
	}
	if bak, _ := os.ReadFile(path + ".bak"); !bytes.Equal(bak, old) {
		t.Error("PATH.bak is not the previous version")
	}
	// Saving again with the new stamp works; the old one is stale.
	if _, err := Save(path, s, stamp); !errors.Is(err, ErrChanged) {
		t.Errorf("a stale stamp: %v", err)
	}
	if _, err := Save(path, s, stamp2); err != nil {
		t.Error(err)
	}
	// A symbolic link is followed: the file it names is saved.
	link := filepath.Join(t.TempDir(), "link.yaml")
	if err := os.Symlink(path, link); err == nil {
		s, stamp, _ := Load(link)
		addRound(s)
		if _, err := Save(link, s, stamp); err != nil {
			t.Fatal(err)
		}
		if fi, _ := os.Lstat(link); fi.Mode()&fs.ModeSymlink == 0 {
			t.Error("the save replaced the link")
		}
		if s2, _, _ := Load(path); len(s2.Rounds) != len(s.Rounds) {
			t.Error("the save did not reach the file the link names")
		}
	}
	if _, _, err := Load(filepath.Join(t.TempDir(), "none.yaml")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load of no file: %v", err)
	}
}

// A file changed on disk between Load and Save is refused, and left as the
// other writer left it.
func TestStampRefusesChangedFile(t *testing.T) {
	path := endless(t)
	s, stamp, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	// Another writer adds a round (the same size change a hand edit
	// could make), and someone edits the file by hand.
	if err := Update(path, time.Second, addRound); err != nil {
		t.Fatal(err)
	}
	theirs, _ := os.ReadFile(path)
	theirBak, _ := os.ReadFile(path + ".bak")
	if err := addRound(s); err != nil {
		t.Fatal(err)
	}
	_, err = Save(path, s, stamp)
	if !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), path+" changed on disk since it was loaded") {
		t.Errorf("got %v", err)
	}
	now, _ := os.ReadFile(path)
	bak, _ := os.ReadFile(path + ".bak")
	if !bytes.Equal(now, theirs) || !bytes.Equal(bak, theirBak) {
		t.Error("the refused save changed the file or its backup")
	}

	// A hand edit of the same size is caught by the checksum.
	hand := bytes.Replace(theirs, []byte("note: \"basic"), []byte("note: \"BASIC"), 1)
	if bytes.Equal(hand, theirs) {
		t.Fatal("the hand edit changed nothing")
	}
	os.WriteFile(path, hand, 0o644)
	if _, err := Save(path, s, stampOf(theirs)); !errors.Is(err, ErrChanged) {
		t.Errorf("a hand edit of the same size: %v", err)
	}
	os.Remove(path)
	if _, err := Save(path, s, stampOf(hand)); !errors.Is(err, ErrChanged) {
		t.Errorf("a removed file: %v", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Error("Save brought a removed file back")
	}
}

// Save refuses a sheet changed by hand into one that would not load.
func TestSaveRefusesInconsistentSheet(t *testing.T) {
	path := endless(t)
	s, stamp, _ := Load(path)
	addRound(s)
	s.Rounds[0].Scores["Bob"] = 99
	if _, err := Save(path, s, stamp); err == nil || !strings.Contains(err.Error(), "would not load back") {
		t.Errorf("got %v", err)
	}
}

// 20 writers adding a round each, at the same time, make 20 rounds: each
// waits for the lock and applies its round to the fresh file.
func TestUpdateConcurrent(t *testing.T) {
	t.Run("goroutines", func(t *testing.T) {
		path := endless(t)
		var wg sync.WaitGroup
		errs := make(chan error, 20)
		for range 20 {
			wg.Go(func() { errs <- Update(path, time.Minute, addRound) })
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Error(err)
			}
		}
		if s, _, err := Load(path); err != nil || len(s.Rounds) != 20 {
			t.Fatalf("%v; want 20 rounds", err)
		}
	})
	t.Run("processes", func(t *testing.T) {
		path := endless(t)
		var cmds []*exec.Cmd
		for range 4 {
			cmd := runChild(t, "add 5", path)
			cmd.Stderr = os.Stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			cmds = append(cmds, cmd)
		}
		for _, cmd := range cmds {
			if err := cmd.Wait(); err != nil {
				t.Error(err)
			}
		}
		if s, _, err := Load(path); err != nil || len(s.Rounds) != 20 {
			t.Fatalf("%v; want 20 rounds", err)
		}
	})
}

func TestUpdateTimeout(t *testing.T) {
	path := endless(t)
	before, _ := os.ReadFile(path)
	unlock, err := lock(path, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	called := false
	err = Update(path, 200*time.Millisecond, func(*Sheet) error { called = true; return nil })
	unlock()
	want := "another rummy is writing " + path + "; gave up after 200ms"
	if err == nil || !strings.HasPrefix(err.Error(), want) || !errors.Is(err, ErrBusy) || called {
		t.Errorf("got %v (fn called: %v), want %s", err, called, want)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
		t.Error("the file changed")
	}
	// An error from fn writes nothing.
	boom := errors.New("boom")
	if err := Update(path, time.Second, func(s *Sheet) error { addRound(s); return boom }); err != boom {
		t.Errorf("got %v", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
		t.Error("the file changed")
	}
}

// A writer killed at any point leaves the old file or the new one, whole,
// and never a stale lock. The child saves in a loop and is killed with
// SIGKILL at random moments, many times.
func TestCrashLeavesWholeFile(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("needs SIGKILL")
	}
	kills := 40
	if testing.Short() {
		kills = 8
	}
	path := endless(t)
	have := 0 // rounds in the file
	torn := 0
	for i := range kills {
		cmd := runChild(t, "crash", path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		seen := make(chan int)
		go func() {
			last := -1
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				last, _ = strconv.Atoi(sc.Text())
			}
			seen <- last
		}()
		time.Sleep(time.Duration(20+rand.IntN(180)) * time.Millisecond)
		cmd.Process.Kill() // SIGKILL
		last := <-seen
		cmd.Wait()
		if strings.TrimSpace(stderr.String()) != "" {
			t.Fatalf("kill %d: the child failed: %s", i+1, stderr.String())
		}
		s, _, err := Load(path)
		if err != nil {
			t.Fatalf("kill %d: the file does not load: %v", i+1, err)
		}
		// The file holds what the child last saw saved, or one more
		// round whose save finished just before the kill.
		lo := max(have, last)
		if n := len(s.Rounds); n != lo && n != lo+1 {
			t.Fatalf("kill %d: %d rounds, want %d or %d", i+1, n, lo, lo+1)
		} else if n == lo+1 && last >= 0 {
			torn++ // killed between the rename and the print
		}
		have = len(s.Rounds)
		if bak, _, err := Load(path + ".bak"); err == nil && len(bak.Rounds) > have {
			t.Fatalf("kill %d: PATH.bak is ahead of the file", i+1)
		}
	}
	t.Logf("%d kills, %d saves survived (%d killed just after a rename)", kills, have, torn)
	if have == 0 {
		t.Fatal("the child never saved: the kills came too early to test anything")
	}
	// The next save clears the temporary files the kills left.
	if err := Update(path, time.Second, addRound); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "match.yaml match.yaml.bak match.yaml.lock" {
		t.Errorf("the folder holds %s", got)
	}
}

func TestList(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	kids := newSheet(t, variant(t, "kids"), ab, Options{})
	record(t, kids, "out Ann; hand Bob KH QH JH 10H 10S 10D 10C 9C 9D 9H 9S")
	write("a-kids.yaml", Marshal(kids))
	basic := newSheet(t, variant(t, "basic"), abc, Options{})
	record(t, basic, "out Cy; hand Ann KH; hand Bob 2C")
	write("b-basic.yml", Marshal(basic))
	write("c-variant.yaml", variant(t, "basic").YAML())
	write("d-broken.yaml", bytes.Replace(Marshal(basic), []byte("Cy: 12"), []byte("Cy: 13"), 1))
	write("a-kids.yaml.bak", Marshal(kids))
	write("notes.txt", []byte("hello"))
	os.Mkdir(filepath.Join(dir, "sub.yaml"), 0o755)

	got, err := List(dir)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, s := range got {
		line := filepath.Base(s.Path) + ": "
		if s.Note != "" {
			line += "skipped: " + s.Note
		} else {
			line += fmt.Sprintf("%s %v, %d rounds, leaders %v, finished %v, winners %v", s.Variant, s.Players, s.Rounds, s.Leaders, s.Finished, s.Winners)
		}
		lines = append(lines, line)
	}
	want := []string{
		"a-kids.yaml: kids [Ann Bob], 1 rounds, leaders [Ann], finished true, winners [Ann]",
		"b-basic.yml: basic [Ann Bob Cy], 1 rounds, leaders [Cy], finished false, winners []",
		"c-variant.yaml: skipped: not a match file",
		"d-broken.yaml: skipped: " + filepath.Join(dir, "d-broken.yaml") + ":",
	}
	if len(lines) != len(want) {
		t.Fatalf("got\n%s", strings.Join(lines, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("got  %s\nwant %s...", lines[i], want[i])
		}
	}
	if !strings.Contains(lines[3], "round 1: Cy's stored score 13 disagrees with the recomputed 12") {
		t.Errorf("the broken file's note: %s", lines[3])
	}
	if _, err := List(filepath.Join(dir, "none")); err == nil {
		t.Error("List of no folder: no error")
	}
}

// A save after Update's load judges again only the rounds not as they were
// loaded: a round of a long match changed in place, in its scores, its
// cards or the rules it is judged by, is still refused.
func TestUpdateJudgesChangedRounds(t *testing.T) {
	path := endless(t)
	s, _, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	for len(s.Rounds) < verifyInMemory+10 {
		if err := addRound(s); err != nil {
			t.Fatal(err)
		}
	}
	os.Remove(path)
	if _, err := Create(path, s); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		change func(s *Sheet)
	}{
		{"a stored score", func(s *Sheet) { s.Rounds[10].Scores["Bob"]++ }},
		{"a card in a hand", func(s *Sheet) { s.Rounds[20].Round.Hands[0].Cards[0] = s.Rounds[20].Round.Hands[0].Cards[1] }},
		{"a meld", func(s *Sheet) { s.Rounds[31].Round.Melds[0].Meld.Cards[3] = s.Rounds[31].Round.Melds[0].Meld.Cards[0] }},
		{"the rules", func(s *Sheet) { s.Variant.Melds.MinSize = 5 }},
	} {
		before, _ := os.ReadFile(path)
		err := Update(path, time.Second, func(s *Sheet) error {
			c.change(s)
			return addRound(s)
		})
		if err == nil || !strings.Contains(err.Error(), "would not load back") {
			t.Errorf("%s changed in place: got %v", c.name, err)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
			t.Errorf("%s changed in place: the file changed", c.name)
		}
	}
	if err := Update(path, time.Second, addRound); err != nil {
		t.Errorf("a round added: %v", err)
	}
	if s, _, err := Load(path); err != nil || len(s.Rounds) != verifyInMemory+11 {
		t.Errorf("after a round added: %v", err)
	}
}
