package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/scoresheets"
	"github.com/rummy-referee/rummy/variants"
)

// app is what every command of one run of rummy shares: the streams, the
// environment (injected, so tests need not change the process's) and the
// settings, read once, with the running command's flags. Its methods are
// the application layer the commands are thin over: 'rummy play' calls
// them as 'rummy match' does, never through a command line.
type app struct {
	*streams
	global   globalFlags
	cmd      *cobra.Command // the command running, set before it runs
	loaded   bool
	settings settings
	err      error
}

// loadSettings returns the settings, reading them the first time.
func (a *app) loadSettings() (settings, error) {
	if !a.loaded {
		a.settings, a.err = loadSettings(a.cmd.Flags(), a.getenv)
		if a.err != nil {
			a.err = cannot("%v", a.err)
		}
		a.loaded = true
	}
	return a.settings, a.err
}

// output returns how to write for the settings.
func (a *app) output() (output, error) {
	s, err := a.loadSettings()
	return newOutput(a.streams, s), err
}

// folder is the data folder of the settings.
func (a *app) folder() (scoresheets.Folder, error) {
	s, err := a.loadSettings()
	return scoresheets.Folder{Dir: s.DataDir}, err
}

// globalFlags are the flags of every command that rummy reads itself.
type globalFlags struct {
	noInput bool
}

// addPersistentFlags gives every command the flags that apply everywhere.
func addPersistentFlags(root *cobra.Command, g *globalFlags) {
	fl := root.PersistentFlags()
	fl.Bool("ascii", false, "write suits as letters (7H), never as symbols (7♥)")
	fl.String("color", "", "colour: auto (on a terminal, unless NO_COLOR is set), always or never")
	fl.String("data-dir", "", "the `DIR` where matches are kept (default: your data folder, or RUMMY_DATA_DIR, or the config file's)")
	fl.String("config", "", "the config `FILE` to read (default: RUMMY_CONFIG, else rummy/config.yaml in your config folder)")
	fl.BoolVar(&g.noInput, "no-input", false, "never ask a question: fail at the first one (CI=true does the same)")
	_ = root.MarkPersistentFlagDirname("data-dir")
	_ = root.RegisterFlagCompletionFunc("color", cobra.FixedCompletions([]string{"auto", "always", "never"}, cobra.ShellCompDirectiveNoFileComp))
}

// --- the match, as every command that keeps one uses it

// lockTimeout is how long a command waits for another rummy writing the
// same match.
const lockTimeout = 10 * time.Second

// matchPath returns the match file to use: file when given, else the
// current match of the data folder.
func (a *app) matchPath(file string) (string, error) {
	if file != "" {
		fi, err := os.Stat(file)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return "", cannot("match file %s does not exist: give the file of a match ('rummy match list' shows the data folder's), or start one with 'rummy match new --file %s'", file, shellQuote(file))
		case err != nil:
			return "", cannot("match file %s cannot be read: %v", file, errors.Unwrap(err))
		case fi.IsDir():
			return "", cannot("%s is a folder, not a match file: give a match's YAML file, as in --file examples/basic-match.yaml", file)
		}
		return file, nil
	}
	f, err := a.folder()
	if err != nil {
		return "", err
	}
	path, err := f.Current()
	if errors.Is(err, scoresheets.ErrNoCurrent) {
		return "", cannot("%v: start one with 'rummy match new --players \"Ann,Bob\"', or give --file", err)
	}
	if err != nil {
		return "", cannot("%v", err)
	}
	return path, nil
}

// openMatch loads the match file to use, for a command that only reads it.
func (a *app) openMatch(file string) (string, *scoresheets.Sheet, error) {
	path, err := a.matchPath(file)
	if err != nil {
		return "", nil, err
	}
	sh, _, err := scoresheets.Load(path)
	if err != nil {
		return path, nil, cannot("%v", err)
	}
	return path, sh, nil
}

// newMatch starts a match and saves it at file or, without one, in the
// data folder as the current match. It returns where it was saved.
func (a *app) newMatch(v *variants.Variant, players []string, opts scoresheets.Options, file string) (string, *scoresheets.Sheet, error) {
	sh, err := scoresheets.New(v, players, opts)
	if err != nil {
		return "", nil, cannot("match new: %v", err)
	}
	path := file
	if file == "" {
		f, err := a.folder()
		if err != nil {
			return "", nil, err
		}
		path, err = f.Create(sh)
		if err != nil {
			return "", nil, cannot("match new: %v", err)
		}
	} else if _, err := scoresheets.Create(path, sh); err != nil {
		return "", nil, cannot("match new: %v", err)
	}
	fmt.Fprintf(a.Err, "saved %s\n", path)
	return path, sh, nil
}

