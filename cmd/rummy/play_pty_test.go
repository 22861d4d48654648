//go:build !race && !windows

// promptui's cursor code has data races of its own (promptui v0.9.0 is
// unmaintained), and only a real terminal drives it: this test builds
// rummy and plays a round under a pseudo-terminal, outside the -race run.
//
//	go test -run TestPlayTerminal ./cmd/rummy

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
)

// ptyPatience is how long the whole terminal test may wait for rummy: long
// enough for a machine under load (a fixed 15 seconds a step once failed
// there), and no slower on a quiet one, where every wait ends as soon as
// the screen shows what it waits for.
const ptyPatience = 2 * time.Minute

// ptyDeadline is when the test stops waiting for rummy: ptyPatience from
// now, or sooner, a little before go test's own -timeout would end the
// test without saying what the screen showed.
func ptyDeadline(t *testing.T) time.Time {
	d := time.Now().Add(ptyPatience)
	if end, ok := t.Deadline(); ok && end.Add(-5*time.Second).Before(d) {
		d = end.Add(-5 * time.Second)
	}
	return d
}

// screen collects what rummy draws on the terminal.
type screen struct {
	mu   sync.Mutex
	raw  bytes.Buffer
	seen int           // how far expect has read
	grew chan struct{} // closed at the next write, for expect to wake on
}

func (s *screen) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.grew != nil {
		close(s.grew)
		s.grew = nil
	}
	return s.raw.Write(b)
}

func (s *screen) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.raw.String()
}

