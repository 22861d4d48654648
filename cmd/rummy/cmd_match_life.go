package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/scoresheets"
)

// The match's life beyond its rounds: ending and reopening it, correcting
// one part of a round, showing one round, choosing the current match, and
// players renamed, joining and leaving.

// confirm asks a yes-or-no question on a terminal before a change that is
// hard to take back; yes (--yes) answers it. Without a terminal to ask on
// it refuses to guess, naming --yes.
func (a *app) confirm(ctx context.Context, what, question string, yes bool) error {
	if yes {
		return nil
	}
	if a.global.noInput || !a.inTTY || !a.errTTY {
		return cannot("%s asks before it changes the match, and there is no terminal to ask on: give --yes to %s without asking", what, what)
	}
	s, err := a.loadSettings()
	if err != nil {
		return err
	}
	ok, err := yesNo(newPrompter(ctx, a.streams, false, promptColour(a.streams, s)), question, false)
	if err != nil {
		return cannot("%s: %v; nothing changed", what, err)
	}
	if !ok {
		return refuse("%s: you answered no, so nothing changed", what)
	}
	return nil
}

// endAsking ends the match after asking, unless yes.
func (a *app) endAsking(ctx context.Context, file string, yes, asJSON bool) error {
	if !yes {
		_, sh, err := a.openMatch(file)
		if err != nil {
			return err
		}
		if len(sh.Rounds) == 0 {
			return cannot("end: no round is recorded yet, so there is nothing to end")
		}
		st := sh.Standing()
		q := fmt.Sprintf("End the match after round %d? %s would win (rummy match reopen takes it back)", len(sh.Rounds), joinNames(st.Leaders))
		if err := a.confirm(ctx, "match end", q, false); err != nil {
			return err
		}
	}
	return a.end(file, asJSON)
}

func newMatchReopenCmd(io *app) *cobra.Command {
	c, _ := newFileCmd(io, "reopen", func(ctx context.Context, io *app, o *fileOptions) error {
		return io.change(o.file, "reopen", o.json, func(sh *scoresheets.Sheet) (int, error) {
			return len(sh.Rounds), sh.Reopen(time.Time{})
		})
	})
	c.Short = "Take back 'match end': play goes on"
	c.Long = "Take back 'rummy match end': the match is open again, rounds can be recorded\nand undone. The audit trail keeps both.\n\n" +
		exitHelp("when reopened", "when the match was not ended by the players (a match over at its target reopens with 'match undo')", "when it is not ended or the file cannot be read")
	c.Example = `  rummy match end --yes
  rummy match reopen`
	return c
}

// --- match edit N: a partial edit

// patch builds the partial edit the flags give, for round n's players.
func (o *roundOptions) patch(players []string) (scoresheets.Patch, error) {
	var p scoresheets.Patch
	if err := o.oneEnding(); err != nil {
		return p, err
	}
	no := false
	switch {
	case o.changed("out"):
		name, err := playerName(players, o.out)
		if err != nil {
			return p, cannot("--out: %v", err)
		}
		p.Out = &name
	case o.changed("knock"):
		name, err := playerName(players, o.knock)
		if err != nil {
			return p, cannot("--knock: %v", err)
		}
		p.Knock = &name
	case o.changed("stalemate"):
		p.Stalemate = &o.stalemate
	case o.changed("no-out"):
		nobody := ""
		p.Out, p.Stalemate = &nobody, &no
	}
	if o.changed("rummy") && o.changed("no-rummy") {
		return p, cannot("--rummy and --no-rummy: give one")
	}
	switch {
	case o.changed("rummy"):
		p.Rummy = &o.rummy
	case o.changed("no-rummy"):
		p.Rummy = &no
	}
	var r referee.Round
	if err := o.parts(players, &r, false); err != nil {
		return p, err
	}
	if o.changed("upcard") {
		p.Upcard = &r.Upcard
	}
	if len(o.melds) > 0 {
		p.Melds = r.Melds
	}
	if len(o.layoffs) > 0 {
		p.Layoffs = r.Layoffs
	}
	if len(r.Hands) > 0 {
		p.Hands = r.Hands
	}
	if p.IsZero() {
		return p, cannot("edit: say what to change in the round, as in 'rummy match edit 2 --hand \"Ann=KH\"' (or give the whole round with --from FILE)")
	}
	return p, nil
}

