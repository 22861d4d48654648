package engine

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// Layoff is cards from the hand laid off onto a table meld.
type Layoff struct {
	Onto  int    // index into the table melds passed to Arrange
	Cards []Card // naturals in rank or suit order, then jokers
}

// Arrangement is the best way to play a hand.
type Arrangement struct {
	// Melds are the melds laid down from the hand: runs in rank order from
	// the low end with each joker where it stands, sets in suit order with
	// their jokers last. They come in the order of their lowest natural
	// card.
	Melds    [][]Card
	Layoffs  []Layoff // at most one Layoff per table meld, in Onto order
	Deadwood []Card   // cards left in hand, sorted
	Points   int      // deadwood points under r.Values
	// CanGoOut reports whether some arrangement, not necessarily this one,
	// leaves at most one card in hand (the discard), or exactly one card
	// when r.DiscardRequired: the last card must then be discarded, so a
	// hand that melds completely has to keep a card back. An empty hand can
	// go out only when no discard is required.
	CanGoOut bool
}

// Arrange returns an arrangement of hand under r with the fewest deadwood
// points, then the fewest cards left. Cards go into new melds (each valid by
// r.Judge) or are laid off onto the table melds (each lay-off valid by
// r.LayOff; several cards laid off onto one meld go together), and the rest
// is deadwood. Jokers from the hand may be melded or laid off. The answer is
// exact under every option of r, and the same for the same input.
//
// It returns a *CountError when the hand and the table melds together hold a
// card more often than r's decks (or jokers) allow, a *TableError when a
// table meld is not valid, and an error when r fails r.Check, the hand holds
// an invalid Card value, or the hand is beyond the solver: more than 255
// copies of a card, or more than 64 table melds its cards could go onto.
//
// Arrange takes as long as the proof takes; ArrangeContext takes a
// deadline. How long that is (BenchmarkLargeHands; figures in the README):
// a dealt hand of 10 to 13 cards takes microseconds, in the caller's
// goroutine. A large hand that the first few thousand search nodes do
// not answer is searched three ways at once, each in its own goroutine
// (two ways of the branch and bound, and for hands of one or two decks
// without table melds the rank-by-rank dynamic programme), so it keeps
// two cores busy where GOMAXPROCS allows (on one they take turns), with
// the same answer whichever finishes first. A hand of two decks and up to
// four jokers, up to all 108 cards, takes some 4 to 5 ms in the median of
// the benchmark's adversarial corpus, and at most some 25 ms on its dealt
// hands and dense blocks; of 120,000 further seeded deals of 60 to 75
// cards none took over 0.05 s. No bound is proven: hands a hill climb
// built take up to some 0.1 s (climbed-26 to climbed-35), and a climb
// on a faster build finds slower ones again.
// Three decks and more are not bounded: the corpus's 96-card three-deck
// hand takes some 0.35 to 0.4 s.
// ArrangeContext answers a hand its deadline cuts short with the best
// arrangement found and an *UnprovenError holding a proven lower bound.
//
// A program that arranges many hands under the same rules can prepare them
// once with NewArranger: its ArrangeInto reuses one Arrangement and takes
// about half the time on a dealt one-deck hand.
func (r Rules) Arrange(hand []Card, table []Meld) (Arrangement, error) {
	return r.arrange(context.Background(), hand, table)
}

// ArrangeContext is Arrange with a context. When ctx ends before the answer
// is proven, it returns the best arrangement found so far and an
// *UnprovenError that says how far from proven it is.
func (r Rules) ArrangeContext(ctx context.Context, hand []Card, table []Meld) (Arrangement, error) {
	return r.arrange(ctx, hand, table)
}

func (r *Rules) arrange(ctx context.Context, hand []Card, table []Meld) (a Arrangement, err error) {
	// Most hands are the bit strategies' (one copy of each card, no
	// jokers, no table): they take a path that builds no problem.
	if len(table) == 0 {
		if b := bitRulesFor(r); b != nil {
			err = b.arrange(ctx, r, hand, nil, &a, false)
			return a, err
		}
	}
	return r.arrangeProblem(ctx, hand, table)
}

// arrangeProblem is arrange by way of a problem, which validates the
// input and routes it to a strategy: every hand but those the bit
// strategies take on their own path.
func (r *Rules) arrangeProblem(ctx context.Context, hand []Card, table []Meld) (a Arrangement, err error) {
	// Filled here rather than by p.init: the compiler knows this p is on
	// the stack, so the stores need no write barrier.
	var p problem
	p.r, p.hand, p.table = *r, hand, table
	if err := p.validate(); err != nil {
		return Arrangement{}, err
	}
	if p.wild > 0 {
		return p.arrangeWild(ctx)
	}
	err = p.solve(ctx, &a)
	return a, err
}

