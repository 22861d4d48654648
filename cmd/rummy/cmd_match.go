package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/scoresheets"
	"github.com/rummy-referee/rummy/variants"
)

func newMatchCmd(io *app) *cobra.Command {
	c := &cobra.Command{
		Use:   "match",
		Short: "Keep a match's scoresheet: new, round, show, undo, edit, end, reopen, use, rename, join, leave, list, export",
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
		newMatchReopenCmd(io), newMatchUseCmd(io), newMatchRenameCmd(io),
		newMatchJoinCmd(io), newMatchLeaveCmd(io),
		newMatchListCmd(io), newMatchExportCmd(io),
	)
	return c
}

func limitsText(s *scoresheets.Sheet) string {
	var parts []string
	if s.Target > 0 {
		parts = append(parts, fmt.Sprintf("target %d", s.Target))
	} else {
		parts = append(parts, "no target")
	}
	if s.RoundLimit > 0 {
		parts = append(parts, fmt.Sprintf("%d %s at most", s.RoundLimit, plural(s.RoundLimit, "round", "rounds")))
	}
	return strings.Join(parts, ", ")
}

// playerName finds a player by name, ignoring case.
func playerName(players []string, name string) (string, error) {
	return scoresheets.Player(players, name)
}

// --- round flags, shared by round and edit

type roundFlags struct {
	changed   func(string) bool // whether a flag was given, set as the command runs
	out       string
	stalemate bool
	noOut     bool
	rummy     bool
	melds     []string
	layoffs   []string
	hands     []string
	points    []string
	from      string
	knock     string // a gin hand: who knocked
	upcard    string // a gin hand's first upcard
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
	fl.StringVar(&f.knock, "knock", "", "gin: the player who knocked (give both whole --hand, the knocker's ten cards after the discard, or eleven for big gin)")
	fl.StringVar(&f.upcard, "upcard", "", "gin: the hand's first upcard `CARD` (Oklahoma Gin's knock limit and spade doubling)")
	_ = c.RegisterFlagCompletionFunc("out", completePlayers)
	_ = c.RegisterFlagCompletionFunc("knock", completePlayers)
	for _, name := range []string{"meld", "layoff", "hand", "points"} {
		_ = c.RegisterFlagCompletionFunc(name, completePlayersEq)
	}
}

// round builds the round the flags describe, for the match's players.
func (f *roundFlags) round(players []string) (referee.Round, error) {
	if f.from != "" {
		for _, n := range []string{"out", "stalemate", "no-out", "knock", "upcard", "rummy", "meld", "layoff", "hand", "points"} {
			if f.changed(n) {
				return referee.Round{}, cannot("--from reads the whole round: give --%s in the file instead", n)
			}
		}
		data, err := os.ReadFile(f.from)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err // the system's reason, without Go's "open NAME:"
			}
			return referee.Round{}, cannot("--from %s: %v: give a round's YAML file, as in --from examples/round.yaml", f.from, err)
		}
		r, err := scoresheets.ParseRound(f.from, data, players)
		if err != nil {
			return referee.Round{}, cannot("%v", err)
		}
		return r, nil
	}
	var r referee.Round
	if err := f.oneEnding(); err != nil {
		return r, err
	}
	switch {
	case f.changed("out"):
		name, err := playerName(players, f.out)
		if err != nil {
			return r, cannot("--out: %v", err)
		}
		r.Out = name
	case f.changed("knock"):
		name, err := playerName(players, f.knock)
		if err != nil {
			return r, cannot("--knock: %v", err)
		}
		r.Knock = name
	case f.stalemate:
		r.Stalemate = true
	case f.noOut:
	default:
		return r, cannot("say how the round ended: --out NAME, --knock NAME (gin), --stalemate or --no-out")
	}
	r.Rummy = f.rummy
	err := f.parts(players, &r, true)
	return r, err
}

