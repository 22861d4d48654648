package engine_test

import (
	"fmt"

	"github.com/rummy-referee/rummy/engine"
)

func ExampleRules_Arrange() {
	hand, err := engine.ParseCards("6S 7S 8S 6C 7C 8C 8D QH KH")
	if err != nil {
		fmt.Println(err)
		return
	}
	run, err := engine.ParseMeld("9H 10H JH")
	if err != nil {
		fmt.Println(err)
		return
	}
	table := []engine.Meld{run}

	a, err := engine.Basic().Arrange(hand, table)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range a.Melds {
		fmt.Println("meld", engine.FormatCards(m, false))
	}
	for _, l := range a.Layoffs {
		fmt.Println("lay off", engine.FormatCards(l.Cards, false), "onto", table[l.Onto])
	}
	fmt.Println("deadwood", engine.FormatCards(a.Deadwood, false), "counts", a.Points)
	fmt.Println("can go out:", a.CanGoOut)
	// Output:
	// meld 6C 7C 8C
	// meld 6S 7S 8S
	// lay off QH KH onto 9H 10H JH
	// deadwood 8D counts 8
	// can go out: true
}

func ExampleArranger_ArrangeInto() {
	arr, err := engine.NewArranger(engine.Basic())
	if err != nil {
		fmt.Println(err)
		return
	}
	var a engine.Arrangement // reused: each answer overwrites the last
	for _, text := range []string{"AC 2C 3C 7D 7H 7S 9S KS QH", "5C 9D JH 2S 4S"} {
		hand, err := engine.ParseCards(text)
		if err != nil {
			fmt.Println(err)
			return
		}
		if err := arr.ArrangeInto(&a, hand, nil); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(len(a.Melds), "melds, deadwood", engine.FormatCards(a.Deadwood, false), "counts", a.Points)
	}
	// Output:
	// 2 melds, deadwood QH 9S KS counts 29
	// 0 melds, deadwood 5C 9D JH 2S 4S counts 30
}
