package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/variants"
)

// variantFlags are the flags of every command that plays under a variant.
type variantFlags struct {
	rules []string
}

func (f *variantFlags) add(c *cobra.Command) {
	c.Flags().String("variant", "", "the variant: kids, basic, rummy500, gin, oklahoma-gin or a variant file (default basic, or RUMMY_VARIANT, or the config file's)")
	c.Flags().StringArrayVar(&f.rules, "rule", nil, "change one rule for this command, as KEY=VALUE with the names of 'rummy variants show' (repeatable)")
	_ = c.RegisterFlagCompletionFunc("variant", completeVariants)
}

// settingsAndVariant reads the settings and the variant they name, with
// the --rule changes: the first steps of every command that plays under a
// variant.
func (f *variantFlags) settingsAndVariant(a *app) (settings, *variants.Variant, error) {
	s, err := a.loadSettings()
	if err != nil {
		return s, nil, err
	}
	v, err := f.load(s)
	return s, v, err
}

// load returns the variant the settings name, with the --rule changes.
func (f *variantFlags) load(s settings) (*variants.Variant, error) {
	v, err := resolveVariant(s.Variant)
	if err != nil {
		return nil, err
	}
	if err := v.OverrideAll(f.rules); err != nil {
		return nil, cannot("%v", err)
	}
	return v, nil
}

// playersFlag is the --players N of check and hand: the decks and jokers
// in play can depend on how many play (Rummy 500: 2 decks from 5 players).
type playersFlag struct{ playersArg }

func (f *playersFlag) add(c *cobra.Command) {
	c.Flags().Var(&f.playersArg, "players", "how many play, or their names, where the variant's decks depend on it (default: the most decks the variant uses)")
}

// rules returns the engine's rules for the players given, or for the most
// decks the variant uses when none are.
func (f *playersFlag) rules(v *variants.Variant) (engine.Rules, error) {
	if f.n == 0 {
		return v.Rules(0), nil
	}
	if f.n < v.Players.Min || f.n > v.Players.Max {
		return engine.Rules{}, cannot("--players %s: %s is for %s", f.raw, v.Name, variants.PlayerCount(v))
	}
	return v.Rules(f.n), nil
}

// judgeRules reads the settings, the variant and its engine rules for the
// --players given: the first steps of the commands that judge cards.
func judgeRules(a *app, vf *variantFlags, pf *playersFlag) (settings, *variants.Variant, engine.Rules, error) {
	s, v, err := vf.settingsAndVariant(a)
	if err != nil {
		return s, nil, engine.Rules{}, err
	}
	rules, err := pf.rules(v)
	return s, v, rules, err
}

// output is how a command writes cards and marks for the streams it has.
type output struct {
	io      *streams
	symbols bool
	colour  bool
}

func newOutput(io *streams, s settings) output {
	return output{io: io, symbols: s.symbols(io), colour: s.colour(io)}
}

func (o output) cards(c []engine.Card) string { return engine.FormatCards(c, o.symbols) }

func (o output) meld(m engine.Meld) string { return m.Format(o.symbols) }

// paint wraps s in an ANSI colour when colour is on.
func (o output) paint(code, s string) string {
	if !o.colour {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (o output) good(s string) string { return o.paint("32", s) }
func (o output) bad(s string) string  { return o.paint("31", s) }
func (o output) dim(s string) string  { return o.paint("2", s) }

// printJSON writes v as one indented JSON object and a newline.
func (o output) printJSON(v any) error { return writeJSON(o.io.Out, v) }

// writeJSON writes v to w as one indented JSON object and a newline.
func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// parseMeldArg parses one meld argument, naming it in the error.
func parseMeldArg(what string, s string) (engine.Meld, error) {
	m, err := engine.ParseMeld(s)
	if err != nil {
		return m, cannot("%s: %v", what, err)
	}
	if len(m.Cards) == 0 {
		return m, cannot("%s is empty: give the cards, as in \"7H 8H 9H\"", what)
	}
	return m, nil
}

// jokerText describes what a meld's jokers stand for: "JK = 7C or 7D" for
// one joker; for several, the cards they stand for together in each
// reading: "JK JK = 5H 6H, 6H 9H or 9H 10H".
func (o output) jokerText(v engine.Verdict) string {
	if len(v.Jokers) == 1 {
		alts := make([]string, len(v.Jokers[0]))
		for k, c := range v.Jokers[0] {
			alts[k] = c.Format(o.symbols)
		}
		return "JK = " + orList(alts)
	}
	var alts []string
	for _, rd := range v.Readings {
		alts = append(alts, o.cards(rd.Jokers))
	}
	return strings.TrimSpace(strings.Repeat("JK ", len(v.Jokers))) + " = " + orList(alts)
}

// wildText describes what a meld's wild cards (wild.ranks) acting as jokers
// stand for: "2C = 8H", "2D = 7C or 7D"; "" when in every reading each
// wild card is itself.
func (o output) wildText(v engine.Verdict) string {
	var order []string
	alts := map[string][]string{}
	for _, rd := range v.Readings {
		if len(rd.Wild) == 0 || slices.Equal(rd.Wild, rd.WildAs) {
			continue
		}
		w, as := o.cards(rd.Wild), o.cards(rd.WildAs)
		if _, ok := alts[w]; !ok {
			order = append(order, w)
		}
		if !slices.Contains(alts[w], as) {
			alts[w] = append(alts[w], as)
		}
	}
	parts := make([]string, len(order))
	for i, w := range order {
		parts[i] = w + " = " + orList(alts[w])
	}
	return strings.Join(parts, "; ")
}

// orList joins "a", "b" and "c" as "a, b or c".
func orList(parts []string) string {
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

func completeVariants(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, n := range variants.Builtins() {
		if strings.HasPrefix(n, toComplete) {
			v, err := variants.Builtin(n)
			if err == nil {
				out = append(out, n+"\t"+v.Title)
			} else {
				out = append(out, n)
			}
		}
	}
	// Variant files complete as files.
	return out, cobra.ShellCompDirectiveDefault
}

// resolveVariant finds a variant by name, without regard to case and with
// the usual other names (500 for rummy500), else as a variant file; an
// unknown name gets the built-in it most likely means.
func resolveVariant(name string) (*variants.Variant, error) {
	if b, ok := variants.BuiltinName(name); ok {
		name = b
	}
	v, err := variants.Resolve(name)
	if err == nil {
		return v, nil
	}
	l := strings.ToLower(name)
	if _, statErr := os.Stat(name); statErr == nil || strings.ContainsAny(name, `/\`) || strings.HasSuffix(l, ".yaml") || strings.HasSuffix(l, ".yml") {
		var pe *fs.PathError
		if errors.As(err, &pe) { // a folder, or a file rummy may not read
			return nil, cannot("variant file %s: %v: give a variant's YAML file, as in --variant examples/house-rules.yaml", name, pe.Err)
		}
		return nil, cannot("%v", err) // a file, or meant as one: its own problems
	}
	builtins := orList(variants.Builtins())
	if near := variants.NearestBuiltin(name); near != "" {
		return nil, cannot("unknown variant %q: did you mean %s? (built in are %s, or give a variant file)", name, near, builtins)
	}
	return nil, cannot("unknown variant %q: built in are %s, or give a variant file", name, builtins)
}
