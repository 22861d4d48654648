package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/engine"
)

type checkOptions struct {
	variantFlags
	playersFlag
	onto  string
	swap  string
	json  bool
	melds []string
}

func newCheckCmd(io *app) *cobra.Command {
	o := &checkOptions{}
	c := &cobra.Command{
		Use:   "check [flags] MELD...",
		Short: "Judge melds, a lay-off or a joker swap under a variant",
		Long: `Judge each MELD (one argument each) under the variant: valid or not, a set
or a run, what each joker can stand for, and why a meld that fails fails.

With --onto, the cards of all the arguments are laid off together onto that
table meld, and the verdict is on the grown meld. With --onto and --swap, a
natural card takes the place of the table meld's joker (jokers.swap).

When every argument is a single card, as in 'rummy check 7H 8H 9H', they are
one meld.

A joker may name the card it stands for: "7H 8H JK=9H".

` + exitHelp("when every meld is valid", "when a rule says no (the verdict says which and why)",
			"when rummy cannot judge (a bad card, an unknown variant, a bad flag)"),
		Example: `  rummy check "7H 7S 7D"
  rummy check 7H 8H 9H                         # one meld: every argument is a card
  rummy check "QS KS AS"                       # not a run in basic: aces are low
  rummy check --variant rummy500 "QS KS AS"    # valid: the ace goes either way
  rummy check --rule runs.ace=either "QS KS AS"
  rummy check --onto "7H 8H 9H" 10H JH         # lay 10H and JH off together
  rummy check --variant kids --rule jokers.per_deck=2 --onto "7H 7S JK" --swap 7D
  rummy check --json "5D JK 7D" --variant rummy500`,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.melds = args
			return runCheck(cmd.Context(), io, o)
		},
	}
	o.variantFlags.add(c)
	o.playersFlag.add(c)
	c.Flags().StringVar(&o.onto, "onto", "", "a table `MELD`: lay the arguments' cards off onto it")
	c.Flags().StringVar(&o.swap, "swap", "", "with --onto: swap this natural `CARD` for the table meld's joker")
	addJSONFlag(c, &o.json)
	return c
}

// meldJSON is one meld of check's --json output.
type meldJSON struct {
	Cards  []string   `json:"cards"`
	Valid  bool       `json:"valid"`
	Kind   string     `json:"kind,omitempty"`
	Reason string     `json:"reason,omitempty"`
	Jokers [][]string `json:"jokers,omitempty"`
	// Readings lists, for a meld with jokers, what the jokers stand for
	// together in each valid reading.
	Readings [][]string `json:"readings,omitempty"`
}

type checkJSON struct {
	Variant string     `json:"variant"`
	Valid   bool       `json:"valid"`
	Onto    []string   `json:"onto,omitempty"`
	Swap    string     `json:"swap,omitempty"`
	Melds   []meldJSON `json:"melds"`
}

func runCheck(ctx context.Context, io *app, o *checkOptions) error {
	s, v, rules, err := judgeRules(io, &o.variantFlags, &o.playersFlag)
	if err != nil {
		return err
	}
	out := newOutput(io.streams, s)

	if o.swap != "" && o.onto == "" {
		return cannot("check: --swap needs --onto, the table meld that holds the joker")
	}
	var melds []engine.Meld
	args := o.melds
	if len(args) > 1 && o.onto == "" && allSingleCards(args) {
		args = []string{strings.Join(args, " ")} // 'rummy check 7H 8H 9H' is one meld
	}
	for i, a := range args {
		m, err := parseMeldArg(fmt.Sprintf("meld %d", i+1), a)
		if err != nil {
			return err
		}
		melds = append(melds, m)
	}
	var verdicts []engine.Verdict
	var all [][]engine.Card
	for _, m := range melds {
		all = append(all, m.Cards)
	}
	switch {
	case o.onto != "":
		table, err := parseMeldArg("--onto", o.onto)
		if err != nil {
			return err
		}
		all = append(all, table.Cards)
		var vd engine.Verdict
		if o.swap != "" {
			if len(melds) > 0 {
				return cannot("check: with --swap, give no other cards (got %d %s)", len(melds), plural(len(melds), "argument", "arguments"))
			}
			c, err := engine.ParseCard(o.swap)
			if err != nil {
				return cannot("--swap: %v", err)
			}
			all = append(all, []engine.Card{c})
			if err := rules.CheckCounts(all...); err != nil {
				return cannot("%v", err)
			}
			vd, err = rules.Swap(table, c)
			if err != nil {
				return cannot("%v", err)
			}
		} else {
			if len(melds) == 0 {
				return cannot("check: --onto needs the cards to lay off, as arguments")
			}
			if err := rules.CheckCounts(all...); err != nil {
				return cannot("%v", err)
			}
			var add []engine.Card
			for _, m := range melds {
				add = append(add, m.Cards...)
			}
			vd, err = rules.LayOff(table, add)
			if err != nil {
				return cannot("%v", err)
			}
		}
		verdicts = append(verdicts, vd)
	default:
		if len(melds) == 0 {
			return cannot("check: give at least one meld, as in: rummy check \"7H 8H 9H\"")
		}
		if err := rules.CheckCounts(all...); err != nil {
			return cannot("%v", err)
		}
		for _, m := range melds {
			verdicts = append(verdicts, rules.JudgeMeld(m))
		}
	}

	valid := true
	for _, vd := range verdicts {
		valid = valid && vd.Valid
	}
	if o.json {
		j := checkJSON{Variant: v.Name, Valid: valid, Melds: []meldJSON{}}
		if o.onto != "" {
			t, _ := engine.ParseMeld(o.onto)
			j.Onto = engine.Strings(t.Cards)
			if o.swap != "" {
				c, _ := engine.ParseCard(o.swap)
				j.Swap = c.String()
			}
		}
		for _, vd := range verdicts {
			mj := meldJSON{Cards: engine.Strings(vd.Cards), Valid: vd.Valid, Reason: vd.Reason}
			if vd.Valid {
				mj.Kind = vd.Kind.String()
				for _, jk := range vd.Jokers {
					mj.Jokers = append(mj.Jokers, engine.Strings(jk))
				}
				if len(vd.Jokers) > 0 {
					for _, rd := range vd.Readings {
						mj.Readings = append(mj.Readings, engine.Strings(rd.Jokers))
					}
				}
			}
			j.Melds = append(j.Melds, mj)
		}
		if err := out.printJSON(j); err != nil {
			return err
		}
	} else {
		for _, vd := range verdicts {
			line := out.cards(vd.Cards)
			if vd.Valid {
				line = out.good("valid") + "    " + line + ": " + vd.Kind.String()
				if len(vd.Jokers) > 0 {
					line += " (" + out.jokerText(vd) + ")"
				}
				if w := out.wildText(vd); w != "" {
					line += " (" + w + ")"
				}
			} else {
				line = out.bad("invalid") + "  " + line + ": " + vd.Reason
			}
			fmt.Fprintln(io.Out, line)
		}
	}
	if !valid {
		return ruleNo
	}
	return nil
}

// allSingleCards reports whether every argument is one card.
func allSingleCards(args []string) bool {
	for _, a := range args {
		if len(strings.Fields(a)) != 1 {
			return false
		}
		if _, err := engine.ParseCard(strings.TrimSpace(a)); err != nil {
			return false
		}
	}
	return true
}
