// Package variants reads rule variants: the YAML files of RULES.md 9 that
// say which melds exist, how jokers and aces behave, how cards are dealt and
// how rounds are scored. The built-ins (kids, basic, rummy500) are such
// files embedded in the binary and load through the same code as a user's
// file, which may start from a built-in with base: and change a few keys.
//
// It reads and checks variants; it does not judge melds (engine) or rounds
// (referee).
package variants

import (
	"sort"

	"github.com/rummy-referee/rummy/engine"
)

// Variant is a whole rule variant, every key of RULES.md 9 resolved: after
// Load it holds no unset field, whatever the file left to its base.
type Variant struct {
	Name        string
	Title       string
	Description string
	Base        string // the built-in this variant started from, if any

	Players struct{ Min, Max int }
	Decks   ByPlayers // decks in play by player count

	Jokers struct {
		PerDeck    int
		MinNatural int
		MaxPerMeld int // 0: no limit
		Swap       bool
	}
	// Wild is wild.ranks and wild.points: the ranks whose cards are wild
	// ("deuces wild": [2]) and what a wild card counts, 0 its own value.
	Wild struct {
		Ranks  engine.RankSet
		Points int
	}
	Deal struct {
		Cards    ByPlayers
		Rotation Rotation
	}
	Sets struct{ Enabled, DistinctSuits bool }
	Runs struct {
		Enabled bool
		Ace     engine.AcePosition
		Wrap    bool
	}
	Melds    struct{ MinSize int }
	Layoff   struct{ RequiresOwnMeld bool }
	GoingOut struct{ DiscardRequired bool }
	Scoring  struct {
		Method          Method
		Values          engine.Values // Values.AceLowRun is scoring.ace_low_run
		RummyMultiplier int
		Target          ByPlayers // 0: no target
		Rounds          int       // 0: no limit
		Ties            Ties
		MustGoOutToWin  bool
		// The match-end bonuses (scoring.game_bonus, .box_bonus,
		// .shutout), added when a player wins at the target.
		GameBonus int
		BoxBonus  int
		Shutout   int // ShutoutDouble, or a flat bonus (0: none)
	}
	Stock struct{ Reshuffles int } // -1: always

	// Checks are the referee's checks of what cannot happen at a real
	// table; a family whose house rule allows it turns one off.
	Checks struct {
		HandPoints   bool // a hand given as points fits in the cards not on the table
		OutMelded    bool // under meld-points, the player who went out melded or laid off
		RummyClaim   bool // a rummy claim is refused when others laid off onto the claimant's melds
		RoundEndings bool // a round ends only as the stock rule allows (a stalemate, nobody out)
	}
	Knock KnockRules // how a hand ends under knock scoring (gin)
	// Seats say what happens when players join or leave a match between
	// rounds.
	Seats struct {
		JoinTotal  JoinTotal // the total a new player starts with
		LeftCanWin bool      // a player who left may still win on their total
	}
}

// JoinTotal is the total a player joining a match part way starts with
// (seats.join_total).
type JoinTotal string

// The starting totals.
const (
	JoinZero     JoinTotal = "zero"     // 0, as at the start of the match
	JoinTrailing JoinTotal = "trailing" // the total of the player furthest behind
	JoinAverage  JoinTotal = "average"  // the seated players' average, rounded down
)

// KnockRules holds the knock keys: how a hand of gin rummy ends and scores
// (scoring.method knock).
type KnockRules struct {
	Limit           int       // the most deadwood a knocker may keep (0: gin only)
	LimitFromUpcard bool      // Oklahoma: the first upcard's points set each hand's limit
	AceUpcard       AceUpcard // under limit_from_upcard, what an ace upcard allows
	SpadeMultiplier int       // a spade upcard multiplies the hand's score by this
	GinBonus        int       // added to the knocker's score for gin
	BigGinBonus     int       // for big gin (eleven cards melded), in place of the gin bonus
	UndercutBonus   int       // added to the defender's score for an undercut
	UndercutOnTie   bool      // equal deadwood is an undercut (else the knocker wins 0)
	Layoffs         bool      // the defender may lay off onto the knocker's melds
	LayoffAfterGin  bool      // ... even when the knocker went gin
	DeadHandStock   int       // a hand with this many stock cards left and no knock is dead
}