// watch is how a search learns that its context has ended: it calls
// expired at each node.
type watch struct {
	done  <-chan struct{} // the context's Done channel, or nil for none
	nodes uint32          // nodes since the search began
	stop  bool            // done has closed: the search unwinds
}

// expired reports whether the context has ended, looking every 1024 nodes
// (a select costs more than a node of the fast search).
func (w *watch) expired() bool {
	if w.nodes++; w.nodes&1023 == 0 && !w.stop {
		select {
		case <-w.done:
			w.stop = true
		default:
		}
	}
	return w.stop
}

// solution is a strategy's answer before rendering: the melds (each in the
// order its cards are shown), the lay-offs, and the cards left in hand.
type solution struct {
	melds    [][]Card
	layoffs  []Layoff
	deadwood []Card
	sorted   bool // the melds and the deadwood are in order already
	// points is the deadwood's points when known is set (the search
	// counted them already)
	points int
	known  bool
}

// render sorts a solution into an Arrangement: melds by their lowest
// natural card, lay-offs by table meld, deadwood in card order.
func (p *problem) render(s solution) Arrangement {
	a := Arrangement{Melds: s.melds, Layoffs: s.layoffs, Deadwood: s.deadwood}
	if len(a.Melds) > 1 && !s.sorted {
		slices.SortStableFunc(a.Melds, func(x, y []Card) int { return int(lowest(x)) - int(lowest(y)) })
	}
	if len(a.Layoffs) > 1 {
		slices.SortFunc(a.Layoffs, func(x, y Layoff) int { return x.Onto - y.Onto })
	}
	if !s.sorted && !slices.IsSorted(a.Deadwood) {
		slices.Sort(a.Deadwood)
	}
	a.Points = s.points
	if !s.known {
		a.Points = p.r.sum(a.Deadwood)
	}
	return a
}

// lowest returns the lowest natural card of a meld.
func lowest(cards []Card) Card {
	low := Joker
	for _, c := range cards {
		low = min(low, c)
	}
	return low
}

// goOutQuestion is what deciding CanGoOut still asks of a strategy once
// the best arrangement is known.
type goOutQuestion uint8

const (
	goOutDecided    goOutQuestion = iota
	askFewerThanTwo               // can some arrangement leave fewer than two cards?
	askOneKeptBack                // can some card be kept back and every other one melded or laid off?
)

// goOut decides Arrangement.CanGoOut for a problem whose best arrangement
// leaves left cards, or says which question decides it.
func (p *problem) goOut(left int) (bool, goOutQuestion) {
	return goOutFor(len(p.hand), p.r.DiscardRequired, left)
}

// goOutFor is goOut for a hand of n cards, dr the rules' DiscardRequired.
func goOutFor(n int, dr bool, left int) (bool, goOutQuestion) {
	switch {
	case n == 0:
		return !dr, goOutDecided // RULES.md 4: nothing to discard
	case !dr && left <= 1, dr && left == 1:
		return true, goOutDecided
	case !dr:
		return false, askFewerThanTwo
	}
	// RULES.md 4, going_out.discard_required: exactly one card is left,
	// so some card is kept back and every other one melds.
	return false, askOneKeptBack
}

// leastAlone returns the least points of a card that an arrangement of
// the hand whose best arrangement is a leaves alone: every arrangement
// leaves at least a.Points, and one that leaves a card alone, where a
// leaves two or more, more, for it weighs no less than a with fewer
// cards.
func leastAlone(a *Arrangement) int {
	if len(a.Deadwood) >= 2 {
		return a.Points + 1
	}
	return a.Points
}

// unproven returns a, the best arrangement found before ctx ended, with an
// *UnprovenError: lower is a lower bound on the weight of any arrangement.
func (p *problem) unproven(ctx context.Context, a Arrangement, lower int64) (Arrangement, error) {
	return unproven(ctx, a, lower, p.r.DiscardRequired)
}

// unproven is problem.unproven under rules whose DiscardRequired is dr.
func unproven(ctx context.Context, a Arrangement, lower int64, dr bool) (Arrangement, error) {
	left := len(a.Deadwood)
	a.CanGoOut = left == 1 || left == 0 && !dr
	return a, &UnprovenError{Points: a.Points, LowerBound: min(int(floorDiv(lower, weightScale)), a.Points), Err: context.Cause(ctx)}
}

