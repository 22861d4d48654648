package engine

import (
	"errors"
	"testing"
)

func TestParseCards(t *testing.T) {
	tests := []struct {
		in   string
		want string // canonical form
	}{
		{"7H 8H 9H", "7H 8H 9H"},
		{"7h,8h,9h", "7H 8H 9H"},
		{"7H-8H-9H", "7H 8H 9H"},
		{"7H–7S–Joker", "7H 7S JK"},
		{"H7 S7 *", "7H 7S JK"},
		{"H1 H2 H3", "AH 2H 3H"},
		{"10H TH h10 ht", "10H 10H 10H 10H"},
		{"A♠ ♥10 Q♦ ♣K", "AS 10H QD KC"},
		{"A♤ ♡10 Q♢ ♧K", "AS 10H QD KC"},
		{"♥️7 🃏 jk JOKER joker", "7H JK JK JK JK"},
		{"js sj jh kd", "JS JS JH KD"},
		{"  ,, 2c ;  ", "2C"},
		{"", ""},
	}
	for _, tt := range tests {
		cards, err := ParseCards(tt.in)
		if err != nil {
			t.Errorf("ParseCards(%q): %v", tt.in, err)
			continue
		}
		if got := FormatCards(cards, false); got != tt.want {
			t.Errorf("ParseCards(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseCardsErrors(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"7H 8H 1O", `token 3 "1O": not a card (did you mean 10?)`},
		{"1OH", `token 1 "1OH": not a card (did you mean 10H?)`},
		{"11H", `token 1 "11H": not a card (did you mean JH?)`},
		{"0S", `token 1 "0S": not a card (did you mean 10S?)`},
		{"7H 7", `token 2 "7": not a card (a card needs a suit: 7C, 7D, 7H or 7S)`},
		{"H", `token 1 "H": not a card (a card needs a rank: A, 2 to 10, J, Q or K)`},
		{"7X", `token 1 "7X": not a card ("X" is not a suit: use C, D, H, S or ♣ ♦ ♥ ♠)`},
		{"ZZ", `token 1 "ZZ": not a card`},
		{"7HH", `token 1 "7HH": not a card ("HH" is not a suit: use C, D, H, S or ♣ ♦ ♥ ♠)`},
		{"JK=9H", `token 1 "JK=9H": a joker's reading (JK=9H) can be named only in a meld`},
	}
	for _, tt := range tests {
		_, err := ParseCards(tt.in)
		var ne *NotationError
		if !errors.As(err, &ne) {
			t.Errorf("ParseCards(%q) error = %v, want a *NotationError", tt.in, err)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("ParseCards(%q) error\n got %s\nwant %s", tt.in, err, tt.want)
		}
	}
}

func TestParseMeld(t *testing.T) {
	m, err := ParseMeld("7H 8H JK=9H")
	if err != nil {
		t.Fatal(err)
	}
	if got := m.String(); got != "7H 8H JK=9H" {
		t.Errorf("got %q", got)
	}
	for in, want := range map[string]string{
		"7H=8H":    `token 1 "7H=8H": only a joker can name the card it stands for`,
		"JK=JK":    `token 1 "JK=JK": a joker stands for a natural card, not another joker`,
		"7H JK=9X": `token 2 "JK=9X": after =: not a card ("X" is not a suit: use C, D, H, S or ♣ ♦ ♥ ♠)`,
	} {
		if _, err := ParseMeld(in); err == nil || err.Error() != want {
			t.Errorf("ParseMeld(%q) error\n got %v\nwant %s", in, err, want)
		}
	}
}

// Every card of a double deck with jokers round-trips through String and
// Symbol.
func TestCardRoundTrip(t *testing.T) {
	for _, c := range append(Deck(), Joker) {
		for _, s := range []string{c.String(), c.Symbol()} {
			got, err := ParseCard(s)
			if err != nil || got != c {
				t.Errorf("ParseCard(%q) = %v, %v; want %v", s, got, err, c)
			}
		}
		if cardAt(c.index()) != c {
			t.Errorf("cardAt(index(%v)) = %v", c, cardAt(c.index()))
		}
	}
}

func FuzzParseCards(f *testing.F) {
	for _, s := range []string{"7H 8H 9H", "H1,H2", "10♥ JK", "1O", "♥️7–🃏", "JK=9H 7h", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cards, err := ParseCards(s)
		if err != nil {
			var ne *NotationError
			if !errors.As(err, &ne) || ne.Pos < 1 {
				t.Fatalf("ParseCards(%q): error %v has no position", s, err)
			}
		} else {
			back, err := ParseCards(FormatCards(cards, false))
			if err != nil || FormatCards(back, false) != FormatCards(cards, false) {
				t.Fatalf("ParseCards(%q) = %v does not round-trip: %v, %v", s, cards, back, err)
			}
			sym, err := ParseCards(FormatCards(cards, true))
			if err != nil || FormatCards(sym, false) != FormatCards(cards, false) {
				t.Fatalf("symbols of %q do not round-trip: %v, %v", s, sym, err)
			}
		}
		m, err := ParseMeld(s)
		if err == nil {
			back, err := ParseMeld(m.String())
			if err != nil || back.String() != m.String() {
				t.Fatalf("ParseMeld(%q) = %q does not round-trip: %q, %v", s, m, back, err)
			}
		}
	})
}