// AceUpcard says what an ace as the first upcard allows (knock.ace_upcard).
type AceUpcard string

// The ace upcard rules.
const (
	AceGinOnly  AceUpcard = "gin-only" // nobody may knock: gin only (Bicycle's Oklahoma Gin)
	AceLimitOne AceUpcard = "1"        // knock with at most 1 point, as the ace counts
)

// ShutoutDouble is Scoring.Shutout when a shutout doubles the winner's
// total (scoring.shutout: double); otherwise Shutout is a flat bonus.
const ShutoutDouble = -1

// Rotation says who deals the next round (RULES.md 5a).
type Rotation string

// The rotations.
const (
	RotateLeft   Rotation = "left"   // the next player in seating order
	RotateWinner Rotation = "winner" // the player who went out
)

// Method is a scoring method (RULES.md 5).
type Method string

// The scoring methods.
const (
	WinnerTakesAll Method = "winner-takes-all"
	Penalty        Method = "penalty"
	MeldPoints     Method = "meld-points"
	SingleRound    Method = "single-round"
	Knock          Method = "knock" // gin rummy: a knocker against a defender
)

// LowestWins reports whether the lowest total wins under m (penalty).
func (m Method) LowestWins() bool { return m == Penalty }

// Ties says what happens on a tie for the win at the target.
type Ties string

// The tie rules.
const (
	PlayOn Ties = "play-on" // another round until the tie breaks
	Share  Ties = "share"   // the tied players share the win
)

// ByPlayers is a value that depends on the number of players, written as a
// map from the first player count a value applies to ({2: 1, 5: 2}: 1 for
// 2 to 4 players, 2 from 5 up) or as one number for every count.
type ByPlayers map[int]int

// At returns the value for n players: the value of the largest key not
// above n, or of the smallest key when n is below every key.
func (b ByPlayers) At(n int) int {
	// The value of the largest count up to n, else of the smallest: in
	// one pass over the map, as the referee asks for every round.
	v, at, set := 0, 0, false
	for k, x := range b {
		if !set || at <= n && k <= n && k > at || at > n && (k <= n || k < at) {
			v, at, set = x, k, true
		}
	}
	return v
}

// Max returns the largest value for any player count.
func (b ByPlayers) Max() int {
	m := 0
	for _, v := range b {
		m = max(m, v)
	}
	return m
}

func (b ByPlayers) keys() []int {
	keys := make([]int, 0, len(b))
	for k := range b {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}

// Rules returns the engine's meld rules for a game of the given number of
// players. With players 0 (unknown, as for rummy check) the decks are the
// most the variant ever uses, so no card a real game could show is refused.
func (v *Variant) Rules(players int) engine.Rules {
	decks := v.Decks.Max()
	if players > 0 {
		decks = v.Decks.At(players)
	}
	return engine.Rules{
		Name:            v.Name,
		Decks:           decks,
		Jokers:          v.Jokers.PerDeck * decks,
		MinNatural:      v.Jokers.MinNatural,
		MaxJokers:       v.Jokers.MaxPerMeld,
		JokerSwap:       v.Jokers.Swap,
		Sets:            v.Sets.Enabled,
		Runs:            v.Runs.Enabled,
		DistinctSuits:   v.Sets.DistinctSuits,
		Ace:             v.Runs.Ace,
		Wrap:            v.Runs.Wrap,
		MinSize:         v.Melds.MinSize,
		DiscardRequired: v.GoingOut.DiscardRequired,
		WildRanks:       v.Wild.Ranks,
		WildPoints:      v.Wild.Points,
		Values:          v.Scoring.Values,
	}
}

// Target returns the match target for n players, 0 for none.
func (v *Variant) Target(players int) int { return v.Scoring.Target.At(players) }