// oneEnding refuses flags that end the round more than one way.
func (f *roundFlags) oneEnding() error {
	var ends []string
	for _, n := range []string{"out", "stalemate", "no-out", "knock"} {
		if f.changed(n) {
			ends = append(ends, "--"+n)
		}
	}
	if len(ends) > 1 {
		return cannot("%s: a round ends one way: give one of --out NAME, --knock NAME, --stalemate or --no-out", strings.Join(ends, " and "))
	}
	return nil
}

// parts reads the flags of a round's parts (the upcard, melds, lay-offs,
// hands) into r. checkOnto checks that each lay-off is onto one of the
// melds given; a partial edit's lay-offs count the round's melds instead.
func (f *roundFlags) parts(players []string, r *referee.Round, checkOnto bool) error {
	if f.changed("upcard") {
		c, err := engine.ParseCard(f.upcard)
		if err != nil {
			return cannot("--upcard %q: %v (for example --upcard 7S)", f.upcard, err)
		}
		r.Upcard = c
	}
	for _, a := range f.melds {
		m, err := scoresheets.ParseMeldArg(a, players)
		if err != nil {
			return cannot("%v", err)
		}
		r.Melds = append(r.Melds, m)
	}
	melds := -1
	if checkOnto {
		melds = len(r.Melds)
	}
	for _, a := range f.layoffs {
		l, err := scoresheets.ParseLayoffArg(a, players, melds)
		if err != nil {
			return cannot("%v", err)
		}
		r.Layoffs = append(r.Layoffs, l)
	}
	// A player's hand comes from --hand or --points, once.
	given := map[string]string{}
	for _, hf := range []struct {
		flag  string
		args  []string
		parse func(string, []string) (referee.Hand, error)
	}{
		{"--hand", f.hands, scoresheets.ParseHandArg},
		{"--points", f.points, scoresheets.ParsePointsArg},
	} {
		for _, a := range hf.args {
			h, err := hf.parse(a, players)
			if err != nil {
				return cannot("%v", err)
			}
			if prev, ok := given[h.Player]; ok {
				return cannot("%s's hand is given twice (%s and %s)", h.Player, prev, hf.flag)
			}
			given[h.Player] = hf.flag
			r.Hands = append(r.Hands, h)
		}
	}
	return nil
}

// printRound says what round n scored and where the match stands.
func printRound(io *streams, out output, s *scoresheets.Sheet, n int) {
	e := s.Rounds[n-1]
	how := "nobody out"
	switch {
	case e.Round.Knock != "":
		how = e.Round.Knock + " knocked"
		// The referee's reading of the hand: how it was played and scored.
		if vd, err := referee.Judge(s.Variant, s.Seated(n), e.Round); err == nil && vd.Knock != nil {
			for _, l := range vd.Knock.Summary(out.symbols) {
				fmt.Fprintln(io.Out, l)
			}
		}
	case e.Round.Stalemate && s.Variant.Scoring.Method == variants.Knock:
		how = "dead hand"
	case e.Round.Stalemate:
		how = "stalemate"
	case e.Round.Out != "":
		how = e.Round.Out + " out"
		if e.Round.Rummy {
			how += ", rummy"
		}
	}
	fmt.Fprintf(io.Out, "round %d (%s dealt, %s): %s\n", n, e.Dealer, how, scoresText(s.Seated(n), e.Scores))
	printStanding(io, out, s)
}

// printStanding says the totals, the leader or winner, and the next dealer.
func printStanding(io *streams, out output, s *scoresheets.Sheet) {
	st := s.Standing()
	fmt.Fprintf(io.Out, "totals: %s\n", totalsLine(s.Players, st.Totals))
	if len(st.Bonuses) > 0 {
		var bs []string
		for _, p := range s.Players {
			for _, b := range st.Bonuses[p] {
				t := fmt.Sprintf("%s %s +%d", p, b.Kind, b.Points)
				if b.Kind == referee.BoxBonus {
					t += fmt.Sprintf(" (%d %s won)", b.Count, plural(b.Count, "hand", "hands"))
				}
				bs = append(bs, t)
			}
		}
		fmt.Fprintf(io.Out, "match-end bonuses, in the totals: %s\n", strings.Join(bs, ", "))
	}
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

// fileFlag is the --file flag of the match commands.
func addFileFlag(c *cobra.Command, file *string) {
	c.Flags().StringVar(file, "file", "", "the match `FILE` (default: the current match in the data folder)")
	_ = c.RegisterFlagCompletionFunc("file", func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		return []string{"yaml"}, cobra.ShellCompDirectiveFilterFileExt
	})
}

