package scoresheets

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// StatsHTML writes the players' records as one HTML page, of the same
// kind as ExportHTML's: every variant together, each variant with its
// points (the lowest total winning under penalty scoring), head to head,
// and a bar chart of the matches each player played and won.
func StatsHTML(r Records, w io.Writer) error {
	return renderPage(w, "stats", statsPage(r))
}

type htmlStats struct {
	Title      string
	Matches    int
	Players    []PlayerStats
	Variants   []htmlVariant
	HeadToHead []HeadToHead
	Chart      *barChart
}

type htmlVariant struct {
	VariantStats
	How  string // how the variant counts points
	Rows []htmlVariantRow
}

type htmlVariantRow struct {
	PlayerStats
	Avg, Best string // "-" when no round counts points
}

func statsPage(r Records) htmlStats {
	p := htmlStats{Title: "Rummy: the players' records", Matches: r.Matches, Players: r.Players, HeadToHead: r.HeadToHead}
	for _, v := range r.Variants {
		hv := htmlVariant{VariantStats: v, How: "The highest total wins; the best round added the most."}
		if v.LowestWins() {
			hv.How = "The lowest total wins: points count against, and the best round added the fewest."
		}
		for _, ps := range v.Players {
			row := htmlVariantRow{PlayerStats: ps, Avg: "-", Best: "-"}
			if a, ok := ps.Average(); ok {
				row.Avg, row.Best = strconv.FormatFloat(a, 'f', 1, 64), strconv.Itoa(ps.Best)
			}
			if ps.PointRounds == 0 {
				hv.How = "Single-round scoring has no points: only wins count."
			}
			hv.Rows = append(hv.Rows, row)
		}
		p.Variants = append(p.Variants, hv)
	}
	if len(r.Players) > 0 {
		p.Chart = winsChart(r.Players)
	}
	return p
}

// barChart is the SVG chart of the matches each player played and won:
// an outlined bar for played, a solid one for won, each labelled with its
// number, so it needs no colour to read.
type barChart struct {
	ID            string
	Title, Desc   string
	Width, Height int
	Left          float64 // where the bars start
	Rows          []barRow
	LegendY       float64
}

type barRow struct {
	Name           string
	Y              float64 // top of the played bar
	Played, Won    int
	PlayedW, WonW  float64
	PlayedX, WonX  float64 // where each number is written
	LabelY, WonTop float64
}

func winsChart(players []PlayerStats) *barChart {
	const rowH, barH = 36.0, 13.0
	c := &barChart{ID: "wins", Width: 720, Left: 150}
	most := 1
	for _, p := range players {
		most = max(most, p.Matches)
	}
	span := float64(c.Width) - c.Left - 60
	var desc []string
	for i, p := range players {
		y := 12 + float64(i)*rowH
		r := barRow{Name: p.Player, Y: y, Played: p.Matches, Won: p.Won,
			PlayedW: round1(span * float64(p.Matches) / float64(most)),
			WonW:    round1(span * float64(p.Won) / float64(most)),
			LabelY:  round1(y + barH + 3), WonTop: y + barH + 1}
		r.PlayedX = round1(c.Left + r.PlayedW + 6)
		r.WonX = round1(c.Left + r.WonW + 6)
		c.Rows = append(c.Rows, r)
		desc = append(desc, fmt.Sprintf("%s played %d and won %d.", p.Player, p.Matches, p.Won))
	}
	c.LegendY = 12 + float64(len(players))*rowH + 10
	c.Height = int(c.LegendY + 16)
	c.Title = "Matches played and won by each player"
	c.Desc = "For each player an outlined bar of the matches played and a solid bar of those won. " + strings.Join(desc, " ")
	return c
}
