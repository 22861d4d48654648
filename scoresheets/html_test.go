package scoresheets

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/referee"
)

// htmlPage is a sheet to render and what its page must show.
type htmlPage struct {
	name    string
	sheet   *Sheet
	result  string // the text of the result paragraph holds this
	bonuses int    // bonus lines
}

// exampleSheets loads every shipped example match.
func exampleSheets(t *testing.T) []htmlPage {
	t.Helper()
	files, err := filepath.Glob("../examples/*-match.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no example matches: %v", err)
	}
	results := map[string]string{
		"basic":    "Winner: Cy (the target of 150 was reached in round 9).",
		"kids":     "Winner: Mia (the target of 100 was reached in round 6).",
		"rummy500": "Winner: Ann (the target of 500 was reached in round 8).",
		"gin":      "Winner: Ann (the target of 100 was reached in round 6).",
	}
	bonuses := map[string]int{"basic": 1, "gin": 2} // Cy's rummy in round 2 doubles; Bob's undercut, Ann's gin
	var out []htmlPage
	for _, f := range files {
		s, _, err := Load(f)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(f), "-match.yaml")
		want, ok := results[name]
		if !ok {
			t.Fatalf("%s: a new example match: say who wins it here", f)
		}
		out = append(out, htmlPage{name: name, sheet: s, result: want, bonuses: bonuses[name]})
	}
	return out
}

const scriptName = "<script>alert(1)</script>"

// trickySheet is a 3-player basic match with a stalemate, a round the
// referee refused and the family typed again, a rummy bonus, and a player
// whose name is HTML.
func trickySheet(t *testing.T) *Sheet {
	s := newSheet(t, variant(t, "basic"), []string{"Ann", scriptName, "Cy"}, Options{})
	record(t, s, "out Ann; meld Ann 7H 8H 9H; hand "+scriptName+" KH 3D; hand Cy 2C")
	// Refused: 7H is melded by Ann and held by Cy in a one-deck game.
	bad := rd(t, "out Cy; meld Cy 7H 7S 7D; hand Ann 7H; hand "+scriptName+" 4C")
	if vd, err := s.Record(bad, t0); err != nil || vd.OK() {
		t.Fatalf("the bad round stood: %v %v", err, vd)
	}
	record(t, s, "out Cy; meld Cy 7C 7S 7D; hand Ann 7H; hand "+scriptName+" 4C")
	record(t, s, "stalemate")
	record(t, s, "out "+scriptName+"; rummy; hand Ann QS; hand Cy 5D")
	return s
}

// longSheet is a 4-player match of rounds rounds with no target, a bonus
// every fifth round: the most a page must print on one sheet is 20.
func longSheet(t testing.TB, rounds int) *Sheet {
	players := []string{"Grandma", "Dad", "Mia", "Leo"}
	s := newSheet(t, variant(t, "basic"), players, Options{Target: target(0)})
	hands := []string{"KH QS 3D", "9C 2D", "AS", "JD 10C 4H 8S"}
	for i := range rounds {
		out := players[i%len(players)]
		spec := "out " + out
		if i%5 == 4 {
			spec += "; rummy"
		}
		for j, p := range players {
			if p != out {
				spec += "; hand " + p + " " + hands[(i+j)%len(hands)]
			}
		}
		vd, err := s.Record(rd(t, spec), t0.Add(time.Duration(i)*time.Minute))
		if err != nil || !vd.OK() {
			t.Fatalf("round %d %q: %v %v", i+1, spec, err, vd.Problems)
		}
	}
	return s
}

func allHTMLPages(t *testing.T) []htmlPage {
	pages := exampleSheets(t)
	pages = append(pages,
		htmlPage{name: "tricky", sheet: trickySheet(t), result: "Leader after 4 rounds: " + scriptName + ". Next dealer: " + scriptName + ".", bonuses: 1},
		htmlPage{name: "long", sheet: longSheet(t, 20), result: "Leader after 20 rounds:", bonuses: 4},
		htmlPage{name: "gin", sheet: ginSheet(t), result: "Leader after 3 rounds: Bob. Next dealer: Bob.", bonuses: 2},
	)
	return pages
}