func addJSONFlag(c *cobra.Command, asJSON *bool) {
	c.Flags().BoolVar(asJSON, "json", false, "write one JSON object to stdout")
}

// changeJSON is what a command that changes a match writes with --json:
// what it did, and the match after it as 'rummy match show --json' has it.
type changeJSON struct {
	File   string          `json:"file"`
	Change string          `json:"change"`          // new, round, edit, undo or end
	Round  int             `json:"round,omitempty"` // the round recorded, replaced or removed
	Match  json.RawMessage `json:"match"`
}

// printChange writes what a change of a match did: the round it scored,
// or the one it removed, and where the match stands.
func printChange(a *app, asJSON bool, change, path string, sh *scoresheets.Sheet, n int) error {
	out, err := a.output()
	if err != nil {
		return err
	}
	io := a.streams
	if asJSON {
		var b bytes.Buffer
		if err := scoresheets.ShowJSON(sh, &b); err != nil {
			return err
		}
		return out.printJSON(changeJSON{File: path, Change: change, Round: n, Match: b.Bytes()})
	}
	switch change {
	case "new":
		fmt.Fprintf(io.Out, "new %s match: %s\n", sh.Variant.Name, strings.Join(sh.Players, ", "))
		fmt.Fprintf(io.Out, "%s; %s deals first\n", limitsText(sh), sh.Standing().NextDealer)
	case "round", "edit":
		printRound(io, out, sh, n)
	case "undo":
		fmt.Fprintf(io.Out, "round %d removed\n", n)
		printStanding(io, out, sh)
	case "reopen", "rename", "join", "leave":
		fmt.Fprintln(io.Out, sh.Audit[len(sh.Audit)-1].Note)
		printStanding(io, out, sh)
	default:
		printStanding(io, out, sh)
	}
	return nil
}

// --- match new

type matchNewOptions struct {
	variantFlags
	players   playersArg
	file      string
	target    int
	targetSet bool
	rounds    int
	dealer    string
	json      bool
}

func newMatchNewCmd(io *app) *cobra.Command {
	o := &matchNewOptions{}
	c := &cobra.Command{
		Use:   "new --players NAMES",
		Short: "Start a match",
		Long: `Start a match: the variant, the players in seating order (the deal passes
to the left, the next name), the target (by default the variant's for that
many players) and, optionally, a fixed number of rounds: the match ends after
them, or at the target if that comes first.

--players takes the names, or a count when the config file names that many
players or more: --players 2 plays with its first two.

The match is saved in the data folder and becomes the current match, unless
--file names where to keep it.

` + exitHelp("when the match is started", "", "when it cannot be (a bad flag, an unknown variant, the file exists)"),
		Example: `  rummy match new --players "Ann,Bob,Cy"
  rummy match new --variant kids --players "Mia,Leo" --dealer Leo
  rummy match new --variant rummy500 --players "Ann,Bob" --target 300 --rule scoring.must_go_out_to_win=true
  rummy match new --players "Ann,Bob" --rounds 5 --file tuesday.yaml`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.targetSet = cmd.Flags().Changed("target")
			return runMatchNew(cmd.Context(), io, o)
		},
	}
	o.variantFlags.add(c)
	addFileFlag(c, &o.file)
	c.Flags().Var(&o.players, "players", "the players, comma-separated, in seating order (default: the config's players)")
	c.Flags().IntVar(&o.target, "target", 0, "the target score (default: the variant's for this many players; 0 for none)")
	c.Flags().IntVar(&o.rounds, "rounds", 0, "end the match after this many rounds (or at the target, if first)")
	c.Flags().StringVar(&o.dealer, "dealer", "", "who deals first (default: the first player)")
	addJSONFlag(c, &o.json)
	return c
}

