//go:build unix && !aix && !solaris

package scoresheets

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// tryLock tries once to take an exclusive flock on the file name, creating
// it if need be. The kernel drops the lock when its holder dies.
func tryLock(name string) (unlock func(), held bool, err error) {
	// O_NOFOLLOW: a lock file that is a symbolic link (dangling, or to
	// anywhere) is refused, so rummy never creates a file outside the
	// match's folder.
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o644)
	if errors.Is(err, syscall.ELOOP) {
		return nil, false, fmt.Errorf("%s is a symbolic link, which rummy does not follow: remove it", name)
	}
	if err != nil {
		return nil, false, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	switch {
	case err == nil:
		return func() { f.Close() }, true, nil // closing the file releases the lock
	case errors.Is(err, syscall.EWOULDBLOCK):
		f.Close()
		return nil, false, nil
	}
	f.Close()
	return nil, false, err
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return err // EINVAL: the file system cannot sync folders, nothing to do
	}
	return nil
}
