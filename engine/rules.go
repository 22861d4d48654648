package engine

import "fmt"

// AcePosition says where an ace may sit in a run (RULES.md 2, runs.ace).
type AcePosition uint8

// The ace positions. The zero AcePosition is invalid.
const (
	AceLow    AcePosition = iota + 1 // A-2-3 is a run, Q-K-A is not
	AceHigh                          // Q-K-A is a run, A-2-3 is not
	AceEither                        // both, but never K-A-2 without wrap
)

var aceNames = [...]string{AceLow: "low", AceHigh: "high", AceEither: "either"}

// String returns low, high or either, the variant file's spelling.
func (a AcePosition) String() string {
	if a < AceLow || a > AceEither {
		return "?"
	}
	return aceNames[a]
}

// ParseAcePosition reads low, high or either.
func ParseAcePosition(s string) (AcePosition, error) {
	for a := AceLow; a <= AceEither; a++ {
		if aceNames[a] == s {
			return a, nil
		}
	}
	return 0, fmt.Errorf("%q is not an ace position (low, high or either)", s)
}

// Values are the card points of a variant (RULES.md 5, scoring.values).
type Values struct {
	Ace   int // an ace
	Face  int // a jack, queen or king
	Joker int // a joker
	// Pips is what 2 to 9 count; 0 means face value. A ten always counts 10
	// (RULES.md 9: the 500 "5/10/15" option is pips 5).
	Pips int
	// AceLowRun is what an ace melded low in a run (A-2-3) counts under
	// meld-points scoring; 0 is 0 points, like any other value (RULES.md
	// 10.4).
	AceLowRun int
}

// Points returns the points of one card.
func (v Values) Points(c Card) int {
	switch r := c.Rank(); {
	case c == Joker:
		return v.Joker
	case r == Ace:
		return v.Ace
	case r >= Jack:
		return v.Face
	case r == Ten:
		return 10
	case v.Pips != 0:
		return v.Pips
	default:
		return int(r)
	}
}

// Sum returns the points of cards.
func (v Values) Sum(cards []Card) int {
	n := 0
	for _, c := range cards {
		n += v.Points(c)
	}
	return n
}

// PackPoints returns the points of every card in play under r: the decks
// and the jokers. No hand, nor all of them together, can hold more.
func (r Rules) PackPoints() int {
	return r.Decks*r.Sum(Deck()) + r.Jokers*r.Values.Joker
}

// RankSet is a set of ranks: bit r for rank r.
type RankSet uint16

// allRanks is the set of every rank, ace to king.
const allRanks RankSet = 1<<(King+1) - 1<<Ace

// NewRankSet returns the set of the ranks given.
func NewRankSet(ranks ...Rank) RankSet {
	var s RankSet
	for _, rk := range ranks {
		s |= 1 << rk
	}
	return s
}

// Has reports whether rank rk is in the set.
func (s RankSet) Has(rk Rank) bool { return rk < 16 && s>>rk&1 != 0 }

// Ranks returns the ranks of the set, ace first.
func (s RankSet) Ranks() []Rank {
	var out []Rank
	for rk := Ace; rk <= King; rk++ {
		if s.Has(rk) {
			out = append(out, rk)
		}
	}
	return out
}

// IsWild reports whether c is a wild card under r: a natural card of one of
// r.WildRanks, which may act as a joker in a meld or be played as itself.
func (r Rules) IsWild(c Card) bool {
	return r.WildRanks != 0 && c != Joker && r.WildRanks.Has(c.Rank())
}

// Points returns the points of one card under r: a wild card counts
// r.WildPoints when that is not 0, every other card r.Values.Points.
func (r Rules) Points(c Card) int {
	if r.WildPoints != 0 && r.IsWild(c) {
		return r.WildPoints
	}
	return r.Values.Points(c)
}

// Sum returns the points of cards under r.
func (r Rules) Sum(cards []Card) int { return r.sum(cards) }

// sum is Sum without copying r, for the solver.
func (r *Rules) sum(cards []Card) int {
	if r.WildPoints == 0 || r.WildRanks == 0 {
		return r.Values.Sum(cards)
	}
	n := 0
	for _, c := range cards {
		n += r.Points(c)
	}
	return n
}

