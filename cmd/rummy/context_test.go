package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// The context run is given reaches the long work of a command: a batch of
// hands stops between hands, and play asks nothing more, once it is done
// (Ctrl-C, for hand).
func TestCancelledContextStopsLongWork(t *testing.T) {
	cleanUser(t)
	e, _ := users.Load(t)
	env := e.(map[string]string)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	runDone := func(stdin string, args ...string) (string, string, int) {
		var out, errb bytes.Buffer
		code := runEnv(ctx, args, func(k string) string { return env[k] }, strings.NewReader(stdin), &out, &errb)
		return out.String(), errb.String(), code
	}

	_, stderr, code := runDone("7H 8H 9H\n2C 3C 4C\n", "hand", "-")
	if code != 2 || !strings.Contains(stderr, "interrupted: 1 of 2 hands not searched") {
		t.Errorf("hand - with a done context: exit %d, stderr %q; want 2 and the hands not searched", code, stderr)
	}

	_, stderr, code = runDone("basic\nAnn,Bob\n", "play")
	if code != 2 || !strings.Contains(stderr, ": interrupted") {
		t.Errorf("play with a done context: exit %d, stderr %q; want 2, no answer: interrupted", code, stderr)
	}
}
