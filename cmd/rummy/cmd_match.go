package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/scoresheets"
)

// lockTimeout is how long a command waits for another rummy writing the
// same match.
const lockTimeout = 10 * time.Second

func newMatchCmd(io *streams) *cobra.Command {
	c := &cobra.Command{
		Use:   "match",
		Short: "Keep a match's scoresheet: new, round, show, undo, edit, end, list, export",
		Long: `A match is a YAML scoresheet file: the variant's full rules, the players in
seating order, and every round as entered with its scores. Totals are always
recomputed from the rounds. Every save is atomic and keeps the previous
version as FILE.bak; two rummy commands writing one match take turns.

Without --file, commands use the current match: the one 'rummy match new'
last started in the data folder (see 'rummy config show').`,
		Example: `  rummy match new --players "Ann,Bob,Cy"
  rummy match round --out Ann --hand "Bob=KH 3D" --hand "Cy=AS 2S"
  rummy match show
  rummy match undo
  rummy match show --file examples/basic-match.yaml`,
	}
	c.AddCommand(
		newMatchNewCmd(io), newMatchRoundCmd(io), newMatchShowCmd(io),
		newMatchUndoCmd(io), newMatchEditCmd(io), newMatchEndCmd(io),
		newMatchListCmd(io), newMatchExportCmd(io),
	)
	return c
}

// fileFlag is the --file flag of the match commands.
type fileFlag struct{ file string }

func (f *fileFlag) add(c *cobra.Command) {
	c.Flags().StringVar(&f.file, "file", "", "the match `FILE` (default: the current match in the data folder)")
	_ = c.RegisterFlagCompletionFunc("file", func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		return []string{"yaml"}, cobra.ShellCompDirectiveFilterFileExt
	})
}

// currentFile is where the data folder records the current match.
func currentFile(s settings) string { return filepath.Join(s.DataDir, "current") }

// path returns the match file to use: --file, else the current match.
func (f *fileFlag) path(s settings) (string, error) {
	if f.file != "" {
		return f.file, nil
	}
	b, err := os.ReadFile(currentFile(s))
	if errors.Is(err, fs.ErrNotExist) {
		return "", cannot("no current match in %s: start one with 'rummy match new --players \"Ann,Bob\"', or give --file", s.DataDir)
	}
	if err != nil {
		return "", cannot("%v", err)
	}
	p := strings.TrimSpace(string(b))
	if !filepath.IsAbs(p) {
		p = filepath.Join(s.DataDir, p)
	}
	return p, nil
}

// settingsAndPath reads the settings and finds the match file, the first
// steps of every match command but new.
func (f *fileFlag) settingsAndPath(cmd *cobra.Command) (settings, string, error) {
	s, err := loadSettings(cmd.Flags())
	if err != nil {
		return s, "", cannot("%v", err)
	}
	path, err := f.path(s)
	return s, path, err
}

// load reads a match file for a command that only reads it.
func loadSheet(path string) (*scoresheets.Sheet, error) {
	s, _, err := scoresheets.Load(path)
	if err != nil {
		return nil, cannot("%v", err)
	}
	return s, nil
}

// update runs fn on the match under its lock and saves it, mapping the
// errors to exit statuses: a refusal by the rules (fn's *exitError with
// code 1) writes nothing and exits 1; anything unreadable exits 2.
func update(io *streams, path string, fn func(*scoresheets.Sheet) error) error {
	err := scoresheets.Update(path, lockTimeout, fn)
	if err == nil {
		fmt.Fprintf(io.Err, "saved %s\n", path)
		return nil
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee
	}
	if errors.Is(err, scoresheets.ErrFinished) {
		return &exitError{code: exitNo, msg: err.Error()}
	}
	return cannot("%v", err)
}

// --- match new

type matchNewOptions struct {
	variantFlags
	fileFlag
	target int
	rounds int
	dealer string
}

