package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// rummy man DIR writes one page for every command a user can run, each
// with its own help, exit statuses included.
func TestManPages(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "man")
	var out, errb bytes.Buffer
	env := map[string]string{"HOME": t.TempDir()}
	if code := runEnv(context.Background(), []string{"man", dir}, func(k string) string { return env[k] }, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("rummy man: exit %d\n%s", code, errb.String())
	}
	var want []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if !c.IsAvailableCommand() && c.HasParent() {
			return
		}
		want = append(want, strings.ReplaceAll(c.CommandPath(), " ", "-")+".1")
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd(&app{streams: &streams{getenv: func(string) string { return "" }}}))
	if len(want) < 20 {
		t.Fatalf("only %d commands found", len(want))
	}
	for _, name := range want {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("no page %s: %v", name, err)
			continue
		}
		if !bytes.Contains(b, []byte(".SH NAME")) {
			t.Errorf("%s is not a man page:\n%.200s", name, b)
		}
	}
	page, _ := os.ReadFile(filepath.Join(dir, "rummy-match-round.1"))
	if !bytes.Contains(page, []byte("Exit status: 0 when the round is recorded")) {
		t.Errorf("rummy-match-round.1 lacks its exit statuses:\n%s", page)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != len(want) {
		t.Errorf("%d files written, want %d (one a command)", len(entries), len(want))
	}
}