func runMatchNew(ctx context.Context, io *app, o *matchNewOptions) error {
	s, v, err := o.settingsAndVariant(io)
	if err != nil {
		return err
	}
	players, err := namedPlayers(s, &o.players)
	if err != nil {
		return err
	}
	opts := scoresheets.Options{Rounds: o.rounds}
	if o.targetSet {
		if o.target < 0 {
			return cannot("match new: --target %d: a target cannot be negative (0 plays without one)", o.target)
		}
		opts.Target = &o.target
	}
	if o.rounds < 0 {
		return cannot("match new: --rounds %d: cannot be negative", o.rounds)
	}
	if o.dealer != "" {
		name, err := playerName(players, o.dealer)
		if err != nil {
			return cannot("match new: --dealer: %v", err)
		}
		opts.Dealer = name
	}
	warnUnfinished(io, players)
	path, sh, err := io.newMatch(v, players, opts, o.file)
	if err != nil {
		return err
	}
	return printChange(io, o.json, "new", path, sh, 0)
}

// namedPlayers are the players of a new match: the names --players or the
// settings give, or the first N of the settings' for --players N.
func namedPlayers(s settings, p *playersArg) ([]string, error) {
	switch {
	case p.n == 0 && len(s.Players) == 0:
		return nil, cannot("match new: name the players, as in --players \"Ann,Bob,Cy\"")
	case p.n == 0 || p.names != nil:
		return s.Players, nil
	case p.n > len(s.Players):
		return nil, cannot("--players %d: name the %d players, as in --players \"Ann,Bob,Cy\" (the config names %d)", p.n, p.n, len(s.Players))
	}
	return s.Players[:p.n], nil
}

// --- match round

// roundOptions are the flags of match round and match edit.
type roundOptions struct {
	roundFlags
	file string
	json bool
	n    int // the round edit replaces
}

func newRoundCmd(io *app, use string, run func(context.Context, *app, *roundOptions) error) (*cobra.Command, *roundOptions) {
	o := &roundOptions{}
	c := &cobra.Command{
		Use:  use,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.changed = cmd.Flags().Changed
			return run(cmd.Context(), io, o)
		},
	}
	addFileFlag(c, &o.file)
	o.roundFlags.add(c)
	addJSONFlag(c, &o.json)
	return c, o
}

var exitsRecord = exitHelp("when the round is recorded", "when the rules refuse it (the problems are listed on stderr)",
	"when the input cannot be read; either way nothing is written")

func newMatchRoundCmd(io *app) *cobra.Command {
	c, _ := newRoundCmd(io, "round [flags]", runMatchRound)
	c.Short = "Record a round: who went out, the melds, lay-offs and hands"
	c.Long = `Record a round. The referee checks it first: every meld valid, every lay-off
valid on the meld it names, no card more often than the decks allow, the
player who went out holding nothing, every other player's hand given. A round
that breaks a rule is not recorded, and every problem is listed.

Under winner-takes-all, penalty and single-round scoring, melds and lay-offs
are optional (checked when given) and the player who went out needs no
--hand. Under meld-points (Rummy 500) they are the score: a player with no
--meld or --layoff melded nothing.

Under knock scoring (gin, oklahoma-gin) a hand is --knock NAME with both
players' whole hands: the knocker's ten cards after the discard (eleven for
big gin) and the defender's ten. The referee checks the knock against the
limit (Oklahoma: from --upcard, which it then needs), finds the knocker's
melds (or takes them from --meld), the defender's best lay-offs and melds
(or the --layoff given), and scores knock, undercut, gin or big gin. A dead
hand is --stalemate.

` + exitsRecord
	c.Example = `  rummy match round --out Ann --hand "Bob=KH 3D" --hand "Cy=AS 2S"
  rummy match round --out Bob --rummy --points Ann=12 --points Cy=30
  rummy match round --stalemate
  rummy match round --out Ann --meld "Ann=7H 8H 9H" --meld "Ann=AS 2S 3S" --meld "Bob=QS QH QC" \
      --layoff "Ann=QD@3" --hand "Bob=KD 4C"
  rummy match round --from examples/round.yaml --file examples/basic-match.yaml
  rummy match round --knock Ann --hand "Ann=3C 4C 5C 7H 7S 7D JS QS KS 2D" --hand "Bob=9C 9D 9H 4H 5H 6H KD QH 8S 10D"
  rummy match round --knock Bob --upcard 7S --hand "Bob=..." --hand "Ann=..."   # Oklahoma Gin`
	return c
}

