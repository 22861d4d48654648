package engine

import (
	"errors"
	"strings"
	"testing"
)

// fuzzRules reads a rule combination from a few bytes.
func fuzzRules(b []byte) Rules {
	var x [5]byte
	copy(x[:], b)
	r := Basic()
	r.Decks = 1 + int(x[0]%3)
	r.Jokers = int(x[0] >> 2 % 5)
	r.MinNatural = int(x[1] % 4)
	r.MaxJokers = int(x[1] >> 2 % 3)
	r.DistinctSuits = x[2]&1 == 0
	r.Ace = AcePosition(1 + x[2]>>1%3)
	r.Wrap = x[2]>>3&1 != 0
	switch x[2] >> 4 % 3 {
	case 1:
		r.Runs = false
	case 2:
		r.Sets = false
	}
	r.MinSize = 1 + int(x[3]%5)
	r.DiscardRequired = x[3]>>3&1 != 0
	switch x[4] % 4 {
	case 1:
		r.Values = Values{Ace: 15, Face: 10, Joker: 15}
	case 2:
		r.Values = Values{Ace: 15, Face: 10, Joker: 25, Pips: 5}
	case 3:
		r.Values = Values{Ace: -1, Face: 10, Joker: -5, Pips: 2}
	}
	return r
}

// FuzzArrange checks that any arrangement Arrange returns is legal: valid
// melds and lay-offs holding exactly the hand, with Points the deadwood's
// points; on small hands it must also be the brute force's best.
func FuzzArrange(f *testing.F) {
	f.Add("6S 7S 8S 6C 7C 8C 8D", "", []byte{0, 0, 0, 2, 0})
	f.Add("7H 8H JK JK 5D 6D", "9H 10H JH|5S 5C JK", []byte{8, 1, 2, 2, 1})
	f.Add("QS KS AS 2S JK", "", []byte{4, 0, 12, 2, 1})
	f.Add("7H 7H 7S JK", "7D 7C 7S", []byte{5, 0, 1, 2, 0})
	f.Add("AC 2C 3C QC JK", "", []byte{9, 1, 4, 10, 1})
	f.Add("6H 10H 2C", "7H 8H JK=9H", []byte{4, 0, 0, 2, 3})
	f.Fuzz(func(t *testing.T, handText, tableText string, rb []byte) {
		r := fuzzRules(rb)
		hand, err := ParseCards(handText)
		if err != nil || len(hand) > 24 {
			return
		}
		var table []Meld
		if tableText != "" {
			for _, s := range strings.Split(tableText, "|") {
				m, err := ParseMeld(s)
				if err != nil {
					return
				}
				table = append(table, m)
			}
		}
		if len(table) > 6 {
			return
		}
		a, err := r.Arrange(hand, table)
		if err != nil {
			var ce *CountError
			var te *TableError
			groups := [][]Card{hand}
			for _, m := range table {
				groups = append(groups, m.Cards)
			}
			switch {
			case errors.As(err, &ce):
				if r.CheckCounts(groups...) == nil {
					t.Fatalf("CountError %v, but CheckCounts finds none", err)
				}
			case errors.As(err, &te):
				if r.JudgeMeld(te.Meld).Valid {
					t.Fatalf("TableError %v for a valid meld", err)
				}
			default:
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		checkArrangement(t, r, hand, table, a)
		if len(hand) <= 9 && len(table) <= 2 {
			compareResult(t, "fuzz", r, hand, table, a, bruteArrange(r, hand, table))
		}
	})
}
