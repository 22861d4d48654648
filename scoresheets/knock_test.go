package scoresheets

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// Gin hands (referee's knock tests): Ann's melds 3C-5C, three 7s, JS-KS.
const (
	ginKnock2 = "hand Ann 3C 4C 5C 7H 7S 7D JS QS KS 2D; hand Bob 9C 9D 9H 4H 5H 6H KD QH 8S 10D" // Ann +36
	ginUnder  = "hand Ann 3C 4C 5C 7H 7S 7D JS QS KS 9S; hand Bob 4S 5S 6S 8H 9H 10H 2C 2D 2S AD" // Bob +33
	ginGin    = "hand Ann 3C 4C 5C 6C 7H 7S 7D JS QS KS; hand Bob 2C KD KH KC AH 2H 3H 9D 9S 10D" // Ann +55
)

// TestGinMatch: whole gin and Oklahoma matches to the target, through the
// library: each hand judged and scored, the match-end bonuses on the
// standing, their own lines in Show and every export, and the file
// round-tripping the knock and the upcard.
func TestGinMatch(t *testing.T) {
	tests := []struct {
		name    string
		variant string
		rounds  []string
		totals  map[string]int
		lines   []string // in Show
	}{
		{"gin: game and box bonuses", "gin", []string{
			"knock Ann; " + ginKnock2, "knock Ann; " + ginUnder, "stalemate", "knock Ann; " + ginGin, "knock Ann; " + ginKnock2},
			map[string]int{"Ann": 127 + 100 + 3*25, "Bob": 33 + 25},
			[]string{"Ann knocked", "stalemate", "game bonus", "+100 227", "box bonus (25 a hand won)", "+75 302", "+25 58", "winner: Ann"}},
		{"gin: a shutout doubles", "gin", []string{
			"knock Ann; " + ginKnock2, "knock Ann; " + ginGin, "knock Ann; " + ginKnock2},
			map[string]int{"Ann": (127 + 100 + 75) * 2, "Bob": 0},
			[]string{"shutout bonus", "+302 604"}},
		{"oklahoma to 150: spades double", "oklahoma-gin", []string{
			"knock Ann; upcard 9S; " + ginKnock2, "knock Ann; upcard 3S; " + ginGin},
			map[string]int{"Ann": (72 + 110 + 100 + 50) * 2, "Bob": 0},
			[]string{"+72  72", "+110 182", "game bonus", "shutout bonus", "+332 664"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSheet(t, variant(t, tt.variant), []string{"Ann", "Bob"}, Options{})
			for _, r := range tt.rounds {
				record(t, s, r)
			}
			st := s.Standing()
			if !st.Finished || !reflect.DeepEqual(st.Totals, tt.totals) {
				t.Fatalf("finished %v totals %v, want %v", st.Finished, st.Totals, tt.totals)
			}
			var show bytes.Buffer
			if err := Show(s, &show, ShowOptions{NoChart: true}); err != nil {
				t.Fatal(err)
			}
			for _, l := range tt.lines {
				if !strings.Contains(show.String(), l) {
					t.Errorf("Show lacks %q:\n%s", l, show.String())
				}
			}
			var js bytes.Buffer
			if err := ShowJSON(s, &js); err != nil {
				t.Fatal(err)
			}
			var got struct {
				Totals  map[string]int
				Bonuses map[string][]struct {
					Kind   string
					Count  int
					Points int
				}
			}
			if err := json.Unmarshal(js.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			sum := map[string]int{}
			for p, bs := range got.Bonuses {
				for _, b := range bs {
					sum[p] += b.Points
				}
			}
			if !reflect.DeepEqual(got.Totals, tt.totals) || sum["Ann"] == 0 {
				t.Errorf("JSON totals %v, bonuses %v", got.Totals, got.Bonuses)
			}
			for _, format := range []string{"csv", "markdown", "json", "html"} {
				var b bytes.Buffer
				if err := Export(s, format, &b); err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(b.String(), "game bonus") && !strings.Contains(b.String(), `"kind": "game"`) {
					t.Errorf("%s export has no game bonus:\n%s", format, b.String())
				}
			}
			back, err := Unmarshal("gin.yaml", Marshal(s))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back.Rounds, s.Rounds) || !reflect.DeepEqual(back.Standing(), st) {
				t.Errorf("the file does not round-trip:\n%s", Marshal(s))
			}
		})
	}
}

// TestGinRoundRefused: a refused knock and a gin with a lay-off are
// verdicts that record nothing; a missing Oklahoma upcard cannot be judged.
func TestGinRoundRefused(t *testing.T) {
	s := newSheet(t, variant(t, "gin"), []string{"Ann", "Bob"}, Options{})
	for _, spec := range []string{
		"knock Ann; hand Ann 3C 4C 5C 7H 7S 7D JS QS 2D 9S; hand Bob 9C 9D 9H 4H 5H 6H KD QH 8S 10D",
		"knock Ann; meld Ann 3C 4C 5C 6C; meld Ann 7H 7S 7D; meld Ann JS QS KS; lay Bob 2C onto 1; " + ginGin,
	} {
		vd, err := s.Record(rd(t, spec), t0)
		if err != nil || vd.OK() || len(s.Rounds) != 0 {
			t.Errorf("%q: %v %q, %d rounds", spec, err, vd.Problems, len(s.Rounds))
		}
	}
	o := newSheet(t, variant(t, "oklahoma-gin"), []string{"Ann", "Bob"}, Options{})
	if _, err := o.Record(rd(t, "knock Ann; "+ginKnock2), t0); err == nil || !strings.Contains(err.Error(), "upcard") || len(o.Rounds) != 0 {
		t.Errorf("no upcard: %v", err)
	}
}

// TestParseGinRound: a round file (match round --from) carries a gin
// hand's knock and upcard, and refuses a knock with a player out.
func TestParseGinRound(t *testing.T) {
	src := "knock: Ann\nupcard: \"9S\"\nhands:\n  Ann: \"3C 4C 5C 7H 7S 7D JS QS KS 2D\"\n  Bob: \"9C 9D 9H 4H 5H 6H KD QH 8S 10D\"\n"
	r, err := ParseRound("r.yaml", []byte(src), []string{"Ann", "Bob"})
	if err != nil || r.Knock != "Ann" || r.Upcard.String() != "9S" || len(r.Hands) != 2 {
		t.Fatalf("ParseRound = %+v, %v", r, err)
	}
	for _, bad := range []string{"out: Bob\nknock: Ann\n", "knock: Cy\n", "knock: Ann\nupcard: \"9X\"\n"} {
		if _, err := ParseRound("r.yaml", []byte(bad), []string{"Ann", "Bob"}); err == nil || !strings.Contains(err.Error(), "r.yaml:") {
			t.Errorf("ParseRound(%q) = %v, want an error with its line", bad, err)
		}
	}
}

// TestGinStats: in gin a hand won, by the knocker or the undercutter,
// counts as a round won.
func TestGinStats(t *testing.T) {
	s := newSheet(t, variant(t, "gin"), []string{"Ann", "Bob"}, Options{})
	record(t, s, "knock Ann; "+ginKnock2)
	record(t, s, "knock Ann; "+ginUnder)
	record(t, s, "stalemate")
	out := map[string]int{}
	for _, p := range Stats([]*Sheet{s}).Players {
		out[p.Player] = p.Out
	}
	if out["Ann"] != 1 || out["Bob"] != 1 {
		t.Errorf("hands won %v, want Ann 1, Bob 1", out)
	}
}
