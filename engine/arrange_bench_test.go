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
// iteration, so ns/op is the time a hand takes. Each file has two forms:
// the file's name alone is an Arranger prepared once from the rules,
// arranging into one Arrangement it reuses (ArrangeInto: no allocation
// once its slices are large enough), and the name with -Rules.Arrange is
// the plain call, which checks the rules and allocates its answer every
// time. Where the file has known answers (.expected), every answer of the
// form measured is checked before the clock starts.
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
		hands, want := benchHands(b, f.name)
		check := func(b *testing.B, arrange func([]Card) (Arrangement, error)) {
			for i, h := range hands {
				a, err := arrange(h)
				if err != nil {
					b.Fatalf("%s hand %d: %s: %v", f.name, i+1, FormatCards(h, false), err)
				}
				if want != nil && a.Points != want[i] {
					b.Fatalf("%s hand %d: %s leaves %d points, want %d", f.name, i+1, FormatCards(h, false), a.Points, want[i])
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
		}
		b.Run(f.name, func(b *testing.B) {
			ar, err := NewArranger(f.rules)
			if err != nil {
				b.Fatal(err)
			}
			var a Arrangement
			check(b, func(h []Card) (Arrangement, error) { return a, ar.ArrangeInto(&a, h, nil) })
			// The hand's index wraps by a test, not a division, which
			// would cost a small hand a tenth of its time.
			for i, j := 0, 0; i < b.N; i, j = i+1, j+1 {
				if j == len(hands) {
					j = 0
				}
				if err := ar.ArrangeInto(&a, hands[j], nil); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(f.name+"-Rules.Arrange", func(b *testing.B) {
			check(b, func(h []Card) (Arrangement, error) { return f.rules.Arrange(h, nil) })
			for i, j := 0, 0; i < b.N; i, j = i+1, j+1 {
				if j == len(hands) {
					j = 0
				}
				if _, err := f.rules.Arrange(hands[j], nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchHands reads the hands of a bench file, and their known answers when
// the file has them (name.expected, which holds the hands too).
func benchHands(b *testing.B, name string) (hands [][]Card, want []int) {
	if expected := strings.TrimSuffix(name, ".txt") + ".expected"; fileExists(expected) {
		return readHands(b, expected)
	}
	hands, _ = readHands(b, name)
	return hands, nil
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
