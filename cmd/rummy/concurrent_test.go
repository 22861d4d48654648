package main

import (
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/rummy-referee/rummy/scoresheets"
)

// Twenty `rummy match round` processes started at once on one match all
// land: each waits on the lock, then applies its round to the fresh file.
func TestConcurrentRounds(t *testing.T) {
	bin := buildRummy(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "m.yaml")
	env := []string{"HOME=" + dir, "XDG_CONFIG_HOME=" + dir, "XDG_DATA_HOME=" + dir}
	newCmd := exec.Command(bin, "match", "new", "--file", file, "--players", "Ann,Bob", "--target", "0")
	newCmd.Env = env
	if out, err := newCmd.CombinedOutput(); err != nil {
		t.Fatalf("match new: %v\n%s", err, out)
	}
	const n = 20
	var wg sync.WaitGroup
	errs := make([]error, n)
	outs := make([][]byte, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Round i: Bob holds a card worth i%10+1 (an ace to a 10).
			card := []string{"AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H"}[i%10]
			c := exec.Command(bin, "match", "round", "--file", file, "--out", "Ann", "--hand", "Bob="+card)
			c.Env = env
			outs[i], errs[i] = c.CombinedOutput()
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("process %d: %v\n%s", i, err, outs[i])
		}
	}
	s, _, err := scoresheets.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(s.Rounds); got != n {
		t.Fatalf("%d rounds recorded, want %d", got, n)
	}
	// 1+2+...+10, twice.
	if got, want := s.Standing().Totals["Ann"], 2*55; got != want {
		t.Errorf("Ann's total = %d, want %d", got, want)
	}
	for i, e := range s.Rounds {
		if e.Number != i+1 {
			t.Errorf("round %d numbered %d", i+1, e.Number)
		}
	}
}
