package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/variants"
)

type handOptions struct {
	variantFlags
	playersFlag
	tables  []string
	json    bool
	timeout time.Duration
	args    []string // the cards, or "-"
	upcard  string   // gin: the hand's first upcard
}

func newHandCmd(io *app) *cobra.Command {
	o := &handOptions{}
	c := &cobra.Command{
		Use:   "hand [flags] CARDS... | -",
		Short: "Find the best play of a hand: melds, lay-offs, deadwood, and whether it can go out",
		Long: `Find the arrangement of a hand that leaves the fewest deadwood points (then
the fewest cards): the melds to lay down, the cards to lay off onto the table
melds given with --table, and what is left. It also says whether the hand can
go out this turn (every card melded or laid off but at most one to discard).
Under a knock variant (gin, oklahoma-gin) it also says whether the hand may
knock and whether it is gin: ten cards are the hand after the discard, eleven
the hand before it (big gin when all are melded); Oklahoma Gin needs the
first --upcard. With --table, the table melds are the knocker's and the
answer is the defender's best lay-offs and melds.
The answer is exact for every variant option, jokers and several decks
included.

With "-" it reads one hand a line from standard input (blank lines are
skipped) and writes one answer a line, so a whole file of hands can be
checked; every line is read before anything is written, and a bad line stops
the run with nothing written.

Most hands take microseconds; a very large one (a whole table of two or
three decks) can take longer to prove than it is worth waiting for. The
search stops after --timeout (5s unless given; 0 for no limit) for each hand,
showing on a terminal how long it has run: the best play found so far is
then written, marked as not proven best with the fewest points any play could
leave, and the exit status is 2.

The cards may be one argument or several: 'rummy hand 6S 7S 8S 8D' is one
hand. Lay-offs name the --table meld they go onto by its number, from 1, in
text and JSON alike.

` + exitHelp("when judged", "", "when rummy cannot judge (a bad card, too many copies of a card for the variant's decks, an invalid table meld, or a search stopped by --timeout before it proved its answer)"),
		Example: `  rummy hand "6S 7S 8S 6C 7C 8C 8D"
  rummy hand --table "7H 8H 9H" "10H JH 2C 2D 2S"
  rummy hand --variant rummy500 --json "QS KS AS JK 5D 7D"
  rummy hand --variant gin "3C 4C 5C 7H 7S 7D JS QS KS 2D"          # can it knock? is it gin?
  rummy hand --variant oklahoma-gin --upcard 5H "3C 4C 5C 7H 7S 7D JS QS KS 9S"
  rummy hand --variant gin --table "3C 4C 5C" --table "JS QS KS" "6C 7C 10S 9C 9D 9H 4H 5H 6H 8D"   # the defender's best lay-offs
  rummy hand --json - < examples/hands.txt
  rummy hand --timeout 1m --variant rummy500 --players 5 "$(cat examples/table.txt)"`,
		Args: minArgs("the cards of a hand, or - to read hands from standard input"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.args = args
			return runHand(cmd.Context(), io, o)
		},
	}
	o.variantFlags.add(c)
	o.playersFlag.add(c)
	c.Flags().StringArrayVar(&o.tables, "table", nil, "a `MELD` already on the table that cards may be laid off onto (repeatable)")
	c.Flags().BoolVar(&o.json, "json", false, "write one JSON object (a line each with -)")
	c.Flags().StringVar(&o.upcard, "upcard", "", "gin: the hand's first upcard `CARD` (Oklahoma Gin's knock limit)")
	c.Flags().DurationVar(&o.timeout, "timeout", 5*time.Second, "stop searching a hand after this `DURATION` (0 for no limit) and give the best play found")
	return c
}

// layoffJSON is a lay-off onto a --table meld, numbered from 1 as the
// match file and every text number melds (STYLE.md 18).
type layoffJSON struct {
	Cards []string `json:"cards"`
	Onto  int      `json:"onto"`
}