func newMatchNewCmd(io *streams) *cobra.Command {
	o := &matchNewOptions{}
	c := &cobra.Command{
		Use:   "new --players NAMES",
		Short: "Start a match",
		Long: `Start a match: the variant, the players in seating order (the deal passes
to the left, the next name), the target (by default the variant's for that
many players) and, optionally, a fixed number of rounds: the match ends after
them, or at the target if that comes first.

The match is saved in the data folder and becomes the current match, unless
--file names where to keep it.`,
		Example: `  rummy match new --players "Ann,Bob,Cy"
  rummy match new --variant kids --players "Mia,Leo" --dealer Leo
  rummy match new --variant rummy500 --players "Ann,Bob" --target 300 --rule scoring.must_go_out_to_win=true
  rummy match new --players "Ann,Bob" --rounds 5 --file tuesday.yaml`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMatchNew(io, cmd, o)
		},
	}
	o.variantFlags.add(c)
	o.fileFlag.add(c)
	c.Flags().String("players", "", "the players, comma-separated, in seating order (default: the config's players)")
	c.Flags().IntVar(&o.target, "target", -1, "the target score (default: the variant's for this many players; 0 for none)")
	c.Flags().IntVar(&o.rounds, "rounds", 0, "end the match after this many rounds (or at the target, if first)")
	c.Flags().StringVar(&o.dealer, "dealer", "", "who deals first (default: the first player)")
	return c
}

func runMatchNew(io *streams, cmd *cobra.Command, o *matchNewOptions) error {
	s, v, err := o.settingsAndVariant(cmd)
	if err != nil {
		return err
	}
	if len(s.Players) == 0 {
		return cannot("match new: name the players, as in --players \"Ann,Bob,Cy\"")
	}
	opts := scoresheets.Options{Rounds: o.rounds, Dealer: o.dealer}
	if cmd.Flags().Changed("target") {
		if o.target < 0 {
			return cannot("match new: --target %d: a target cannot be negative (0 plays without one)", o.target)
		}
		opts.Target = &o.target
	}
	if o.rounds < 0 {
		return cannot("match new: --rounds %d: cannot be negative", o.rounds)
	}
	if o.dealer != "" {
		name, err := playerName(s.Players, o.dealer)
		if err != nil {
			return cannot("match new: --dealer: %v", err)
		}
		opts.Dealer = name
	}
	sheet, err := scoresheets.New(v, s.Players, opts)
	if err != nil {
		return cannot("match new: %v", err)
	}
	path := o.file
	current := path == ""
	if current {
		dir := filepath.Join(s.DataDir, "matches")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return cannot("match new: %v", err)
		}
		path = filepath.Join(dir, matchFileName(sheet))
	}
	if _, err := scoresheets.Create(path, sheet); err != nil {
		return cannot("match new: %v", err)
	}
	if current {
		rel, err := filepath.Rel(s.DataDir, path)
		if err != nil {
			rel = path
		}
		if err := writeFileAtomic(currentFile(s), []byte(rel+"\n"), 0o644); err != nil {
			// A match new that fails leaves no match behind.
			os.Remove(path)
			return cannot("match new: could not make %s the current match: %v; nothing was recorded", path, err)
		}
	}
	st := sheet.Standing()
	fmt.Fprintf(io.Out, "new %s match: %s\n", v.Name, strings.Join(sheet.Players, ", "))
	fmt.Fprintf(io.Out, "%s; %s deals first\n", limitsText(sheet), st.NextDealer)
	fmt.Fprintf(io.Err, "saved %s\n", path)
	return nil
}

// matchFileName names a new match file after its start and players.
func matchFileName(s *scoresheets.Sheet) string {
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
	return b.String() + ".yaml"
}

func limitsText(s *scoresheets.Sheet) string {
	var parts []string
	if s.Target > 0 {
		parts = append(parts, fmt.Sprintf("target %d", s.Target))
	} else {
		parts = append(parts, "no target")
	}
	if s.RoundLimit > 0 {
		parts = append(parts, fmt.Sprintf("%d rounds at most", s.RoundLimit))
	}
	return strings.Join(parts, ", ")
}

// playerName finds a player by name, ignoring case.
func playerName(players []string, name string) (string, error) {
	name = strings.TrimSpace(name)
	for _, p := range players {
		if strings.EqualFold(p, name) {
			return p, nil
		}
	}
	return "", fmt.Errorf("%q is not a player (players: %s)", name, strings.Join(players, ", "))
}

// --- round flags, shared by round and edit

type roundFlags struct {
	out       string
	stalemate bool
	noOut     bool
	rummy     bool
	melds     []string
	layoffs   []string
	hands     []string
	points    []string
	from      string
}

