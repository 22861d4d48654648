package scoresheets

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/rummy-referee/rummy/referee"
)

// Stamp identifies the bytes of a match file as they were read: their
// size and SHA-256. Save compares it with the file on disk to notice a
// change made since. The zero Stamp stands for "no file".
type Stamp struct {
	Size int64
	Sum  [sha256.Size]byte
}

func stampOf(data []byte) Stamp { return Stamp{Size: int64(len(data)), Sum: sha256.Sum256(data)} }

// IsZero reports whether s is the stamp of no file.
func (s Stamp) IsZero() bool { return s == Stamp{} }

// String returns the stamp as "sha256:0123456789ab (1234 bytes)".
func (s Stamp) String() string {
	if s.IsZero() {
		return "no file"
	}
	return fmt.Sprintf("sha256:%s (%d bytes)", hex.EncodeToString(s.Sum[:6]), s.Size)
}

// DefaultTimeout is how long Save and Create wait for another rummy
// writing the same file.
const DefaultTimeout = 10 * time.Second

// ErrChanged marks a save refused because the file on disk is not the one
// loaded: someone edited it, by hand or with another rummy, in between.
var ErrChanged = errors.New("the file changed on disk since it was loaded")

// ErrBusy marks a lock not taken in time: another rummy is writing the
// file.
var ErrBusy = errors.New("the match file is locked by another writer")

// Load reads and checks the match file at path (see Unmarshal) and returns
// it with the stamp of the bytes read, for Save.
func Load(path string) (*Sheet, Stamp, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, Stamp{}, err
	}
	stamp := stampAside(data)
	s, err := Unmarshal(path, data)
	if err != nil {
		return nil, Stamp{}, err
	}
	return s, <-stamp, nil
}

// stampAside works out the stamp of data on another goroutine: hashing
// a long match takes a few milliseconds that a processor left free by
// reading or writing it can spend.
func stampAside(data []byte) <-chan Stamp {
	c := make(chan Stamp, 1)
	go func() { c <- stampOf(data) }()
	return c
}

// readFile reads path, refusing files over MaxFileSize before reading them.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// One buffer of the file's size and a byte, to see it end, not the
	// doublings of io.ReadAll (nor of bytes.Buffer, which doubles a
	// buffer that has less than 512 bytes free).
	size := 512
	if fi, err := f.Stat(); err == nil && fi.Size() < MaxFileSize {
		size = int(fi.Size()) + 1
	}
	data := make([]byte, 0, size)
	r := io.LimitReader(f, MaxFileSize+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // a file that grew since Stat
		}
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("%s: the file has more than %d bytes, more than a match file may hold", path, MaxFileSize)
	}
	return data, nil
}

// Create writes s to a new match file at path, as Save does. It fails,
// with an error matching fs.ErrExist, when a file (or a symbolic link) of
// that name exists. It takes no lock and makes no PATH.lock: the new file
// appears whole, under its name, only if no file had that name, so a
// Create that fails leaves nothing behind.
func Create(path string, s *Sheet) (Stamp, error) { return Save(path, s, Stamp{}) }

// Save writes s over the match file at path, which must still hold the
// bytes stamp identifies (the zero Stamp: there must be no file; see
// Create). It takes the lock as Update does, waiting up to DefaultTimeout,
// and returns the new file's stamp.
//
// When the file on disk no longer matches stamp, Save refuses with an
// error matching ErrChanged and writes nothing. Otherwise it writes
// atomically: a temporary file in the same folder with the original's
// permissions (0644 for a new file) is written and synced; the stamp is
// checked again, so an edit made while it was written is kept and the
// save refused; the current version is kept as PATH.bak (a hard link made
// under a temporary name, renamed to PATH.bak only once the new version
// has replaced PATH, so PATH.bak is never the file PATH is); the temporary
// file is renamed over PATH and the folder is synced. A crash at any point
// leaves the old file or the new one, never a torn one. Save also refuses
// a sheet that would not load back (one changed by hand into an
// inconsistent state). Every error says that nothing was recorded.
//
// A PATH that is a symbolic link is followed: the file it names is the
// match, and its folder gets the temporary file, the lock and PATH.bak. A
// PATH.lock that is a symbolic link is refused, never followed; a PATH.bak
// that is one is replaced by the backup, and what it pointed to is left
// alone.
func Save(path string, s *Sheet, stamp Stamp) (Stamp, error) {
	path = resolve(path)
	if stamp.IsZero() {
		return save(path, s, stamp)
	}
	unlock, err := lock(path, DefaultTimeout)
	if err != nil {
		return Stamp{}, err
	}
	defer unlock()
	return save(path, s, stamp)
}

