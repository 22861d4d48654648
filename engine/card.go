package engine

import "strconv"

// Suit is a card's suit. The zero Suit is invalid, so an unset field is
// caught.
type Suit uint8

// The suits, in the order canonical listings use.
const (
	Clubs Suit = iota + 1
	Diamonds
	Hearts
	Spades
)

// Suits lists the four suits in order.
var Suits = [4]Suit{Clubs, Diamonds, Hearts, Spades}

var suitLetters = [...]string{Clubs: "C", Diamonds: "D", Hearts: "H", Spades: "S"}
var suitSymbols = [...]string{Clubs: "♣", Diamonds: "♦", Hearts: "♥", Spades: "♠"}
var suitNames = [...]string{Clubs: "clubs", Diamonds: "diamonds", Hearts: "hearts", Spades: "spades"}

// Valid reports whether s is one of the four suits.
func (s Suit) Valid() bool { return s >= Clubs && s <= Spades }

// String returns the suit's letter: C, D, H or S.
func (s Suit) String() string {
	if !s.Valid() {
		return "?"
	}
	return suitLetters[s]
}

// Symbol returns the suit's symbol: ♣, ♦, ♥ or ♠.
func (s Suit) Symbol() string {
	if !s.Valid() {
		return "?"
	}
	return suitSymbols[s]
}

// Name returns the suit's plural name, as in "two hearts".
func (s Suit) Name() string {
	if !s.Valid() {
		return "?"
	}
	return suitNames[s]
}

// Rank is a card's rank, Ace (1) to King (13). The zero Rank is invalid.
type Rank uint8

// The ranks. Ace is 1: whether it may also sit above the king in a run is a
// rule of the variant (Rules.Ace), not a property of the card.
const (
	Ace Rank = iota + 1
	Two
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
)

// Valid reports whether r is a rank from Ace to King.
func (r Rank) Valid() bool { return r >= Ace && r <= King }

// String returns the rank as written in canonical notation: A, 2 to 10, J,
// Q, K.
func (r Rank) String() string {
	switch r {
	case Ace:
		return "A"
	case Jack:
		return "J"
	case Queen:
		return "Q"
	case King:
		return "K"
	}
	if r.Valid() {
		return strconv.Itoa(int(r))
	}
	return "?"
}

// Card is one playing card: a natural card (a rank and a suit) or a joker.
// The zero Card is invalid. A Card packs the suit in its high nibble and the
// rank in its low nibble, so cards compare in suit-then-rank order and the
// solver can use them as bit positions.
type Card uint8

// Joker is the joker. All jokers are alike.
const Joker Card = 0xF0

// NewCard returns the natural card of rank r and suit s. It panics on an
// invalid rank or suit, which is a programming error: user input goes through
// ParseCard.
func NewCard(r Rank, s Suit) Card {
	if !r.Valid() || !s.Valid() {
		panic("engine: NewCard with invalid rank or suit")
	}
	return Card(uint8(s)<<4 | uint8(r))
}

// Rank returns the card's rank, or 0 for a joker.
func (c Card) Rank() Rank {
	if c == Joker {
		return 0
	}
	return Rank(c & 0x0F)
}

// Suit returns the card's suit, or 0 for a joker.
func (c Card) Suit() Suit {
	if c == Joker {
		return 0
	}
	return Suit(c >> 4)
}

// IsJoker reports whether c is a joker.
func (c Card) IsJoker() bool { return c == Joker }

// Valid reports whether c is a joker or a natural card.
func (c Card) Valid() bool {
	return c == Joker || (c.Rank().Valid() && c.Suit().Valid())
}

// String returns the canonical ASCII form: rank then suit letter (AS, 10H,
// QD), or JK for a joker. ParseCard(c.String()) == c for every valid card.
func (c Card) String() string {
	if c == Joker {
		return "JK"
	}
	if !c.Valid() {
		return "??"
	}
	return c.Rank().String() + c.Suit().String()
}

// Symbol returns the card with its suit symbol (A♠, 10♥), or JK for a joker.
func (c Card) Symbol() string {
	if c == Joker {
		return "JK"
	}
	if !c.Valid() {
		return "??"
	}
	return c.Rank().String() + c.Suit().Symbol()
}

// Format returns the card's symbol form when symbols is true and its
// canonical form otherwise.
func (c Card) Format(symbols bool) string {
	if symbols {
		return c.Symbol()
	}
	return c.String()
}

// index returns a dense index: 0 to 51 for natural cards (suit-major), 52 for
// a joker.
func (c Card) index() int {
	if c == Joker {
		return 52
	}
	return (int(c>>4)-1)*13 + int(c&0x0F) - 1
}

// cardAt is the inverse of index.
func cardAt(i int) Card {
	if i == 52 {
		return Joker
	}
	return Card(uint8(i/13+1)<<4 | uint8(i%13+1))
}

// Deck returns the natural cards of one deck in canonical order (clubs ace to
// king, then diamonds, hearts, spades).
func Deck() []Card {
	d := make([]Card, 0, 52)
	for _, s := range Suits {
		for r := Ace; r <= King; r++ {
			d = append(d, NewCard(r, s))
		}
	}
	return d
}

// FormatCards joins cards with single spaces, in symbol or canonical form.
func FormatCards(cards []Card, symbols bool) string {
	b := make([]byte, 0, len(cards)*4)
	for i, c := range cards {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, c.Format(symbols)...)
	}
	return string(b)
}

// Strings returns the canonical forms of cards, for JSON output.
func Strings(cards []Card) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = c.String()
	}
	return out
}
