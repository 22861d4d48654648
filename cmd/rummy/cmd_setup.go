package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

type setupOptions struct {
	variantFlags
	players int
}

func newSetupCmd(io *streams) *cobra.Command {
	o := &setupOptions{}
	c := &cobra.Command{
		Use:   "setup --players N",
		Short: "Say how to deal: decks, jokers, cards to each player, target, rotation",
		Example: `  rummy setup --players 4
  rummy setup --players 5 --variant rummy500`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, v, err := o.settingsAndVariant(cmd)
			if err != nil {
				return err
			}
			n := o.players
			if n == 0 {
				return cannot("setup: say how many play, with --players N")
			}
			if n < v.Players.Min || n > v.Players.Max {
				return cannot("setup: %s is for %d to %d players, not %d", v.Name, v.Players.Min, v.Players.Max, n)
			}
			r := v.Rules(n)
			deal := v.Deal.Cards.At(n)
			total := 52*r.Decks + r.Jokers
			w := io.Out
			fmt.Fprintf(w, "%s (%s) for %d players\n", v.Title, v.Name, n)
			fmt.Fprintf(w, "  cards:    %d %s", r.Decks, plural(r.Decks, "deck", "decks"))
			if r.Jokers > 0 {
				fmt.Fprintf(w, " with %d %s", r.Jokers, plural(r.Jokers, "joker", "jokers"))
			} else {
				fmt.Fprint(w, ", no jokers")
			}
			fmt.Fprintf(w, " (%d cards)\n", total)
			fmt.Fprintf(w, "  deal:     %d cards to each player, one at a time, starting at the dealer's left\n", deal)
			fmt.Fprintf(w, "  stock:    the other %d cards face down; turn the top one up to start the discard pile\n", total-deal*n)
			if t := v.Target(n); t > 0 {
				dir := "the highest total wins"
				if v.Scoring.Method.LowestWins() {
					dir = "the lowest total wins"
				}
				fmt.Fprintf(w, "  target:   %d points (the match ends when a total reaches it; %s)\n", t, dir)
			} else {
				fmt.Fprintln(w, "  target:   none")
			}
			if v.Scoring.Rounds > 0 {
				fmt.Fprintf(w, "  rounds:   %d at most\n", v.Scoring.Rounds)
			}
			fmt.Fprintf(w, "  scoring:  %s\n", v.Scoring.Method)
			if v.Deal.Rotation == "winner" {
				fmt.Fprintln(w, "  next deal: the player who went out deals the next round")
			} else {
				fmt.Fprintln(w, "  next deal: passes to the left (the next player in seating order) each round")
			}
			return nil
		},
	}
	o.variantFlags.add(c)
	c.Flags().IntVar(&o.players, "players", 0, "how many play")
	return c
}