// Update changes the match file at path under its lock: it waits up to
// timeout for any other rummy writing it, loads the file fresh, calls fn,
// and saves the sheet as Save does unless fn returns an error, which
// Update returns with nothing written. Two processes adding a round each therefore both
// land, one after the other. When the lock is not free in time Update
// returns an error matching ErrBusy:
//
//	another rummy is writing match.yaml; gave up after 10s
func Update(path string, timeout time.Duration, fn func(*Sheet) error) error {
	path = resolve(path)
	// A match that is not there gets no lock file either: a command that
	// fails writes nothing.
	if _, err := os.Stat(path); err != nil {
		return err
	}
	unlock, err := lock(path, timeout)
	if err != nil {
		return err
	}
	defer unlock()
	s, stamp, err := Load(path)
	if err != nil {
		return err
	}
	s.judged = judgedOf(s)
	if err := fn(s); err != nil {
		return err
	}
	_, err = save(path, s, stamp)
	return err
}

// resolve follows a symbolic link at path, so that a save replaces the
// file it points to rather than the link, and two names of one file share
// one lock.
func resolve(path string) string {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real
	}
	return path
}

// lock takes PATH.lock, polling until timeout. The lock is the operating
// system's (flock on Unix), held by an open file, so a killed process
// never leaves a stale lock. The empty lock file stays: removing it would
// let a writer lock a file another has just unlinked.
func lock(path string, timeout time.Duration) (unlock func(), err error) {
	name := path + ".lock"
	deadline := time.Now().Add(timeout)
	wait := time.Millisecond
	for {
		unlock, held, err := tryLock(name)
		if err != nil {
			return nil, fmt.Errorf("could not lock %s: %w; nothing was recorded", path, err)
		}
		if held {
			return unlock, nil
		}
		left := time.Until(deadline)
		if left <= 0 {
			return nil, fmt.Errorf("another rummy is writing %s; gave up after %s: %w", path, timeout, ErrBusy)
		}
		time.Sleep(min(wait, left))
		wait = min(wait*2, 50*time.Millisecond)
	}
}

// saveHook, when set by a test, is called at each stage of a save:
// "temp created", "temp written", "backup linked", "renamed".
var saveHook func(stage string)

func hook(stage string) {
	if saveHook != nil {
		saveHook(stage)
	}
}