func renderHTML(t *testing.T, s *Sheet) string {
	t.Helper()
	var b bytes.Buffer
	if err := Export(s, "html", &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

var (
	roundRowRE = regexp.MustCompile(`<tr class="round"><th scope="row" class="num">(\d+)</th>`)
	seriesRE   = regexp.MustCompile(`(?s)<g class="series [^"]*" data-player="([^"]*)">\s*<path class="line" d="([^"]*)"/>(.*?)</g>`)
	markRE     = regexp.MustCompile(`class="mark"`)
	pointRE    = regexp.MustCompile(`[ML](-?[\d.]+) (-?[\d.]+)`)
	targetRE   = regexp.MustCompile(`<line class="target" x1="[\d.]+" x2="[\d.]+" y1="([\d.]+)" y2="([\d.]+)"/>`)
	resultRE   = regexp.MustCompile(`<p class="result" id="result">([^<]*)</p>`)
	// Anything that would make a browser fetch: a src or href attribute,
	// a url() or @import in CSS, an element that loads, a script.
	fetchRE = regexp.MustCompile(`(?i)\s(src|href|xlink:href|srcset|poster|action|formaction|background)\s*=|url\s*\(|@import|<(script|link|img|iframe|object|embed|audio|video|source|base)\b`)
)

func TestExportHTMLStructure(t *testing.T) {
	for _, pg := range allHTMLPages(t) {
		t.Run(pg.name, func(t *testing.T) {
			s := pg.sheet
			page := renderHTML(t, s)
			if !strings.HasPrefix(page, "<!DOCTYPE html>") {
				t.Errorf("page starts %q", page[:min(40, len(page))])
			}

			// A table with one row per round, numbered 1 to n, and the
			// column headers of a real table.
			rows := roundRowRE.FindAllStringSubmatch(page, -1)
			if len(rows) != len(s.Rounds) {
				t.Errorf("%d round rows, want %d", len(rows), len(s.Rounds))
			}
			for i, r := range rows {
				if r[1] != strconv.Itoa(i+1) {
					t.Errorf("row %d is numbered %s", i+1, r[1])
				}
			}
			for _, h := range []string{`<th scope="col" rowspan="2">Round</th>`, `<th scope="col" rowspan="2">Dealer</th>`, `<th scope="col" rowspan="2">Out</th>`} {
				if !strings.Contains(page, h) {
					t.Errorf("no header %s", h)
				}
			}
			if got := strings.Count(page, `<th scope="colgroup" colspan="2" class="player">`); got != len(s.Players) {
				t.Errorf("%d player headers, want %d", got, len(s.Players))
			}
			if got := strings.Count(page, `<tr class="bonus">`); got != pg.bonuses {
				t.Errorf("%d bonus lines, want %d", got, pg.bonuses)
			}

			// One path per player, in seating order, one point a round,
			// with a marker at each point; the points' heights follow the
			// running totals.
			series := seriesRE.FindAllStringSubmatch(page, -1)
			if len(series) != len(s.Players) {
				t.Fatalf("%d series, want %d", len(series), len(s.Players))
			}
			if got := strings.Count(page, "<path"); got != len(s.Players) {
				t.Errorf("%d paths in the page, want one a player (%d)", got, len(s.Players))
			}
			running := runningTotals(s)
			for j, sr := range series {
				if want := htmlText(s.Players[j]); sr[1] != want {
					t.Errorf("series %d is %q, want %q", j+1, sr[1], want)
				}
				pts := pointRE.FindAllStringSubmatch(sr[2], -1)
				if len(pts) != len(s.Rounds) {
					t.Errorf("%s: %d points, want %d", s.Players[j], len(pts), len(s.Rounds))
					continue
				}
				if got := len(markRE.FindAllString(sr[3], -1)); got != len(s.Rounds) {
					t.Errorf("%s: %d markers, want %d", s.Players[j], got, len(s.Rounds))
				}
				for i := 1; i < len(pts); i++ {
					x0, _ := strconv.ParseFloat(pts[i-1][1], 64)
					x1, _ := strconv.ParseFloat(pts[i][1], 64)
					y0, _ := strconv.ParseFloat(pts[i-1][2], 64)
					y1, _ := strconv.ParseFloat(pts[i][2], 64)
					if x1 <= x0 {
						t.Errorf("%s: round %d is not right of round %d", s.Players[j], i+1, i)
					}
					// SVG's y grows downwards.
					if d := running[i][j] - running[i-1][j]; d > 0 && y1 >= y0 || d < 0 && y1 <= y0 || d == 0 && y1 != y0 {
						t.Errorf("%s: total %d -> %d drawn at y %v -> %v", s.Players[j], running[i-1][j], running[i][j], y0, y1)
					}
				}
			}

			// The target line, where the match has one, level with a total
			// equal to it: between the heights of the totals either side.
			tl := targetRE.FindStringSubmatch(page)
			if s.Target == 0 {
				if tl != nil {
					t.Errorf("a target line in a match without a target")
				}
			} else {
				if tl == nil || tl[1] != tl[2] || !strings.Contains(page, fmt.Sprintf(">target %d</text>", s.Target)) {
					t.Fatalf("no level target line labelled target %d: %v", s.Target, tl)
				}
				ty, _ := strconv.ParseFloat(tl[1], 64)
				checkLevel(t, page, s, running, ty)
			}

			// The winner, or the leader.
			res := resultRE.FindStringSubmatch(page)
			if res == nil || !strings.Contains(res[1], htmlText(pg.result)) {
				t.Errorf("result = %q, want it to hold %q", res, pg.result)
			}

			// No request: nothing that fetches, no script.
			if m := fetchRE.FindAllString(page, -1); m != nil {
				t.Errorf("the page would fetch or run something: %q", m)
			}

			// The rules card, from the variant.
			if !strings.Contains(page, `<h2 id="rules-h">Rules of this match</h2>`) || !strings.Contains(page, "<h3>Scoring</h3>") {
				t.Error("no rules card with a scoring section")
			}
			// The chart has a text alternative that gives every total.
			if !strings.Contains(page, `role="img" aria-labelledby="totals-title totals-desc"`) {
				t.Error("the chart has no role and labels")
			}
			for j, p := range s.Players {
				var vals []string
				for i := range running {
					vals = append(vals, strconv.Itoa(running[i][j]))
				}
				if want := fmt.Sprintf("%s: %s.", p, strings.Join(vals, ", ")); !strings.Contains(page, htmlText(want)) {
					t.Errorf("the chart's description does not say %q", want)
				}
			}
		})
	}
}

// checkLevel checks that y is where a total of s.Target would be drawn:
// below every point of a greater total and above every smaller one.
func checkLevel(t *testing.T, page string, s *Sheet, running [][]int, y float64) {
	t.Helper()
	for j, sr := range seriesRE.FindAllStringSubmatch(page, -1) {
		for i, pt := range pointRE.FindAllStringSubmatch(sr[2], -1) {
			py, _ := strconv.ParseFloat(pt[2], 64)
			v := running[i][j]
			if v > s.Target && py >= y || v < s.Target && py <= y || v == s.Target && py != y {
				t.Errorf("target %d at y %v, but %s's %d after round %d at y %v", s.Target, y, s.Players[j], v, i+1, py)
			}
		}
	}
}

// htmlText escapes s as html/template writes text.
func htmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;", "+", "&#43;").Replace(s)
}

// A player's name is text everywhere: in the table, the chart, its
// description, the legend and the result.
func TestExportHTMLEscapes(t *testing.T) {
	page := renderHTML(t, trickySheet(t))
	if strings.Contains(page, scriptName) || strings.Contains(page, "<script") {
		t.Fatal("the page holds the player's name as markup")
	}
	esc := "&lt;script&gt;alert(1)&lt;/script&gt;"
	// Header, two dealer cells, out, table header, series, legend, result,
	// description, marker titles: at least these.
	if n := strings.Count(page, esc); n < 10 {
		t.Errorf("the escaped name shows %d times, want 10 or more", n)
	}
}

// The rules card marks what a --rule or the match's own target changed,
// and nothing in a match played by the variant's rules.
func TestExportHTMLRulesCard(t *testing.T) {
	plain := renderHTML(t, newSheet(t, variant(t, "basic"), []string{"Ann", "Bob"}, Options{}))
	if strings.Contains(plain, `class="changed"`) || !strings.Contains(plain, "As basic has them: no house rule changes.") {
		t.Error("a plain basic match shows house rules")
	}
	s := newSheet(t, variant(t, "basic", "runs.ace=either"), []string{"Ann", "Bob"}, Options{Target: target(60)})
	page := renderHTML(t, s)
	changed := regexp.MustCompile(`<li class="changed"><span class="changed-tag">house rule</span> ([^<]*)</li>`).FindAllStringSubmatch(page, -1)
	if len(changed) != 2 {
		t.Fatalf("changed lines: %q, want the target's and the ace's", changed)
	}
	if !strings.Contains(changed[0][1], "low or high") || !strings.Contains(changed[1][1], "target, set when it started: 60 (the variant&#39;s is 100)") {
		t.Errorf("changed lines: %q", changed)
	}
	if !strings.Contains(page, "differs from basic.") {
		t.Error("the card does not say what the house rules differ from")
	}
}

// A match with no round yet has a page: no table, no chart.
func TestExportHTMLEmpty(t *testing.T) {
	page := renderHTML(t, newSheet(t, variant(t, "kids"), []string{"Mia", "Leo"}, Options{}))
	if !strings.Contains(page, "No round is recorded yet.") || strings.Contains(page, "<svg") {
		t.Error("an empty match: want the note and no chart")
	}
	if !strings.Contains(page, "Leader after 0 rounds: Mia and Leo. Next dealer: Mia.") {
		t.Errorf("no leader line in %s", resultRE.FindString(page))
	}
}

// ginSheet is a gin match of three hands: a knock, an undercut and gin,
// each as the referee reads the hands.
func ginSheet(t *testing.T) *Sheet {
	s := newSheet(t, variant(t, "gin"), []string{"Ann", "Bob"}, Options{})
	hand := func(p, c string) referee.Hand { return referee.Hand{Player: p, Cards: cardsOf(t, c)} }
	for i, r := range []referee.Round{
		{Knock: "Ann", Hands: []referee.Hand{hand("Ann", "3C 4C 5C 7H 7S 7D JS QS KS 2D"), hand("Bob", "9C 9D 9H 4H 5H 6H KD QH 8S 10D")}},
		{Knock: "Ann", Hands: []referee.Hand{hand("Ann", "3C 4C 5C 7H 7S 7D JS QS KS 9S"), hand("Bob", "4S 5S 6S 8H 9H 10H 2C 2D 2S AD")}},
		{Knock: "Bob", Hands: []referee.Hand{hand("Bob", "3C 4C 5C 6C 7H 7S 7D JS QS KS"), hand("Ann", "2C KD KH KC AH 2H 3H 9D 9S 10D")}},
	} {
		vd, err := s.Record(r, t0.Add(time.Duration(i)*time.Minute))
		if err != nil || !vd.OK() {
			t.Fatalf("hand %d: %v %v", i+1, err, vd.Problems)
		}
	}
	return s
}

func cardsOf(t *testing.T, s string) []engine.Card {
	t.Helper()
	c, err := engine.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Under gin the table says how each hand ended, and the bonus lines give
// the undercut and gin bonuses.
func TestExportHTMLGin(t *testing.T) {
	page := renderHTML(t, ginSheet(t))
	for _, want := range []string{
		`<td>Ann knocked</td><td class="num">&#43;36</td>`,
		`<td>Ann knocked; Bob undercut</td><td class="num">0</td><td class="num total">36</td><td class="num">&#43;33</td>`,
		`<td>Bob went gin</td>`,
		`Bonus: the undercut bonus of 25 (Bob &#43;33).`,
		`Bonus: the gin bonus of 25 (Bob &#43;55).`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("no %s", want)
		}
	}
	if got := strings.Count(page, `<tr class="bonus">`); got != 2 {
		t.Errorf("%d bonus lines, want 2", got)
	}
}

// Every text colour and every chart line of the stylesheet stands out from
// the white page by WCAG's contrast ratio: 4.5:1 for text, 3:1 for
// graphics; the stylesheet keeps them all above 4.5.
func TestHTMLContrast(t *testing.T) {
	lum := func(hex string) float64 {
		var c [3]float64
		for i := range c {
			n, err := strconv.ParseUint(hex[2*i:2*i+2], 16, 8)
			if err != nil {
				t.Fatalf("colour #%s: %v", hex, err)
			}
			x := float64(n) / 255
			if x <= 0.03928 {
				c[i] = x / 12.92
			} else {
				c[i] = math.Pow((x+0.055)/1.055, 2.4)
			}
		}
		return 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2]
	}
	re := regexp.MustCompile(`(?:[^-]color|\.line \{ stroke|\.mark \{ fill|\.won \{ fill|text \{ fill): #([0-9a-f]{6})`)
	found := re.FindAllStringSubmatch(htmlCSS, -1)
	if len(found) < 8+8+3 {
		t.Fatalf("found %d colours to check: %q", len(found), found)
	}
	for _, m := range found {
		if ratio := 1.05 / (lum(m[1]) + 0.05); ratio < 4.5 {
			t.Errorf("%s: contrast %.2f on white, want 4.5 or more", m[0], ratio)
		}
	}
}

// In black and white a line is known by its dash pattern and marker: up
// to 20 players (the most a variant allows) no two share both.
func TestHTMLSeriesStyles(t *testing.T) {
	seen := map[string]int{}
	for i := range 20 {
		style, shape := seriesStyle(i)
		dash := strings.Fields(style)[1]
		key := fmt.Sprintf("%s/%d", dash, shape)
		if j, ok := seen[key]; ok {
			t.Errorf("players %d and %d both draw %s", j+1, i+1, key)
		}
		seen[key] = i
	}
}
