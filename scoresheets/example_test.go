package scoresheets_test

import (
	"fmt"
	"os"
	"time"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/scoresheets"
	"github.com/rummy-referee/rummy/variants"
)

// Example shows the main flow: start a match, record rounds as the players
// report them, and show where it stands.
func Example() {
	v, err := variants.Builtin("basic")
	if err != nil {
		panic(err)
	}
	now := time.Date(2026, 3, 1, 19, 30, 0, 0, time.UTC)
	s, err := scoresheets.New(v, []string{"Ann", "Bob"}, scoresheets.Options{Now: now})
	if err != nil {
		panic(err)
	}
	hand := func(player, cards string) referee.Hand {
		c, err := engine.ParseCards(cards)
		if err != nil {
			panic(err)
		}
		return referee.Hand{Player: player, Cards: c}
	}
	rounds := []referee.Round{
		{Out: "Bob", Hands: []referee.Hand{hand("Ann", "KH QH 3D")}},
		{Out: "Ann", Rummy: true, Hands: []referee.Hand{hand("Bob", "9C 9D")}},
		{Out: "Ann", Hands: []referee.Hand{hand("Bob", "7H 7D 7C")}},
	}
	for _, r := range rounds {
		verdict, err := s.Record(r, now)
		if err != nil {
			panic(err)
		}
		if !verdict.OK() {
			fmt.Println(verdict.Problems)
		}
	}
	// A round that breaks a rule is a verdict, and is not recorded.
	verdict, _ := s.Record(referee.Round{Out: "Bob", Hands: []referee.Hand{hand("Ann", "KH KH")}}, now)
	fmt.Println(verdict.Problems)
	fmt.Println()

	scoresheets.Show(s, os.Stdout, scoresheets.ShowOptions{ChartHeight: 4})
	// Output:
	// [KH appears 2 times, but 1 deck has only 1 (in Ann's hand)]
	//
	// basic: Ann, Bob; target 100, no round limit
	//
	// round  dealer  out             Ann     Bob
	//     1  Ann     Bob           +0  0  +23 23
	//     2  Bob     Ann (rummy)  +36 36   +0 23
	//     3  Ann     Ann          +21 57   +0 23
	// total                           57      23
	// (each player: the round's score, then the running total)
	//
	// totals: Ann 57, Bob 23
	// leader: Ann
	// next dealer: Bob
	//
	// running totals
	// 57 |         A
	//    |      A
	//    |   B  B  B
	//  0 +*  A
	//     0        3  (rounds)
	//     A Ann, B Bob; * where lines meet
}
