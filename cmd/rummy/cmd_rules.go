package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/variants"
)

type rulesOptions struct {
	variantFlags
	variant    string // the VARIANT|FILE argument, if given
	variantSet bool   // --variant was given
	json       bool
}

func newRulesCmd(io *app) *cobra.Command {
	o := &rulesOptions{}
	c := &cobra.Command{
		Use:   "rules [VARIANT|FILE]",
		Short: "Say a variant's rules in plain words, marking the house rules",
		Long: `Say the rules of a variant in plain words: players and decks, melds, aces,
jokers, laying off, going out and how a round may end, scoring, the target
and dealing, with the decisions rummy takes where rule sheets are silent.

Without an argument the variant is the one --variant, RUMMY_VARIANT or the
config file names (default basic). Lines marked * differ from the variant's
base (for a file with base: basic, from basic; for a built-in changed with
--rule, from that built-in; otherwise from the defaults of a variant file).
docs/rules.md is the whole rule book.

` + exitHelp("when done", "", "when the variant or a --rule cannot be read"),
		Example: `  rummy rules basic
  rummy rules rummy500 --rule scoring.ace_low_run=0
  rummy rules examples/house-rules.yaml
  rummy rules kids --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return exactArgs(1, "at most one variant NAME or FILE")(cmd, args)
			}
			return nil
		},
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completeVariants(cmd, args, toComplete)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.variant = args[0]
			}
			o.variantSet = cmd.Flags().Changed("variant")
			return runRules(cmd.Context(), io, o)
		},
	}
	o.variantFlags.add(c)
	addJSONFlag(c, &o.json)
	return c
}

// rulesJSON is rules' --json output.
type rulesJSON struct {
	Variant     string             `json:"variant"`
	Title       string             `json:"title"`
	Description string             `json:"description,omitempty"`
	ChangedFrom string             `json:"changed_from"`
	Sections    []variants.Section `json:"sections"`
}

func runRules(ctx context.Context, io *app, o *rulesOptions) error {
	s, err := io.loadSettings()
	if err != nil {
		return err
	}
	if o.variant != "" {
		if o.variantSet && s.Variant != o.variant {
			return cannot("rules: give the variant once, as the argument or as --variant, not both (%q and %q)", o.variant, s.Variant)
		}
		s.Variant = o.variant
	}
	v, err := o.load(s)
	if err != nil {
		return err
	}
	// A built-in changed by --rule is compared with itself, so the marks
	// show the changes just made.
	if v.Base == "" && len(o.rules) > 0 && slices.Contains(variants.Builtins(), s.Variant) {
		v.Base = s.Variant
	}
	sections := variants.Describe(v)
	from := variants.ChangedFrom(v)
	out := newOutput(io.streams, s)
	if o.json {
		return out.printJSON(rulesJSON{Variant: v.Name, Title: v.Title, Description: v.Description, ChangedFrom: from, Sections: sections})
	}
	w := io.Out
	title := v.Name
	if v.Title != "" {
		title = v.Title + " (" + v.Name + ")"
	}
	fmt.Fprintln(w, title)
	if v.Description != "" {
		fmt.Fprint(w, wrap(v.Description, "", ""))
	}
	changed := false
	for _, sec := range sections {
		fmt.Fprintf(w, "\n%s\n", sec.Title)
		for _, l := range sec.Lines {
			mark := "  "
			if l.Changed {
				mark, changed = "* ", true
			}
			fmt.Fprint(w, wrap(l.Text, mark, "    "))
		}
	}
	if changed {
		fmt.Fprintf(w, "\n* changed from %s\n", from)
	}
	return nil
}

// wrapWidth is where rules breaks its lines, for an 80-column terminal.
const wrapWidth = 78

// wrap breaks text into lines of at most wrapWidth runes, the first
// starting with first, the others with rest, each ending in a newline.
func wrap(text, first, rest string) string {
	var b strings.Builder
	line, n := first, len([]rune(first))
	start := true
	for _, word := range strings.Fields(text) {
		wn := len([]rune(word))
		if !start && n+1+wn > wrapWidth {
			b.WriteString(line + "\n")
			line, n, start = rest, len([]rune(rest)), true
		}
		if !start {
			line += " "
			n++
		}
		line += word
		n += wn
		start = false
	}
	b.WriteString(line + "\n")
	return b.String()
}