func runMatchRound(ctx context.Context, io *app, o *roundOptions) error {
	return io.record(o.file, o.round, o.json)
}

func newMatchEditCmd(io *app) *cobra.Command {
	c, o := newRoundCmd(io, "edit N [round flags]", runMatchEdit)
	c.Short = "Change part of round N; every later total follows"
	c.Long = `Change only what the flags give in round N, keeping the rest as entered:
--hand "Ann=KH" replaces Ann's hand and nothing else; --points likewise;
--meld replaces the melds of the players it names (their k-th meld stays
their k-th, and lay-offs onto it stay), --layoff the lay-offs of the players
it names (onto counts the round's melds as 'rummy match show N' numbers
them); --out, --stalemate, --no-out, --rummy and --no-rummy change how the
round ended. --from FILE replaces the whole round instead.

The referee checks the round again as it checks any; it keeps its dealer,
and every later total follows. rummy prints round N's scores and the totals
before and after; the audit trail keeps the old round.

` + exitsRecord
	c.Example = `  rummy match edit 3 --hand "Dad=AC AD"
  rummy match edit 2 --no-rummy
  rummy match edit 2 --out Bob --hand "Ann=KH" --hand "Cy=2C 3C"`
	c.Flags().Bool("no-rummy", false, "the player who went out did not go rummy")
	c.Args = func(cmd *cobra.Command, args []string) error {
		if err := exactArgs(1, "the number N of the round to replace")(cmd, args); err != nil {
			return err
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 {
			return cannot("edit: %q is not a round number: give the round's number, as in 'rummy match edit 2 ...'", args[0])
		}
		o.n = n
		return nil
	}
	return c
}

func runMatchEdit(ctx context.Context, io *app, o *roundOptions) error {
	if o.from != "" {
		return io.edit(o.file, o.n, o.round, o.json)
	}
	return io.amend(o)
}

// --- match show, undo, end

// fileOptions are the options of a match command with only --file and
// --json.
type fileOptions struct {
	file string
	json bool
}

func newFileCmd(io *app, use string, run func(context.Context, *app, *fileOptions) error) (*cobra.Command, *fileOptions) {
	o := &fileOptions{}
	c := &cobra.Command{
		Use:  use,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return run(cmd.Context(), io, o) },
	}
	addFileFlag(c, &o.file)
	addJSONFlag(c, &o.json)
	return c, o
}

// matchShowOptions are the options of 'rummy match show [N]'.
type matchShowOptions struct {
	*fileOptions
	round          int // 0 for the whole match
	noChart, audit bool
}

