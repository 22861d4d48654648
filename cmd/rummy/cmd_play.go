package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/scoresheets"
	"github.com/rummy-referee/rummy/variants"
)

type playOptions struct {
	variantFlags
	file    string
	players playersArg
	target  int
	rounds  int
	dealer  string
	changed func(string) bool // whether a flag was given, set as the command runs
}

func newPlayCmd(io *app) *cobra.Command {
	o := &playOptions{}
	c := &cobra.Command{
		Use:   "play",
		Short: "Keep a match by answering questions, round by round",
		Long: `Keep a match at the table: rummy asks, and the referee judges each answer
as it is given.

play goes on with an unfinished match (--file, or one chosen from the data
folder's matches) or starts a new one, asking the variant, the players and
the target unless --variant, --players and --target give them; a new match
becomes the current one, as with 'rummy match new'.

A new match asks who deals first (or --dealer); a match gone on with first
shows the standings and who deals. Each round it asks who went out (and,
where it counts, whether they went rummy) and each other player's hand: the
cards left, or their points (12). Under winner-takes-all, penalty and
single-round scoring that is the whole round; the melds and lay-offs are
asked when someone wants them checked ("melds" in the round's summary), and
always under meld-points, where they are the score: each player's melds, one
a line, an empty line when done, then their lay-offs as CARDS@K onto meld K
of the round. The round is then summed up with the scores it would give, to
save, change one answer ("edit", the others kept) or discard. A round is
saved as 'rummy match round' saves it: the same checks, lock and atomic
save. Between rounds: the next round, undo the last one (asked first), show
the scoresheet, rename a player or have one join or leave, or quit; play
goes on later where it stopped.

On a terminal the questions are menus (type an item's number, or use the
arrows) and fields; a refused answer is asked again with the text typed left
in the field. From a pipe or a file they are read one answer a line, in the
same order, so 'rummy play < examples/answers.txt' records a match; there a
refused answer stops play at once, exit 2, naming the input line, the
question and why, with nothing of that round saved. Questions, menus and
verdicts go to stderr; stdout has only the results: each round's scores and
the totals, the final scoresheet.

--no-input, or CI=true in the environment, makes play fail at the first
question rather than wait for an answer: record rounds with 'rummy match
round' instead.

` + exitHelp("when the match is over or you quit", "when the rules refuse a change",
			"when a question is left unanswered (the input ended, --no-input) or a file cannot be read. Every round saved before stays saved"),
		Example: `  rummy play
  rummy play --variant kids --players "Mia,Leo"
  rummy play --variant rummy500 --players "Ann,Bob" --target 300 --rule scoring.must_go_out_to_win=true
  rummy play --file tuesday.yaml
  rummy play --data-dir /tmp/rummy-demo < examples/answers.txt`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.changed = cmd.Flags().Changed
			return runPlay(cmd.Context(), io, o)
		},
	}
	o.variantFlags.add(c)
	addFileFlag(c, &o.file)
	c.Flags().Lookup("file").Usage = "the match `FILE` to go on with, or to start (default: choose among the data folder's unfinished matches)"
	c.Flags().Var(&o.players, "players", "the players of a new match, comma-separated, in seating order, or how many of the config's play (default: asked, offering the config's)")
	c.Flags().IntVar(&o.target, "target", 0, "the target of a new match (default: asked, offering the variant's; 0 for none)")
	c.Flags().IntVar(&o.rounds, "rounds", 0, "end a new match after this many rounds (or at the target, if first)")
	c.Flags().StringVar(&o.dealer, "dealer", "", "who deals the first round of a new match (default: asked, offering the first player)")
	_ = c.RegisterFlagCompletionFunc("dealer", completePlayers)
	return c
}

// session is one run of play: the match file it keeps and how it asks.
type session struct {
	io    *app
	o     *playOptions
	s     settings
	ask   prompter
	mark  output // colours the verdicts on stderr
	path  string // the match file, once chosen or created
	round int    // the round being asked, 0 between rounds
}

// reject refuses the last answer: said, for it to be asked again, or, from
// a pipe or a file, an error (*badAnswer) that stops play at once, naming
// the input line.
func (ss *session) reject(why string) error {
	if err := ss.stopOn(why); err != nil {
		return err
	}
	ss.refuse(why)
	return nil
}

// askAgain asks label; after a refused answer (typed), a terminal shows
// that answer in the field to correct. An empty answer is def.
func (ss *session) askAgain(label, def, typed string) (string, error) {
	if pp, ok := ss.ask.(*promptuiPrompter); ok && typed != "" {
		a, err := pp.Retry(label, typed)
		if a == "" {
			a = def
		}
		return a, err
	}
	return ss.ask.Ask(label, def)
}

