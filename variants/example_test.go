package variants_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rummy-referee/rummy/variants"
)

func ExampleBuiltin() {
	v, err := variants.Builtin("rummy500")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, players := range []int{2, 4, 5} {
		r := v.Rules(players)
		fmt.Printf("%d players: %d cards each, %d deck(s), %d jokers\n",
			players, v.Deal.Cards.At(players), r.Decks, r.Jokers)
	}
	fmt.Println("ace:", v.Runs.Ace, "- target:", v.Target(4))
	// Output:
	// 2 players: 13 cards each, 1 deck(s), 2 jokers
	// 4 players: 7 cards each, 1 deck(s), 2 jokers
	// 5 players: 7 cards each, 2 deck(s), 4 jokers
	// ace: either - target: 500
}

func ExampleBuiltins() {
	fmt.Println(variants.Builtins())
	// Output: [basic gin kids oklahoma-gin rummy500]
}

func ExampleLoad() {
	house := []byte(`base: basic
name: house
jokers: {per_deck: 2}
runs:
  ace: either
`)
	v, err := variants.Load("house.yaml", house)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Name, "from", v.Base+":", "ace", v.Runs.Ace, "-", v.Rules(4).Jokers, "jokers for 4 players")
	// Output: house from basic: ace either - 2 jokers for 4 players
}

// Every problem in a file is reported, each with its file, line and key.
func ExampleLoad_problems() {
	_, err := variants.Load("house.yaml", []byte(`base: basic
name: house
runs:
  aces: either
  wrap: yes
decks: 010
`))
	var ps variants.Problems
	if errors.As(err, &ps) {
		for _, p := range ps {
			fmt.Println(p)
		}
	}
	// Output:
	// house.yaml:4: runs.aces: unknown key (did you mean runs.ace?)
	// house.yaml:5: runs.wrap: yes is not a bool here: write true or false
	// house.yaml:6: decks: 010 is not a plain decimal number (no leading 0, +, 0o, 0x, 0b or _)
}

func ExampleVariant_Override() {
	v, _ := variants.Builtin("basic")
	for _, rule := range []string{"runs.ace=either", "decks={2: 1, 5: 2}", "runs.ace=sideways"} {
		if err := v.Override(rule); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(v.Runs.Ace, v.Decks.At(4), v.Decks.At(6))
	// Output:
	// --rule runs.ace=sideways: "sideways" is not an ace position (low, high or either)
	// either 1 2
}

func ExampleVariant_YAML() {
	v, _ := variants.Load("house.yaml", []byte("base: kids\nname: house\nplayers: {max: 4}\n"))
	top, _, _ := strings.Cut(string(v.YAML()), "sets:")
	fmt.Print(top)
	// Output:
	// name: house
	// title: Kids Rummy
	// description: Sets of one rank only, one deck; each player adds the cards left in hand, and the lowest total wins.
	// base: kids
	// players:
	//   min: 2
	//   max: 4
	// decks: 1
	// jokers:
	//   per_deck: 0
	//   min_natural: 2
	//   max_per_meld: 0
	//   swap: true
	// deal:
	//   cards: {2: 10, 3: 7}
	//   rotation: left
}

func ExampleDescribe() {
	v, err := variants.Load("house.yaml", []byte("base: basic\nname: house\nruns: {ace: either}\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range variants.Describe(v) {
		if s.Title != "Aces" {
			continue
		}
		for _, l := range s.Lines {
			mark := " "
			if l.Changed {
				mark = "*"
			}
			fmt.Println(mark, l.Key+":", l.Text)
		}
	}
	fmt.Println("* changed from", variants.ChangedFrom(v))
	// Output:
	// * runs.ace: An ace is low or high in a run: A 2 3 and Q K A are both runs, but one run never has an ace at both ends.
	//   runs.wrap: A run never turns the corner: K A 2 is not a run.
	// * changed from basic
}
