package scoresheets

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// A player not at the table in a round (joined later, or had left) is
// shown absent in every export, as 'match show' shows them, never with a
// score of 0: an empty cell in CSV, "-" in markdown and HTML, and no key
// in the round's JSON scores.
func TestExportsMarkAbsentPlayers(t *testing.T) {
	s := newSheet(t, variant(t, "basic"), abc, Options{})
	record(t, s, "out Bob; hand Ann KH 3D; hand Cy AS 2S") // round 1: Dee not yet seated
	if err := s.Leave("Bob", t0); err != nil {
		t.Fatal(err)
	}
	record(t, s, "out Ann; hand Cy 5C") // round 2: Bob left, Dee not yet seated
	if err := s.Join("Dee", "Ann", t0); err != nil {
		t.Fatal(err)
	}
	record(t, s, "out Dee; hand Ann 2C; hand Cy 3C") // round 3: Bob still away
	s = reload(t, s)
	// Seating Ann, Dee, Bob, Cy; who was away each round, in that order.
	want := [][]bool{{false, true, false, false}, {false, true, true, false}, {false, false, true, false}}
	export := func(format string) string {
		var b bytes.Buffer
		if err := Export(s, format, &b); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		return b.String()
	}

	rows, err := csv.NewReader(strings.NewReader(export("csv"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i, away := range want {
		row := rows[1+i]
		for j, a := range away {
			cell := row[4+j]
			if got := cell == ""; got != a {
				t.Errorf("csv round %d, %s: cell %q, want empty %v\n%v", i+1, s.Players[j], cell, a, row)
			}
		}
	}

	mdRows := regexp.MustCompile(`(?m)^\| (\d) \|.*$`).FindAllString(export("markdown"), -1)
	if len(mdRows) != 3 {
		t.Fatalf("markdown: %d round rows, want 3", len(mdRows))
	}
	for i, away := range want {
		cells := strings.Split(strings.Trim(mdRows[i], "| "), " | ")[3:]
		for j, a := range away {
			if got := strings.HasPrefix(cells[j], "- ("); got != a {
				t.Errorf("markdown round %d, %s: %q, want absent %v", i+1, s.Players[j], cells[j], a)
			}
		}
	}

	htmlRows := regexp.MustCompile(`<tr class="round"><th scope="row" class="num">\d+</th>.*</tr>`).FindAllString(export("html"), -1)
	if len(htmlRows) != 3 {
		t.Fatalf("html: %d round rows, want 3", len(htmlRows))
	}
	scoreCell := regexp.MustCompile(`<td class="num">([^<]*)</td>`)
	for i, away := range want {
		cells := scoreCell.FindAllStringSubmatch(htmlRows[i], -1)
		for j, a := range away {
			if got := cells[j][1] == "-"; got != a {
				t.Errorf("html round %d, %s: %q, want absent %v", i+1, s.Players[j], cells[j][1], a)
			}
		}
	}

	var js struct {
		Rounds []struct {
			Scores map[string]int `json:"scores"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal([]byte(export("json")), &js); err != nil {
		t.Fatal(err)
	}
	for i, away := range want {
		var seated []string
		for j, a := range away {
			if !a {
				seated = append(seated, s.Players[j])
			}
		}
		var got []string
		for _, p := range s.Players {
			if _, ok := js.Rounds[i].Scores[p]; ok {
				got = append(got, p)
			}
		}
		if !reflect.DeepEqual(got, seated) {
			t.Errorf("json round %d scores players %v, want %v", i+1, got, seated)
		}
	}

	// match show, which the exports follow.
	var show bytes.Buffer
	if err := Show(s, &show, ShowOptions{NoChart: true}); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^\s*2 .*\s- +0 .*\s- +16 `).MatchString(show.String()) {
		t.Errorf("show: round 2 lacks Dee's and Bob's absence:\n%s", show.String())
	}
}
