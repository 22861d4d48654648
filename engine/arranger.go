package engine

import (
	"context"
	"math/bits"
	"sync/atomic"
)

// An Arranger arranges hands under one set of rules, checked and prepared
// once, for a program that arranges many hands under the same rules (an
// analysis of dealt hands, a simulation). Its answers and errors are those
// of Rules.Arrange; what it saves is the work Rules.Arrange repeats on
// every call, and with ArrangeInto the allocation of the answer. An
// Arranger is safe for concurrent use (each goroutine with its own
// Arrangement for ArrangeInto).
type Arranger struct {
	r    Rules
	bits bitRules
}

// NewArranger returns an Arranger for r, or the error of r.Check.
func NewArranger(r Rules) (*Arranger, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	return &Arranger{r: r, bits: newBitRules(&r)}, nil
}

// Rules returns the rules the Arranger arranges under.
func (ar *Arranger) Rules() Rules { return ar.r }

// Arrange is Rules.Arrange under the Arranger's rules.
func (ar *Arranger) Arrange(hand []Card, table []Meld) (Arrangement, error) {
	var a Arrangement
	err := ar.bits.arrange(context.Background(), &ar.r, hand, table, &a, false)
	return a, err
}

// ArrangeInto is Arrange writing its answer into *a, for a caller that
// arranges hand after hand and reads each answer before the next: it
// overwrites the cards of a's slices and reuses their capacity, so that
// once a has held an answer for a hand as large, a hand of distinct
// natural cards (no jokers, no wild cards, no card twice) with no table
// melds takes no allocation. Other hands allocate as Rules.Arrange does.
// The answer is Arrange's, except that an empty Melds, Layoffs or Deadwood
// may be an empty slice rather than nil; on an error *a is that empty
// answer. The slices of *a must not share memory (those of every answer
// and of the zero Arrangement do not), and an answer kept must be copied
// first: the next call overwrites it.
func (ar *Arranger) ArrangeInto(a *Arrangement, hand []Card, table []Meld) error {
	// Small enough to inline: the common hand costs one call.
	return ar.bits.arrange(context.Background(), &ar.r, hand, table, a, true)
}

// arrangeProblemInto is arrangeProblem into a, as bitRules.arrange
// answers: with reuse, an error leaves a the empty answer.
func (r *Rules) arrangeProblemInto(ctx context.Context, hand []Card, table []Meld, a *Arrangement, reuse bool) error {
	got, err := r.arrangeProblem(ctx, hand, table)
	if reuse && err != nil {
		a.Melds, a.Layoffs, a.Deadwood = a.Melds[:0], a.Layoffs[:0], a.Deadwood[:0]
		a.Points, a.CanGoOut = 0, false
		return err
	}
	*a = got
	return err
}

// bitRules are what the bit strategies read of the rules, and what route
// decides from them alone.
type bitRules struct {
	t                     *fastTable
	cw                    *cardWeights
	ace                   AcePosition
	wrap, discardRequired bool
	aceMoves              bool   // a run's ace may be shown out of card order: high, or turning the corner
	take                  bool   // the rules let the bit strategies take hands (bitsTake)
	wild                  uint64 // the wild cards as bits: a hand holding one goes to arrangeWild
}

// newBitRules prepares the bit strategies' view of rules r.
func newBitRules(r *Rules) bitRules {
	b := bitRules{ace: r.Ace, wrap: r.Wrap, discardRequired: r.DiscardRequired, aceMoves: r.Ace != AceLow || r.Wrap, take: bitsTake(r)}
	if b.take {
		b.t, b.cw = fastTableFor(r), weightsFor(&r.Values)
	}
	if r.WildRanks != 0 && !r.wildAsNatural {
		b.wild = uint64(r.WildRanks) * laneOnes
	}
	return b
}

// preparedRules are rules that pass Check, with their bitRules.
type preparedRules struct {
	r    Rules
	bits bitRules
}

// lastRules holds the rules Rules.Arrange was last called with, which are
// nearly always the rules of the next call.
var lastRules atomic.Pointer[preparedRules]

// bitRulesFor returns the bitRules of r, or nil when r fails Check (the
// general path reports it).
func bitRulesFor(r *Rules) *bitRules {
	if c := lastRules.Load(); c != nil && sameRules(&c.r, r) {
		return &c.bits
	}
	if r.check() != nil {
		return nil
	}
	c := &preparedRules{r: *r, bits: newBitRules(r)}
	lastRules.Store(c)
	return &c.bits
}

// sameRules reports whether rules a and b are the same but for their
// names, field by field: the compiler compares a whole struct by a call,
// which would cost this path a sixth of its time.
// TestSameRulesSeesEveryField fails when Rules gains a field it misses.
func sameRules(a, b *Rules) bool {
	return a.Decks == b.Decks && a.Jokers == b.Jokers && a.MinNatural == b.MinNatural && a.MaxJokers == b.MaxJokers &&
		a.JokerSwap == b.JokerSwap && a.Sets == b.Sets && a.Runs == b.Runs && a.DistinctSuits == b.DistinctSuits &&
		a.Ace == b.Ace && a.Wrap == b.Wrap && a.MinSize == b.MinSize && a.DiscardRequired == b.DiscardRequired &&
		a.WildRanks == b.WildRanks && a.WildPoints == b.WildPoints && a.wildAsNatural == b.wildAsNatural &&
		a.Values.Ace == b.Values.Ace && a.Values.Face == b.Values.Face && a.Values.Joker == b.Values.Joker && a.Values.Pips == b.Values.Pips &&
		a.Values.AceLowRun == b.Values.AceLowRun
}

// bitHand is a hand for the bit strategies: distinct natural cards, as
// the bits held, under rules b.
type bitHand struct {
	b    *bitRules
	n    int // cards in the hand
	held uint64
}

// arrange answers hand onto table under rules r, whose bitRules b are,
// into a, as write does. The bit strategies answer the hands they take
// (route): no table melds, distinct natural cards and no wild card, under
// rules that let them. Every other hand, and a hand holding a value that
// is not a card, goes to r.arrangeProblem, which reports the errors.
func (b *bitRules) arrange(ctx context.Context, r *Rules, hand []Card, table []Meld, a *Arrangement, reuse bool) error {
	if len(table) != 0 || !b.take {
		return r.arrangeProblemInto(ctx, hand, table, a, reuse)
	}
	// One pass without branches, as in validate: a byte below 16 or above
	// 79 makes its bit over 63, and so their union, and a rank out of
	// range or a joker leaves a bit outside the lanes' ranks.
	var held, union uint64
	i := 1
	for ; i < len(hand); i += 2 { // two cards a round
		b0, b1 := cardBit(hand[i-1]), cardBit(hand[i])
		held |= 1 << (b0 & 63)
		held |= 1 << (b1 & 63)
		union |= uint64(b0 | b1)
	}
	if i == len(hand) {
		c := cardBit(hand[i-1])
		held |= 1 << (c & 63)
		union |= uint64(c)
	}
	if union > 63 || held&^(laneOnes*laneRanks) != 0 || held&b.wild != 0 || bits.OnesCount64(held) != len(hand) {
		return r.arrangeProblemInto(ctx, hand, table, a, reuse)
	}
	h := bitHand{b: b, n: len(hand), held: held}
	s := setChoices{t: b.t, cw: b.cw}
	if b.cw.planesHold && s.plan(held) <= maxSetChoices {
		h.arrangeSets(&s, a, reuse)
		return nil
	}
	return h.arrangeBits(ctx, a, reuse)
}
