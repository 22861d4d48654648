package scoresheets

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
)

func TestShowGolden(t *testing.T) {
	var b bytes.Buffer
	if err := Show(richSheet(t), &b, ShowOptions{}); err != nil {
		t.Fatal(err)
	}
	golden(t, "show.golden", b.Bytes())
}

// The chart keeps a zero line between negative and positive totals, and
// samples a long match down to its width.
func TestChart(t *testing.T) {
	s := newSheet(t, variant(t, "rummy500"), ab, Options{Target: target(maxNumber)})
	for i := range 100 {
		if i%3 == 0 {
			record(t, s, "out Ann; meld Ann KH KS KD; hand Bob AS AC")
		} else {
			record(t, s, "out Bob; meld Bob 2H 3H 4H; hand Ann KC")
		}
	}
	var b bytes.Buffer
	if err := Show(s, &b, ShowOptions{ChartWidth: 40, ChartHeight: 6}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	chart := out[strings.Index(out, "running totals\n"):]
	golden(t, "chart.golden", []byte(chart))
	for _, line := range strings.Split(chart, "\n")[1:7] {
		if width(line) > 40+8 {
			t.Errorf("a chart line is %d wide: %q", width(line), line)
		}
	}
	b.Reset()
	Show(s, &b, ShowOptions{NoChart: true})
	if strings.Contains(b.String(), "running totals") {
		t.Error("NoChart drew a chart")
	}
}

func TestShowJSON(t *testing.T) {
	s := newSheet(t, variant(t, "basic"), ab, Options{})
	record(t, s, "out Bob; hand Ann KH QH JH 10H AS")
	var b bytes.Buffer
	if err := ShowJSON(s, &b); err != nil {
		t.Fatal(err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, b.Bytes()); err != nil {
		t.Fatal(err)
	}
	want := `{"variant":"basic","players":["Ann","Bob"],"target":100,` +
		`"rounds":[{"number":1,"dealer":"Ann","out":"Bob","scores":{"Ann":0,"Bob":41},` +
		`"stalemate":false,"rummy":false,"melds":[],"layoffs":[],"hands":[{"player":"Ann","cards":["KH","QH","JH","10H","AS"]}]}],` +
		`"totals":{"Ann":0,"Bob":41},"next_dealer":"Bob","finished":false,"winner":null,"winners":[],"bonuses":{"Ann":[],"Bob":[]}}`
	if compact.String() != want {
		t.Errorf("got  %s\nwant %s", compact.String(), want)
	}
	if strings.Count(b.String(), "\n") < 2 || bytes.Count(b.Bytes(), []byte("\n{")) > 0 {
		t.Error("not one indented object")
	}

	// A shared win: no single winner, winners all of them.
	shared := newSheet(t, variant(t, "basic"), abc, Options{})
	record(t, shared, "out Ann; hand Bob KH; hand Cy 2C")
	record(t, shared, "out Bob; hand Ann 10D 2D; points Cy 0")
	record(t, shared, "stalemate")
	shared.End(t0)
	var got struct {
		Winner   *string
		Winners  []string
		Finished bool
		Rounds   []struct{ Out *string }
		Totals   json.RawMessage
	}
	b.Reset()
	ShowJSON(shared, &b)
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Winner != nil || strings.Join(got.Winners, ",") != "Ann,Bob" || !got.Finished {
		t.Errorf("got %s", b.String())
	}
	if got.Rounds[2].Out != nil || string(got.Totals) != `{
    "Ann": 12,
    "Bob": 12,
    "Cy": 0
  }` {
		t.Errorf("got %s", b.String())
	}
}

func TestExport(t *testing.T) {
	s := richSheet(t)
	for _, f := range []struct{ format, file string }{
		{"csv", "export.csv"}, {"json", "export.json"}, {"markdown", "export.md"},
	} {
		var b bytes.Buffer
		if err := Export(s, f.format, &b); err != nil {
			t.Fatal(err)
		}
		golden(t, f.file, b.Bytes())
	}
	var b bytes.Buffer
	if err := Export(s, "xlsx", &b); err == nil || !strings.Contains(err.Error(), `unknown export format "xlsx" (want csv, json, markdown, html)`) {
		t.Errorf("got %v", err)
	}
}

// CSV is safe to open in a spreadsheet: text that could run as a formula
// gets a quote, while numbers, negative ones too, stay numbers.
func TestExportCSVInjection(t *testing.T) {
	s := newSheet(t, variant(t, "rummy500"), []string{"-cmd", "+Bo", "Cy"}, Options{Target: target(500)})
	record(t, s, "out +Bo; meld +Bo 7H 8H 9H; hand -cmd KD; hand Cy 2C")
	var b bytes.Buffer
	if err := Export(s, "csv", &b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	head, row := strings.Join(rows[0], "|"), strings.Join(rows[1], "|")
	if head != "round|dealer|out|rummy|'-cmd|'+Bo|Cy|'-cmd total|'+Bo total|Cy total" {
		t.Errorf("header %s", head)
	}
	if row != "1|'-cmd|'+Bo||-10|24|-2|-10|24|-2" {
		t.Errorf("row %s", row)
	}
	for _, c := range []string{"=1+1", "@SUM(A1)", "\tx", "\rx", "-2"} {
		if got := cell(c); got != "'"+c {
			t.Errorf("cell(%q) = %q", c, got)
		}
	}
	if got := cell("Ann"); got != "Ann" {
		t.Errorf("cell(Ann) = %q", got)
	}
}

// Show says who won, and how the match ended.
func TestShowResult(t *testing.T) {
	kids := newSheet(t, variant(t, "kids"), ab, Options{})
	record(t, kids, "out Ann; hand Bob KH QH JH 10H 10S 10D 10C 9C 9D 9H 9S")
	fixed := newSheet(t, variant(t, "basic"), ab, Options{Rounds: 1})
	record(t, fixed, "stalemate")
	single := newSheet(t, variant(t, "kids", "scoring.method=single-round", "stock.reshuffles=0"), abc, Options{})
	record(t, single, "stalemate")
	record(t, single, "out Cy")
	ended := newSheet(t, variant(t, "basic"), abc, Options{})
	record(t, ended, "stalemate")
	ended.End(t0)
	for _, tt := range []struct {
		s    *Sheet
		want string
	}{
		{kids, "winner: Ann (the target of 100 was reached in round 1)\n"},
		{fixed, "winners: Ann and Bob, sharing the win (round 1 was the last)\n"},
		{single, "winner: Cy (Cy went out in round 2)\n"},
		{ended, "winners: Ann, Bob and Cy, sharing the win (the players stopped after round 1)\n"},
	} {
		var b bytes.Buffer
		Show(tt.s, &b, ShowOptions{NoChart: true})
		if !strings.Contains(b.String(), tt.want) || strings.Contains(b.String(), "next dealer") {
			t.Errorf("got\n%s\nwant a line %q", b.String(), tt.want)
		}
	}
}