// amend merges the flags onto round n and says what the round scored
// before and after, and the totals before and after.
func (a *app) amend(o *roundOptions) error {
	path, err := a.matchPath(o.file)
	if err != nil {
		return err
	}
	var am scoresheets.Amended
	sh, err := a.changeMatch(path, func(sh *scoresheets.Sheet) error {
		if o.n > len(sh.Rounds) {
			return cannot("edit: there is no round %d (the match has %d)", o.n, len(sh.Rounds))
		}
		p, err := o.patch(sh.Seated(o.n))
		if err != nil {
			return err
		}
		am, err = sh.Amend(o.n, p, time.Time{})
		switch {
		case errors.Is(err, referee.ErrUnreadable), errors.Is(err, scoresheets.ErrPatch):
			return cannot("edit: %v", err)
		case err != nil:
			return refuse("edit: %v", err) // the edit would end the match before later rounds
		}
		return rejected(am.Verdict)
	})
	if err != nil {
		return err
	}
	if o.json {
		return printChange(a, true, "edit", path, sh, o.n)
	}
	out, err := a.output()
	if err != nil {
		return err
	}
	fmt.Fprintf(a.Out, "round %d was: %s\n", o.n, scoresText(sh.Seated(o.n), am.Old.Scores))
	fmt.Fprintf(a.Out, "totals before: %s\n", totalsLine(sh.Players, am.Before))
	printRound(a.streams, out, sh, o.n) // the round now, and the totals now
	return nil
}

// scoresText says what a round added to each total: "Ann +19, Bob 0".
func scoresText(players []string, scores map[string]int) string {
	parts := make([]string, len(players))
	for i, p := range players {
		if sc := scores[p]; sc > 0 {
			parts[i] = fmt.Sprintf("%s +%d", p, sc)
		} else {
			parts[i] = fmt.Sprintf("%s %d", p, sc)
		}
	}
	return strings.Join(parts, ", ")
}

func totalsLine(players []string, totals map[string]int) string {
	parts := make([]string, len(players))
	for i, p := range players {
		parts[i] = fmt.Sprintf("%s %d", p, totals[p])
	}
	return strings.Join(parts, ", ")
}

// --- match use

type matchUseOptions struct{ match string } // a NAME or FILE

func newMatchUseCmd(io *app) *cobra.Command {
	o := &matchUseOptions{}
	c := &cobra.Command{
		Use:   "use NAME|FILE",
		Short: "Make a match the current one",
		Long: `Make a match the current one, the one commands use without --file: a FILE,
or the NAME of a match in the data folder as 'rummy match list' shows it
(with or without .yaml, or a part of it that names one match only).

` + exitHelp("when it is the current match", "", "when no match has that name or the file is not a match"),
		Example: `  rummy match list
  rummy match use 2026-03-14-193000-ann-bob
  rummy match use tuesday.yaml`,
		Args: exactArgs(1, "the NAME or FILE of a match"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.match = args[0]
			return runMatchUse(cmd.Context(), io, o)
		},
	}
	return c
}

func runMatchUse(ctx context.Context, io *app, o *matchUseOptions) error {
	f, err := io.folder()
	if err != nil {
		return err
	}
	path, err := findMatch(f, o.match)
	if err != nil {
		return err
	}
	sh, _, err := scoresheets.Load(path)
	if err != nil {
		return cannot("match use: %v", err)
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	if err := f.SetCurrent(path); err != nil {
		return cannot("match use: %v", err)
	}
	fmt.Fprintf(io.Err, "the current match is now %s\n", path)
	out, err := io.output()
	if err != nil {
		return err
	}
	fmt.Fprintf(io.Out, "%s match: %s; %d %s\n", sh.Variant.Name, strings.Join(sh.Players, ", "), len(sh.Rounds), plural(len(sh.Rounds), "round", "rounds"))
	printStanding(io.streams, out, sh)
	return nil
}

// findMatch finds a match by file or by name in the folder.
func findMatch(f scoresheets.Folder, arg string) (string, error) {
	if fi, err := os.Stat(arg); err == nil && fi.Mode().IsRegular() {
		return arg, nil
	}
	list, err := f.List()
	if err != nil {
		return "", cannot("match use: %v", err)
	}
	name := strings.TrimSuffix(strings.TrimSuffix(arg, ".yaml"), ".yml")
	var found []string
	for _, m := range list {
		if m.Note != "" {
			continue
		}
		stem := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(m.Path), ".yaml"), ".yml")
		if stem == name {
			return m.Path, nil
		}
		if strings.Contains(strings.ToLower(stem), strings.ToLower(name)) {
			found = append(found, m.Path)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return "", cannot("match use: no file %s and no match named %q in %s: 'rummy match list' shows the names", arg, arg, f.Matches())
	}
	names := make([]string, len(found))
	for i, p := range found {
		names[i] = filepath.Base(p)
	}
	return "", cannot("match use: %q names %d matches (%s): give more of the name", arg, len(found), strings.Join(names, ", "))
}

// warnUnfinished warns on stderr of the unfinished matches of the data
// folder with the same players, which a new match takes "current" from.
func warnUnfinished(io *app, players []string) {
	f, err := io.folder()
	if err != nil {
		return
	}
	list, err := f.List()
	if err != nil {
		return
	}
	same := func(a []string) bool {
		if len(a) != len(players) {
			return false
		}
		for _, p := range players {
			if !slices.ContainsFunc(a, func(q string) bool { return strings.EqualFold(p, q) }) {
				return false
			}
		}
		return true
	}
	for _, m := range list {
		if m.Note == "" && !m.Finished && same(m.Players) {
			fmt.Fprintf(io.Err, "warning: %s is an unfinished match of %s (%d %s); 'rummy match use %s' goes back to it\n",
				m.Path, strings.Join(m.Players, ", "), m.Rounds, plural(m.Rounds, "round", "rounds"), shellQuote(m.Path))
		}
	}
}