// notSaved says plainly that a save failed and nothing was recorded,
// naming the cause without the temporary file's name.
func notSaved(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && strings.Contains(filepath.Base(pe.Path), ".tmp-") {
		err = pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	return fmt.Errorf("could not save %s: %w; nothing was recorded, and the match file is as it was", path, err)
}

// save writes s to path under a lock the caller holds (none for a new
// file).
func save(path string, s *Sheet, stamp Stamp) (Stamp, error) {
	// The file on disk is read back and checked against stamp while s is
	// written and verified, which need neither; the errors come in the
	// same order.
	type checked struct {
		perm fs.FileMode
		err  error
	}
	check := make(chan checked, 1)
	go func() {
		perm, err := checkStamp(path, stamp)
		check <- checked{perm, err}
	}()
	data := Marshal(s)
	err := verify(path, s, data)
	first := <-check
	if err != nil {
		return Stamp{}, fmt.Errorf("not saving %s: the match would not load back, so nothing was recorded: %w", path, err)
	}
	if first.err != nil {
		return Stamp{}, first.err
	}
	perm := first.perm
	saved := stampAside(data)
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if !stamp.IsZero() {
		removeLeftovers(dir, base) // only a lock holder may
	}
	tmp, err := writeTemp(dir, base, perm, data)
	if err != nil {
		return Stamp{}, notSaved(path, err)
	}
	done := false
	defer func() {
		if !done {
			os.Remove(tmp)
		}
	}()
	// Again, now: writing and syncing take time, and a hand edit made
	// meanwhile must be kept, not overwritten. What is left is the moment
	// between this check and the rename, which no file system closes.
	if _, err := checkStamp(path, stamp); err != nil {
		return Stamp{}, err
	}
	if stamp.IsZero() {
		if err := createExclusive(tmp, path); err != nil {
			return Stamp{}, err
		}
		done = true
		os.Remove(tmp)
	} else {
		bak := filepath.Join(dir, "."+base+".bak-tmp")
		if err := backup(path, bak); err != nil {
			return Stamp{}, notSaved(path, fmt.Errorf("keeping the previous version as %s.bak: %w", base, err))
		}
		hook("backup linked")
		if err := os.Rename(tmp, path); err != nil {
			os.Remove(bak)
			return Stamp{}, notSaved(path, err)
		}
		done = true
		hook("renamed")
		// bak is the previous version, and no longer the file path is.
		if err := os.Rename(bak, path+".bak"); err != nil {
			os.Remove(bak)
		}
		// rename does nothing when both names are one file (an old
		// PATH.bak that was a hard link of PATH): bak must not stay.
		os.Remove(bak)
	}
	if err := syncDir(dir); err != nil {
		return Stamp{}, fmt.Errorf("syncing the folder of %s: %w (the new version is written, but may not survive a power cut)", path, err)
	}
	return <-saved, nil
}

// writeTemp writes data, with permissions perm, to a new temporary file
// in dir named after base, synced to disk, and returns its name; on an
// error it leaves no file.
func writeTemp(dir, base string, perm fs.FileMode, data []byte) (string, error) {
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return "", err
	}
	hook("temp created")
	err = tmp.Chmod(perm)
	if err == nil {
		_, err = tmp.Write(data)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	hook("temp written")
	return tmp.Name(), nil
}

// verifyInMemory is the number of rounds from which save checks a sheet
// in memory rather than by reading its file back: reading a long match
// costs more than the rest of a save together.
const verifyInMemory = 500

// verify checks that data, the file of s, would load back: by reading it
// (Unmarshal), or for a long match without seat changes by judging its
// rounds in memory, as Unmarshal would after reading them.
func verify(path string, s *Sheet, data []byte) error {
	if len(s.Rounds) < verifyInMemory || len(s.Seats) > 0 {
		_, err := Unmarshal(path, data)
		return err
	}
	d := &decoder{name: path, judged: s.judged.same(s)}
	if err := d.checkSeats(s, nil); err != nil {
		return err
	}
	return d.check(s, nil)
}

// judged is a copy of what a load judged (and found to stand): the rounds,
// and the rules and seats they were judged under. A save after it judges
// again only the rounds that are not as they were; the dealers and the
// end of the match it checks whole, as they depend on every round.
type judged struct {
	variant []byte // the rules, as written to the file
	players []string
	seats   []referee.Seat
	rounds  []Entry
}

func judgedOf(s *Sheet) *judged {
	j := &judged{variant: s.Variant.YAML(), players: slices.Clone(s.Players), seats: slices.Clone(s.Seats),
		rounds: make([]Entry, len(s.Rounds))}
	inParts(len(s.Rounds), func(_, from, to int) {
		for i := from; i < to; i++ {
			e := s.Rounds[i]
			j.rounds[i] = Entry{Number: e.Number, Dealer: e.Dealer, Round: cloneRound(e.Round), Scores: maps.Clone(e.Scores)}
		}
	})
	return j
}

// same returns which rounds of s are as j judged them (nil when none can
// be: the rules or the seats changed, or nothing was judged).
func (j *judged) same(s *Sheet) func(i int) bool {
	if j == nil || !slices.Equal(j.players, s.Players) || !slices.Equal(j.seats, s.Seats) ||
		!bytes.Equal(j.variant, s.Variant.YAML()) {
		return nil
	}
	return func(i int) bool { return i < len(j.rounds) && sameEntry(j.rounds[i], s.Rounds[i]) }
}

func sameEntry(a, b Entry) bool {
	ra, rb := a.Round, b.Round
	return a.Number == b.Number && a.Dealer == b.Dealer && maps.Equal(a.Scores, b.Scores) &&
		ra.Out == rb.Out && ra.Stalemate == rb.Stalemate && ra.Rummy == rb.Rummy && ra.Knock == rb.Knock && ra.Upcard == rb.Upcard &&
		slices.EqualFunc(ra.Melds, rb.Melds, func(x, y referee.Meld) bool {
			return x.Player == y.Player && slices.Equal(x.Meld.Cards, y.Meld.Cards) && slices.Equal(x.Meld.Named, y.Meld.Named)
		}) &&
		slices.EqualFunc(ra.Layoffs, rb.Layoffs, func(x, y referee.Layoff) bool {
			return x.Player == y.Player && x.Onto == y.Onto && slices.Equal(x.Cards, y.Cards)
		}) &&
		slices.EqualFunc(ra.Hands, rb.Hands, func(x, y referee.Hand) bool {
			return x.Player == y.Player && x.Points == y.Points && x.ByPoints == y.ByPoints && slices.Equal(x.Cards, y.Cards)
		})
}

// createExclusive gives the written file tmp the name path, only if no
// file has that name: a hard link does it in one step. Where the file
// system has no hard links, a rename after a check does it, leaving a
// moment in which a file created by another program could be replaced.
func createExclusive(tmp, path string) error {
	err := os.Link(tmp, path)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("%s already exists; nothing written: %w", path, fs.ErrExist)
	}
	if _, lerr := os.Lstat(path); lerr == nil {
		return fmt.Errorf("%s already exists; nothing written: %w", path, fs.ErrExist)
	}
	if rerr := os.Rename(tmp, path); rerr != nil {
		return notSaved(path, rerr)
	}
	return nil
}

