package scoresheets

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

func dirNames(t *testing.T, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return strings.Join(out, " ")
}

// A hand edit made as the temporary file appears is kept, and the save
// that would overwrite it is refused: the stamp is checked again just
// before the rename.
func TestEditWhileSaving(t *testing.T) {
	for _, stage := range []string{"temp created", "temp written"} {
		t.Run(stage, func(t *testing.T) {
			path := endless(t)
			edited := ""
			saveHook = func(s string) {
				if s != stage || edited != "" {
					return
				}
				data, _ := os.ReadFile(path)
				edited = string(data) + "# edited by hand during the save\n"
				if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
					t.Error(err)
				}
			}
			defer func() { saveHook = nil }()
			err := Update(path, time.Second, addRound)
			if !errors.Is(err, ErrChanged) {
				t.Fatalf("got %v, want ErrChanged", err)
			}
			if data, _ := os.ReadFile(path); string(data) != edited {
				t.Errorf("the hand edit was not kept:\n%s", data)
			}
			if got := dirNames(t, filepath.Dir(path)); got != "match.yaml match.yaml.lock" {
				t.Errorf("the folder holds %s", got)
			}
		})
	}
}

// A writer killed between keeping the backup and the rename, or just
// after the rename, leaves PATH.bak a previous version and a file of its
// own, never PATH itself; the next save leaves no temporary file.
func TestKillDuringSave(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("needs SIGKILL")
	}
	for _, stage := range []string{"temp written", "backup linked", "renamed"} {
		t.Run(stage, func(t *testing.T) {
			path := endless(t)
			for range 2 { // a PATH.bak to keep, then one more version
				if err := Update(path, time.Second, addRound); err != nil {
					t.Fatal(err)
				}
			}
			cmd := runChild(t, "kill at "+stage, path)
			err := cmd.Run()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != -1 {
				t.Fatalf("the child was not killed: %v", err)
			}
			s, _, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			want := 2
			if stage == "renamed" {
				want = 3
			}
			if len(s.Rounds) != want {
				t.Errorf("%d rounds, want %d", len(s.Rounds), want)
			}
			checkBackup(t, path, len(s.Rounds))
			if err := Update(path, time.Second, addRound); err != nil {
				t.Fatal(err)
			}
			checkBackup(t, path, len(s.Rounds)+1)
			if got := dirNames(t, filepath.Dir(path)); got != "match.yaml match.yaml.bak match.yaml.lock" {
				t.Errorf("after the next save the folder holds %s", got)
			}
		})
	}
}

// checkBackup checks that PATH.bak is a file of its own holding a version
// before the file's, which has rounds rounds.
func checkBackup(t *testing.T, path string, rounds int) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	bi, err := os.Stat(path + ".bak")
	if err != nil {
		t.Fatal(err)
	}
	if os.SameFile(fi, bi) {
		t.Fatal("PATH.bak is PATH (a hard link of it)")
	}
	bak, _, err := Load(path + ".bak")
	if err != nil {
		t.Fatal(err)
	}
	if len(bak.Rounds) >= rounds {
		t.Errorf("PATH.bak has %d rounds, and the file %d: not a previous version", len(bak.Rounds), rounds)
	}
}

// A Create that fails leaves nothing: no match file, no lock, no
// temporary file.
func TestCreateFailsLeavesNothing(t *testing.T) {
	s := newSheet(t, variant(t, "basic"), abc, Options{})
	dir := t.TempDir()
	path := filepath.Join(dir, "match.yaml")
	if err := os.WriteFile(path, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(path, s); !errors.Is(err, fs.ErrExist) {
		t.Errorf("over an existing file: %v", err)
	}
	if got := dirNames(t, dir); got != "match.yaml" {
		t.Errorf("the folder holds %s", got)
	}
	if _, err := Create(filepath.Join(dir, "no", "such", "m.yaml"), s); err == nil || !strings.Contains(err.Error(), "nothing was recorded") {
		t.Errorf("in a missing folder: %v", err)
	}
	if got := dirNames(t, dir); got != "match.yaml" {
		t.Errorf("the folder holds %s", got)
	}
}

// On a full disk, Create fails, says nothing was recorded without naming
// the temporary file, and leaves nothing behind.
func TestCreateFullDisk(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("mounts a tmpfs: Linux only")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small tmpfs to fill (needs root): %v %s", err, out)
	}
	defer exec.Command("umount", dir).Run()
	// Fill it.
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := f.Write(make([]byte, 4096)); err != nil {
			break
		}
	}
	f.Close()
	s := newSheet(t, variant(t, "basic"), abc, Options{})
	path := filepath.Join(dir, "match.yaml")
	_, err = Create(path, s)
	if err == nil {
		t.Fatal("Create on a full disk succeeded")
	}
	msg := err.Error()
	if !strings.Contains(msg, "no space left on device") || !strings.Contains(msg, "nothing was recorded") || strings.Contains(msg, ".tmp-") {
		t.Errorf("the message: %s", msg)
	}
	if got := dirNames(t, dir); got != "filler" {
		t.Errorf("the folder holds %s", got)
	}
	// A save of an existing match on a full disk fails the same way, and
	// leaves the file as it was.
	os.Remove(filepath.Join(dir, "filler"))
	s = newSheet(t, variant(t, "basic"), ab, Options{Target: target(maxNumber)})
	if _, err := Create(path, s); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	f, _ = os.Create(filepath.Join(dir, "filler"))
	for {
		if _, err := f.Write(make([]byte, 512)); err != nil {
			break
		}
	}
	f.Close()
	err = Update(path, time.Second, addRound)
	if err == nil || !strings.Contains(err.Error(), "nothing was recorded") || strings.Contains(err.Error(), ".tmp-") {
		t.Errorf("a save on a full disk: %v", err)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("the failed save changed the file")
	}
	if got := dirNames(t, dir); !slices.Contains([]string{"filler match.yaml match.yaml.lock", "filler match.yaml match.yaml.bak match.yaml.lock"}, got) {
		t.Errorf("the folder holds %s", got)
	}
}

