package engine

import (
	"context"
	"fmt"
	"math/bits"
)

// problem is one hand to arrange, validated once: every strategy of the
// solver reads it and none checks the input again.
type problem struct {
	r      Rules
	hand   []Card
	table  []Meld
	tableV []Verdict // the verdict on each table meld, all valid

	held    uint64 // the card bits with a copy in hand
	jokers  int
	wild    int  // the wild cards held that may act as jokers
	repeats bool // some natural is held more than once
	// counts holds the copies of each natural by card bit (cardBit),
	// filled only when the hand repeats a card: otherwise held says all.
	counts [64]uint8

	// noRanks keeps the rank solver out of the race (general.race), for
	// the tests that hold the general solver to it.
	noRanks bool
}

// cardKinds tells a natural card and a joker from a byte that is neither,
// by table: the check runs on every card Arrange is given.
var cardKinds = func() (k [256]uint8) {
	for _, c := range Deck() {
		k[c] = naturalKind
	}
	k[Joker] = jokerKind
	return k
}()

const (
	naturalKind = iota + 1
	jokerKind
)

// maxCopies is the most copies of one card the solver takes.
const maxCopies = 255

// init reads r, the hand and the table melds into p and checks them
// (validate).
func (p *problem) init(r *Rules, hand []Card, table []Meld) error {
	// Rules by value: a pointer kept in p would make every caller's
	// rules escape to the heap.
	p.r, p.hand, p.table = *r, hand, table
	return p.validate()
}

// validate checks the rules, the hand and the table melds of p and reads
// the hand's cards. The checks come in the order Arrange documents: the
// rules, each card of the hand, the card counts of hand and table
// together, then each table meld.
func (p *problem) validate() error {
	r, hand, table := &p.r, p.hand, p.table
	if err := r.check(); err != nil {
		return err
	}
	// Most hands are natural cards only: one pass without branches finds
	// that (a byte below 16 or above 79 makes its bit over 63, and so
	// their union, and a rank out of range leaves a bit outside the
	// lanes' ranks in held), and the careful pass runs only for the others.
	var held, union uint64
	for _, c := range hand {
		b := cardBit(c)
		held |= 1 << (b & 63)
		union |= uint64(b)
	}
	if union > 63 || held&^(laneOnes*laneRanks) != 0 {
		held = 0
		for i, c := range hand {
			switch cardKinds[c] {
			case naturalKind:
				held |= 1 << (cardBit(c) & 63)
			case jokerKind:
				p.jokers++
			default:
				return fmt.Errorf("card %d of the hand (%#x) is not a card", i+1, uint8(c))
			}
		}
	}
	p.held = held
	if r.WildRanks != 0 && !r.wildAsNatural {
		for _, c := range hand {
			if r.IsWild(c) {
				p.wild++
			}
		}
	}
	p.repeats = bits.OnesCount64(held) != len(hand)-p.jokers
	over := p.jokers > r.Jokers
	if p.repeats {
		for _, c := range hand {
			if c == Joker {
				continue
			}
			b := cardBit(c)
			if p.counts[b] == maxCopies {
				return fmt.Errorf("the hand holds more than %d copies of a card, more than the solver takes", maxCopies)
			}
			p.counts[b]++
			over = over || int(p.counts[b]) > r.Decks
		}
	}
	if over || len(table) > 0 {
		groups := make([][]Card, 0, len(table)+1)
		groups = append(groups, hand)
		for _, m := range table {
			groups = append(groups, m.Cards)
		}
		if err := r.CheckCounts(groups...); err != nil {
			return err
		}
	}
	if len(table) > 0 {
		p.tableV = make([]Verdict, len(table))
		tr := *r // the table's wild cards stay wild in a sub-problem
		tr.wildAsNatural = false
		for i, m := range table {
			v := tr.JudgeMeld(m)
			if !v.Valid {
				return &TableError{Meld: m, Reason: v.Reason}
			}
			p.tableV[i] = v
		}
	}
	return nil
}

// copies returns the copies of each natural in hand, by card bit.
func (p *problem) copies() [64]uint8 {
	if p.repeats {
		return p.counts
	}
	var c [64]uint8
	for y := p.held; y != 0; y &= y - 1 {
		c[bits.TrailingZeros64(y)] = 1
	}
	return c
}

// naturals returns how many natural cards the hand holds.
func (p *problem) naturals() int { return len(p.hand) - p.jokers }

// strategy names a way of solving a problem.
type strategy uint8

const (
	// viaSets: every choice of sets, the runs of the rest forced, for
	// the small hands of viaBits with few such choices (arrange_sets.go).
	viaSets strategy = iota + 1
	// viaBits: a branch and bound over one uint64 of card bits, for
	// the other hands of distinct naturals (arrange_fast.go).
	viaBits
	// viaCounts: a branch and bound over card counts with a transposition
	// table, for every other hand (arrange_general.go).
	viaCounts
)

// route decides from the problem's shape, before any search, which
// strategy answers it. The bit strategies take hands of distinct naturals
// with no table melds, where every meld has two cards or more and no card
// is worth less than nothing; of those, the set-choice solver takes the
// ones whose sets can be chosen in few ways and whose points its planes
// hold, and route leaves its plan in s. The count search takes the rest:
// jokers, repeated cards, lay-offs, one-card melds and negative values.
// (bitRules.arrange decides the same from the rules prepared once.)
func (p *problem) route(s *setChoices) strategy {
	r := &p.r
	if len(p.table) > 0 || p.jokers > 0 || p.repeats || !bitsTake(r) {
		return viaCounts
	}
	s.t, s.cw = fastTableFor(r), weightsFor(&r.Values)
	if s.cw.planesHold && s.plan(p.held) <= maxSetChoices {
		return viaSets
	}
	return viaBits
}

// bitsTake reports whether rules r let the bit strategies take the hands
// of distinct naturals without table melds (route).
func bitsTake(r *Rules) bool {
	return max(r.MinSize, r.MinNatural) >= 2 && !r.negativeValues() && (r.WildPoints == 0 || r.WildRanks == 0)
}

// solve answers the problem into a by the strategy route picks. (An
// Arrangement is large: each level that returns one copies it twice.)
func (p *problem) solve(ctx context.Context, a *Arrangement) (err error) {
	var s setChoices
	switch p.route(&s) {
	case viaSets:
		p.arrangeSets(&s, a)
	case viaBits:
		*a, err = p.arrangeBits(ctx)
	default:
		*a, err = p.arrangeCounts(ctx, ttAuto)
	}
	return err
}

// bitHand returns the problem as a hand for the bit strategies, under the
// table and weights route chose.
func (p *problem) bitHand(b *bitRules, t *fastTable, cw *cardWeights) bitHand {
	*b = newBitRules(&p.r)
	b.t, b.cw = t, cw
	return bitHand{b: b, n: len(p.hand), held: p.held}
}

// arrangeSets solves a problem routed to the set-choice solver into a,
// which is zero; s is the plan route made.
func (p *problem) arrangeSets(s *setChoices, a *Arrangement) {
	var b bitRules
	h := p.bitHand(&b, s.t, s.cw)
	h.arrangeSets(s, a, false)
}

// arrangeBits solves a problem routed to the bit search.
func (p *problem) arrangeBits(ctx context.Context) (a Arrangement, err error) {
	var b bitRules
	h := p.bitHand(&b, fastTableFor(&p.r), weightsFor(&p.r.Values))
	err = h.arrangeBits(ctx, &a, false)
	return a, err
}
