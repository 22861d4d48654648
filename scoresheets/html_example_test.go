package scoresheets_test

import (
	"bytes"
	"fmt"
	"regexp"

	"github.com/rummy-referee/rummy/scoresheets"
)

// ExportHTML writes the page of a match; here, the shipped basic example's
// result and the number of rounds in its table.
func ExampleExportHTML() {
	s, _, err := scoresheets.Load("../examples/basic-match.yaml")
	if err != nil {
		panic(err)
	}
	var page bytes.Buffer
	if err := scoresheets.ExportHTML(s, &page); err != nil {
		panic(err)
	}
	result := regexp.MustCompile(`<p class="result" id="result">([^<]*)</p>`).FindSubmatch(page.Bytes())
	rows := regexp.MustCompile(`<tr class="round">`).FindAll(page.Bytes(), -1)
	fmt.Printf("%s\n%d rounds\n", result[1], len(rows))
	// Output:
	// Winner: Cy (the target of 150 was reached in round 9).
	// 9 rounds
}

// Stats counts the players' records; under Kids Rummy's penalty scoring
// the best round is the one that added the fewest points.
func ExampleStats() {
	var sheets []*scoresheets.Sheet
	for _, f := range []string{"../examples/basic-match.yaml", "../examples/kids-match.yaml"} {
		s, _, err := scoresheets.Load(f)
		if err != nil {
			panic(err)
		}
		sheets = append(sheets, s)
	}
	r := scoresheets.Stats(sheets)
	for _, v := range r.Variants {
		fmt.Printf("%s (lowest wins: %v):", v.Variant, v.LowestWins())
		for _, p := range v.Players {
			fmt.Printf(" %s won %d, best %d;", p.Player, p.Won, p.Best)
		}
		fmt.Println()
	}
	// Output:
	// basic (lowest wins: false): Cy won 1, best 66; Bob won 0, best 48; Ann won 0, best 47;
	// kids (lowest wins: true): Mia won 1, best 0; Leo won 0, best 0;
}