// stopOn returns the *badAnswer that stops play on a refused answer from a
// pipe or a file, or nil where it can be asked again.
func (ss *session) stopOn(why string) error {
	if lp, ok := ss.ask.(*linePrompter); ok {
		return lp.refused(strings.ReplaceAll(why, "\n", "; "))
	}
	return nil
}

func runPlay(ctx context.Context, io *app, o *playOptions) error {
	s, err := io.loadSettings()
	if err != nil {
		return err
	}
	colour := io.errTTY && promptColour(io.streams, s)
	ss := &session{
		io: io, o: o, s: s,
		ask:  newPrompter(ctx, io.streams, io.global.noInput, colour),
		mark: output{io: io.streams, symbols: !s.ASCII && utf8Locale(io.getenv), colour: colour},
	}
	err = ss.play()
	var ba *badAnswer
	if errors.As(err, &ba) {
		msg := "play: " + ba.Error()
		if ss.round > 0 {
			msg += fmt.Sprintf("; nothing of round %d was saved", ss.round)
		}
		if ss.path != "" {
			msg += fmt.Sprintf("; the rounds saved before stay in %s, and 'rummy play --file %s' goes on with it", ss.path, shellQuote(ss.path))
		}
		return cannot("%s", msg)
	}
	var na *noAnswer
	if errors.As(err, &na) {
		msg := "play: " + na.Error()
		if ss.path != "" {
			msg += fmt.Sprintf("; the rounds saved so far stay in %s, and 'rummy play --file %s' goes on with it", ss.path, shellQuote(ss.path))
		}
		return cannot("%s", msg)
	}
	return err
}

// menu is what play offers between rounds; the line reader takes the
// first word of each.
var menu = []string{"next round", "undo the last round", "show the scoresheet",
	"players: rename, join or leave", "quit (play goes on with the match later)"}

func (ss *session) play() error {
	created, err := ss.open()
	if err != nil {
		return err
	}
	offer := !created // a match just started goes straight to its first round
	if !created {
		if err := ss.standings(); err != nil {
			return err
		}
	}
	for {
		_, sh, err := ss.io.openMatch(ss.path)
		if err != nil {
			return err
		}
		st := sh.Standing()
		if st.Finished {
			ss.ask.Say("the match is over")
			return scoresheets.Show(sh, ss.io.Out, scoresheets.ShowOptions{})
		}
		if offer {
			i, err := ss.ask.Choose(fmt.Sprintf("Round %d is next, %s deals", len(sh.Rounds)+1, st.NextDealer), menu, 0)
			if err != nil {
				return err
			}
			switch i {
			case 1:
				if err := ss.undo(sh); err != nil {
					return err
				}
				continue
			case 2:
				if err := scoresheets.Show(sh, ss.io.Out, scoresheets.ShowOptions{}); err != nil {
					return err
				}
				continue
			case 3:
				if err := ss.seats(sh); err != nil {
					return err
				}
				continue
			case 4:
				ss.ask.Say("the match is saved in %s; 'rummy play --file %s' goes on with it", ss.path, shellQuote(ss.path))
				return nil
			}
		}
		offer = true
		if err := ss.playRound(sh); err != nil {
			return err
		}
	}
}

// standings tells the table, going on with a match, where it stands and
// who deals.
func (ss *session) standings() error {
	_, sh, err := ss.io.openMatch(ss.path)
	if err != nil {
		return err
	}
	st := sh.Standing()
	if len(sh.Rounds) == 0 || st.Finished {
		return nil
	}
	lead := "leads"
	if len(st.Leaders) > 1 {
		lead = "lead"
	}
	ss.ask.Say("%s match after round %d: %s; %s %s, and %s deals round %d",
		sh.Variant.Name, len(sh.Rounds), totalsLine(sh.Players, st.Totals), joinNames(st.Leaders), lead, st.NextDealer, len(sh.Rounds)+1)
	return nil
}

// undo removes the last round once the table confirms it.
func (ss *session) undo(sh *scoresheets.Sheet) error {
	n := len(sh.Rounds)
	if n == 0 {
		ss.ask.Say("there is no round to undo")
		return nil
	}
	e := sh.Rounds[n-1]
	ok, err := yesNo(ss.ask, fmt.Sprintf("Undo round %d (%s dealt: %s)?", n, e.Dealer, scoresText(sh.Seated(n), e.Scores)), false)
	if err != nil || !ok {
		return err
	}
	return ss.io.undo(ss.path, false)
}

