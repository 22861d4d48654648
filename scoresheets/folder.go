package scoresheets

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Folder is a data folder of matches: their files under matches/, and the
// file current naming the current match, the one commands use when they
// are given no file.
type Folder struct{ Dir string }

// ErrNoCurrent is returned by Current when no match is current.
var ErrNoCurrent = errors.New("no current match")

// Matches is the folder that holds the match files.
func (f Folder) Matches() string { return filepath.Join(f.Dir, "matches") }

func (f Folder) currentFile() string { return filepath.Join(f.Dir, "current") }

// Current returns the path of the current match, or an error matching
// ErrNoCurrent.
func (f Folder) Current() (string, error) {
	b, err := os.ReadFile(f.currentFile())
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%w in %s", ErrNoCurrent, f.Dir)
	}
	if err != nil {
		return "", err
	}
	p := strings.TrimSpace(string(b))
	if p == "" {
		return "", fmt.Errorf("%w in %s", ErrNoCurrent, f.Dir)
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(f.Dir, p)
	}
	return p, nil
}

// SetCurrent makes the match at path the current one. The pointer is
// written as a match is saved: a synced temporary file renamed over it,
// under its lock.
func (f Folder) SetCurrent(path string) error {
	if err := os.MkdirAll(f.Dir, 0o755); err != nil {
		return err
	}
	rel, err := filepath.Rel(f.Dir, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		rel, _ = filepath.Abs(path)
	}
	name := f.currentFile()
	unlock, err := lock(name, DefaultTimeout)
	if err != nil {
		return err
	}
	defer unlock()
	tmp, err := writeTemp(f.Dir, "current", 0o644, []byte(rel+"\n"))
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, name); err != nil {
		os.Remove(tmp)
		return err
	}
	return syncDir(f.Dir)
}

// Create saves s as a new match of the folder, named after its start and
// its players, and makes it the current match; when it cannot be made
// current, it is removed again. Two matches started in the
// same second with the same players get names of their own (-2, -3, ...):
// the file is created only where none exists.
func (f Folder) Create(s *Sheet) (string, error) {
	dir := f.Matches()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	stem := fileStem(s)
	for i := 1; ; i++ {
		name := stem
		if i > 1 {
			name += "-" + strconv.Itoa(i)
		}
		path := filepath.Join(dir, name+".yaml")
		_, err := Create(path, s)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		if err := f.SetCurrent(path); err != nil {
			os.Remove(path) // a match that is not current is not started
			return "", fmt.Errorf("could not make %s the current match: %w; nothing was recorded", path, err)
		}
		return path, nil
	}
}

// fileStem names a match after its start and players:
// 2026-03-14-193000-ann-bob.
func fileStem(s *Sheet) string {
	var b strings.Builder
	b.WriteString(s.Created.Local().Format("2006-01-02-150405"))
	for _, p := range s.Players {
		b.WriteByte('-')
		for _, r := range strings.ToLower(p) {
			if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// List summarises the folder's matches as List does; a folder with no
// matches yet lists none.
func (f Folder) List() ([]Summary, error) {
	list, err := List(f.Matches())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return list, err
}