var escapes = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]`)

// expect waits until want appears on the screen after what was expected
// before, escape codes left out, or until deadline. It looks again each
// time rummy writes, never on a clock.
func (s *screen) expect(t *testing.T, want string, deadline time.Time) {
	t.Helper()
	timeout := time.NewTimer(time.Until(deadline))
	defer timeout.Stop()
	for {
		s.mu.Lock()
		rest := escapes.ReplaceAllString(s.raw.String()[s.seen:], "")
		i := strings.Index(rest, want)
		if i >= 0 {
			// Move past the match, in raw bytes: find it again there.
			raw := s.raw.String()[s.seen:]
			if j := strings.Index(raw, want); j >= 0 {
				s.seen += j + len(want)
			}
			s.mu.Unlock()
			return
		}
		if s.grew == nil {
			s.grew = make(chan struct{})
		}
		grew := s.grew
		s.mu.Unlock()
		select {
		case <-grew:
		case <-timeout.C:
			t.Fatalf("the screen did not show %q by the test's deadline (%s in all); it shows:\n%s",
				want, ptyPatience, escapes.ReplaceAllString(s.text(), ""))
		}
	}
}

// terminal is one run of rummy under a pseudo-terminal: stdin and stderr
// the terminal, stdout a pipe, to show it gets only data.
type terminal struct {
	t        *testing.T
	deadline time.Time // when every wait of the test gives up
	ptmx     *os.File
	scr      *screen
	stdout   bytes.Buffer
	done     chan error
	copied   chan struct{}
}

func startTerminal(t *testing.T, deadline time.Time, bin, dir string, args ...string) *terminal {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	_ = pty.Setsize(ptmx, &pty.Winsize{Rows: 40, Cols: 120})
	term := &terminal{t: t, deadline: deadline, ptmx: ptmx, scr: &screen{}, done: make(chan error, 1), copied: make(chan struct{})}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = []string{
		"HOME=" + dir, "XDG_CONFIG_HOME=" + dir + "/config", "XDG_DATA_HOME=" + dir + "/data",
		"PATH=" + os.Getenv("PATH"), "TERM=xterm", "LANG=C.UTF-8", "NO_COLOR=1",
	}
	cmd.Stdin, cmd.Stderr, cmd.Stdout = tty, tty, &term.stdout
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	go func() {
		defer close(term.copied)
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			term.scr.Write(buf[:n])
			if err != nil {
				return
			}
		}
	}()
	go func() { term.done <- cmd.Wait() }()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
		}
		ptmx.Close()
	})
	return term
}

// keys types ks, one key at a time, as a person does.
func (term *terminal) keys(ks ...string) {
	for _, k := range ks {
		time.Sleep(50 * time.Millisecond)
		if _, err := term.ptmx.WriteString(k); err != nil {
			term.t.Fatal(err)
		}
	}
}

func (term *terminal) expect(want string) {
	term.t.Helper()
	term.scr.expect(term.t, want, term.deadline)
}

// wait waits for rummy to exit 0, and returns what the terminal showed.
func (term *terminal) wait() string {
	t := term.t
	t.Helper()
	select {
	case err := <-term.done:
		if err != nil {
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				t.Fatalf("rummy play exited %d; the screen shows:\n%s", ee.ExitCode(), escapes.ReplaceAllString(term.scr.text(), ""))
			}
			t.Fatal(err)
		}
	case <-time.After(time.Until(term.deadline)):
		t.Fatalf("rummy play did not exit after quit by the test's deadline; the screen shows:\n%s", escapes.ReplaceAllString(term.scr.text(), ""))
	}
	term.ptmx.Close()
	<-term.copied
	raw := term.scr.text()
	if testing.Verbose() {
		t.Logf("the screen, escape codes left out:\n%s", escapes.ReplaceAllString(raw, ""))
	}
	if strings.Contains(raw, "\a") {
		t.Errorf("the terminal got a bell (\\a): promptui's bell should be filtered out")
	}
	if m := regexp.MustCompile(`\x1b\[[0-9;]*m`).FindString(raw); m != "" {
		t.Errorf("the terminal got a colour code %q under NO_COLOR", m)
	}
	if strings.Contains(term.stdout.String(), "\x1b") {
		t.Errorf("stdout has escape codes: %q", term.stdout.String())
	}
	return raw
}

const enter, down, up, backspace = "\r", "\x1b[B", "\x1b[A", "\x7f"

// TestPlayTerminal plays at a terminal: a new match with the first dealer
// chosen, two minimal winner-takes-all rounds of N+2 answers each for N
// players (who went out, the rummy question, the other's hand, save), a
// refused answer corrected in place, one answer changed from the summary,
// a quit, and a resume that shows the standings first.
func TestPlayTerminal(t *testing.T) {
	bin := buildRummy(t)
	dir := t.TempDir()
	deadline := ptyDeadline(t) // for every wait below, the build aside

	term := startTerminal(t, deadline, bin, dir, "play", "--variant", "basic", "--players", "Ann,Bob")
	term.expect("Who deals first?")
	term.keys("2", enter) // a menu takes the item's number: Bob
	term.expect("Target (0 for none)")
	term.keys(enter) // the default, basic's 100 for two
	term.expect("Start a basic match for Ann, Bob, target 100, Bob deals first?")
	term.keys(enter) // yes

	// Round 1, four answers.
	term.expect("Round 1, dealt by Bob: who went out?")
	term.keys(down, down, up, up, enter) // arrow keys ring no bell; back on Ann
	term.expect("Did Ann go rummy")
	term.keys(enter) // no
	term.expect("Bob: cards left in hand")
	term.keys("KH 3D", enter)
	term.expect("scores: Ann +13, Bob +0")
	term.expect("Save round 1?")
	term.keys(enter)

	term.expect("Round 2 is next, Ann deals")
	term.keys(enter) // next round
	// Round 2, four answers, one of them corrected where it was typed.
	term.expect("Round 2, dealt by Ann: who went out?")
	term.keys("2", enter) // Bob
	term.expect("Did Bob go rummy")
	term.keys(enter)
	term.expect("Ann: cards left in hand")
	term.keys("5X", enter)
	term.expect(`"5X": not a card`)
	term.expect("5X") // asked again with the typed text in the field
	term.keys(backspace, "C", enter)
	term.expect("scores: Ann +0, Bob +5")
	term.expect("Save round 2?")
	// Ann held 9C, not 5C: change that answer only.
	term.keys("2", enter) // edit one answer
	term.expect("Which answer?")
	term.expect("Ann's hand: 5C")
	term.keys("3", enter)
	term.expect("Ann: cards left in hand")
	term.keys("9C", enter)
	term.expect("scores: Ann +0, Bob +9")
	term.expect("Save round 2?")
	term.keys(enter)
	term.expect("Round 3 is next, Bob deals")
	term.keys("5", enter) // quit
	term.expect("goes on with it")
	term.wait()
	containsAll(t, "stdout", term.stdout.String(),
		"round 1 (Bob dealt, Ann out): Ann +13, Bob 0\n",
		"round 2 (Ann dealt, Bob out): Ann 0, Bob +9\n")
	_, sh := onlyMatch(t, dir)
	if len(sh.Rounds) != 2 || sh.FirstDealer != "Bob" || sh.Rounds[1].Scores["Bob"] != 9 {
		t.Errorf("the match file has first dealer %s, rounds %+v; want Bob, then Bob +9 in round 2", sh.FirstDealer, sh.Rounds)
	}

	// Going on later: the standings and the dealer first.
	term = startTerminal(t, deadline, bin, dir, "play")
	term.expect("Which match?")
	term.keys(enter)
	term.expect("basic match after round 2: Ann 13, Bob 9; Ann leads, and Bob deals round 3")
	term.expect("Round 3 is next, Bob deals")
	term.keys("5", enter)
	term.expect("goes on with it")
	term.wait()
}
