package scoresheets

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/variants/yamlfile"
	"go.yaml.in/yaml/v3"
)

// FuzzRoundArgs: the values of --meld NAME=CARDS, --layoff NAME=CARDS@K,
// --hand NAME=CARDS and --points NAME=N never panic, are refused with the
// flag and its value named, and what they accept, written back in the
// canonical form, reads the same.
func FuzzRoundArgs(f *testing.F) {
	for _, a := range []string{"Ann=7H 8H 9H", "bob=JK=9H 7H 8H", "Cy=", "Ann=10H@1", "Ann=QD JD@ 2", "Ann=QD@0",
		"Ann=QD@x", "Bob=KH 3D", "Cy=12", "Cy=-1", "Dee=1", "Ann", "=7H", "Ann=7H,8H-9H", "Ann=♥7 ♥8 ♥9"} {
		for k := range uint8(4) {
			f.Add(k, a)
		}
	}
	players := []string{"Ann", "Bob", "Cy"}
	flags := []string{"--meld", "--layoff", "--hand", "--points"}
	f.Fuzz(func(t *testing.T, kind uint8, a string) {
		flag := flags[int(kind)%len(flags)]
		var got, again any
		var err error
		var canon string
		switch flag {
		case "--meld":
			m, e := ParseMeldArg(a, players)
			err, got = e, m
			if err == nil {
				canon = m.Player + "=" + m.Meld.String()
				again, _ = ParseMeldArg(canon, players)
			}
		case "--layoff":
			l, e := ParseLayoffArg(a, players, -1)
			err, got = e, l
			if err == nil {
				canon = fmt.Sprintf("%s=%s@%d", l.Player, engine.FormatCards(l.Cards, false), l.Onto)
				again, _ = ParseLayoffArg(canon, players, -1)
			}
		case "--hand":
			h, e := ParseHandArg(a, players)
			err, got = e, h
			if err == nil {
				canon = h.Player + "=" + engine.FormatCards(h.Cards, false)
				again, _ = ParseHandArg(canon, players)
			}
		case "--points":
			h, e := ParsePointsArg(a, players)
			err, got = e, h
			if err == nil {
				canon = fmt.Sprintf("%s=%d", h.Player, h.Points)
				again, _ = ParsePointsArg(canon, players)
			}
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), flag+" ") {
				t.Fatalf("%s %q: the error %q does not name the flag", flag, a, err)
			}
			return
		}
		if !reflect.DeepEqual(got, again) {
			t.Fatalf("%s %q reads %+v, and its canonical form %q reads %+v", flag, a, got, canon, again)
		}
	})
}

// FuzzParseRound: a round file (match round --from) never panics the
// reader, is refused with the file's name, and a round it accepts,
// written as a round file again (as a match file writes a round), reads
// the same.
func FuzzParseRound(f *testing.F) {
	for _, s := range []string{
		"out: Ann\nmelds:\n  - {player: Ann, cards: \"7H 8H 9H\"}\nhands:\n  Bob: \"KH 3D\"\n  Cy: {points: 12}\n",
		"stalemate: true\n",
		"out: Bob\nrummy: true\nlayoffs:\n  - {player: Bob, cards: \"10H\", onto: 1}\n",
		"out: Ann\nhands: {Bob: \"\", Cy: 010}\n",
		"out: [Ann]\n",
		"",
	} {
		f.Add([]byte(s))
	}
	players := []string{"Ann", "Bob", "Cy"}
	sheet := &Sheet{Players: players}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseRound("round.yaml", data, players)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "round.yaml") {
				t.Fatalf("the error %q does not name the file", err)
			}
			return
		}
		n := entryNode(sheet, Entry{Number: 1, Dealer: "Ann", Round: r, Scores: map[string]int{}})
		var kept []*yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := n.Content[i].Value; k != "number" && k != "dealer" && k != "scores" {
				kept = append(kept, n.Content[i], n.Content[i+1])
			}
		}
		n.Content = kept
		out := yamlfile.Emit(n)
		if len(kept) == 0 {
			return // nothing to write: an empty round file is refused
		}
		again, err := ParseRound("again.yaml", out, players)
		if err != nil || !reflect.DeepEqual(r, again) {
			t.Fatalf("%q reads %+v; written again as\n%s\nit reads %+v, %v", data, r, out, again, err)
		}
	})
}