type handJSON struct {
	Cards          []string     `json:"cards"`
	Melds          [][]string   `json:"melds"`
	Layoffs        []layoffJSON `json:"layoffs"`
	Deadwood       []string     `json:"deadwood"`
	DeadwoodPoints int          `json:"deadwood_points"`
	CanGoOut       bool         `json:"can_go_out"`
	// When --timeout stopped the search: the play is the best found, no
	// play leaves fewer than lower_bound points, and can_go_out false
	// means not known.
	NotProven  bool `json:"not_proven,omitempty"`
	LowerBound *int `json:"lower_bound,omitempty"`
	// Under a knock variant without --table: may the hand knock?
	Knock *knockJSON `json:"knock,omitempty"`
}

type knockJSON struct {
	Limit          int     `json:"limit"`
	DeadwoodPoints int     `json:"deadwood_points"` // after the discard
	Discard        *string `json:"discard,omitempty"`
	CanKnock       bool    `json:"can_knock"`
	Gin            bool    `json:"gin"`
	BigGin         bool    `json:"big_gin"`
}

func runHand(ctx context.Context, io *app, o *handOptions) error {
	// The cards may come as one argument or several: they are one hand
	// either way.
	if len(o.args) > 1 && slices.Contains(o.args, "-") {
		return cannot("hand: - reads the hands from standard input, and takes no cards with it")
	}
	arg := strings.Join(o.args, " ")
	s, v, rules, err := judgeRules(io, &o.variantFlags, &o.playersFlag)
	if err != nil {
		return err
	}
	if o.timeout < 0 {
		return cannot("--timeout %s: a duration cannot be negative (for example --timeout 30s, or 0 for no limit)", o.timeout)
	}
	out := newOutput(io.streams, s)
	var upcard engine.Card
	if o.upcard != "" {
		if upcard, err = engine.ParseCard(o.upcard); err != nil {
			return cannot("--upcard %q: %v (for example --upcard 7S)", o.upcard, err)
		}
	}
	var table []engine.Meld
	for i, t := range o.tables {
		m, err := parseMeldArg(fmt.Sprintf("--table %d", i+1), t)
		if err != nil {
			return err
		}
		if vd := rules.JudgeMeld(m); !vd.Valid {
			return cannot("--table %d: the table meld %s is not valid: %s", i+1, m, vd.Reason)
		}
		table = append(table, m)
	}

	// Read every hand first, so a bad one stops the run before any output.
	type job struct {
		line int
		hand []engine.Card
	}
	var jobs []job
	var bad []string
	check := func(where string, line int, text string) {
		hand, err := engine.ParseCards(text)
		if err == nil && len(hand) == 0 {
			err = errors.New("no cards")
		}
		if err == nil {
			groups := [][]engine.Card{hand}
			for _, t := range table {
				groups = append(groups, t.Cards)
			}
			err = rules.CheckCounts(groups...)
		}
		if err != nil {
			bad = append(bad, where+err.Error())
			return
		}
		jobs = append(jobs, job{line, hand})
	}
	if arg == "-" {
		sc := bufio.NewScanner(io.In)
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		n := 0
		for sc.Scan() {
			n++
			if strings.TrimSpace(sc.Text()) == "" {
				continue
			}
			check(fmt.Sprintf("line %d: ", n), n, sc.Text())
		}
		if err := sc.Err(); err != nil {
			return cannot("reading standard input: %v", err)
		}
	} else {
		check("", 0, arg)
	}
	if len(bad) > 0 {
		if len(bad) > 10 {
			bad = append(bad[:10], fmt.Sprintf("and %d more bad lines", len(bad)-10))
		}
		return cannot("%s", strings.Join(bad, "\nrummy: "))
	}

	// Ctrl-C stops the search with the best play found so far, as
	// --timeout does, rather than killing rummy with nothing said.
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	w := bufio.NewWriter(io.Out)
	defer w.Flush()
	var stopped []string
	for k, j := range jobs {
		if k > 0 && ctx.Err() != nil {
			stopped = append(stopped, fmt.Sprintf("interrupted: %d of %d hands not searched", len(jobs)-k, len(jobs)))
			break
		}
		a, up, err := arrangeWithin(ctx, io.streams, rules, j.hand, table, o.timeout)
		if err != nil {
			return cannot("%v", err)
		}
		if up != nil {
			where := ""
			if arg == "-" {
				where = fmt.Sprintf("line %d: ", j.line)
			}
			stopped = append(stopped, where+notProven(up, o.timeout))
		}
		var kc *referee.KnockCheck
		if v.Scoring.Method == variants.Knock && len(table) == 0 {
			k, err := referee.CheckKnock(v, j.hand, upcard)
			if err != nil {
				return cannot("%s", strings.TrimPrefix(err.Error(), referee.ErrUnreadable.Error()+": "))
			}
			kc = &k
		}
		switch {
		case o.json:
			hj := handJSON{
				Cards: engine.Strings(j.hand), Melds: [][]string{}, Layoffs: []layoffJSON{},
				Deadwood: engine.Strings(a.Deadwood), DeadwoodPoints: a.Points, CanGoOut: a.CanGoOut,
			}
			if up != nil {
				hj.NotProven, hj.LowerBound = true, &up.LowerBound
			}
			if kc != nil {
				hj.Knock = &knockJSON{Limit: kc.Limit, DeadwoodPoints: kc.Deadwood, CanKnock: kc.CanKnock, Gin: kc.Gin, BigGin: kc.BigGin}
				if kc.Discard != 0 {
					d := kc.Discard.String()
					hj.Knock.Discard = &d
				}
			}
			for _, m := range a.Melds {
				hj.Melds = append(hj.Melds, engine.Strings(m))
			}
			for _, l := range a.Layoffs {
				hj.Layoffs = append(hj.Layoffs, layoffJSON{Cards: engine.Strings(l.Cards), Onto: l.Onto + 1})
			}
			var b []byte
			if arg == "-" {
				b, err = json.Marshal(hj)
			} else {
				b, err = json.MarshalIndent(hj, "", "  ")
			}
			if err != nil {
				return err
			}
			w.Write(b)
			w.WriteByte('\n')
		case arg == "-":
			fmt.Fprintln(w, handLine(out, j.hand, a, table, up))
		default:
			writeHand(w, out, a, table, up)
			if kc != nil {
				writeKnock(w, out, kc)
			}
		}
	}
	if len(stopped) > 0 {
		w.Flush()
		return cannot("%s", strings.Join(stopped, "\nrummy: "))
	}
	return nil
}

