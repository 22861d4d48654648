package referee_test

import (
	"fmt"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/variants"
)

// A gin hand: Ann knocks, Bob lays off onto her melds, and the referee
// scores it.
func ExampleKnockResult_Summary() {
	gin, _ := variants.Builtin("gin")
	ann, _ := engine.ParseCards("3C 4C 5C 7H 7S 7D JS QS KS 2D")
	bob, _ := engine.ParseCards("6C 7C 10S 9C 9D 9H 4H 5H 6H 8D")
	vd, err := referee.Judge(gin, []string{"Ann", "Bob"}, referee.Round{
		Knock: "Ann",
		Hands: []referee.Hand{{Player: "Ann", Cards: ann}, {Player: "Bob", Cards: bob}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range vd.Knock.Summary(false) {
		fmt.Println(l)
	}
	// Output:
	// Ann knocked: melds [3C 4C 5C] [7H 7S 7D] [JS QS KS], deadwood 2D = 2 (knock limit 10)
	// Bob: lays off 6C onto meld 1, 7C onto meld 2, 10S onto meld 3; melds [9C 9D 9H] [4H 5H 6H], deadwood 8D = 8
	// knock: Ann scores 8 - 2 = 6
}

// Can this Oklahoma Gin hand knock on a 5 upcard?
func ExampleCheckKnock() {
	okla, _ := variants.Builtin("oklahoma-gin")
	hand, _ := engine.ParseCards("3C 4C 5C 7H 7S 7D JS QS KS 9S")
	kc, _ := referee.CheckKnock(okla, hand, engine.NewCard(5, engine.Hearts))
	fmt.Printf("limit %d, deadwood %d, can knock %v, gin %v\n", kc.Limit, kc.Deadwood, kc.CanKnock, kc.Gin)
	// Output:
	// limit 5, deadwood 9, can knock false, gin false
}
