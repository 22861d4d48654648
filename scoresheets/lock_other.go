//go:build (!unix && !windows) || aix || solaris

package scoresheets

import (
	"errors"
	"io/fs"
	"os"
)

// tryLock creates the file name exclusively and removes it on unlock: the
// fallback where package syscall offers no flock (AIX, Solaris, Plan 9,
// WebAssembly). There a writer killed while holding the lock leaves the
// file behind, and until someone removes it by hand every writer gives up.
func tryLock(name string) (unlock func(), held bool, err error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	f.Close()
	return func() { os.Remove(name) }, true, nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	d.Sync() // best effort: not every system syncs folders
	return nil
}
