package engine

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// NotationError reports a token that is not a card. Its message names the
// token and its position (1-based), and suggests a fix where one is likely:
//
//	token 3 "1O": not a card (did you mean 10?)
type NotationError struct {
	Pos   int    // 1-based position of the token in its list
	Token string // the token as typed
	Why   string // what is wrong, in plain words
}

func (e *NotationError) Error() string {
	return fmt.Sprintf("token %d %q: %s", e.Pos, e.Token, e.Why)
}

// isSeparator reports whether r separates card tokens: white space, commas,
// semicolons, dashes and en or em dashes (RULES.md 1: "7H-8H-9H", "7–7–Joker").
func isSeparator(r rune) bool {
	switch r {
	case ',', ';', '-', '–', '—', '‒', '−':
		return true
	}
	return unicode.IsSpace(r)
}

// Tokens splits s into card tokens at separators.
func Tokens(s string) []string { return strings.FieldsFunc(s, isSeparator) }

// ParseCard parses one card token: rank first or suit first (7H, H7), ten as
// 10 or T, ace as A or 1, suits as letters or symbols (♣ ♦ ♥ ♠ ♧ ♢ ♡ ♤), a
// joker as JK, Joker, * or 🃏. Case does not matter.
func ParseCard(tok string) (Card, error) {
	c, why := parseToken(tok)
	if why != "" {
		return 0, &NotationError{Pos: 1, Token: tok, Why: why}
	}
	return c, nil
}

// ParseCards parses a list of card tokens separated by spaces, commas or
// dashes. An empty list is not an error; callers that need cards say so.
func ParseCards(s string) ([]Card, error) {
	toks := Tokens(s)
	cards := make([]Card, 0, len(toks))
	for i, tok := range toks {
		if strings.ContainsRune(tok, '=') {
			return nil, &NotationError{Pos: i + 1, Token: tok,
				Why: "a joker's reading (JK=9H) can be named only in a meld"}
		}
		c, why := parseToken(tok)
		if why != "" {
			return nil, &NotationError{Pos: i + 1, Token: tok, Why: why}
		}
		cards = append(cards, c)
	}
	return cards, nil
}

// ParseMeld parses a meld: card tokens as ParseCards takes them, where a
// joker may name the card it stands for (JK=9H).
func ParseMeld(s string) (Meld, error) {
	toks := Tokens(s)
	m := Meld{Cards: make([]Card, 0, len(toks))}
	var named []Card
	for i, tok := range toks {
		left, right, hasEq := strings.Cut(tok, "=")
		c, why := parseToken(left)
		if why != "" {
			return Meld{}, &NotationError{Pos: i + 1, Token: tok, Why: why}
		}
		if c == Joker {
			var as Card
			if hasEq {
				as, why = parseToken(right)
				switch {
				case why != "":
					return Meld{}, &NotationError{Pos: i + 1, Token: tok, Why: "after =: " + why}
				case as == Joker:
					return Meld{}, &NotationError{Pos: i + 1, Token: tok, Why: "a joker stands for a natural card, not another joker"}
				}
			}
			named = append(named, as)
		} else if hasEq {
			return Meld{}, &NotationError{Pos: i + 1, Token: tok, Why: "only a joker can name the card it stands for"}
		}
		m.Cards = append(m.Cards, c)
	}
	for _, n := range named {
		if n != 0 {
			m.Named = named
			break
		}
	}
	return m, nil
}

var jokerNames = map[string]bool{"JK": true, "JOKER": true, "*": true, "🃏": true}

// parseToken returns the card tok names, or a reason it names none.
func parseToken(tok string) (Card, string) {
	t := normalize(tok)
	if t == "" {
		return 0, "not a card (empty)"
	}
	if jokerNames[t] {
		return Joker, ""
	}
	if c, ok := parseRankSuit(t); ok {
		return c, ""
	}
	return 0, explain(t)
}