// arrangeWithin arranges a hand, stopping after timeout (0 for no limit)
// with the best play found and an *engine.UnprovenError; on a terminal it
// shows how long the search has run.
func arrangeWithin(ctx context.Context, io *streams, rules engine.Rules, hand []engine.Card, table []engine.Meld, timeout time.Duration) (engine.Arrangement, *engine.UnprovenError, error) {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	if io.errTTY {
		defer showProgress(io.Err, timeout)()
	}
	if len(hand) >= collectLessFrom {
		defer fewerCollections(io.getenv)()
	}
	a, err := rules.ArrangeContext(ctx, hand, table)
	var up *engine.UnprovenError
	if errors.As(err, &up) {
		return a, up, nil
	}
	return a, nil, err
}

// showProgress writes, from a quarter of a second on, how long the search
// has run, on one line of w that the returned function clears.
func showProgress(w io.Writer, timeout time.Duration) (stop func()) {
	done, finished := make(chan struct{}), make(chan struct{})
	start := time.Now()
	go func() {
		defer close(finished)
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		shown := false
		for {
			select {
			case <-done:
				if shown {
					fmt.Fprint(w, "\r\x1b[K")
				}
				return
			case now := <-tick.C:
				limit := ""
				if timeout > 0 {
					limit = " of " + timeout.String()
				}
				fmt.Fprintf(w, "\rrummy: searching for the best play: %.1fs%s", now.Sub(start).Seconds(), limit)
				shown = true
			}
		}
	}()
	return func() { close(done); <-finished }
}

// notProven says why an answer is not proven and what to do about it.
func notProven(up *engine.UnprovenError, timeout time.Duration) string {
	what := fmt.Sprintf("the search stopped after %s before proving the best play: the play shown leaves %d %s, and no play leaves fewer than %d",
		timeout, up.Points, plural(up.Points, "point", "points"), up.LowerBound)
	if up.LowerBound >= up.Points {
		what = fmt.Sprintf("the search stopped after %s before deciding whether the hand can go out (the play shown is the best)", timeout)
	}
	if !errors.Is(up, context.DeadlineExceeded) {
		what = fmt.Sprintf("the search was interrupted (%v) before proving its answer", up.Err)
	}
	return what + "; for more time give --timeout, for example --timeout 1m, or --timeout 0 for no limit"
}