// seats renames a player, or seats one or takes one away from the next
// round, as 'rummy match rename', 'join' and 'leave' do.
func (ss *session) seats(sh *scoresheets.Sheet) error {
	i, err := ss.ask.Choose("Players", []string{"rename a player", "a player joins", "a player leaves", "back"}, 3)
	if err != nil || i == 3 {
		return err
	}
	pick := func(label string, names []string) (string, error) {
		k, err := ss.ask.Choose(label, names, -1)
		if err != nil {
			return "", err
		}
		return names[k], nil
	}
	var what string
	var change func(*scoresheets.Sheet) error
	switch i {
	case 0:
		old, err := pick("Rename whom?", sh.Players)
		if err != nil {
			return err
		}
		name, err := ss.answer("New name for "+old, "", false, scoresheets.CheckName)
		if err != nil {
			return err
		}
		what, change = "rename", func(sh *scoresheets.Sheet) error { return renamePlayer(sh, []string{old, name}, "") }
	case 1:
		name, err := ss.answer("Who joins? (a new name, or a player who left)", "", false, func(a string) error {
			if _, err := playerName(sh.Players, a); err == nil {
				return nil
			}
			return scoresheets.CheckName(a)
		})
		if err != nil {
			return err
		}
		after := ""
		if _, err := playerName(sh.Players, name); err != nil {
			if after, err = pick("Seated after whom?", sh.Seated(len(sh.Rounds)+1)); err != nil {
				return err
			}
		}
		what, change = "join", func(sh *scoresheets.Sheet) error { return joinPlayer(sh, []string{name}, after) }
	case 2:
		name, err := pick("Who leaves?", sh.Seated(len(sh.Rounds)+1))
		if err != nil {
			return err
		}
		what, change = "leave", func(sh *scoresheets.Sheet) error { return leavePlayer(sh, []string{name}, "") }
	}
	err = ss.io.change(ss.path, what, false, func(sh *scoresheets.Sheet) (int, error) {
		return len(sh.Rounds), seatError(change(sh))
	})
	var f *failure
	if errors.As(err, &f) && f.outcome != cannotJudge {
		// The rules refuse it (too few players): say so, and play on.
		if err := ss.reject(f.msg); err != nil {
			return err
		}
		return nil
	}
	return err
}

// --- which match

// open finds the match to play: --file when it exists, else an unfinished
// match of the data folder the table chooses, else a new one. It reports
// whether it started a new match.
func (ss *session) open() (bool, error) {
	var newFlags []string
	for _, n := range []string{"variant", "players", "target", "rounds", "rule", "dealer"} {
		if ss.o.changed(n) {
			newFlags = append(newFlags, "--"+n)
		}
	}
	if f := ss.o.file; f != "" {
		_, err := os.Stat(f)
		switch {
		case err == nil && len(newFlags) > 0:
			return false, cannot("play: %s is a match already, and %s %s for a new one", f, strings.Join(newFlags, ", "), plural(len(newFlags), "is", "are"))
		case err == nil:
			ss.path = f
			return false, nil
		case !errors.Is(err, fs.ErrNotExist):
			return false, cannot("play: %v", err)
		}
	} else if len(newFlags) == 0 {
		path, err := ss.chooseMatch()
		if err != nil || path != "" {
			ss.path = path
			return false, err
		}
	}
	return true, ss.start()
}

// chooseMatch offers the unfinished matches of the data folder, and a new
// one. It returns "" for a new match.
func (ss *session) chooseMatch() (string, error) {
	folder := scoresheets.Folder{Dir: ss.s.DataDir}
	list, err := folder.List()
	if err != nil {
		return "", cannot("play: %v", err)
	}
	current, _ := folder.Current()
	var paths, items []string
	def := 0
	for _, m := range list {
		if m.Note != "" || m.Finished {
			continue
		}
		if m.Path == current {
			def = len(paths)
		}
		paths = append(paths, m.Path)
		items = append(items, fmt.Sprintf("%s (%s: %s; %d %s)", filepath.Base(m.Path), m.Variant,
			strings.Join(m.Players, ", "), m.Rounds, plural(m.Rounds, "round", "rounds")))
	}
	if len(paths) == 0 {
		return "", nil
	}
	i, err := ss.ask.Choose("Which match?", append(items, "start a new match"), def)
	if err != nil || i == len(paths) {
		return "", err
	}
	// The match played becomes the current one, as a new match does, so
	// 'rummy match round' and 'match show' go on with it.
	if paths[i] != current {
		if err := folder.SetCurrent(paths[i]); err != nil {
			return "", cannot("play: recording the current match: %v", err)
		}
	}
	return paths[i], nil
}

