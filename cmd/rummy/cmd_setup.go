package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/rummy-referee/rummy/variants"
)

type setupOptions struct {
	variantFlags
	players playersArg
	json    bool
}

func newSetupCmd(io *app) *cobra.Command {
	o := &setupOptions{}
	c := &cobra.Command{
		Use:   "setup --players N|NAMES",
		Short: "Say how to deal: decks, jokers, cards to each player, target, rotation",
		Long: `Say how to deal a variant for the players: the decks and jokers, the cards to
each player, the stock, the target, the scoring and who deals next. --players
is how many play, or their names; without it, the config file's players.

` + exitHelp("when said", "", "when rummy cannot say (a player count the variant is not for, a bad flag)"),
		Example: `  rummy setup --players 4
  rummy setup --players "Ann,Bob,Cy"
  rummy setup --players 5 --variant rummy500 --json
  rummy setup --variant gin`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runSetup(cmd.Context(), io, o) },
	}
	o.variantFlags.add(c)
	c.Flags().Var(&o.players, "players", "how many play, or their names (default: the config's players)")
	addJSONFlag(c, &o.json)
	return c
}

// setupJSON is what 'rummy setup --json' writes.
type setupJSON struct {
	Variant  string `json:"variant"`
	Title    string `json:"title"`
	Players  int    `json:"players"`
	Decks    int    `json:"decks"`
	Jokers   int    `json:"jokers"`
	Cards    int    `json:"cards"`
	Deal     int    `json:"deal"`  // cards to each player
	Stock    int    `json:"stock"` // cards left, the stock and the first discard
	Target   int    `json:"target"`
	Rounds   int    `json:"rounds,omitempty"`
	Scoring  string `json:"scoring"`
	Rotation string `json:"rotation"`
}

func runSetup(ctx context.Context, io *app, o *setupOptions) error {
	s, v, err := o.settingsAndVariant(io)
	if err != nil {
		return err
	}
	n := o.players.n
	if n == 0 && v.Players.Min == v.Players.Max {
		n = v.Players.Min // gin: always two
	}
	if n == 0 {
		n = len(s.Players)
	}
	if n == 0 {
		return cannot("setup: say how many play, with --players N, as in --players 4 (or name them: --players \"Ann,Bob\")")
	}
	if n < v.Players.Min || n > v.Players.Max {
		return cannot("setup: %s is for %s, not %d", v.Name, variants.PlayerCount(v), n)
	}
	r := v.Rules(n)
	j := setupJSON{Variant: v.Name, Title: v.Title, Players: n, Decks: r.Decks, Jokers: r.Jokers,
		Cards: 52*r.Decks + r.Jokers, Deal: v.Deal.Cards.At(n), Target: v.Target(n), Rounds: v.Scoring.Rounds,
		Scoring: string(v.Scoring.Method), Rotation: string(v.Deal.Rotation)}
	j.Stock = j.Cards - j.Deal*n
	if o.json {
		return newOutput(io.streams, s).printJSON(j)
	}
	writeSetup(io, v, j)
	return nil
}

func writeSetup(io *app, v *variants.Variant, j setupJSON) {
	w := io.Out
	fmt.Fprintf(w, "%s (%s) for %d players\n", j.Title, j.Variant, j.Players)
	fmt.Fprintf(w, "  cards:    %d %s", j.Decks, plural(j.Decks, "deck", "decks"))
	if j.Jokers > 0 {
		fmt.Fprintf(w, " with %d %s", j.Jokers, plural(j.Jokers, "joker", "jokers"))
	} else {
		fmt.Fprint(w, ", no jokers")
	}
	fmt.Fprintf(w, " (%d cards)\n", j.Cards)
	fmt.Fprintf(w, "  deal:     %d cards to each player, one at a time, starting at the dealer's left\n", j.Deal)
	fmt.Fprintf(w, "  stock:    the other %d cards face down; turn the top one up to start the discard pile\n", j.Stock)
	if j.Target > 0 {
		dir := "the highest total wins"
		if v.Scoring.Method.LowestWins() {
			dir = "the lowest total wins"
		}
		fmt.Fprintf(w, "  target:   %d points (the match ends when a total reaches it; %s)\n", j.Target, dir)
	} else {
		fmt.Fprintln(w, "  target:   none")
	}
	if j.Rounds > 0 {
		fmt.Fprintf(w, "  rounds:   %d at most\n", j.Rounds)
	}
	fmt.Fprintf(w, "  scoring:  %s\n", j.Scoring)
	if v.Scoring.Method == variants.Knock {
		setupKnock(w, v)
	}
	if j.Rotation == "winner" {
		fmt.Fprintln(w, "  next deal: the player who went out deals the next round")
	} else {
		fmt.Fprintln(w, "  next deal: passes to the left (the next player in seating order) each round")
	}
}

// setupKnock says how a gin hand ends and scores, for setup.
func setupKnock(w io.Writer, v *variants.Variant) {
	k := v.Knock
	switch {
	case k.LimitFromUpcard:
		ace := "an ace allows gin only"
		if k.AceUpcard == variants.AceLimitOne {
			ace = "an ace allows 1"
		}
		fmt.Fprintf(w, "  knock:    with deadwood up to the first upcard's points (J Q K 10; %s)\n", ace)
	default:
		fmt.Fprintf(w, "  knock:    with %d deadwood or less after the discard\n", k.Limit)
	}
	fmt.Fprintf(w, "  bonuses:  gin %d, big gin %d, undercut %d", k.GinBonus, k.BigGinBonus, k.UndercutBonus)
	if k.SpadeMultiplier > 1 {
		fmt.Fprintf(w, "; a spade upcard multiplies the hand by %d", k.SpadeMultiplier)
	}
	fmt.Fprintln(w)
	if sc := v.Scoring; sc.GameBonus > 0 || sc.BoxBonus > 0 || sc.Shutout != 0 {
		shut := "none"
		switch {
		case sc.Shutout == variants.ShutoutDouble:
			shut = "doubles the winner's total"
		case sc.Shutout > 0:
			shut = fmt.Sprintf("+%d", sc.Shutout)
		}
		fmt.Fprintf(w, "  match end: game %d, box %d a hand won, shutout %s\n", sc.GameBonus, sc.BoxBonus, shut)
	}
	if k.DeadHandStock > 0 {
		fmt.Fprintf(w, "  dead hand: the stock down to %d cards with no knock scores nothing\n", k.DeadHandStock)
	}
}