func (f *roundFlags) add(c *cobra.Command) {
	fl := c.Flags()
	fl.StringVar(&f.out, "out", "", "the player who went out")
	fl.BoolVar(&f.stalemate, "stalemate", false, "the stock ran out for good: the round scores 0 for everyone")
	fl.BoolVar(&f.noOut, "no-out", false, "the round ended with nobody out (Rummy 500: the stock ran out), scored as it stands")
	fl.BoolVar(&f.rummy, "rummy", false, "the player who went out went rummy (all at once)")
	fl.StringArrayVar(&f.melds, "meld", nil, "one meld a player put down, as \"NAME=CARDS\" (repeat for each meld)")
	fl.StringArrayVar(&f.layoffs, "layoff", nil, "cards laid off onto the K-th --meld, as \"NAME=CARDS@K\"")
	fl.StringArrayVar(&f.hands, "hand", nil, "the cards a player still holds, as \"NAME=CARDS\"")
	fl.StringArrayVar(&f.points, "points", nil, "the points a player still holds, as \"NAME=N\", instead of --hand")
	fl.StringVar(&f.from, "from", "", "read the round from a YAML `FILE` (the keys of a round in the match file)")
	_ = c.RegisterFlagCompletionFunc("out", completePlayers)
	for _, name := range []string{"meld", "layoff", "hand", "points"} {
		_ = c.RegisterFlagCompletionFunc(name, completePlayersEq)
	}
}

// round builds the round the flags describe, for the match's players.
func (f *roundFlags) round(c *cobra.Command, players []string) (referee.Round, error) {
	fl := c.Flags()
	if f.from != "" {
		for _, n := range []string{"out", "stalemate", "no-out", "rummy", "meld", "layoff", "hand", "points"} {
			if fl.Changed(n) {
				return referee.Round{}, cannot("--from reads the whole round: give --%s in the file instead", n)
			}
		}
		data, err := os.ReadFile(f.from)
		if err != nil {
			return referee.Round{}, cannot("--from: %v", err)
		}
		r, err := scoresheets.ParseRound(f.from, data, players)
		if err != nil {
			return referee.Round{}, cannot("%v", err)
		}
		return r, nil
	}
	var r referee.Round
	var ends []string
	for _, n := range []string{"out", "stalemate", "no-out"} {
		if fl.Changed(n) {
			ends = append(ends, "--"+n)
		}
	}
	if len(ends) > 1 {
		return r, cannot("%s: a round ends one way: give one of --out NAME, --stalemate or --no-out", strings.Join(ends, " and "))
	}
	switch {
	case fl.Changed("out"):
		name, err := playerName(players, f.out)
		if err != nil {
			return r, cannot("--out: %v", err)
		}
		r.Out = name
	case f.stalemate:
		r.Stalemate = true
	case f.noOut:
	default:
		return r, cannot("say how the round ended: --out NAME, --stalemate or --no-out")
	}
	r.Rummy = f.rummy
	for _, a := range f.melds {
		name, cards, err := splitArg("--meld", a, players)
		if err != nil {
			return r, err
		}
		m, err := parseMeldArg(fmt.Sprintf("--meld %q", a), cards)
		if err != nil {
			return r, err
		}
		r.Melds = append(r.Melds, referee.Meld{Player: name, Meld: m})
	}
	for _, a := range f.layoffs {
		name, rest, err := splitArg("--layoff", a, players)
		if err != nil {
			return r, err
		}
		at := strings.LastIndex(rest, "@")
		if at < 0 {
			return r, cannot("--layoff %q: say which --meld the cards go onto, as \"%s=10H@1\"", a, name)
		}
		k, err := strconv.Atoi(strings.TrimSpace(rest[at+1:]))
		if err != nil || k < 1 {
			return r, cannot("--layoff %q: %q is not a meld number (1 for the first --meld)", a, rest[at+1:])
		}
		cards, err := engine.ParseCards(rest[:at])
		if err != nil {
			return r, cannot("--layoff %q: %v", a, err)
		}
		if len(cards) == 0 {
			return r, cannot("--layoff %q: no cards", a)
		}
		if k > len(r.Melds) {
			return r, cannot("--layoff %q: there is no --meld %d (the round has %d)", a, k, len(r.Melds))
		}
		r.Layoffs = append(r.Layoffs, referee.Layoff{Player: name, Cards: cards, Onto: k})
	}
	given := map[string]string{}
	for _, a := range f.hands {
		name, rest, err := splitArg("--hand", a, players)
		if err != nil {
			return r, err
		}
		if prev, ok := given[name]; ok {
			return r, cannot("%s's hand is given twice (%s and --hand)", name, prev)
		}
		given[name] = "--hand"
		cards, err := engine.ParseCards(rest)
		if err != nil {
			return r, cannot("--hand %q: %v", a, err)
		}
		r.Hands = append(r.Hands, referee.Hand{Player: name, Cards: cards})
	}
	for _, a := range f.points {
		name, rest, err := splitArg("--points", a, players)
		if err != nil {
			return r, err
		}
		if prev, ok := given[name]; ok {
			return r, cannot("%s's hand is given twice (%s and --points)", name, prev)
		}
		given[name] = "--points"
		n, err := strconv.Atoi(strings.TrimSpace(rest))
		if err != nil || n < 0 {
			return r, cannot("--points %q: %q is not a number of points (0 or more)", a, strings.TrimSpace(rest))
		}
		r.Hands = append(r.Hands, referee.Hand{Player: name, Points: n, ByPoints: true})
	}
	return r, nil
}