// start asks for what a new match needs and the flags do not give,
// confirms it, and creates it as 'rummy match new' does.
func (ss *session) start() error {
	variant, players, target := ss.s.Variant, strings.Join(ss.s.Players, ","), ""
	if ss.o.players.n > 0 && ss.o.players.names == nil { // --players 3: the first three of the config's
		names, err := namedPlayers(ss.s, &ss.o.players)
		if err != nil {
			return err
		}
		players = strings.Join(names, ",")
	}
	for again := false; ; again = true {
		given := func(flag string) bool { return !again && ss.o.changed(flag) }
		var v *variants.Variant
		var names []string
		var err error
		variant, err = ss.answer("Variant (kids, basic, rummy500, gin, oklahoma-gin or a variant file)", variant, given("variant"), func(a string) (err error) {
			v, err = ss.o.load(settings{Variant: a})
			return err
		})
		if err != nil {
			return err
		}
		players, err = ss.answer("Players, in seating order (as Ann,Bob,Cy)", players, given("players"), func(a string) error {
			names = splitPlayers(a)
			_, err := scoresheets.New(v, names, scoresheets.Options{})
			return err
		})
		if err != nil {
			return err
		}
		dealer := ""
		if given("dealer") {
			p, err := playerName(names, ss.o.dealer)
			if err != nil {
				return cannot("play: --dealer: %v", err)
			}
			dealer = p
		} else {
			i, err := ss.ask.Choose("Who deals first?", names, 0)
			if err != nil {
				return err
			}
			dealer = names[i]
		}
		target = strconv.Itoa(v.Target(len(names)))
		if ss.o.changed("target") {
			target = strconv.Itoa(ss.o.target)
		}
		target, err = ss.answer("Target (0 for none)", target, given("target"), func(a string) error {
			if n, err := strconv.Atoi(a); err != nil || n < 0 {
				return fmt.Errorf("%q is not a target: give the points, or 0 to play without one", a)
			}
			return nil
		})
		if err != nil {
			return err
		}
		aim := "no target"
		if target != "0" {
			aim = "target " + target
		}
		ok, err := yesNo(ss.ask, fmt.Sprintf("Start a %s match for %s, %s, %s deals first?", v.Name, strings.Join(names, ", "), aim, dealer), true)
		if err != nil {
			return err
		}
		if !ok {
			ss.ask.Say("then again:")
			continue
		}
		t, _ := strconv.Atoi(target)
		opts := scoresheets.Options{Target: &t, Dealer: dealer}
		if ss.o.changed("rounds") {
			if ss.o.rounds < 0 {
				return cannot("play: --rounds %d: cannot be negative", ss.o.rounds)
			}
			opts.Rounds = ss.o.rounds
		}
		path, sh, err := ss.io.newMatch(v, names, opts, ss.o.file)
		if err != nil {
			return err
		}
		ss.path = path
		return printChange(ss.io, false, "new", path, sh, 0)
	}
}

// answer returns the value a flag gave, or asks until check takes the
// answer. A flag's value that check refuses is an error: the flag is wrong.
func (ss *session) answer(label, def string, given bool, check func(string) error) (string, error) {
	if given {
		if err := check(def); err != nil {
			var f *failure
			if errors.As(err, &f) {
				return "", err
			}
			return "", cannot("play: %v", err)
		}
		return def, nil
	}
	typed := ""
	for {
		a, err := ss.askAgain(label, def, typed)
		if err != nil {
			return "", err
		}
		if err := check(a); err != nil {
			if err := ss.reject(err.Error()); err != nil {
				return "", err
			}
			typed = a
			continue
		}
		return a, nil
	}
}

// --- a round

