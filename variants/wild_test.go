package variants

import (
	"reflect"
	"strings"
	"testing"

	"github.com/rummy-referee/rummy/engine"
)

func TestWildKeys(t *testing.T) {
	v, err := Load("t.yaml", []byte(head+"wild:\n  ranks: [2, J]\n  points: 20\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := engine.NewRankSet(engine.Two, engine.Jack); v.Wild.Ranks != want || v.Wild.Points != 20 {
		t.Fatalf("wild = %+v, want ranks 2 and J, points 20", v.Wild)
	}
	r := v.Rules(2)
	if !r.IsWild(engine.NewCard(engine.Jack, engine.Hearts)) || r.WildPoints != 20 {
		t.Errorf("Rules: %+v", r)
	}
	// The YAML output holds the keys, and reads back the same.
	y := string(v.YAML())
	if !strings.Contains(y, "wild:\n  ranks: [2, J]\n  points: 20\n") {
		t.Errorf("YAML lacks the wild keys:\n%s", y)
	}
	w, err := Load("t.yaml", []byte(y))
	if err != nil || !reflect.DeepEqual(w, v) {
		t.Errorf("round trip: %v\n%+v\n%+v", err, w, v)
	}
	// Basic says nothing of wild cards.
	b, _ := Builtin("basic")
	if strings.Contains(string(b.YAML()), "wild") || b.Wild.Ranks != 0 {
		t.Errorf("basic has wild keys:\n%s", b.YAML())
	}
	// Describe says it in plain words.
	var lines []string
	for _, s := range Describe(v) {
		for _, l := range s.Lines {
			if l.Key == "wild.ranks" || l.Key == "wild.points" {
				lines = append(lines, l.Text)
			}
		}
	}
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "The 2s and the Js wild") || lines[1] != "A wild card counts 20 in hand or melded." {
		t.Errorf("Describe: %q", lines)
	}
}

func TestWildOverride(t *testing.T) {
	v, _ := Builtin("basic")
	if err := v.Override("wild.ranks=[2]"); err != nil {
		t.Fatal(err)
	}
	if v.Wild.Ranks != engine.NewRankSet(engine.Two) {
		t.Errorf("wild.ranks=[2]: %v", v.Wild.Ranks.Ranks())
	}
	if err := v.Override("wild.points=25"); err != nil || v.Wild.Points != 25 {
		t.Errorf("wild.points=25: %v, %d", err, v.Wild.Points)
	}
	for _, bad := range []string{"wild.ranks=2", "wild.ranks=[1]", "wild.ranks=[Z]", "wild.points=-1", "wild.points=x"} {
		if err := v.Override(bad); err == nil {
			t.Errorf("Override(%q) accepted", bad)
		}
	}
}

func TestWildRefuses(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"wild:\n  ranks: 2\n", "t.yaml:4: wild.ranks: want a list of ranks, such as [2] or [2, J], got an int (2)"},
		{"wild:\n  ranks:\n    - 2\n    - 11\n", "t.yaml:6: wild.ranks: \"11\" is not a rank: want A, 2 to 10, J, Q or K, such as [2]"},
		{"wild:\n  ranks: [2, 2]\n", "t.yaml:4: wild.ranks: 2 is listed twice"},
		{"wild:\n  points: 1001\n", "t.yaml:4: wild.points: "},
	} {
		_, err := Load("t.yaml", []byte(head+tt.src))
		got := problems(t, err)
		if len(got) != 1 || !strings.HasPrefix(got[0], tt.want) {
			t.Errorf("Load(%q): %q, want %q", tt.src, got, tt.want)
		}
	}
}
