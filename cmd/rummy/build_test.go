package main

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// buildRummy builds the rummy command into a temporary folder, for tests
// that need real processes (several at once, or on a pseudo-terminal).
func buildRummy(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds rummy and runs it as separate processes")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build rummy with")
	}
	bin := filepath.Join(t.TempDir(), "rummy")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}
