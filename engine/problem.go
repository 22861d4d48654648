package engine

import "fmt"

// problem is one hand to arrange, validated once: every strategy of the
// solver reads it and none checks the input again.
type problem struct {
	r      Rules
	hand   []Card
	table  []Meld
	tableV []Verdict // the verdict on each table meld, all valid

	counts  [64]uint8 // copies of each natural, by card bit (cardBit)
	held    uint64    // the card bits with a copy in hand
	jokers  int
	repeats bool // some natural is held more than once
}

// maxCopies is the most copies of one card the solver takes.
const maxCopies = 255

// newProblem checks r, the hand and the table melds and reads them into a
// problem. The checks come in the order Arrange documents: the rules, each
// card of the hand, the card counts of hand and table together, then each
// table meld.
func newProblem(r Rules, hand []Card, table []Meld) (problem, error) {
	p := problem{r: r, hand: hand, table: table}
	if err := r.Check(); err != nil {
		return p, err
	}
	over := false
	for i, c := range hand {
		switch {
		case c == Joker:
			p.jokers++
		case !c.Valid():
			return p, fmt.Errorf("card %d of the hand (%#x) is not a card", i+1, uint8(c))
		default:
			b := cardBit(c)
			if p.counts[b] == maxCopies {
				return p, fmt.Errorf("the hand holds more than %d copies of a card, more than the solver takes", maxCopies)
			}
			p.counts[b]++
			if p.held>>b&1 != 0 {
				p.repeats = true
				over = over || int(p.counts[b]) > r.Decks
			}
			p.held |= 1 << b
		}
	}
	if over || p.jokers > r.Jokers || len(table) > 0 {
		groups := make([][]Card, 0, len(table)+1)
		groups = append(groups, hand)
		for _, m := range table {
			groups = append(groups, m.Cards)
		}
		if err := r.CheckCounts(groups...); err != nil {
			return p, err
		}
	}
	if len(table) > 0 {
		p.tableV = make([]Verdict, len(table))
		for i, m := range table {
			v := r.JudgeMeld(m)
			if !v.Valid {
				return p, &TableError{Meld: m, Reason: v.Reason}
			}
			p.tableV[i] = v
		}
	}
	return p, nil
}

// naturals returns how many natural cards the hand holds.
func (p *problem) naturals() int { return len(p.hand) - p.jokers }

// strategy names a way of solving a problem.
type strategy uint8

const (
	// viaBits: a branch and bound over one uint64 of card bits, for
	// the common small hand (arrange_fast.go).
	viaBits strategy = iota + 1
	// viaCounts: a branch and bound over card counts with a transposition
	// table, for every other hand (arrange_general.go).
	viaCounts
)

// route decides from the problem's shape, before any search, which
// strategy answers it. The bit search takes hands of distinct naturals with
// no table melds, where every meld has two cards or more and no card is
// worth less than nothing; the count search takes the rest: jokers,
// repeated cards, lay-offs, one-card melds and negative values.
func (p *problem) route() strategy {
	r := &p.r
	if len(p.table) == 0 && p.jokers == 0 && !p.repeats && max(r.MinSize, r.MinNatural) >= 2 && !r.negativeValues() {
		return viaBits
	}
	return viaCounts
}