// playRound asks for the next round, sums it up with the scores it would
// give and, as the table decides, saves it, changes one answer, adds the
// melds to check, or drops it.
func (ss *session) playRound(sh *scoresheets.Sheet) error {
	n := len(sh.Rounds) + 1
	ss.round = n
	a := &roundAnswers{hands: map[string]string{}}
	for {
		d, err := ss.askRound(sh, a)
		if err != nil {
			return err
		}
		r, args := d.round, d.args
		vd, err := referee.Judge(sh.Variant, sh.Seated(n), r)
		if err != nil {
			return cannot("play: %v", err)
		}
		if !vd.OK() {
			if err := ss.stopOn(fmt.Sprintf("round %d cannot stand: %s", n, strings.Join(vd.Problems, "; "))); err != nil {
				return err
			}
			ss.refuse(fmt.Sprintf("round %d cannot stand, with %d %s:", n, len(vd.Problems), plural(len(vd.Problems), "problem", "problems")))
			for _, p := range vd.Problems {
				ss.ask.Say("    - %s", p)
			}
			if a.knock {
				ss.ask.Say("round %d again, from the start:", n)
				*a = roundAnswers{hands: map[string]string{}}
				continue
			}
			if err := ss.editAnswer(a, d.players); err != nil {
				return err
			}
			continue
		}
		ss.ask.Say("%s", ss.summary(sh, r, vd, args))
		items := []string{"save it", "edit one answer"}
		if !a.meldsAsked && !a.knock && d.v.Scoring.Method != variants.MeldPoints {
			items = append(items, "melds: enter the melds and lay-offs, for the referee to check")
		}
		items = append(items, "discard it")
		i, err := ss.ask.Choose(fmt.Sprintf("Save round %d?", n), items, 0)
		if err != nil {
			return err
		}
		switch items[i] {
		case "save it":
			if err := ss.io.record(ss.path, func([]string) (referee.Round, error) { return r, nil }, false); err != nil {
				return err
			}
			ss.round = 0
			return nil
		case "edit one answer":
			if a.knock {
				*a = roundAnswers{hands: map[string]string{}}
				continue
			}
			if err := ss.editAnswer(a, d.players); err != nil {
				return err
			}
		case "discard it":
			ss.ask.Say("round %d discarded", n)
			ss.round = 0
			return nil
		default:
			a.wantMelds = true
		}
	}
}

// roundAnswers are the answers given for a round, kept so that one can be
// changed and the others stay.
type roundAnswers struct {
	knock      bool // a gin hand: asked again whole
	ended      bool // who went out is answered
	ending     int  // the index in the who-went-out menu
	rummyAsked bool
	rummy      bool
	wantMelds  bool // someone wants the melds checked
	meldsAsked bool
	melds      []referee.Meld
	layoffs    []referee.Layoff
	meldArgs   []string
	hands      map[string]string // each player's hand, as typed
}

// editAnswer asks which answer to change, and forgets it, so askRound asks
// it again and keeps the others.
func (ss *session) editAnswer(a *roundAnswers, players []string) error {
	type answer struct {
		item  string
		clear func()
	}
	var list []answer
	out := "nobody"
	switch {
	case a.ending < len(players):
		out = players[a.ending]
	case a.ending == len(players):
		out = "a stalemate"
	}
	list = append(list, answer{"who went out: " + out, func() { a.ended, a.rummyAsked = false, false }})
	if a.rummyAsked {
		yes := map[bool]string{true: "yes", false: "no"}[a.rummy]
		list = append(list, answer{"rummy: " + yes, func() { a.rummyAsked = false }})
	}
	if a.meldsAsked {
		list = append(list, answer{fmt.Sprintf("the melds and lay-offs (%d melds)", len(a.melds)), func() { a.meldsAsked, a.wantMelds = false, true }})
	}
	for _, p := range players {
		if h, ok := a.hands[p]; ok {
			list = append(list, answer{p + "'s hand: " + h, func() { delete(a.hands, p) }})
		}
	}
	items := make([]string, len(list))
	for i, x := range list {
		items[i] = x.item
	}
	i, err := ss.ask.Choose("Which answer?", items, -1)
	if err != nil {
		return err
	}
	list[i].clear()
	return nil
}

// draft is a round as it is asked: the round so far, each entry judged
// with everything entered before it, and the same round as the flags of
// 'rummy match round', for the summary to show.
type draft struct {
	v       *variants.Variant
	players []string
	round   referee.Round
	args    []string
}

// add keeps the round with one more entry, and its flags, when the referee
// lets it stand before anyone's end is known: each meld, each lay-off on
// the meld as it has grown, no card more often than the decks allow.
// Otherwise it returns the problems, one a line.
func (d *draft) add(with referee.Round, args ...string) error {
	probe := with
	probe.Out, probe.Knock, probe.Rummy, probe.Stalemate = "", "", false, true // a stalemate needs no hands
	vd, err := referee.Judge(d.v, d.players, probe)
	if err != nil {
		return err
	}
	if !vd.OK() {
		return errors.New(strings.Join(vd.Problems, "\n"))
	}
	d.round = with
	d.args = append(d.args, args...)
	return nil
}

