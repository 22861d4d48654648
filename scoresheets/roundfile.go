package scoresheets

import (
	"fmt"

	"github.com/rummy-referee/rummy/referee"
)

// ParseRound reads one round from a YAML file of its own, for
// `rummy match round --from FILE`: the keys of a round in a match file
// (out or stalemate, rummy, melds, layoffs, hands), without number, dealer
// and scores, which the match gives. It is as strict as Unmarshal and
// places every error at the file's line. players are the match's.
//
//	out: Ann
//	melds:
//	  - {player: Ann, cards: "7H 8H 9H"}
//	hands:
//	  Bob: "KH 3D"
//	  Cy: {points: 12}
func ParseRound(name string, data []byte, players []string) (referee.Round, error) {
	d := &decoder{name: name, data: data}
	var r referee.Round
	if len(data) > MaxFileSize {
		return r, fmt.Errorf("%s: the file has %d bytes, more than a round file may hold (%d)", name, len(data), MaxFileSize)
	}
	root, err := d.parse()
	if err != nil {
		return r, err
	}
	f, err := d.fields(root, "the round", "out", "stalemate", "rummy", "knock", "upcard", "melds", "layoffs", "hands")
	if err != nil {
		return r, err
	}
	return d.round(f, "the round", players)
}
