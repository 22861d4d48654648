package scoresheets

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/referee"
)

// The command line gives a round's parts as flags: --meld NAME=CARDS,
// --layoff NAME=CARDS@K, --hand NAME=CARDS, --points NAME=N. These read
// one flag's value each, so they can be tested and fuzzed apart from the
// command line; errors name the flag and its value.

// Player returns the player of players that name is, ignoring case and
// spaces around it.
func Player(players []string, name string) (string, error) {
	name = strings.TrimSpace(name)
	for _, p := range players {
		if strings.EqualFold(p, name) {
			return p, nil
		}
	}
	return "", fmt.Errorf("%q is not a player (players: %s)", name, strings.Join(players, ", "))
}

// splitArg splits flag's value a, "NAME=REST", and finds the player.
func splitArg(flag, a string, players []string) (string, string, error) {
	name, rest, ok := strings.Cut(a, "=")
	if !ok {
		example := "Ann"
		if len(players) > 0 {
			example = players[0]
		}
		return "", "", fmt.Errorf("%s %q: write it as NAME=CARDS, as in \"%s=7H 8H 9H\"", flag, a, example)
	}
	p, err := Player(players, name)
	if err != nil {
		return "", "", fmt.Errorf("%s %q: %v", flag, a, err)
	}
	return p, rest, nil
}

// ParseMeldArg reads the value of --meld, NAME=CARDS: one meld a player
// put down ("Ann=7H 8H JK=9H").
func ParseMeldArg(a string, players []string) (referee.Meld, error) {
	name, cards, err := splitArg("--meld", a, players)
	if err != nil {
		return referee.Meld{}, err
	}
	m, err := engine.ParseMeld(cards)
	if err != nil {
		return referee.Meld{}, fmt.Errorf("--meld %q: %v", a, err)
	}
	if len(m.Cards) == 0 {
		return referee.Meld{}, fmt.Errorf("--meld %q is empty: give the cards, as in \"7H 8H 9H\"", a)
	}
	return referee.Meld{Player: name, Meld: m}, nil
}

// ParseLayoffArg reads the value of --layoff, NAME=CARDS@K: cards laid
// off onto the K-th meld of the round (from 1). melds is how many melds
// the round has, or -1 where they are not known yet.
func ParseLayoffArg(a string, players []string, melds int) (referee.Layoff, error) {
	name, rest, err := splitArg("--layoff", a, players)
	if err != nil {
		return referee.Layoff{}, err
	}
	at := strings.LastIndex(rest, "@")
	if at < 0 {
		return referee.Layoff{}, fmt.Errorf("--layoff %q: say which --meld the cards go onto, as \"%s=10H@1\"", a, name)
	}
	k, err := strconv.Atoi(strings.TrimSpace(rest[at+1:]))
	if err != nil || k < 1 || k > maxNumber {
		return referee.Layoff{}, fmt.Errorf("--layoff %q: %q is not a meld number (1 for the first --meld)", a, rest[at+1:])
	}
	cards, err := engine.ParseCards(rest[:at])
	if err != nil {
		return referee.Layoff{}, fmt.Errorf("--layoff %q: %v", a, err)
	}
	if len(cards) == 0 {
		return referee.Layoff{}, fmt.Errorf("--layoff %q: no cards", a)
	}
	if melds >= 0 && k > melds {
		return referee.Layoff{}, fmt.Errorf("--layoff %q: there is no --meld %d (the round has %d)", a, k, melds)
	}
	return referee.Layoff{Player: name, Cards: cards, Onto: k}, nil
}

// ParseHandArg reads the value of --hand, NAME=CARDS: the cards a player
// still holds ("Bob=KH 3D"; "Bob=" for none).
func ParseHandArg(a string, players []string) (referee.Hand, error) {
	name, rest, err := splitArg("--hand", a, players)
	if err != nil {
		return referee.Hand{}, err
	}
	cards, err := engine.ParseCards(rest)
	if err != nil {
		return referee.Hand{}, fmt.Errorf("--hand %q: %v", a, err)
	}
	return referee.Hand{Player: name, Cards: cards}, nil
}

// ParsePointsArg reads the value of --points, NAME=N: the points a player
// still holds, counted at the table.
func ParsePointsArg(a string, players []string) (referee.Hand, error) {
	name, rest, err := splitArg("--points", a, players)
	if err != nil {
		return referee.Hand{}, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(rest))
	if err != nil || n < 0 || n > maxNumber {
		return referee.Hand{}, fmt.Errorf("--points %q: %q is not a number of points (0 or more)", a, strings.TrimSpace(rest))
	}
	return referee.Hand{Player: name, Points: n, ByPoints: true}, nil
}