// changeMatch makes one change to the match at path under its lock and
// saves it: the one load, change, save and map-the-error sequence of every
// change of a match. A change the rules refuse (ErrFinished, or a refusal
// of change) writes nothing and says no; anything unreadable cannot be
// judged.
func (a *app) changeMatch(path string, change func(*scoresheets.Sheet) error) (*scoresheets.Sheet, error) {
	var after *scoresheets.Sheet
	err := scoresheets.Update(path, lockTimeout, func(sh *scoresheets.Sheet) error {
		if err := change(sh); err != nil {
			return err
		}
		after = sh
		return nil
	})
	var f *failure
	switch {
	case err == nil:
		fmt.Fprintf(a.Err, "saved %s\n", path)
		return after, nil
	case errors.As(err, &f):
		return nil, f
	case errors.Is(err, scoresheets.ErrFinished):
		return nil, refuse("%v", err)
	}
	return nil, cannot("%v", err)
}

// roundSource builds a round for a match's players: from flags, a file or
// play's answers.
type roundSource func(players []string) (referee.Round, error)

// recordRound is the change that adds a round the referee lets stand.
func recordRound(round roundSource) func(*scoresheets.Sheet) error {
	return func(sh *scoresheets.Sheet) error {
		r, err := round(sh.Seated(len(sh.Rounds) + 1))
		if err != nil {
			return err
		}
		vd, err := sh.Record(r, time.Time{})
		if err != nil {
			return err
		}
		return rejected(vd)
	}
}

// editRound is the change that replaces round n.
func editRound(n int, round roundSource) func(*scoresheets.Sheet) error {
	return func(sh *scoresheets.Sheet) error {
		if n > len(sh.Rounds) {
			return cannot("edit: there is no round %d (the match has %d)", n, len(sh.Rounds))
		}
		r, err := round(sh.Seated(n))
		if err != nil {
			return err
		}
		vd, err := sh.Edit(n, r, time.Time{})
		switch {
		case errors.Is(err, referee.ErrUnreadable):
			return cannot("edit: %v", err)
		case err != nil:
			return refuse("edit: %v", err) // the edit would end the match before later rounds
		}
		return rejected(vd)
	}
}

// undoRound is the change that removes the last round.
func undoRound(sh *scoresheets.Sheet) error {
	if len(sh.Rounds) == 0 {
		return cannot("undo: there is no round to undo")
	}
	return sh.Undo(time.Time{})
}

// endMatch is the change that closes the match as it stands.
func endMatch(sh *scoresheets.Sheet) error {
	if len(sh.Rounds) == 0 {
		return cannot("end: no round is recorded yet, so there is nothing to end")
	}
	return sh.End(time.Time{})
}

// rejected refuses a round the referee does not let stand, listing every
// problem.
func rejected(vd referee.Verdict) error {
	if vd.OK() {
		return nil
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "round not recorded: %d %s", len(vd.Problems), plural(len(vd.Problems), "problem", "problems"))
	for _, p := range vd.Problems {
		fmt.Fprintf(&b, "\n  - %s", p)
	}
	return refuse("%s", b.String())
}

// record adds a round to the match file (given, else the current match)
// and says what it scored.
func (a *app) record(file string, round roundSource, asJSON bool) error {
	return a.change(file, "round", asJSON, func(sh *scoresheets.Sheet) (int, error) {
		err := recordRound(round)(sh)
		return len(sh.Rounds), err
	})
}

// edit replaces round n of the match file and says what it scores.
func (a *app) edit(file string, n int, round roundSource, asJSON bool) error {
	return a.change(file, "edit", asJSON, func(sh *scoresheets.Sheet) (int, error) {
		return n, editRound(n, round)(sh)
	})
}

// undo removes the last round of the match file and says so.
func (a *app) undo(file string, asJSON bool) error {
	return a.change(file, "undo", asJSON, func(sh *scoresheets.Sheet) (int, error) {
		return len(sh.Rounds), undoRound(sh)
	})
}

// end closes the match file as it stands and says who won.
func (a *app) end(file string, asJSON bool) error {
	return a.change(file, "end", asJSON, func(sh *scoresheets.Sheet) (int, error) {
		return 0, endMatch(sh)
	})
}

// change finds the match file, makes one change to it and says what the
// change did: what record, edit, undo and end share. fn returns the round
// the change concerns.
func (a *app) change(file, what string, asJSON bool, fn func(*scoresheets.Sheet) (int, error)) error {
	path, err := a.matchPath(file)
	if err != nil {
		return err
	}
	n := 0
	sh, err := a.changeMatch(path, func(sh *scoresheets.Sheet) (err error) {
		n, err = fn(sh)
		return err
	})
	if err != nil {
		return err
	}
	return printChange(a, asJSON, what, path, sh, n)
}