func newMatchShowCmd(io *app) *cobra.Command {
	o := &matchShowOptions{}
	c, fo := newFileCmd(io, "show [N]", func(ctx context.Context, io *app, _ *fileOptions) error { return runMatchShow(ctx, io, o) })
	o.fileOptions = fo
	c.Args = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		if len(args) > 1 {
			return cannot("show takes at most one round number, but was given %s", quoteArgs(args))
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 {
			return cannot("show: %q is not a round number: give the round's number, as in 'rummy match show 2'", args[0])
		}
		o.round = n
		return nil
	}
	c.Flags().BoolVar(&o.audit, "audit", false, "add the audit trail: every change, oldest first")
	c.Short = "Show the rounds, running totals, chart, next dealer and winner; or round N"
	c.Long = "Show the match: its rounds, the running totals with a chart of them, the next\ndealer and, once it is over, the winner; players who joined or left; with\n--audit, every change. 'rummy match show N' shows round N as entered (melds\nnumbered, lay-offs, hands), the referee's verdict, the scores and the totals\nafter it.\n\n" +
		exitHelp("when shown", "", "when the match file cannot be read")
	c.Example = `  rummy match show
  rummy match show 2
  rummy match show --audit
  rummy match show --file examples/rummy500-match.yaml
  rummy match show --json`
	c.Flags().BoolVar(&o.noChart, "no-chart", false, "leave out the chart of running totals")
	return c
}

func runMatchShow(ctx context.Context, io *app, o *matchShowOptions) error {
	_, sh, err := io.openMatch(o.file)
	if err != nil {
		return err
	}
	if o.round > 0 {
		if o.json {
			return cannot("show %d: --json shows the whole match; leave out N", o.round)
		}
		out, err := io.output()
		if err != nil {
			return err
		}
		if err := scoresheets.ShowRound(sh, io.Out, o.round, out.symbols); err != nil {
			return cannot("show: %v", err)
		}
		return nil
	}
	if o.json {
		return scoresheets.ShowJSON(sh, io.Out)
	}
	return scoresheets.Show(sh, io.Out, scoresheets.ShowOptions{NoChart: o.noChart, Audit: o.audit})
}

func newMatchUndoCmd(io *app) *cobra.Command {
	c, _ := newFileCmd(io, "undo", func(ctx context.Context, io *app, o *fileOptions) error { return io.undo(o.file, o.json) })
	c.Short = "Remove the last round (the audit trail keeps what it was)"
	c.Long = "Remove the last round; the audit trail in the file keeps what it was.\n\n" +
		exitHelp("when removed", "when the players ended the match (edit a round instead)", "when there is no round or the file cannot be read")
	c.Example = `  rummy match undo`
	return c
}

func newMatchEndCmd(io *app) *cobra.Command {
	var yes bool
	c, _ := newFileCmd(io, "end", func(ctx context.Context, io *app, o *fileOptions) error {
		return io.endAsking(ctx, o.file, yes, o.json)
	})
	c.Short = "Close the match as it stands: the players agree to stop"
	c.Long = `Close the match as it stands, because the players agree to stop. The best
total wins; a tie is shared. On a terminal it asks first; --yes ends without
asking, and is needed where there is no terminal (a script). 'rummy match
reopen' takes it back.

` + exitHelp("when closed", "when the match is over already, or you answer no", "when no round is recorded yet, the file cannot be read, or there is no terminal to ask on and no --yes")
	c.Example = `  rummy match end
  rummy match end --yes`
	c.Flags().BoolVarP(&yes, "yes", "y", false, "end without asking")
	return c
}

// --- match list, export

type matchListOptions struct {
	dir  string
	json bool
}

