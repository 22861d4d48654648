package scoresheets

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// lineChart is the SVG chart of running totals, laid out in Go: the
// template only prints its numbers. Each player's line has its own colour,
// dash pattern and marker shape, so it reads in black and white too.
type lineChart struct {
	ID            string // prefix of the ids of its title and desc
	Title, Desc   string // the text alternative
	Width, Height int
	Left, Right   float64 // the plot area
	Top, Bottom   float64
	XTicks        []chartTick
	YTicks        []chartTick
	XLabel        string
	Zero          *float64 // y of the 0 line, when totals go below 0
	Target        *chartTick
	Series        []chartSeries
	Legend        []chartLegend
}

type chartTick struct {
	At    float64
	Label string
}

type chartSeries struct {
	Name    string
	Style   string // css classes: colour, dash and marker
	D       string // the path: one point a round
	Markers []chartMarker
}

type chartMarker struct {
	Circle bool
	X, Y   float64
	Points string // a polygon's points, when not a circle
	Rect   bool
	Title  string // "Ann after round 3: 47"
}

type chartLegend struct {
	Name   string
	Style  string
	X, Y   float64 // where its sample line starts
	Marker chartMarker
}

// The styles a line can take: 8 colours, 4 dash patterns and 5 marker
// shapes, combined so that up to 20 players (the most a variant allows)
// each get a different pair of dash and marker.
const (
	chartColours = 8
	chartDashes  = 4
	chartShapes  = 5
)

func seriesStyle(i int) (string, int) {
	return fmt.Sprintf("c%d d%d", i%chartColours, i%chartDashes), i % chartShapes
}

// marker returns marker shape k centred on x, y.
func marker(k int, x, y float64) chartMarker {
	const r = 4.0
	m := chartMarker{X: x, Y: y}
	pts := func(xy ...float64) string {
		var b strings.Builder
		for i := 0; i < len(xy); i += 2 {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(num(x+xy[i]) + "," + num(y+xy[i+1]))
		}
		return b.String()
	}
	switch k {
	case 0:
		m.Circle = true
	case 1:
		m.Rect = true
	case 2: // triangle
		m.Points = pts(0, -r-1, r+1, r, -r-1, r)
	case 3: // diamond
		m.Points = pts(0, -r-1, r+1, 0, 0, r+1, -r-1, 0)
	default: // plus
		a, b := 1.6, r+0.5
		m.Points = pts(-a, -b, a, -b, a, -a, b, -a, b, a, a, a, a, b, -a, b, -a, a, -b, a, -b, -a, -a, -a)
	}
	return m
}

// num prints a coordinate with at most one decimal.
func num(f float64) string { return strconv.FormatFloat(round1(f), 'f', -1, 64) }

// round1 rounds a coordinate to one decimal, which is finer than a printer
// or a screen draws and keeps the page short.
func round1(f float64) float64 { return math.Round(f*10) / 10 }

// niceStep returns a step of 1, 2 or 5 times a power of ten that cuts span
// into at most n parts.
func niceStep(span float64, n int) float64 {
	if span <= 0 {
		return 1
	}
	raw := span / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return math.Max(1, m*p)
		}
	}
	return math.Max(1, 10*p)
}

// totalsChart lays out the chart of running totals: a point a round for
// each player, the target as a dashed line, the 0 line when totals go
// below 0.
func totalsChart(s *Sheet, running [][]int) *lineChart {
	n := len(running)
	c := &lineChart{ID: "totals", Width: 720, XLabel: "round"}
	c.Left, c.Right, c.Top = 56, float64(c.Width)-16, 16
	plotH := 230.0
	c.Bottom = c.Top + plotH

	lo, hi := 0, 0
	for _, r := range running {
		for _, v := range r {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if s.Target > 0 {
		hi = max(hi, s.Target)
	}
	if hi == lo {
		hi = lo + 10
	}
	step := niceStep(float64(hi-lo), 6)
	ylo := math.Floor(float64(lo)/step) * step
	yhi := math.Ceil(float64(hi)/step) * step
	y := func(v float64) float64 { return round1(c.Bottom - (v-ylo)/(yhi-ylo)*plotH) }
	x := func(round int) float64 { // rounds 1..n
		if n == 1 {
			return round1((c.Left + c.Right) / 2)
		}
		return round1(c.Left + 12 + float64(round-1)*(c.Right-c.Left-24)/float64(n-1))
	}
	for v := ylo; v <= yhi+step/2; v += step {
		c.YTicks = append(c.YTicks, chartTick{At: y(v), Label: strconv.Itoa(int(v))})
	}
	xstep := int(niceStep(float64(n), 20))
	for r := 1; r <= n; r++ {
		if r == 1 || r%xstep == 0 || r == n {
			c.XTicks = append(c.XTicks, chartTick{At: x(r), Label: strconv.Itoa(r)})
		}
	}
	if lo < 0 {
		z := y(0)
		c.Zero = &z
	}
	if s.Target > 0 {
		c.Target = &chartTick{At: y(float64(s.Target)), Label: fmt.Sprintf("target %d", s.Target)}
	}

	var desc []string
	for j, p := range s.Players {
		style, shape := seriesStyle(j)
		sr := chartSeries{Name: p, Style: style}
		var d strings.Builder
		var vals []string
		for i := range running {
			px, py := x(i+1), y(float64(running[i][j]))
			if i == 0 {
				d.WriteString("M")
			} else {
				d.WriteString(" L")
			}
			d.WriteString(num(px) + " " + num(py))
			m := marker(shape, px, py)
			m.Title = fmt.Sprintf("%s after round %d: %d", p, i+1, running[i][j])
			sr.Markers = append(sr.Markers, m)
			vals = append(vals, strconv.Itoa(running[i][j]))
		}
		sr.D = d.String()
		c.Series = append(c.Series, sr)
		desc = append(desc, fmt.Sprintf("%s: %s.", p, strings.Join(vals, ", ")))
	}
	// The legend: four players a row under the plot.
	const perRow, rowH = 4, 22.0
	ly := c.Bottom + 44
	for j, p := range s.Players {
		style, shape := seriesStyle(j)
		lx := round1(c.Left + float64(j%perRow)*(c.Right-c.Left)/perRow)
		yy := ly + float64(j/perRow)*rowH
		c.Legend = append(c.Legend, chartLegend{Name: p, Style: style, X: lx, Y: yy, Marker: marker(shape, lx+18, yy)})
	}
	c.Height = int(ly + float64((len(s.Players)+perRow-1)/perRow)*rowH)

	c.Title = "Running totals after each round"
	target := "no target"
	if s.Target > 0 {
		target = fmt.Sprintf("the target, %d, is drawn as a dashed line", s.Target)
	}
	c.Desc = fmt.Sprintf("A line for each player, one point a round from round 1 to %d; %s. %s",
		n, target, strings.Join(desc, " "))
	return c
}
