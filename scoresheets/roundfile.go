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
	what := "the round"
	f, err := d.fields(root, what, "out", "stalemate", "rummy", "melds", "layoffs", "hands")
	if err != nil {
		return r, err
	}
	if on := f.opt("out"); on != nil {
		if r.Out, err = d.player(on, "out", players); err != nil {
			return r, err
		}
	}
	if sn := f.opt("stalemate"); sn != nil {
		if r.Stalemate, err = d.boolean(sn, "stalemate"); err != nil {
			return r, err
		}
		if r.Stalemate && r.Out != "" {
			return r, d.errorf(sn, "a round cannot both have a player out and be a stalemate")
		}
	}
	if rn := f.opt("rummy"); rn != nil {
		if r.Rummy, err = d.boolean(rn, "rummy"); err != nil {
			return r, err
		}
	}
	if mn := f.opt("melds"); mn != nil {
		if r.Melds, err = d.melds(mn, what, players); err != nil {
			return r, err
		}
	}
	if ln := f.opt("layoffs"); ln != nil {
		if r.Layoffs, err = d.layoffs(ln, what, players, len(r.Melds)); err != nil {
			return r, err
		}
	}
	if hn := f.opt("hands"); hn != nil {
		if r.Hands, err = d.hands(hn, what, players); err != nil {
			return r, err
		}
	}
	return r, nil
}