// --- match rename, join, leave

var exitsSeats = exitHelp("when changed", "when the match is over or the rules refuse the change (too few or too many players)",
	"when a name is unknown or not a valid name, or the file cannot be read; either way nothing is written")

// seatOptions are the options of 'rummy match rename', 'join' and 'leave'.
type seatOptions struct {
	fileOptions
	what  string   // the command's name
	args  []string // the names it was given
	after string   // join's --after
	fn    func(sh *scoresheets.Sheet, args []string, after string) error
}

func newSeatCmd(io *app, use, short, long, example string, args int, what string, fn func(sh *scoresheets.Sheet, args []string, after string) error) *cobra.Command {
	o := &seatOptions{what: strings.Fields(use)[0], fn: fn}
	c := &cobra.Command{
		Use:     use,
		Short:   short,
		Long:    long + "\n\n" + exitsSeats,
		Example: example,
		Args:    exactArgs(args, what),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.args = args
			return runSeat(cmd.Context(), io, o)
		},
	}
	addFileFlag(c, &o.file)
	addJSONFlag(c, &o.json)
	if o.what == "join" {
		c.Flags().StringVar(&o.after, "after", "", "seat the new player after this `PLAYER` in seating order (default: after the last)")
	}
	return c
}

func runSeat(ctx context.Context, io *app, o *seatOptions) error {
	return io.change(o.file, o.what, o.json, func(sh *scoresheets.Sheet) (int, error) {
		return len(sh.Rounds), seatError(o.fn(sh, o.args, o.after))
	})
}

// seatError maps a refused seat change: a bad name cannot be judged, too
// few or too many players is the rules saying no.
func seatError(err error) error {
	if err == nil || errors.Is(err, scoresheets.ErrFinished) {
		return err
	}
	if msg := err.Error(); strings.Contains(msg, "is played by") || strings.Contains(msg, "has already left") ||
		strings.Contains(msg, "already at the table") {
		return refuse("%v", err)
	}
	return cannot("%v", err)
}

func newMatchRenameCmd(io *app) *cobra.Command {
	return newSeatCmd(io, "rename OLD NEW", "Change a player's name everywhere in the match",
		"Change a player's name everywhere in the match: the seating, the dealers and\nevery round. The audit trail notes it.",
		`  rummy match rename Grandma Nana`, 2, "the OLD and the NEW name", renamePlayer)
}

// renamePlayer, joinPlayer and leavePlayer are the seat changes that
// 'rummy match' and 'rummy play' share.
func renamePlayer(sh *scoresheets.Sheet, args []string, _ string) error {
	old, err := playerName(sh.Players, args[0])
	if err != nil {
		return err
	}
	return sh.Rename(old, args[1], time.Time{})
}

func joinPlayer(sh *scoresheets.Sheet, args []string, after string) error {
	name := args[0]
	if p, err := playerName(sh.Players, name); err == nil {
		name = p
	}
	if after != "" {
		p, err := playerName(sh.Players, after)
		if err != nil {
			return fmt.Errorf("--after: %v", err)
		}
		after = p
	}
	return sh.Join(name, after, time.Time{})
}

func leavePlayer(sh *scoresheets.Sheet, args []string, _ string) error {
	name, err := playerName(sh.Players, args[0])
	if err != nil {
		return err
	}
	return sh.Leave(name, time.Time{})
}

func newMatchJoinCmd(io *app) *cobra.Command {
	return newSeatCmd(io, "join NAME [--after PLAYER]", "Seat a player from the next round",
		`Seat a player from the next round on. A new player sits after --after (by
default after the last player) and starts with the total the variant's
seats.join_total gives: zero (the default), trailing (the total of the
player furthest behind) or average. A player who left comes back to their
own seat and total. Joining a player whose leave waits for the next round
takes the leave back.`,
		`  rummy match join Dee --after Ann
  rummy match new --players "Ann,Bob" --rule seats.join_total=trailing`, 1, "the NAME of the player", joinPlayer)
}

func newMatchLeaveCmd(io *app) *cobra.Command {
	return newSeatCmd(io, "leave NAME", "Take a player from the table from the next round",
		`Take a player from the table from the next round on: the deal skips them,
their hand is not asked for, and their total stays on the sheet. Whether
they can still win on it is the variant's seats.left_can_win (false by
default: only the players at the table can win). Leaving a player whose join
waits for the next round takes the join back.`,
		`  rummy match leave Grandma`, 1, "the NAME of the player", leavePlayer)
}
