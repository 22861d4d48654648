package engine

import (
	"os"
	"strings"
	"testing"
)

// rummy500Big is rummy500 for five or more players (RULES.md 6): two decks
// and four jokers, aces either way and counting 15.
func rummy500Big() Rules {
	r := Basic()
	r.Name, r.Decks, r.Jokers, r.Ace = "rummy500", 2, 4, AceEither
	r.Values = Values{Ace: 15, Face: 10, Joker: 15}
	return r
}

// BenchmarkArrange solves the hands of each bench file, one hand an
// iteration, so ns/op is the time a hand takes. Where the file has known
// answers (.expected), every answer is checked before the clock starts.
func BenchmarkArrange(b *testing.B) {
	twoDecks := Basic()
	twoDecks.Decks = 2
	for _, f := range []struct {
		name  string
		rules Rules
	}{
		{"hands10.txt", Basic()},
		{"hands11.txt", Basic()},
		{"hands13m.txt", Basic()},
		{"hands13d2.txt", twoDecks},
		{"hands13j.txt", rummy500Big()},
	} {
		b.Run(f.name, func(b *testing.B) {
			hands, _ := readHands(b, f.name)
			if expected := strings.TrimSuffix(f.name, ".txt") + ".expected"; fileExists(expected) {
				var want []int
				hands, want = readHands(b, expected)
				for i, h := range hands {
					if a, err := f.rules.Arrange(h, nil); err != nil || a.Points != want[i] {
						b.Fatalf("%s:%d: %s leaves %d points (%v), want %d", expected, i+1, FormatCards(h, false), a.Points, err, want[i])
					}
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := f.rules.Arrange(hands[i%len(hands)], nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func fileExists(name string) bool {
	_, err := os.Stat("testdata/" + name)
	return err == nil
}

// hand30 is a 30-card hand dealt from two decks with four jokers: the
// first deal holding two jokers or more of a shuffle seeded PCG(30, 30).
const hand30 = "3C 5C 6C 10C QC AD 3D 4D JD QD AH 2H 3H 4H 5H 6H 6H 9H JH QH AS 3S 4S 5S 5S 8S KS JK JK JK"

func BenchmarkArrange30(b *testing.B) {
	r := rummy500Big()
	hand := mustCards(b, hand30)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Arrange(hand, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// fullDoubleDeck is every card of two decks and their four jokers.
func fullDoubleDeck() []Card {
	d := append(Deck(), Deck()...)
	return append(d, Joker, Joker, Joker, Joker)
}

func BenchmarkArrangeDoubleDeck(b *testing.B) {
	r := rummy500Big()
	hand := fullDoubleDeck()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Arrange(hand, nil); err != nil {
			b.Fatal(err)
		}
	}
}
