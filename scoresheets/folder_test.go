package scoresheets

import (
	"errors"
	"path/filepath"
	"testing"
)

// Two matches started in the same second by the same players are two
// files, and the last one started is current.
func TestFolderCreateUnique(t *testing.T) {
	f := Folder{Dir: t.TempDir()}
	if _, err := f.Current(); !errors.Is(err, ErrNoCurrent) {
		t.Fatalf("Current of an empty folder: %v, want ErrNoCurrent", err)
	}
	s := newSheet(t, variant(t, "basic"), []string{"Ann", "Bob"}, Options{})
	var paths []string
	for range 3 {
		p, err := f.Create(s)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	if paths[0] == paths[1] || paths[1] == paths[2] || paths[0] == paths[2] {
		t.Fatalf("names collide: %v", paths)
	}
	if got, want := filepath.Base(paths[1]), fileStem(s)+"-2.yaml"; got != want {
		t.Errorf("second name %s, want %s", got, want)
	}
	cur, err := f.Current()
	if err != nil || cur != paths[2] {
		t.Errorf("Current = %q, %v; want %q", cur, err, paths[2])
	}
	list, err := f.List()
	if err != nil || len(list) != 3 {
		t.Errorf("List: %d matches, %v; want 3", len(list), err)
	}
	if err := f.SetCurrent(paths[0]); err != nil {
		t.Fatal(err)
	}
	if cur, _ := f.Current(); cur != paths[0] {
		t.Errorf("after SetCurrent, Current = %q, want %q", cur, paths[0])
	}
}

func TestFolderListEmpty(t *testing.T) {
	list, err := Folder{Dir: filepath.Join(t.TempDir(), "none")}.List()
	if err != nil || len(list) != 0 {
		t.Errorf("List of a folder never used: %v, %v", list, err)
	}
}