// checkStamp checks that path holds what stamp identifies and returns the
// permissions a new version should have.
func checkStamp(path string, stamp Stamp) (fs.FileMode, error) {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if !stamp.IsZero() {
			return 0, fmt.Errorf("%s was removed since it was loaded; nothing written: %w", path, ErrChanged)
		}
		return 0o644, nil
	case err != nil:
		return 0, notSaved(path, err)
	case stamp.IsZero():
		return 0, fmt.Errorf("%s already exists; nothing written: %w", path, fs.ErrExist)
	case !fi.Mode().IsRegular():
		return 0, fmt.Errorf("%s is not a regular file; nothing written", path)
	}
	if fi.Size() == stamp.Size {
		now, err := stampFile(path)
		if err != nil {
			return 0, notSaved(path, err)
		}
		if now == stamp {
			return fi.Mode().Perm(), nil
		}
	}
	return 0, fmt.Errorf("%s changed on disk since it was loaded (edited by hand or by another rummy); nothing written, so load it again and redo the change: %w", path, ErrChanged)
}

// stampFile returns the stamp of the file at path, hashed as it is read
// (a save checks a long match twice, and needs no copy of it).
func stampFile(path string) (Stamp, error) {
	f, err := os.Open(path)
	if err != nil {
		return Stamp{}, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return Stamp{}, err
	}
	st := Stamp{Size: n}
	h.Sum(st.Sum[:0])
	return st, nil
}

// backup keeps the current file under the name tmp: a hard link (or,
// where the file system has none, a synced copy). save renames it to
// PATH.bak once PATH is the new version.
func backup(path, tmp string) error {
	os.Remove(tmp)
	if err := os.Link(path, tmp); err != nil {
		if err := copyFile(path, tmp); err != nil {
			os.Remove(tmp)
			return err
		}
	}
	return nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// removeLeftovers removes the temporary files of saves killed part way.
// Only a holder of the lock writes them, and the caller holds it, so any
// that exist are leftovers.
func removeLeftovers(dir, base string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if n := e.Name(); strings.HasPrefix(n, "."+base+".tmp-") || n == "."+base+".bak-tmp" {
			os.Remove(filepath.Join(dir, n))
		}
	}
}

// Summary is one file of a folder, as List sees it.
type Summary struct {
	Path     string
	Variant  string
	Players  []string
	Rounds   int            // rounds recorded
	Totals   map[string]int // recomputed
	Leaders  []string
	Finished bool
	Winners  []string
	// Note says why the file was skipped: it is not a match file, or it
	// does not load. The other fields are then empty.
	Note string
}

// List summarises the match files (*.yaml and *.yml) in dir, in name order.
// A file that is not a match file, or does not load, is listed with a Note
// saying why, never failing the whole list; List fails only when dir cannot
// be read.
func List(dir string) ([]Summary, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []Summary
	for _, e := range entries {
		name := e.Name()
		ext := strings.ToLower(filepath.Ext(name))
		if strings.HasPrefix(name, ".") || (ext != ".yaml" && ext != ".yml") || !e.Type().IsRegular() {
			continue
		}
		path := filepath.Join(dir, name)
		sum := Summary{Path: path}
		s, _, err := Load(path)
		switch {
		case errors.Is(err, ErrNotMatch):
			sum.Note = "not a match file"
		case err != nil:
			sum.Note = err.Error()
		default:
			st := s.Standing()
			sum.Variant = s.Variant.Name
			sum.Players = s.Players
			sum.Rounds = len(s.Rounds)
			sum.Totals = st.Totals
			sum.Leaders = st.Leaders
			sum.Finished = st.Finished
			sum.Winners = st.Winners
		}
		out = append(out, sum)
	}
	return out, nil
}