// askRound asks for what a round still lacks of a: who went out, a rummy
// claim, the melds and lay-offs where they count (meld-points) or where
// someone wants them checked, and each other player's hand as cards or
// points. Each meld, lay-off and hand is judged as it is entered, and asked
// again when the referee refuses it; the answers already in a are kept.
func (ss *session) askRound(sh *scoresheets.Sheet, a *roundAnswers) (*draft, error) {
	d := &draft{v: sh.Variant, players: sh.Seated(len(sh.Rounds) + 1)}
	n := len(sh.Rounds) + 1
	if d.v.Scoring.Method == variants.Knock {
		a.knock = true
		return d, ss.askKnock(sh, d)
	}
	// Only the endings the variant has (RULES.md 10.8): no stalemate in
	// kids, no "nobody out" in basic.
	items := slices.Clone(d.players)
	stalemate, noOut := referee.Endings(d.v)
	if stalemate {
		items = append(items, "stalemate: the stock ran out for good, 0 for everyone")
	}
	if noOut {
		items = append(items, "nobody went out: scored as it stands")
	}
	if !a.ended {
		i, err := ss.ask.Choose(fmt.Sprintf("Round %d, dealt by %s: who went out?", n, sh.Standing().NextDealer), items, -1)
		if err != nil {
			return nil, err
		}
		a.ended, a.ending = true, i
	}
	switch i := a.ending; {
	case i == len(d.players) && stalemate:
		d.round.Stalemate = true
		d.args = []string{"--stalemate"}
		return d, nil
	case i >= len(d.players):
		d.args = append(d.args, "--no-out")
	default:
		d.round.Out = d.players[i]
		d.args = append(d.args, "--out", d.round.Out)
		if m := d.v.Scoring.RummyMultiplier; m > 1 {
			if !a.rummyAsked {
				yes, err := yesNo(ss.ask, fmt.Sprintf("Did %s go rummy (all in one turn: %d times the points)?", d.round.Out, m), false)
				if err != nil {
					return nil, err
				}
				a.rummyAsked, a.rummy = true, yes
			}
			if a.rummy {
				d.round.Rummy = true
				d.args = append(d.args, "--rummy")
			}
		}
	}
	// Melds are the score under meld-points; elsewhere they are asked only
	// when someone wants them checked.
	if a.meldsAsked {
		d.round.Melds, d.round.Layoffs = a.melds, a.layoffs
		d.args = append(d.args, a.meldArgs...)
	} else if a.wantMelds || d.v.Scoring.Method == variants.MeldPoints {
		from := len(d.args)
		if err := ss.askMelds(d, n); err != nil {
			return nil, err
		}
		a.meldsAsked = true
		a.melds, a.layoffs, a.meldArgs = d.round.Melds, d.round.Layoffs, slices.Clone(d.args[from:])
	}
	if d.v.Scoring.Method == variants.SingleRound {
		return d, nil // whoever goes out wins: no points
	}
	for _, p := range d.players {
		if p == d.round.Out {
			continue // their hand is empty
		}
		if h, ok := a.hands[p]; ok {
			if err := ss.addHand(d, p, h, false); err == nil {
				continue
			}
			// The answer no longer fits the round as changed: ask it again.
		}
		h, err := ss.answer(p+": cards left in hand, or their points (as 12)", "", false,
			func(a string) error { return ss.addHand(d, p, a, true) })
		if err != nil {
			return nil, err
		}
		a.hands[p] = h
	}
	return d, nil
}

// askMelds asks each player's melds, then each player's lay-offs onto them.
func (ss *session) askMelds(d *draft, n int) error {
	// Every meld first: a lay-off may go onto anyone's meld.
	for _, p := range d.players {
		err := ss.askEach(func() string { return fmt.Sprintf("%s: meld %d, or an empty line when done", p, len(d.round.Melds)+1) },
			func(a string) error { return ss.addMeld(d, p, a) })
		if err != nil {
			return err
		}
	}
	if len(d.round.Melds) == 0 {
		return nil
	}
	var list []string
	for i, m := range d.round.Melds {
		list = append(list, fmt.Sprintf("%d. %s %s", i+1, m.Player, ss.mark.meld(m.Meld)))
	}
	ss.ask.Say("the melds of round %d: %s", n, strings.Join(list, ", "))
	for _, p := range d.players {
		err := ss.askEach(func() string { return p + ": lay-off as CARDS@K onto meld K, or an empty line when done" },
			func(a string) error { return ss.addLayoff(d, p, a) })
		if err != nil {
			return err
		}
	}
	return nil
}

