package engine

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// readHands reads a hand file of testdata: one hand a line, and after a tab
// an optional number.
func readHands(t testing.TB, name string) (hands [][]Card, want []int) {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text, num, hasNum := strings.Cut(sc.Text(), "\t")
		cards, err := ParseCards(text)
		if err != nil {
			t.Fatalf("%s:%d: %v", name, line, err)
		}
		hands = append(hands, cards)
		if hasNum {
			n, err := strconv.Atoi(num)
			if err != nil {
				t.Fatalf("%s:%d: %v", name, line, err)
			}
			want = append(want, n)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return hands, want
}

func TestExpected(t *testing.T) {
	for _, name := range []string{"hands10.expected", "hands11.expected"} {
		t.Run(name, func(t *testing.T) {
			hands, want := readHands(t, name)
			if len(hands) != 20000 || len(want) != len(hands) {
				t.Fatalf("%d hands, %d answers; want 20000 of each", len(hands), len(want))
			}
			r := Basic()
			bad := 0
			for i, h := range hands {
				a, err := r.Arrange(h, nil)
				if err != nil {
					t.Fatalf("line %d: %v", i+1, err)
				}
				if a.Points != want[i] {
					if bad++; bad <= 10 {
						t.Errorf("line %d: %s leaves %d points, want %d (%v)", i+1, FormatCards(h, false), a.Points, want[i], a)
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d hands wrong", bad, len(hands))
			}
		})
	}
}
