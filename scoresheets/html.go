package scoresheets

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/variants"
)

// The page is one self-contained file: the stylesheet and the chart are
// inline, nothing is fetched and no script runs, so it opens the same from
// a mail attachment, a chat or a USB stick, and prints on one sheet.

//go:embed html.tmpl
var htmlTemplate string

//go:embed html.css
var htmlCSS string

// htmlPages parses the page's template when a page is first written, not
// when a process starts: parsing it took 0.4 ms of the 5 ms every rummy
// command took to start.
var htmlPages = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page").Funcs(template.FuncMap{
		"css":  func() template.CSS { return template.CSS(htmlCSS) },
		"less": func(d, v float64) float64 { return round1(v - d) },
		"more": func(d, v float64) float64 { return round1(v + d) },
	}).Parse(htmlTemplate))
})

// ExportHTML writes s as one HTML page: the match's title, variant and
// players, a card of the rules it is played under marking the house rules,
// the table of rounds with each player's score and running total, the
// winner or the leader, and an SVG chart of the running totals with the
// target. It is what Export writes for "html".
func ExportHTML(s *Sheet, w io.Writer) error {
	return renderPage(w, "match", matchPage(s))
}

// renderPage renders the whole page before writing any of it, so a failed
// render writes nothing.
func renderPage(w io.Writer, name string, data any) error {
	var b bytes.Buffer
	if err := htmlPages().ExecuteTemplate(&b, name, data); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// htmlMatch is what the match page shows, worked out in Go so the template
// only prints (and escapes) it.
type htmlMatch struct {
	Title     string
	Subtitle  string   // the variant, the target, the limit
	Players   []string // seating order
	Created   string
	Status    string // "Finished" or "In progress"
	Result    string // the winner, or the leader and the next dealer
	Rules     []variants.Section
	RulesRef  string // what the marked rules differ from
	Changed   int    // how many rules lines are marked
	Rounds    []htmlRound
	EndLines  []htmlRound // the match-end bonuses (game, box, shutout), a line each
	BonusSpan int         // the columns a bonus line spans: all but the round's number
	Totals    []int       // in seating order
	Chart     *lineChart
}

type htmlRound struct {
	Number int
	Dealer string
	Out    string // who went out, "stalemate" or "nobody out"
	Cells  []htmlCell
	Bonus  string // a line on the round's bonus, or ""
}

type htmlCell struct {
	Score string // signed
	Total int
}

func matchPage(s *Sheet) htmlMatch {
	st := s.Standing()
	v := s.Variant
	title := v.Title
	if title == "" {
		title = v.Name
	}
	m := htmlMatch{
		Title:    title + ": " + joinAnd(s.Players),
		Subtitle: fmt.Sprintf("%s (%s), %s", title, v.Name, s.limits()),
		Players:  s.Players,
		Created:  s.Created.UTC().Format("2 January 2006"),
		Status:   "In progress",
	}
	if st.Finished {
		m.Status = "Finished"
		r := s.result(st)
		m.Result = strings.ToUpper(r[:1]) + r[1:] + "."
	} else {
		m.Result = fmt.Sprintf("Leader after %d %s: %s. Next dealer: %s.",
			len(s.Rounds), plural(len(s.Rounds), "round", "rounds"), joinAnd(st.Leaders), st.NextDealer)
	}
	m.BonusSpan = 2 + 2*len(s.Players)
	m.Rules, m.RulesRef = rulesCard(s)
	for _, sec := range m.Rules {
		for _, l := range sec.Lines {
			if l.Changed {
				m.Changed++
			}
		}
	}
	running := runningTotals(s)
	for i, e := range s.Rounds {
		r := htmlRound{Number: e.Number, Dealer: e.Dealer, Out: outText(e.Round), Bonus: bonusLine(s, e)}
		switch {
		case v.Scoring.Method == variants.Knock:
			r.Out, r.Bonus = knockLines(s, e)
		case e.Round.Stalemate:
			r.Out = "stalemate"
		case e.Round.Out == "":
			r.Out = "nobody out"
		}
		for j, p := range s.Players {
			r.Cells = append(r.Cells, htmlCell{Score: roundScore(e, p, scoreText, absent), Total: running[i][j]})
		}
		m.Rounds = append(m.Rounds, r)
	}
	cur := running0(running, len(s.Players))
	for _, b := range bonusRows(s, st) {
		r := htmlRound{Out: b.label}
		for j, p := range s.Players {
			cur[j] += b.points[p]
			r.Cells = append(r.Cells, htmlCell{Score: scoreText(b.points[p]), Total: cur[j]})
		}
		m.EndLines = append(m.EndLines, r)
	}
	for _, p := range s.Players {
		m.Totals = append(m.Totals, st.Totals[p])
	}
	if len(s.Rounds) > 0 {
		m.Chart = totalsChart(s, running)
	}
	return m
}

// scoreText is a round's score as the table shows it: signed, but a
// plain 0.
func scoreText(n int) string {
	if n == 0 {
		return "0"
	}
	return signed(n)
}

// bonusLine says what a round's bonus added: going rummy multiplies the
// round's score (RULES.md 5) where the variant gives a multiplier.
func bonusLine(s *Sheet, e Entry) string {
	mult := s.Variant.Scoring.RummyMultiplier
	if !e.Round.Rummy || mult <= 1 || e.Round.Out == "" {
		return ""
	}
	return fmt.Sprintf("Bonus: %s went rummy, so the round's points count %d times (%s).",
		e.Round.Out, mult, roundScores(s, e))
}

// knockLines says how a hand under knock scoring (gin rummy) ended, "Ann
// knocked; Bob undercut", and its bonus line: the gin, big gin or undercut
// bonus and Oklahoma's spade multiplier. The sheet keeps the hands as
// entered, so the referee reads them again for the outcome.
func knockLines(s *Sheet, e Entry) (string, string) {
	vd, err := referee.Judge(s.Variant, s.Seated(e.Number), e.Round)
	if err != nil || vd.Knock == nil {
		return outText(e.Round), "" // recorded, so judged before: not reached
	}
	k := vd.Knock
	var out string
	switch k.Outcome {
	case referee.OutcomeDead:
		return "dead hand", ""
	case referee.OutcomeGin:
		out = k.Knocker + " went gin"
	case referee.OutcomeBigGin:
		out = k.Knocker + " went big gin"
	case referee.OutcomeUndercut:
		out = k.Knocker + " knocked; " + k.Defender + " undercut"
	case referee.OutcomeTie:
		out = k.Knocker + " knocked; a tie"
	default:
		out = k.Knocker + " knocked"
	}
	var bonus []string
	if k.Bonus > 0 {
		what := map[referee.Outcome]string{referee.OutcomeGin: "gin", referee.OutcomeBigGin: "big gin", referee.OutcomeUndercut: "undercut"}[k.Outcome]
		bonus = append(bonus, fmt.Sprintf("the %s bonus of %d", what, k.Bonus))
	}
	if k.Multiplier > 1 {
		bonus = append(bonus, fmt.Sprintf("the spade upcard multiplies the points by %d", k.Multiplier))
	}
	if len(bonus) == 0 {
		return out, ""
	}
	return out, fmt.Sprintf("Bonus: %s (%s).", strings.Join(bonus, "; "), roundScores(s, e))
}

// roundScores lists the round's non-zero scores: "Cy +66".
func roundScores(s *Sheet, e Entry) string {
	var parts []string
	for _, p := range s.Players {
		if n := e.Scores[p]; n != 0 {
			parts = append(parts, p+" "+signed(n))
		}
	}
	if len(parts) == 0 {
		return "no points"
	}
	return strings.Join(parts, ", ")
}

// cardSections are the sections of variants.Describe the rules card shows
// whole: what decides a meld and a score. Of the others (players and
// decks, going out, dealing) it shows only the house rules.
var cardSections = map[string]bool{"Melds": true, "Aces": true, "Jokers": true, "Laying off": true, "Scoring": true, "Target": true}

// rulesCard returns the rules of the match, short enough to print with
// the table: in the sections of cardSections the lines that state one key,
// elsewhere only the house rules (the decided corners are the same in
// every match); with the match's own target where it was set apart from
// the variant's, and what the marked lines differ from. A built-in's
// rules stored without a base are compared with that built-in, so a
// --rule given when the match started is what shows as changed.
func rulesCard(s *Sheet) ([]variants.Section, string) {
	v := *s.Variant
	if v.Base == "" {
		if _, err := variants.Builtin(v.Name); err == nil {
			v.Base = v.Name
		}
	}
	var out []variants.Section
	for _, sec := range variants.Describe(&v) {
		var lines []variants.Line
		for _, l := range sec.Lines {
			if l.Changed || l.Key != "" && cardSections[sec.Title] {
				lines = append(lines, l)
			}
		}
		if sec.Title == "Target" {
			if want := v.Target(len(s.Players)); s.Target != want {
				t := "none"
				if s.Target > 0 {
					t = strconv.Itoa(s.Target)
				}
				lines = append([]variants.Line{{Text: fmt.Sprintf("This match's target, set when it started: %s (the variant's is %d).", t, want), Changed: true}}, lines...)
			}
			if s.RoundLimit > 0 && s.RoundLimit != v.Scoring.Rounds {
				lines = append(lines, variants.Line{Text: fmt.Sprintf("This match ends after round %d, as set when it started.", s.RoundLimit), Changed: true})
			}
		}
		if len(lines) > 0 {
			out = append(out, variants.Section{Title: sec.Title, Lines: lines})
		}
	}
	return out, variants.ChangedFrom(&v)
}