// askKnock asks for a gin hand: who knocked (or a dead hand), the first
// upcard where the variant goes by it, and both whole hands, the
// knocker's first. The referee finds the melds and lay-offs.
func (ss *session) askKnock(sh *scoresheets.Sheet, d *draft) error {
	n := len(sh.Rounds) + 1
	items := append(slices.Clone(d.players), "dead hand: nobody knocked before the stock ran low, no score")
	i, err := ss.ask.Choose(fmt.Sprintf("Hand %d, dealt by %s: who knocked?", n, sh.Standing().NextDealer), items, -1)
	if err != nil {
		return err
	}
	if i == len(d.players) {
		d.round.Stalemate = true
		d.args = []string{"--stalemate"}
		return nil
	}
	knocker := d.players[i]
	d.round.Knock = knocker
	d.args = append(d.args, "--knock", knocker)
	if d.v.Knock.LimitFromUpcard || d.v.Knock.SpadeMultiplier > 1 {
		_, err := ss.answer("The hand's first upcard (as 7S): its points are the knock limit, a spade doubles", "", false, func(a string) error {
			c, err := engine.ParseCard(a)
			if err != nil {
				return err
			}
			d.round.Upcard = c
			d.args = append(d.args, "--upcard", c.String())
			ss.accept("upcard %s", ss.mark.cards([]engine.Card{c}))
			return nil
		})
		if err != nil {
			return err
		}
	}
	order := []string{knocker}
	for _, p := range d.players {
		if p != knocker {
			order = append(order, p)
		}
	}
	for k, p := range order {
		label := p + ": the whole hand, ten cards after the discard (eleven for big gin)"
		if k > 0 {
			label = p + ": the whole hand, ten cards"
		}
		_, err := ss.answer(label, "", false, func(a string) error { return ss.addHand(d, p, a, true) })
		if err != nil {
			return err
		}
	}
	return nil
}

// askEach asks again and again until an empty line, giving each answer to
// take; an answer take refuses is said, and the question asked again.
func (ss *session) askEach(label func() string, take func(string) error) error {
	typed := ""
	for {
		a, err := ss.askAgain(label(), "", typed)
		if err != nil || a == "" {
			return err
		}
		typed = ""
		if err := take(a); err != nil {
			if err := ss.reject(err.Error()); err != nil {
				return err
			}
			typed = a
		}
	}
}

func (ss *session) addMeld(d *draft, p, a string) error {
	m, err := engine.ParseMeld(a)
	if err == nil && len(m.Cards) == 0 {
		err = errors.New("no cards")
	}
	if err != nil {
		return err
	}
	vd := d.v.Rules(len(d.players)).JudgeMeld(m)
	if !vd.Valid {
		return errors.New(vd.Reason)
	}
	with := d.round
	with.Melds = append(slices.Clone(with.Melds), referee.Meld{Player: p, Meld: m})
	if err := d.add(with, "--meld", p+"="+m.String()); err != nil {
		return err
	}
	what := vd.Kind.String()
	if len(vd.Jokers) > 0 {
		what += ", " + ss.mark.jokerText(vd)
	}
	if w := ss.mark.wildText(vd); w != "" {
		what += ", " + w
	}
	ss.accept("meld %d: %s, a %s", len(with.Melds), ss.mark.meld(m), what)
	return nil
}

func (ss *session) addLayoff(d *draft, p, a string) error {
	l, err := parseLayoff(p, a, len(d.round.Melds))
	if err != nil {
		return err
	}
	with := d.round
	with.Layoffs = append(slices.Clone(with.Layoffs), l)
	if err := d.add(with, "--layoff", fmt.Sprintf("%s=%s@%d", p, engine.FormatCards(l.Cards, false), l.Onto)); err != nil {
		return err
	}
	grown := slices.Clone(with.Melds[l.Onto-1].Meld.Cards)
	for _, e := range with.Layoffs {
		if e.Onto == l.Onto {
			grown = append(grown, e.Cards...)
		}
	}
	ss.accept("%s onto meld %d, now %s", ss.mark.cards(l.Cards), l.Onto, ss.mark.cards(grown))
	return nil
}

// addHand takes what a player holds: cards, or their points as a number,
// and says so when say is set.
func (ss *session) addHand(d *draft, p, a string, say bool) error {
	h := referee.Hand{Player: p}
	var flag, value, said string
	if pts, err := strconv.Atoi(a); err == nil {
		if pts < 0 {
			return errors.New("points left in hand cannot be negative")
		}
		h.Points, h.ByPoints = pts, true
		flag, value = "--points", fmt.Sprintf("%s=%d", p, pts)
		said = fmt.Sprintf("%d %s", pts, plural(pts, "point", "points"))
	} else if a == "" {
		return errors.New("give the cards left, or their points: 0 for none")
	} else if h.Cards, err = engine.ParseCards(a); err != nil {
		return err
	} else {
		pts := d.v.Rules(len(d.players)).Sum(h.Cards)
		flag, value = "--hand", p+"="+engine.FormatCards(h.Cards, false)
		said = fmt.Sprintf("%s: %d %s", ss.mark.cards(h.Cards), pts, plural(pts, "point", "points"))
		if d.v.Scoring.Method == variants.Knock {
			said = ss.mark.cards(h.Cards) // a whole gin hand: its deadwood is the referee's to find
		}
	}
	with := d.round
	with.Hands = append(slices.Clone(with.Hands), h)
	if err := d.add(with, flag, value); err != nil {
		return err
	}
	if say {
		ss.accept("%s holds %s", p, said)
	}
	return nil
}

