package scoresheets

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

func renderStats(t *testing.T, r Records) string {
	t.Helper()
	var b bytes.Buffer
	if err := StatsHTML(r, &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The records page: a row a player in every table, one a pair head to
// head, the penalty variant's points the right way round, a bar a player
// in the chart, nothing fetched, and names as text.
func TestStatsHTML(t *testing.T) {
	sheets := append(statsSheets(t), trickySheet(t))
	r := Stats(sheets)
	page := renderStats(t, r)

	if m := fetchRE.FindAllString(page, -1); m != nil {
		t.Errorf("the page would fetch or run something: %q", m)
	}
	if strings.Contains(page, scriptName) || !strings.Contains(page, htmlText(scriptName)) {
		t.Error("the player's name is not escaped")
	}
	tables := regexp.MustCompile(`(?s)<table class="records[^"]*">.*?</table>`).FindAllString(page, -1)
	if len(tables) != 2+len(r.Variants) {
		t.Fatalf("%d tables, want every variant, %d variants and head to head", len(tables), len(r.Variants))
	}
	if got := strings.Count(tables[0], `<tr class="player">`); got != len(r.Players) {
		t.Errorf("every variant: %d rows, want %d", got, len(r.Players))
	}
	for i, v := range r.Variants {
		if got := strings.Count(tables[1+i], `<tr class="player">`); got != len(v.Players) {
			t.Errorf("%s: %d rows, want %d", v.Variant, got, len(v.Players))
		}
	}
	if got := strings.Count(tables[len(tables)-1], `<tr class="pair">`); got != len(r.HeadToHead) {
		t.Errorf("head to head: %d rows, want %d", got, len(r.HeadToHead))
	}
	// Kids: Dee's best round is her fewest points, 2 (TestStats).
	kids := tables[1+indexVariant(t, r, "kids")]
	if !strings.Contains(kids, "<caption>The lowest total wins: points count against, and the best round added the fewest.</caption>") ||
		!strings.Contains(kids, `<th scope="row">Dee</th><td class="num">1</td><td class="num">0</td><td class="num">3</td><td class="num">0</td><td class="num">0</td><td class="num">4.3</td><td class="num">2</td>`) {
		t.Errorf("kids table:\n%s", kids)
	}
	if !strings.Contains(tables[len(tables)-1], `<tr class="pair"><th scope="row">Ann</th><td>Bob</td><td class="num">4</td><td class="num">2</td><td class="num">1</td><td class="num">0</td></tr>`) {
		t.Errorf("head to head:\n%s", tables[len(tables)-1])
	}
	// The chart: a bar pair a player, labelled, with a text alternative.
	if got := strings.Count(page, `<rect class="won"`); got != len(r.Players)+1 { // and the legend's
		t.Errorf("%d won bars, want %d and the legend's", got, len(r.Players))
	}
	if !strings.Contains(page, `role="img" aria-labelledby="wins-title wins-desc"`) || !strings.Contains(page, "Ann played 6 and won 2.") {
		t.Error("the chart has no text alternative giving Ann's record")
	}
}

func indexVariant(t *testing.T, r Records, name string) int {
	for i, v := range r.Variants {
		if v.Variant == name {
			return i
		}
	}
	t.Fatalf("no variant %s", name)
	return -1
}

func TestStatsHTMLEmpty(t *testing.T) {
	page := renderStats(t, Stats(nil))
	if !strings.Contains(page, "No match is recorded yet.") || strings.Contains(page, "<svg") {
		t.Error("no records: want the note and no chart")
	}
}