// Symbolic links never make rummy create a file outside the match's
// folder: a lock file that is one is refused, a backup that is one is
// replaced (its target left alone), and a match file that is one is
// followed, the match's folder being its target's.
func TestSymlinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	outside := t.TempDir()
	t.Run("lock", func(t *testing.T) {
		path := endless(t)
		os.Remove(path + ".lock")
		target := filepath.Join(outside, "made-by-rummy")
		if err := os.Symlink(target, path+".lock"); err != nil {
			t.Fatal(err)
		}
		before, _ := os.ReadFile(path)
		err := Update(path, time.Second, addRound)
		if err == nil || !strings.Contains(err.Error(), "is a symbolic link, which rummy does not follow") || !strings.Contains(err.Error(), "nothing was recorded") {
			t.Errorf("got %v", err)
		}
		if _, err := os.Lstat(target); err == nil {
			t.Error("rummy created the lock link's target")
		}
		if after, _ := os.ReadFile(path); string(after) != string(before) {
			t.Error("the match changed")
		}
	})
	t.Run("backup", func(t *testing.T) {
		path := endless(t)
		target := filepath.Join(outside, "precious")
		if err := os.WriteFile(target, []byte("keep me\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, path+".bak"); err != nil {
			t.Fatal(err)
		}
		if err := Update(path, time.Second, addRound); err != nil {
			t.Fatal(err)
		}
		if data, _ := os.ReadFile(target); string(data) != "keep me\n" {
			t.Error("the backup link's target changed")
		}
		if fi, err := os.Lstat(path + ".bak"); err != nil || !fi.Mode().IsRegular() {
			t.Errorf("PATH.bak is not a file of its own: %v", err)
		}
		checkBackup(t, path, 1)
	})
	t.Run("match", func(t *testing.T) {
		real := endless(t)
		linkDir := t.TempDir()
		link := filepath.Join(linkDir, "match.yaml")
		if err := os.Symlink(real, link); err != nil {
			t.Fatal(err)
		}
		if err := Update(link, time.Second, addRound); err != nil {
			t.Fatal(err)
		}
		if got := dirNames(t, linkDir); got != "match.yaml" {
			t.Errorf("the link's folder holds %s", got)
		}
		if fi, _ := os.Lstat(link); fi.Mode()&fs.ModeSymlink == 0 {
			t.Error("the link was replaced")
		}
		if s, _, err := Load(real); err != nil || len(s.Rounds) != 1 {
			t.Errorf("the target: %v", err)
		}
		if got := dirNames(t, filepath.Dir(real)); got != "match.yaml match.yaml.bak match.yaml.lock" {
			t.Errorf("the target's folder holds %s", got)
		}
		// A dangling link is not a match to create through.
		dangling := filepath.Join(linkDir, "new.yaml")
		os.Symlink(filepath.Join(outside, "nowhere.yaml"), dangling)
		s := newSheet(t, variant(t, "basic"), abc, Options{})
		if _, err := Create(dangling, s); !errors.Is(err, fs.ErrExist) {
			t.Errorf("Create through a dangling link: %v", err)
		}
		if _, err := os.Lstat(filepath.Join(outside, "nowhere.yaml")); err == nil {
			t.Error("Create made a file through a dangling link")
		}
	})
}