// UnprovenError is what ArrangeContext returns, with the best arrangement
// it found, when its context ends before that arrangement is proven best
// or CanGoOut is decided. The arrangement's CanGoOut is then true only when
// the arrangement itself goes out: false means not known.
type UnprovenError struct {
	// Points is what the best arrangement found leaves; LowerBound is
	// proven: no arrangement leaves fewer deadwood points. When they are
	// equal the arrangement is proven best and only CanGoOut is open.
	Points, LowerBound int
	Err                error // why the context ended
}

func (e *UnprovenError) Error() string {
	if e.LowerBound >= e.Points {
		return fmt.Sprintf("stopped (%v) before deciding whether the hand can go out; the best arrangement leaves %d points", e.Err, e.Points)
	}
	return fmt.Sprintf("stopped (%v) before the best arrangement was proven: the best found leaves %d points, and none can leave fewer than %d",
		e.Err, e.Points, e.LowerBound)
}

func (e *UnprovenError) Unwrap() error { return e.Err }

// floorDiv divides rounding down, so a lower bound on weights stays one on
// points.
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// negativeValues reports whether some card counts below zero. Such a card is
// better kept in hand; only the general solver's bounds allow for that.
func (r *Rules) negativeValues() bool {
	v := &r.Values
	return v.Ace|v.Face|v.Joker|v.Pips < 0 || r.WildPoints < 0 && r.WildRanks != 0
}

// weightScale turns points into the solver's weights: a card left in hand
// weighs its points times weightScale plus one, so one sum orders
// arrangements by points, then by cards left.
const weightScale = 1 << 20

// infinity is more than any sum of weights.
const infinity = math.MaxInt64 / 4

func weight(r *Rules, c Card) int64 { return int64(r.Points(c))*weightScale + 1 }

// Cards as bits: a natural card c is bit c-16 of a uint64, so each suit has
// a 16-bit lane (clubs lowest) with the ace at bit 1 and the king at bit 13
// of its lane, and ascending bits are canonical card order.
const (
	laneRanks = 0x3FFE                        // bits 1..13 of a lane
	laneOnes  = uint64(0x0001_0001_0001_0001) // bit 0 of each lane
	aceBits   = 1<<1 | 1<<17 | 1<<33 | 1<<49  // the four aces
	bit14s    = aceBits << 13                 // the ace-high slot of each lane
)

func cardBit(c Card) uint { return uint(c) - 16 }

func bitCard(b int) Card { return Card(b + 16) }

// contiguous reports whether the set bits of v are one block.
func contiguous(v uint64) bool {
	if v == 0 {
		return false
	}
	v >>= uint(bits.TrailingZeros64(v))
	return v&(v+1) == 0
}

// runLane reports whether the ranks v (bits 1 to 13) of one suit form a run
// under the ace and wrap rules, ignoring sizes.
func runLane(v uint64, ace AcePosition, wrap bool) bool {
	high := (v &^ 2) | (v&2)<<13
	switch {
	case wrap:
		if v == laneRanks {
			return true
		}
		// One block on the circle: exactly one rank whose predecessor is
		// missing (the predecessor of the ace is the king).
		pred := (v<<1 | v>>12&2) & laneRanks
		return bits.OnesCount64(v&^pred) == 1
	case ace == AceHigh:
		return contiguous(high)
	case ace == AceEither:
		return contiguous(v) || contiguous(high)
	}
	return contiguous(v)
}

// appendRun appends the cards of suit s with ranks v (a run) from its low
// end: the ace goes last when it sits above the king.
func appendRun(dst []Card, v uint64, s int, ace AcePosition, wrap bool) []Card {
	start := 1
	switch {
	case v&2 == 0 || v == laneRanks && (wrap || ace != AceHigh):
	case wrap:
		pred := (v<<1 | v>>12&2) & laneRanks
		start = bits.TrailingZeros64(v &^ pred)
	case ace == AceHigh || v&4 == 0:
		start = 2
	}
	// The ranks from start up, then those below it (the ace above the
	// king, or the low end of a run that turns the corner).
	high := v &^ (1<<uint(start) - 1)
	for _, y := range [2]uint64{high, v &^ high} {
		for ; y != 0; y &= y - 1 {
			dst = append(dst, bitCard(s*16+bits.TrailingZeros64(y)))
		}
	}
	return dst
}
