package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeBlock is one fenced code block of the README.
type readmeBlock struct {
	lang string
	line int // of its first line of code
	code []string
}

func readmeBlocks(t *testing.T, text string) []readmeBlock {
	t.Helper()
	var blocks []readmeBlock
	var cur *readmeBlock
	for i, l := range strings.Split(text, "\n") {
		switch {
		case cur == nil && strings.HasPrefix(l, "```") && len(l) > 3:
			cur = &readmeBlock{lang: strings.TrimSpace(l[3:]), line: i + 2}
		case cur != nil && strings.TrimSpace(l) == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.code = append(cur.code, l)
		}
	}
	if cur != nil {
		t.Fatalf("README: the code block at line %d is never closed", cur.line-1)
	}
	return blocks
}

// readmeSkip are the README's commands that this test itself stands for or
// that wait for a person: the Go toolchain's (the test builds rummy as go
// install does, and .ci/run runs this very test) and rummy play with no
// input given (the pseudo-terminal test drives it).
var readmeSkip = regexp.MustCompile(`^(go |CGO_ENABLED=|\.ci/|rummy play( [^<]*)?(#.*)?$)`)

// TestREADME runs every command of the README's sh blocks as written, in
// order, from a copy of the repository with rummy built onto PATH and an
// empty home: a command the README shows must keep working. A yaml block
// whose first line is "# NAME.yaml" is written to NAME.yaml first, as a
// reader would save it. A command may exit 1 (the rules say no) only where
// its comment says the verdict is "invalid"; nothing may exit 2.
func TestREADME(t *testing.T) {
	bin := buildRummy(t)
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	work := copyRepo(t, repo)
	home := t.TempDir()
	binDir := filepath.Dir(bin)
	env := []string{
		"PATH=" + binDir + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_DATA_HOME=" + filepath.Join(home, ".local", "share"), "LANG=C.UTF-8",
	}
	text, err := os.ReadFile(filepath.Join(repo, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, b := range readmeBlocks(t, string(text)) {
		if b.lang == "yaml" && len(b.code) > 0 {
			if name, ok := strings.CutPrefix(b.code[0], "# "); ok && strings.HasSuffix(name, ".yaml") && !strings.Contains(name, " ") {
				if err := os.WriteFile(filepath.Join(work, name), []byte(strings.Join(b.code, "\n")+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			continue
		}
		if b.lang != "sh" {
			continue
		}
		for i := 0; i < len(b.code); i++ {
			line, at := strings.TrimSpace(b.code[i]), b.line+i
			for strings.HasSuffix(line, `\`) && i+1 < len(b.code) {
				i++
				line = strings.TrimSuffix(line, `\`) + " " + strings.TrimSpace(b.code[i])
			}
			if line == "" || strings.HasPrefix(line, "#") || readmeSkip.MatchString(line) {
				continue
			}
			cmd := exec.Command("sh", "-c", line)
			cmd.Dir, cmd.Env = work, env
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			err := cmd.Run()
			code := cmd.ProcessState.ExitCode()
			_, comment, _ := strings.Cut(line, "#")
			switch {
			case err != nil && code < 0:
				t.Errorf("README.md:%d: %s: %v", at, line, err)
			case code == 1 && strings.Contains(comment, "invalid"):
			case code != 0:
				t.Errorf("README.md:%d: %s\nexit %d:\n%s", at, line, code, out.String())
			}
			ran++
		}
	}
	t.Logf("%d README commands ran", ran)
	if ran < 30 {
		t.Errorf("only %d README commands ran", ran)
	}
}

// copyRepo copies the repository's files, as git knows them (committed or
// not, but not ignored), into a new folder: what a fresh clone would have.
func copyRepo(t *testing.T, repo string) string {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git to list the repository's files")
	}
	cmd := exec.Command(git, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = repo
	list, err := cmd.Output()
	if err != nil {
		t.Skipf("git ls-files: %v (not a git checkout)", err)
	}
	dst := t.TempDir()
	for _, name := range strings.Split(strings.TrimRight(string(list), "\x00"), "\x00") {
		src := filepath.Join(repo, name)
		fi, err := os.Lstat(src)
		if err != nil || !fi.Mode().IsRegular() {
			continue // deleted but not yet committed, or not a file
		}
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		to := filepath.Join(dst, name)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, fi.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}