// parseLayoff reads a lay-off typed as CARDS@K, K a meld of the round.
func parseLayoff(player, a string, melds int) (referee.Layoff, error) {
	l := referee.Layoff{Player: player}
	at := strings.LastIndex(a, "@")
	if at < 0 {
		return l, fmt.Errorf("say which meld the cards go onto, as in %s@1", strings.TrimSpace(a))
	}
	k, err := strconv.Atoi(strings.TrimSpace(a[at+1:]))
	if err != nil || k < 1 || k > melds {
		return l, fmt.Errorf("%q is not a meld of this round: give its number, 1 to %d", strings.TrimSpace(a[at+1:]), melds)
	}
	if l.Cards, err = engine.ParseCards(a[:at]); err != nil {
		return l, err
	}
	if len(l.Cards) == 0 {
		return l, errors.New("no cards before the @")
	}
	l.Onto = k
	return l, nil
}

func (ss *session) accept(format string, args ...any) {
	mark := "ok"
	if ss.mark.symbols {
		mark = "✔"
	}
	ss.ask.Say("  %s %s", ss.mark.good(mark), fmt.Sprintf(format, args...))
}

// refuse says why an answer is refused, one line a reason.
func (ss *session) refuse(why string) {
	mark := "no:"
	if ss.mark.symbols {
		mark = "✗"
	}
	for _, line := range strings.Split(why, "\n") {
		ss.ask.Say("  %s %s", ss.mark.bad(mark), line)
	}
}

// summary sums a round up before it is saved: how it ended, what was
// entered, the scores it gives, and the 'rummy match round' command that
// records the same.
func (ss *session) summary(sh *scoresheets.Sheet, r referee.Round, vd referee.Verdict, args []string) string {
	var b strings.Builder
	how := "nobody went out"
	switch {
	case r.Knock != "":
		how = r.Knock + " knocked"
	case r.Stalemate && vd.Knock != nil:
		how = "a dead hand: no score"
	case r.Stalemate:
		how = "a stalemate: 0 for everyone"
	case r.Out != "" && r.Rummy:
		how = r.Out + " went out, going rummy"
	case r.Out != "":
		how = r.Out + " went out"
	}
	fmt.Fprintf(&b, "Round %d, dealt by %s: %s\n", len(sh.Rounds)+1, sh.Standing().NextDealer, how)
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	values := sh.Variant.Rules(len(sh.Seated(len(sh.Rounds) + 1))).Values
	for i, m := range r.Melds {
		fmt.Fprintf(w, "  meld %d\t%s\t%s\n", i+1, m.Player, ss.mark.meld(m.Meld))
	}
	for _, l := range r.Layoffs {
		fmt.Fprintf(w, "  lay-off\t%s\t%s onto meld %d\n", l.Player, ss.mark.cards(l.Cards), l.Onto)
	}
	for _, h := range r.Hands {
		if h.ByPoints {
			fmt.Fprintf(w, "  hand\t%s\t%d points\n", h.Player, h.Points)
		} else if vd.Knock != nil {
			fmt.Fprintf(w, "  hand\t%s\t%s\n", h.Player, ss.mark.cards(h.Cards))
		} else {
			fmt.Fprintf(w, "  hand\t%s\t%s (%d points)\n", h.Player, orNone(ss.mark.cards(h.Cards)), values.Sum(h.Cards))
		}
	}
	w.Flush()
	if vd.Knock != nil && vd.Knock.Outcome != referee.OutcomeDead {
		for _, l := range vd.Knock.Summary(ss.mark.symbols) {
			fmt.Fprintf(&b, "  %s\n", l)
		}
	}
	var scores []string
	for _, s := range vd.Scores {
		sc := fmt.Sprintf("%s %+d", s.Player, s.Total)
		if sh.Variant.Scoring.Method == variants.MeldPoints {
			sc += fmt.Sprintf(" (melded %d, laid off %d, in hand %d)", s.Melded, s.LaidOff, -s.Hand)
		}
		scores = append(scores, sc)
	}
	fmt.Fprintf(&b, "  scores: %s\n", strings.Join(scores, ", "))
	if ss.o.file != "" {
		args = append([]string{"--file", ss.o.file}, args...)
	}
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellQuote(a)
	}
	fmt.Fprintf(&b, "  the same as: rummy match round %s", strings.Join(quoted, " "))
	return b.String()
}

// shellQuote quotes s for a POSIX shell where it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_=@./,:+", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