// normalize upper-cases tok and drops emoji presentation selectors, so "♥️7"
// (with U+FE0F, as phones type it) reads as ♥7.
func normalize(tok string) string {
	t := strings.Map(func(r rune) rune {
		if r == '\uFE0F' || r == '\uFE0E' {
			return -1
		}
		return r
	}, tok)
	return strings.ToUpper(strings.TrimSpace(t))
}

func parseRankSuit(t string) (Card, bool) {
	// Rank first.
	if r, n := prefixRank(t); n > 0 {
		if s, m := prefixSuit(t[n:]); m > 0 && n+m == len(t) {
			return NewCard(r, s), true
		}
	}
	// Suit first.
	if s, m := prefixSuit(t); m > 0 {
		if r, n := prefixRank(t[m:]); n > 0 && m+n == len(t) {
			return NewCard(r, s), true
		}
	}
	return 0, false
}

// prefixRank reads a rank at the start of t and returns it with its length
// in bytes, or 0 when t starts with no rank.
func prefixRank(t string) (Rank, int) {
	if strings.HasPrefix(t, "10") {
		return Ten, 2
	}
	if t == "" {
		return 0, 0
	}
	switch c := t[0]; {
	case c == 'A' || c == '1':
		return Ace, 1
	case c >= '2' && c <= '9':
		return Rank(c - '0'), 1
	case c == 'T':
		return Ten, 1
	case c == 'J':
		return Jack, 1
	case c == 'Q':
		return Queen, 1
	case c == 'K':
		return King, 1
	}
	return 0, 0
}

// prefixSuit reads a suit letter or symbol at the start of t.
func prefixSuit(t string) (Suit, int) {
	r, n := utf8.DecodeRuneInString(t)
	switch r {
	case 'C', '♣', '♧':
		return Clubs, n
	case 'D', '♦', '♢':
		return Diamonds, n
	case 'H', '♥', '♡':
		return Hearts, n
	case 'S', '♠', '♤':
		return Spades, n
	}
	return 0, 0
}

// explain says why the normalized token t is not a card, with a suggestion
// where a likely one exists.
func explain(t string) string {
	if hint := suggest(t); hint != "" {
		return "not a card (did you mean " + hint + "?)"
	}
	if r, n := prefixRank(t); n > 0 && n == len(t) {
		return fmt.Sprintf("not a card (a card needs a suit: %sC, %sD, %sH or %sS)", r, r, r, r)
	}
	if _, m := prefixSuit(t); m > 0 && m == len(t) {
		return "not a card (a card needs a rank: A, 2 to 10, J, Q or K)"
	}
	if _, n := prefixRank(t); n > 0 {
		rest := t[n:]
		if _, m := prefixSuit(rest); m != len(rest) {
			return fmt.Sprintf("not a card (%q is not a suit: use C, D, H, S or ♣ ♦ ♥ ♠)", rest)
		}
	}
	return "not a card"
}

// suggest proposes what a mistyped token probably meant: the letter O for a
// zero, 11 to 14 for J Q K A, 0 for 10.
func suggest(t string) string {
	try := func(s string) string {
		if c, ok := parseRankSuit(s); ok {
			return c.String()
		}
		if r, n := prefixRank(s); n > 0 && n == len(s) {
			return r.String()
		}
		return ""
	}
	if strings.Contains(t, "O") {
		if h := try(strings.ReplaceAll(t, "O", "0")); h != "" {
			return h
		}
	}
	for num, face := range map[string]string{"11": "J", "12": "Q", "13": "K", "14": "A", "0": "10"} {
		if strings.HasPrefix(t, num) {
			if h := try(face + t[len(num):]); h != "" {
				return h
			}
		}
		if _, m := prefixSuit(t); m > 0 && t[m:] == num {
			if h := try(t[:m] + face); h != "" {
				return h
			}
		}
	}
	return ""
}
