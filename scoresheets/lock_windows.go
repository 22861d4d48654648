//go:build windows

package scoresheets

import (
	"errors"
	"syscall"
)

// errSharingViolation is ERROR_SHARING_VIOLATION, which package syscall
// does not name.
const errSharingViolation syscall.Errno = 32

// tryLock tries once to open the file name with no sharing at all, which
// Windows refuses while another handle is open, and closes for us when
// the holder dies: a lock without golang.org/x/sys.
func tryLock(name string) (unlock func(), held bool, err error) {
	p, err := syscall.UTF16PtrFromString(name)
	if err != nil {
		return nil, false, err
	}
	h, err := syscall.CreateFile(p, syscall.GENERIC_READ|syscall.GENERIC_WRITE, 0, nil,
		syscall.OPEN_ALWAYS, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		if errors.Is(err, errSharingViolation) || errors.Is(err, syscall.ERROR_ACCESS_DENIED) {
			return nil, false, nil
		}
		return nil, false, err
	}
	return func() { syscall.CloseHandle(h) }, true, nil
}

// syncDir does nothing: Windows cannot sync a folder, and its renames are
// journaled by NTFS.
func syncDir(string) error { return nil }
