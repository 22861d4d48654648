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
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/rummy-referee/rummy/scoresheets"
)

// screen collects what rummy draws on the terminal.
type screen struct {
	mu   sync.Mutex
	raw  bytes.Buffer
	seen int // how far expect has read
}

func (s *screen) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.raw.Write(b)
}

func (s *screen) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.raw.String()
}

var escapes = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]`)

// expect waits until want appears on the screen after what was expected
// before, escape codes left out.
func (s *screen) expect(t *testing.T, want string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		s.mu.Lock()
		rest := escapes.ReplaceAllString(s.raw.String()[s.seen:], "")
		i := strings.Index(rest, want)
		if i >= 0 {
			// Move past the match, in raw bytes: find it again there.
			raw := s.raw.String()[s.seen:]
			if j := strings.Index(raw, want); j >= 0 {
				s.seen += j + len(want)
			}
		}
		s.mu.Unlock()
		if i >= 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the screen never showed %q; it shows:\n%s", want, escapes.ReplaceAllString(s.text(), ""))
}

func TestPlayTerminal(t *testing.T) {
	bin := buildRummy(t)
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	_ = pty.Setsize(ptmx, &pty.Winsize{Rows: 40, Cols: 120})

	dir := t.TempDir()

	var stdout bytes.Buffer
	cmd := exec.Command(bin, "play", "--variant", "basic", "--players", "Ann,Bob")
	cmd.Dir = dir
	cmd.Env = []string{
		"HOME=" + dir, "XDG_CONFIG_HOME=" + dir + "/config", "XDG_DATA_HOME=" + dir + "/data",
		"PATH=" + os.Getenv("PATH"), "TERM=xterm", "LANG=C.UTF-8", "NO_COLOR=1",
	}
	// Prompts on the terminal; stdout a pipe, to show it gets only data.
	cmd.Stdin, cmd.Stderr, cmd.Stdout = tty, tty, &stdout
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	scr := &screen{}
	copied := make(chan struct{})
	go func() {
		defer close(copied)
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			scr.Write(buf[:n])
			if err != nil {
				return
			}
		}
	}()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
		}
	})

	keys := func(ks ...string) {
		for _, k := range ks {
			time.Sleep(50 * time.Millisecond) // one key at a time, as typed
			if _, err := ptmx.WriteString(k); err != nil {
				t.Fatal(err)
			}
		}
	}
	const enter, down, up = "\r", "\x1b[B", "\x1b[A"

	scr.expect(t, "Target (0 for none)")
	keys(enter) // the default, basic's 100 for two
	scr.expect(t, "Start a basic match for Ann, Bob, target 100?")
	keys(enter) // yes
	scr.expect(t, "who went out?")
	keys(down, down, up, up, enter) // arrow keys ring no bell; back on Ann
	scr.expect(t, "Did Ann go rummy")
	keys(enter) // no
	scr.expect(t, "Ann: meld 1")
	keys("QS KS AS", enter)
	scr.expect(t, "QS KS AS is not a run in basic: aces are low")
	scr.expect(t, "Ann: meld 1")
	keys("7H 8H 9H", enter)
	scr.expect(t, "meld 1: 7♥ 8♥ 9♥, a run")
	scr.expect(t, "Ann: meld 2")
	keys(enter)
	scr.expect(t, "Bob: meld 2")
	keys(enter)
	scr.expect(t, "Ann: lay-off")
	keys("10H@1", enter)
	scr.expect(t, "now 7♥ 8♥ 9♥ 10♥")
	scr.expect(t, "Ann: lay-off")
	keys(enter)
	scr.expect(t, "Bob: lay-off")
	keys(enter)
	scr.expect(t, "Bob: cards left in hand")
	keys("KH 3D", enter)
	scr.expect(t, "scores: Ann +13, Bob +0")
	scr.expect(t, "Save round 1?")
	keys(enter)
	scr.expect(t, "Round 2 is next, Bob deals")
	keys(down, down, down, enter) // quit
	scr.expect(t, "goes on with it")

	select {
	case err := <-done:
		if err != nil {
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				t.Fatalf("rummy play exited %d; the screen shows:\n%s", ee.ExitCode(), escapes.ReplaceAllString(scr.text(), ""))
			}
			t.Fatal(err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("rummy play did not exit after quit")
	}
	ptmx.Close()
	<-copied

	raw := scr.text()
	if testing.Verbose() {
		t.Logf("the screen, escape codes left out:\n%s", escapes.ReplaceAllString(raw, ""))
	}
	if strings.Contains(raw, "\a") {
		t.Errorf("the terminal got a bell (\\a): promptui's bell should be filtered out")
	}
	if m := regexp.MustCompile(`\x1b\[[0-9;]*m`).FindString(raw); m != "" {
		t.Errorf("the terminal got a colour code %q under NO_COLOR", m)
	}
	got := stdout.String()
	if strings.Contains(got, "\x1b") {
		t.Errorf("stdout has escape codes: %q", got)
	}
	if want := "round 1 (Ann dealt, Ann out): Ann +13, Bob 0\n"; !strings.Contains(got, want) {
		t.Errorf("stdout:\n%s\nwant a line %q", got, want)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "data", "rummy", "matches", "*.yaml"))
	if len(files) != 1 {
		t.Fatalf("match files: %v, want one", files)
	}
	sh, _, err := scoresheets.Load(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(sh.Rounds) != 1 || sh.Rounds[0].Scores["Ann"] != 13 || len(sh.Rounds[0].Round.Layoffs) != 1 {
		t.Errorf("the match file has rounds %+v, want one: Ann out with 13, one lay-off", sh.Rounds)
	}
}