// splitArg splits "NAME=REST" and finds the player.
func splitArg(flag, a string, players []string) (string, string, error) {
	name, rest, ok := strings.Cut(a, "=")
	if !ok {
		return "", "", cannot("%s %q: write it as NAME=CARDS, as in \"%s=7H 8H 9H\"", flag, a, players[0])
	}
	p, err := playerName(players, name)
	if err != nil {
		return "", "", cannot("%s %q: %v", flag, a, err)
	}
	return p, rest, nil
}

// rejected prints a refused round's problems and exits 1.
func rejected(io *streams, vd referee.Verdict) error {
	fmt.Fprintf(io.Out, "round not recorded: %d %s\n", len(vd.Problems), plural(len(vd.Problems), "problem", "problems"))
	for _, p := range vd.Problems {
		fmt.Fprintf(io.Out, "  - %s\n", p)
	}
	return ruleNo
}

// --- match round

// roundOptions are the flags of match round and match edit.
type roundOptions struct {
	fileFlag
	roundFlags
}

func newMatchRoundCmd(io *streams) *cobra.Command {
	o := &roundOptions{}
	c := &cobra.Command{
		Use:   "round [flags]",
		Short: "Record a round: who went out, the melds, lay-offs and hands",
		Long: `Record a round. The referee checks it first: every meld valid, every lay-off
valid on the meld it names, no card more often than the decks allow, the
player who went out holding nothing, every other player's hand given. A round
that breaks a rule is not recorded, and every problem is listed.

Under winner-takes-all, penalty and single-round scoring, melds and lay-offs
are optional (checked when given) and the player who went out needs no
--hand. Under meld-points (Rummy 500) they are the score: a player with no
--meld or --layoff melded nothing.

` + exitsRecord,
		Example: `  rummy match round --out Ann --hand "Bob=KH 3D" --hand "Cy=AS 2S"
  rummy match round --out Bob --rummy --points Ann=12 --points Cy=30
  rummy match round --stalemate
  rummy match round --out Ann --meld "Ann=7H 8H 9H" --meld "Ann=AS 2S 3S" --meld "Bob=QS QH QC" \
      --layoff "Ann=QD@3" --hand "Bob=KD 4C"
  rummy match round --from round.yaml`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			s, path, err := o.settingsAndPath(cmd)
			if err != nil {
				return err
			}
			var vd referee.Verdict
			var after *scoresheets.Sheet
			err = update(io, path, func(sh *scoresheets.Sheet) error {
				r, err := o.round(cmd, sh.Players)
				if err != nil {
					return err
				}
				vd, err = sh.Record(r, time.Time{})
				if err != nil {
					if errors.Is(err, scoresheets.ErrFinished) {
						return &exitError{code: exitNo, msg: err.Error()}
					}
					return cannot("%v", err)
				}
				if !vd.OK() {
					return rejected(io, vd)
				}
				after = sh
				return nil
			})
			if err != nil {
				return err
			}
			printRound(io, newOutput(io, s), after, len(after.Rounds))
			return nil
		},
	}
	o.fileFlag.add(c)
	o.roundFlags.add(c)
	return c
}

// printRound says what round n scored and where the match stands.
func printRound(io *streams, out output, s *scoresheets.Sheet, n int) {
	e := s.Rounds[n-1]
	var parts []string
	for _, p := range s.Players {
		sc := e.Scores[p]
		if sc > 0 {
			parts = append(parts, fmt.Sprintf("%s +%d", p, sc))
		} else {
			parts = append(parts, fmt.Sprintf("%s %d", p, sc))
		}
	}
	how := "nobody out"
	switch {
	case e.Round.Stalemate:
		how = "stalemate"
	case e.Round.Out != "":
		how = e.Round.Out + " out"
		if e.Round.Rummy {
			how += ", rummy"
		}
	}
	fmt.Fprintf(io.Out, "round %d (%s dealt, %s): %s\n", n, e.Dealer, how, strings.Join(parts, ", "))
	printStanding(io, out, s)
}