func newMatchListCmd(io *app) *cobra.Command {
	o := &matchListOptions{}
	c := &cobra.Command{
		Use:   "list",
		Short: "List the matches in the data folder",
		Long: "List the matches of the data folder (or --dir): each file's variant,\nplayers, rounds and leader or winner. A file that is not a match, or does not\nload, is listed as skipped, with why.\n\n" +
			exitHelp("when listed (none is no error)", "", "when the folder cannot be read"),
		Example: `  rummy match list
  rummy match list --dir examples --json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runMatchList(cmd.Context(), io, o) },
	}
	c.Flags().StringVar(&o.dir, "dir", "", "the folder to list (default: the data folder's matches)")
	addJSONFlag(c, &o.json)
	return c
}

// summaryJSON is one match of 'rummy match list --json'.
type summaryJSON struct {
	File     string         `json:"file"`
	Current  bool           `json:"current"`
	Variant  string         `json:"variant,omitempty"`
	Players  []string       `json:"players"`
	Rounds   int            `json:"rounds"`
	Totals   map[string]int `json:"totals,omitempty"`
	Leaders  []string       `json:"leaders"`
	Finished bool           `json:"finished"`
	Winners  []string       `json:"winners"`
	Skipped  string         `json:"skipped,omitempty"` // why the file is not listed as a match
}

func runMatchList(ctx context.Context, io *app, o *matchListOptions) error {
	f, err := io.folder()
	if err != nil {
		return err
	}
	dir := o.dir
	var list []scoresheets.Summary
	if dir == "" {
		dir = f.Matches()
		list, err = f.List()
	} else {
		list, err = scoresheets.List(dir)
	}
	if err != nil {
		return cannot("match list: %v", err)
	}
	current, _ := f.Current()
	if o.json {
		out := []summaryJSON{}
		for _, m := range list {
			out = append(out, summaryJSON{File: m.Path, Current: m.Path == current, Variant: m.Variant,
				Players: orEmpty(m.Players), Rounds: m.Rounds, Totals: m.Totals, Leaders: orEmpty(m.Leaders),
				Finished: m.Finished, Winners: orEmpty(m.Winners), Skipped: m.Note})
		}
		o, err := io.output()
		if err != nil {
			return err
		}
		return o.printJSON(map[string]any{"dir": dir, "matches": out})
	}
	if len(list) == 0 {
		fmt.Fprintf(io.Err, "no matches in %s\n", dir)
		return nil
	}
	return writeMatchList(io.streams, list, current)
}

// orEmpty makes a nil list an empty one, [] in JSON.
func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

type matchExportOptions struct {
	file   string
	format string
	out    string // -o: the file to write; "" is stdout
}

func newMatchExportCmd(io *app) *cobra.Command {
	o := &matchExportOptions{}
	c := &cobra.Command{
		Use:   "export --format csv|json|markdown|html [-o FILE]",
		Short: "Write the match as CSV (spreadsheet-safe), JSON, a Markdown table or an HTML page",
		Long: `Write the match as CSV (safe to open in a spreadsheet), JSON, a Markdown
table, or one HTML page to print or share: the rounds with running totals,
the winner or the leader, a chart of the totals with the target, and the
rules of the match with its house rules marked. The page is self-contained
(its style and chart are inline, it loads nothing and runs no script) and
prints a match of up to 20 rounds on one A4 or Letter sheet.

` + exitHelp("when written", "", "when the format is unknown or the file cannot be read or written"),
		Example: `  rummy match export --format csv > match.csv
  rummy match export --format markdown --file examples/kids-match.yaml
  rummy match export --format html --file examples/basic-match.yaml -o basic.html`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runMatchExport(cmd.Context(), io, o) },
	}
	addFileFlag(c, &o.file)
	c.Flags().StringVar(&o.format, "format", "", "csv, json, markdown or html")
	c.Flags().StringVarP(&o.out, "output", "o", "", "write to `FILE` instead of stdout")
	_ = c.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(scoresheets.ExportFormats, cobra.ShellCompDirectiveNoFileComp))
	return c
}

func runMatchExport(ctx context.Context, io *app, o *matchExportOptions) error {
	if !slices.Contains(scoresheets.ExportFormats, o.format) {
		return cannot("export: --format %q: choose %s, as in --format csv", o.format, orList(scoresheets.ExportFormats))
	}
	_, sh, err := io.openMatch(o.file)
	if err != nil {
		return err
	}
	return writeOutput(io.streams, o.out, func(w *bytes.Buffer) error { return scoresheets.Export(sh, o.format, w) })
}
