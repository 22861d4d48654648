package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/engine"
)

type handOptions struct {
	variantFlags
	playersFlag
	tables []string
	json   bool
}

func newHandCmd(io *streams) *cobra.Command {
	o := &handOptions{}
	c := &cobra.Command{
		Use:   "hand [flags] CARDS... | -",
		Short: "Find the best play of a hand: melds, lay-offs, deadwood, and whether it can go out",
		Long: `Find the arrangement of a hand that leaves the fewest deadwood points (then
the fewest cards): the melds to lay down, the cards to lay off onto the table
melds given with --table, and what is left. It also says whether the hand can
go out this turn (every card melded or laid off but at most one to discard).
The answer is exact for every variant option, jokers and several decks
included.

With "-" it reads one hand a line from standard input (blank lines are
skipped) and writes one answer a line, so a whole file of hands can be
checked; every line is read before anything is written, and a bad line stops
the run with nothing written.

Exit status: 0 when judged, 2 when rummy cannot judge (a bad card, too many
copies of a card for the variant's decks, an invalid table meld).`,
		Example: `  rummy hand "6S 7S 8S 6C 7C 8C 8D"
  rummy hand --table "7H 8H 9H" "10H JH 2C 2D 2S"
  rummy hand --variant rummy500 --json "QS KS AS JK 5D 7D"
  rummy hand --json - < hands.txt`,
		Args: minArgs("the cards of a hand, or - to read hands from standard input"),
		RunE: func(cmd *cobra.Command, args []string) error {
			// The cards may come as one argument or several: they are one
			// hand either way.
			if len(args) > 1 && slices.Contains(args, "-") {
				return cannot("hand: - reads the hands from standard input, and takes no cards with it")
			}
			return runHand(io, cmd, o, strings.Join(args, " "))
		},
	}
	o.variantFlags.add(c)
	o.playersFlag.add(c)
	c.Flags().StringArrayVar(&o.tables, "table", nil, "a `MELD` already on the table that cards may be laid off onto (repeatable)")
	c.Flags().BoolVar(&o.json, "json", false, "write one JSON object (a line each with -)")
	c.Flags().Bool("ascii", false, "write suits as letters, never symbols")
	return c
}

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
}

func runHand(io *streams, cmd *cobra.Command, o *handOptions, arg string) error {
	s, v, err := o.settingsAndVariant(cmd)
	if err != nil {
		return err
	}
	rules, err := o.playersFlag.rules(v)
	if err != nil {
		return err
	}
	out := newOutput(io, s)
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

	w := bufio.NewWriter(io.Out)
	defer w.Flush()
	for _, j := range jobs {
		a, err := rules.Arrange(j.hand, table)
		if err != nil {
			return cannot("%v", err)
		}
		switch {
		case o.json:
			hj := handJSON{
				Cards: engine.Strings(j.hand), Melds: [][]string{}, Layoffs: []layoffJSON{},
				Deadwood: engine.Strings(a.Deadwood), DeadwoodPoints: a.Points, CanGoOut: a.CanGoOut,
			}
			for _, m := range a.Melds {
				hj.Melds = append(hj.Melds, engine.Strings(m))
			}
			for _, l := range a.Layoffs {
				hj.Layoffs = append(hj.Layoffs, layoffJSON{Cards: engine.Strings(l.Cards), Onto: l.Onto})
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
			fmt.Fprintln(w, handLine(out, j.hand, a, table))
		default:
			writeHand(w, out, a, table)
		}
	}
	return nil
}

// handLine is one hand's answer on one line, for batch mode.
func handLine(out output, hand []engine.Card, a engine.Arrangement, table []engine.Meld) string {
	var parts []string
	for _, m := range a.Melds {
		parts = append(parts, "["+out.cards(m)+"]")
	}
	s := out.cards(hand) + ": melds " + orNone(strings.Join(parts, " "))
	for _, l := range a.Layoffs {
		s += fmt.Sprintf(", lay off %s onto %d", out.cards(l.Cards), l.Onto+1)
	}
	s += fmt.Sprintf(", deadwood %s = %d %s", orNone(out.cards(a.Deadwood)), a.Points, plural(a.Points, "point", "points"))
	if a.CanGoOut {
		s += ", can go out"
	} else {
		s += ", cannot go out"
	}
	return s
}

func writeHand(w *bufio.Writer, out output, a engine.Arrangement, table []engine.Meld) {
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
	if a.CanGoOut {
		fmt.Fprintf(w, "%-11s %s\n", "go out:", out.good("yes, this turn"))
	} else {
		fmt.Fprintf(w, "%-11s %s\n", "go out:", "no")
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
