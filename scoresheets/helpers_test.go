package scoresheets

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/variants"
)

// t0 is the clock of every test match.
var t0 = time.Date(2026, 3, 1, 19, 30, 0, 0, time.UTC)

func variant(t testing.TB, name string, rules ...string) *variants.Variant {
	t.Helper()
	v, err := variants.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rules {
		if err := v.Override(r); err != nil {
			t.Fatal(err)
		}
	}
	return v
}

func newSheet(t testing.TB, v *variants.Variant, players []string, opts Options) *Sheet {
	t.Helper()
	if opts.Now.IsZero() {
		opts.Now = t0
	}
	s, err := New(v, players, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func target(n int) *int { return &n }

// rd builds a round from a compact text form:
//
//	"out Bob; rummy; meld Ann 7H 8H JK=9H; lay Bob 10H onto 1; hand Ann KH 3D; points Cy 12; stalemate"
//	"knock Ann; upcard 9S; hand Ann ...; hand Bob ..."
func rd(t testing.TB, spec string) referee.Round {
	t.Helper()
	r, err := parseRound(spec)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func parseRound(spec string) (referee.Round, error) {
	var r referee.Round
	for _, part := range strings.Split(spec, ";") {
		f := strings.Fields(part)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "out":
			r.Out = f[1]
		case "rummy":
			r.Rummy = true
		case "knock":
			r.Knock = f[1]
		case "upcard":
			c, err := engine.ParseCard(f[1])
			if err != nil {
				return r, err
			}
			r.Upcard = c
		case "stalemate":
			r.Stalemate = true
		case "meld":
			m, err := engine.ParseMeld(strings.Join(f[2:], " "))
			if err != nil {
				return r, err
			}
			r.Melds = append(r.Melds, referee.Meld{Player: f[1], Meld: m})
		case "lay":
			n := len(f)
			c, err := engine.ParseCards(strings.Join(f[2:n-2], " "))
			if err != nil {
				return r, err
			}
			onto, err := strconv.Atoi(f[n-1])
			if err != nil {
				return r, err
			}
			r.Layoffs = append(r.Layoffs, referee.Layoff{Player: f[1], Cards: c, Onto: onto})
		case "hand":
			c, err := engine.ParseCards(strings.Join(f[2:], " "))
			if err != nil {
				return r, err
			}
			r.Hands = append(r.Hands, referee.Hand{Player: f[1], Cards: c})
		case "points":
			n, err := strconv.Atoi(f[2])
			if err != nil {
				return r, err
			}
			r.Hands = append(r.Hands, referee.Hand{Player: f[1], Points: n, ByPoints: true})
		default:
			return r, fmt.Errorf("rd: unknown part %q", part)
		}
	}
	return r, nil
}

// record records a round that must stand.
func record(t testing.TB, s *Sheet, spec string) referee.Verdict {
	t.Helper()
	vd, err := s.Record(rd(t, spec), t0.Add(time.Duration(len(s.Rounds)+1)*time.Minute))
	if err != nil {
		t.Fatalf("record %q: %v", spec, err)
	}
	if !vd.OK() {
		t.Fatalf("record %q: %q", spec, vd.Problems)
	}
	return vd
}