// printStanding says the totals, the leader or winner, and the next dealer.
func printStanding(io *streams, out output, s *scoresheets.Sheet) {
	st := s.Standing()
	var parts []string
	for _, p := range s.Players {
		parts = append(parts, fmt.Sprintf("%s %d", p, st.Totals[p]))
	}
	fmt.Fprintf(io.Out, "totals: %s\n", strings.Join(parts, ", "))
	switch {
	case st.Finished && len(st.Winners) == 0:
		fmt.Fprintln(io.Out, out.good("the match is over, with no winner"))
	case st.Finished && len(st.Winners) == 1:
		fmt.Fprintln(io.Out, out.good(fmt.Sprintf("the match is over: %s wins with %d", st.Winners[0], st.Totals[st.Winners[0]])))
	case st.Finished:
		fmt.Fprintln(io.Out, out.good(fmt.Sprintf("the match is over: %s share the win with %d", joinNames(st.Winners), st.Totals[st.Winners[0]])))
	default:
		lead := "leads"
		if len(st.Leaders) > 1 {
			lead = "lead"
		}
		fmt.Fprintf(io.Out, "%s %s; %s deals next\n", joinNames(st.Leaders), lead, st.NextDealer)
	}
}

func joinNames(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// --- match show

func newMatchShowCmd(io *streams) *cobra.Command {
	var f fileFlag
	var asJSON, noChart bool
	c := &cobra.Command{
		Use:   "show",
		Short: "Show the rounds, running totals, chart, next dealer and winner",
		Example: `  rummy match show
  rummy match show --file examples/rummy500-match.yaml
  rummy match show --json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, path, err := f.settingsAndPath(cmd)
			if err != nil {
				return err
			}
			sh, err := loadSheet(path)
			if err != nil {
				return err
			}
			if asJSON {
				return scoresheets.ShowJSON(sh, io.Out)
			}
			return scoresheets.Show(sh, io.Out, scoresheets.ShowOptions{NoChart: noChart})
		},
	}
	f.add(c)
	c.Flags().BoolVar(&asJSON, "json", false, "write one JSON object")
	c.Flags().BoolVar(&noChart, "no-chart", false, "leave out the chart of running totals")
	return c
}

// --- match undo, edit, end

func newMatchUndoCmd(io *streams) *cobra.Command {
	var f fileFlag
	c := &cobra.Command{
		Use:     "undo",
		Short:   "Remove the last round (the audit trail keeps what it was)",
		Example: `  rummy match undo`,
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			s, path, err := f.settingsAndPath(cmd)
			if err != nil {
				return err
			}
			var after *scoresheets.Sheet
			n := 0
			err = update(io, path, func(sh *scoresheets.Sheet) error {
				n = len(sh.Rounds)
				if err := sh.Undo(time.Time{}); err != nil {
					if errors.Is(err, scoresheets.ErrFinished) {
						return &exitError{code: exitNo, msg: err.Error()}
					}
					return cannot("undo: %v", err)
				}
				after = sh
				return nil
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(io.Out, "round %d removed\n", n)
			printStanding(io, newOutput(io, s), after)
			return nil
		},
	}
	f.add(c)
	return c
}

func newMatchEditCmd(io *streams) *cobra.Command {
	o := &roundOptions{}
	c := &cobra.Command{
		Use:   "edit N [round flags]",
		Short: "Replace round N; every later total follows",
		Long: `Replace round N with the round the flags describe (the same flags as
'rummy match round'). The referee checks the new round as it checks any; the
round keeps its dealer, and every later total follows. The audit trail keeps
the old round.

` + exitsRecord,
		Example: `  rummy match edit 2 --out Bob --hand "Ann=KH" --hand "Cy=2C 3C"`,
		Args:    exactArgs(1, "the number N of the round to replace"),
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := strconv.Atoi(args[0])
			if err != nil || n < 1 {
				return cannot("edit: %q is not a round number", args[0])
			}
			s, path, err := o.settingsAndPath(cmd)
			if err != nil {
				return err
			}
			var after *scoresheets.Sheet
			err = update(io, path, func(sh *scoresheets.Sheet) error {
				if n > len(sh.Rounds) {
					return cannot("edit: there is no round %d (the match has %d)", n, len(sh.Rounds))
				}
				r, err := o.round(cmd, sh.Players)
				if err != nil {
					return err
				}
				vd, err := sh.Edit(n, r, time.Time{})
				if err != nil {
					return &exitError{code: exitNo, msg: "edit: " + err.Error()}
				}
				if !vd.OK() {
					return rejected(io, vd)
				}
				after = sh
				return nil
			})
			if err != nil {
				return err
			}
			printRound(io, newOutput(io, s), after, n)
			return nil
		},
	}
	o.fileFlag.add(c)
	o.roundFlags.add(c)
	return c
}

func newMatchEndCmd(io *streams) *cobra.Command {
	var f fileFlag
	c := &cobra.Command{
		Use:   "end",
		Short: "Close the match as it stands: the players agree to stop",
		Long: `Close the match as it stands, because the players agree to stop. The best
total wins; a tie is shared. Refused on a match with no rounds.`,
		Example: `  rummy match end`,
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			s, path, err := f.settingsAndPath(cmd)
			if err != nil {
				return err
			}
			var after *scoresheets.Sheet
			err = update(io, path, func(sh *scoresheets.Sheet) error {
				if err := sh.End(time.Time{}); err != nil {
					return &exitError{code: exitNo, msg: "end: " + err.Error()}
				}
				after = sh
				return nil
			})
			if err != nil {
				return err
			}
			printStanding(io, newOutput(io, s), after)
			return nil
		},
	}
	f.add(c)
	return c
}

// --- match list, export

func newMatchListCmd(io *streams) *cobra.Command {
	var dir string
	c := &cobra.Command{
		Use:   "list",
		Short: "List the matches in the data folder",
		Example: `  rummy match list
  rummy match list --dir examples`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := loadSettings(cmd.Flags())
			if err != nil {
				return cannot("%v", err)
			}
			if dir == "" {
				dir = filepath.Join(s.DataDir, "matches")
			}
			list, err := scoresheets.List(dir)
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return cannot("%v", err)
			}
			if len(list) == 0 {
				fmt.Fprintf(io.Err, "no matches in %s\n", dir)
				return nil
			}
			current, _ := (&fileFlag{}).path(s)
			return writeMatchList(io, list, current)
		},
	}
	c.Flags().StringVar(&dir, "dir", "", "the folder to list (default: the data folder's matches)")
	return c
}

type matchExportOptions struct {
	f      fileFlag
	format string
	out    string // -o: the file to write; "" is stdout
}

func newMatchExportCmd(io *streams) *cobra.Command {
	o := &matchExportOptions{}
	c := &cobra.Command{
		Use:   "export --format csv|json|markdown|html [-o FILE]",
		Short: "Write the match as CSV (spreadsheet-safe), JSON, a Markdown table or an HTML page",
		Long: `Write the match as CSV (safe to open in a spreadsheet), JSON, a Markdown
table, or one HTML page to print or share: the rounds with running totals,
the winner or the leader, a chart of the totals with the target, and the
rules of the match with its house rules marked. The page is self-contained
(its style and chart are inline, it loads nothing and runs no script) and
prints a match of up to 20 rounds on one A4 or Letter sheet.`,
		Example: `  rummy match export --format csv > match.csv
  rummy match export --format markdown --file examples/kids-match.yaml
  rummy match export --format html --file examples/basic-match.yaml -o basic.html`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMatchExport(io, cmd, o)
		},
	}
	o.f.add(c)
	c.Flags().StringVar(&o.format, "format", "", "csv, json, markdown or html")
	c.Flags().StringVarP(&o.out, "output", "o", "", "write to `FILE` instead of stdout")
	_ = c.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(scoresheets.ExportFormats, cobra.ShellCompDirectiveNoFileComp))
	return c
}

func runMatchExport(io *streams, cmd *cobra.Command, o *matchExportOptions) error {
	if !slices.Contains(scoresheets.ExportFormats, o.format) {
		return cannot("export: --format %q: choose %s", o.format, orList(scoresheets.ExportFormats))
	}
	_, path, err := o.f.settingsAndPath(cmd)
	if err != nil {
		return err
	}
	sh, err := loadSheet(path)
	if err != nil {
		return err
	}
	return writeOutput(io, o.out, func(w *bytes.Buffer) error { return scoresheets.Export(sh, o.format, w) })
}