// Rules are the meld rules of a variant, the part of it the engine needs
// (RULES.md 1 to 3 and 9). The variants package builds them from YAML.
type Rules struct {
	Name string // the variant's name, for messages ("not a run in basic")

	Decks  int // standard decks in play, at least 1
	Jokers int // jokers in play in all (jokers.per_deck times decks)

	MinNatural int  // natural cards a meld needs (jokers.min_natural)
	MaxJokers  int  // jokers a meld may hold, 0 for no limit (jokers.max_per_meld)
	JokerSwap  bool // a table joker may be swapped for its natural card

	Sets          bool // sets exist (sets.enabled)
	Runs          bool // runs exist (runs.enabled)
	DistinctSuits bool // a set's suits must differ (sets.distinct_suits)
	Ace           AcePosition
	Wrap          bool // K-A-2 allowed (runs.wrap)
	MinSize       int  // smallest meld (melds.min_size)

	// DiscardRequired: going out needs a last card to discard
	// (going_out.discard_required), so a hand goes out only by leaving
	// exactly one card.
	DiscardRequired bool

	// WildRanks are the ranks whose cards are wild (wild.ranks, "deuces
	// wild" is the 2s): such a card may act as a joker in a meld, or be
	// played as itself. MinNatural counts the cards acting as themselves,
	// MaxJokers the jokers and the wild cards acting as jokers.
	WildRanks RankSet
	// WildPoints is what a wild card counts in hand or melded
	// (wild.points); 0 is its own value.
	WildPoints int

	Values Values

	// wildAsNatural: the wild cards of a hand act as themselves only. The
	// solver's sub-problems set it, having turned the copies that act as
	// jokers into jokers already.
	wildAsNatural bool
}

// Basic returns the rules of the built-in basic variant: one deck, no
// jokers, sets and runs, ace low, no wrap, ace 1, faces 10. It is what the
// engine's examples and tests start from; programs get rules from the
// variants package.
func Basic() Rules {
	return Rules{
		Name: "basic", Decks: 1, MinNatural: 2,
		Sets: true, Runs: true, DistinctSuits: true, Ace: AceLow, MinSize: 3,
		Values: Values{Ace: 1, Face: 10, Joker: 15},
	}
}

// Check reports the first rule that is out of range, so a program that
// builds Rules by hand learns of a mistake before judging with them.
func (r Rules) Check() error { return r.check() }

// check is Check without copying r, for Arrange.
func (r *Rules) check() error {
	// Rules in range pass one test (this runs on every Arrange); the
	// cases below say what is wrong.
	if r.Decks >= 1 && r.Jokers|r.MinNatural|r.MaxJokers >= 0 && r.MinSize >= 1 && r.Ace-AceLow <= AceEither-AceLow &&
		r.WildRanks&^allRanks == 0 && (r.Sets || r.Runs) {
		return nil
	}
	switch {
	case r.Decks < 1:
		return fmt.Errorf("decks is %d: at least 1 deck is needed", r.Decks)
	case r.Jokers < 0:
		return fmt.Errorf("jokers is %d: it cannot be negative", r.Jokers)
	case r.MinNatural < 0:
		return fmt.Errorf("jokers.min_natural is %d: it cannot be negative", r.MinNatural)
	case r.MaxJokers < 0:
		return fmt.Errorf("jokers.max_per_meld is %d: it cannot be negative", r.MaxJokers)
	case r.MinSize < 1:
		return fmt.Errorf("melds.min_size is %d: it must be at least 1", r.MinSize)
	case r.Ace < AceLow || r.Ace > AceEither:
		return fmt.Errorf("runs.ace is not set")
	case r.WildRanks&^allRanks != 0:
		return fmt.Errorf("wild.ranks holds a value that is not a rank")
	case !r.Sets && !r.Runs:
		return fmt.Errorf("sets and runs are both disabled: no meld is possible")
	}
	return nil
}

// maxSetSize is the largest set: one card a suit, or every copy of the rank
// when suits may repeat (RULES.md 2).
func (r Rules) maxSetSize() int {
	if r.DistinctSuits {
		return 4
	}
	return 4 * r.Decks
}

// name returns the variant's name for messages.
func (r Rules) name() string {
	if r.Name == "" {
		return "this variant"
	}
	return r.Name
}

// CountError reports a card that appears more often than the variant's
// decks allow: two players cannot both hold the only 7H.
type CountError struct {
	Card  Card
	Count int // how often it appears
	Limit int // how often it can appear
}

func (e *CountError) Error() string {
	if e.Card == Joker {
		if e.Limit == 0 {
			return fmt.Sprintf("JK appears %d %s, but this variant is played without jokers", e.Count, times(e.Count))
		}
		return fmt.Sprintf("JK appears %d times, but only %d %s in play", e.Count, e.Limit, plural(e.Limit, "joker is", "jokers are"))
	}
	return fmt.Sprintf("%s appears %d times, but %s %s only %d", e.Card, e.Count,
		plural(e.Limit, "1 deck", fmt.Sprintf("%d decks", e.Limit)), plural(e.Limit, "has", "have"), e.Limit)
}

func times(n int) string {
	if n == 1 {
		return "time"
	}
	return "times"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// CheckCounts returns a *CountError for the first card (in canonical order)
// that the groups of cards, taken together, hold more often than the rules'
// decks and jokers allow.
func (r Rules) CheckCounts(groups ...[]Card) error {
	var counts [53]int
	for _, g := range groups {
		for _, c := range g {
			if c.Valid() {
				counts[c.index()]++
			}
		}
	}
	for i, n := range counts {
		limit := r.Decks
		if i == 52 {
			limit = r.Jokers
		}
		if n > limit {
			return &CountError{Card: cardAt(i), Count: n, Limit: limit}
		}
	}
	return nil
}