// handLine is one hand's answer on one line, for batch mode.
func handLine(out output, hand []engine.Card, a engine.Arrangement, table []engine.Meld, up *engine.UnprovenError) string {
	var parts []string
	for _, m := range a.Melds {
		parts = append(parts, "["+out.cards(m)+"]")
	}
	s := out.cards(hand) + ": melds " + orNone(strings.Join(parts, " "))
	for _, l := range a.Layoffs {
		s += fmt.Sprintf(", lay off %s onto %d", out.cards(l.Cards), l.Onto+1)
	}
	s += fmt.Sprintf(", deadwood %s = %d %s", orNone(out.cards(a.Deadwood)), a.Points, plural(a.Points, "point", "points"))
	switch {
	case a.CanGoOut:
		s += ", can go out"
	case up != nil:
		s += ", going out not known"
	default:
		s += ", cannot go out"
	}
	if up != nil && up.LowerBound < up.Points {
		s += fmt.Sprintf(", not proven best (no play leaves fewer than %d)", up.LowerBound)
	}
	return s
}

func writeHand(w *bufio.Writer, out output, a engine.Arrangement, table []engine.Meld, up *engine.UnprovenError) {
	if len(a.Melds) == 0 {
		fmt.Fprintln(w, "melds:      none")
	}
	for i, m := range a.Melds {
		label := "melds:"
		if i > 0 {
			label = ""
		}
		fmt.Fprintf(w, "%-11s %s\n", label, out.cards(m))
	}
	for _, l := range a.Layoffs {
		fmt.Fprintf(w, "%-11s %s onto table meld %d (%s)\n", "lay off:", out.cards(l.Cards), l.Onto+1, out.meld(table[l.Onto]))
	}
	fmt.Fprintf(w, "%-11s %s (%d %s)\n", "deadwood:", orNone(out.cards(a.Deadwood)), a.Points, plural(a.Points, "point", "points"))
	switch {
	case a.CanGoOut:
		fmt.Fprintf(w, "%-11s %s\n", "go out:", out.good("yes, this turn"))
	case up != nil:
		fmt.Fprintf(w, "%-11s %s\n", "go out:", "not known")
	default:
		fmt.Fprintf(w, "%-11s %s\n", "go out:", "no")
	}
	if up != nil && up.LowerBound < up.Points {
		fmt.Fprintf(w, "%-11s %s\n", "proven:", fmt.Sprintf("no: the best play found; no play leaves fewer than %d %s", up.LowerBound, plural(up.LowerBound, "point", "points")))
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// writeKnock says whether a gin hand may knock and whether it is gin.
func writeKnock(w *bufio.Writer, out output, kc *referee.KnockCheck) {
	if kc.Discard != 0 {
		fmt.Fprintf(w, "%-11s %s, leaving %d %s\n", "discard:", out.cards([]engine.Card{kc.Discard}), kc.Deadwood, plural(kc.Deadwood, "point", "points"))
	}
	switch {
	case kc.BigGin:
		fmt.Fprintf(w, "%-11s %s\n", "knock:", out.good("yes: big gin, all eleven cards melded"))
	case kc.CanKnock && kc.Gin:
		fmt.Fprintf(w, "%-11s %s\n", "knock:", out.good("yes: gin, no deadwood"))
	case kc.CanKnock:
		fmt.Fprintf(w, "%-11s %s\n", "knock:", out.good(fmt.Sprintf("yes: %d deadwood, within the limit of %d", kc.Deadwood, kc.Limit)))
	case kc.Limit == 0:
		fmt.Fprintf(w, "%-11s no: this hand allows gin only, and %d deadwood is left\n", "knock:", kc.Deadwood)
	default:
		fmt.Fprintf(w, "%-11s no: %d deadwood is over the limit of %d\n", "knock:", kc.Deadwood, kc.Limit)
	}
	gin := "no"
	if kc.Gin || kc.BigGin {
		gin = "yes"
	}
	fmt.Fprintf(w, "%-11s %s\n", "gin:", gin)
}
