package engine

import (
	"fmt"
	"math"
	"math/bits"
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
func (r Rules) Arrange(hand []Card, table []Meld) (Arrangement, error) {
	if err := r.Check(); err != nil {
		return Arrangement{}, err
	}
	if len(table) == 0 && !r.negativeValues() {
		if a, ok, err := r.arrangeFast(hand); ok || err != nil {
			return a, err
		}
	}
	return r.arrangeGeneral(hand, table, ttAuto, nodeBudget)
}

// negativeValues reports whether some card counts below zero. Such a card is
// better kept in hand; only the general solver's bounds allow for that.
func (r Rules) negativeValues() bool {
	v := r.Values
	return v.Ace < 0 || v.Face < 0 || v.Joker < 0 || v.Pips < 0
}

// weightScale turns points into the solver's weights: a card left in hand
// weighs its points times weightScale plus one, so one sum orders
// arrangements by points, then by cards left.
const weightScale = 1 << 20

// infinity is more than any sum of weights.
const infinity = math.MaxInt64 / 4

func weight(v Values, c Card) int64 { return int64(v.Points(c))*weightScale + 1 }

// notACard is the error for a hand holding an invalid Card value.
func notACard(hand []Card, i int) error {
	return fmt.Errorf("card %d of the hand (%#x) is not a card", i+1, uint8(hand[i]))
}

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
	for i := range 13 {
		rk := (start-1+i)%13 + 1
		if v>>uint(rk)&1 != 0 {
			dst = append(dst, bitCard(s*16+rk))
		}
	}
	return dst
}
