package variants

import (
	"reflect"
	"strings"
	"testing"
)

// TestKnockBuiltins pins gin and oklahoma-gin to the rules of issue 12
// (pagat's Gin Rummy and Oklahoma Gin, Bicycle's rules): two players, ten
// cards, knock at 10, gin 25, big gin 31, undercut 25 on a tie too, match
// to 100 (Oklahoma 150) with game 100, box 25 and a doubling shutout.
func TestKnockBuiltins(t *testing.T) {
	gin := KnockRules{Limit: 10, AceUpcard: AceGinOnly, SpadeMultiplier: 1, GinBonus: 25, BigGinBonus: 31,
		UndercutBonus: 25, UndercutOnTie: true, Layoffs: true, DeadHandStock: 2}
	okla := gin
	okla.LimitFromUpcard, okla.SpadeMultiplier = true, 2
	for _, tt := range []struct {
		name   string
		knock  KnockRules
		target int
	}{{"gin", gin, 100}, {"oklahoma-gin", okla, 150}} {
		v, err := Builtin(tt.name)
		if err != nil {
			t.Fatal(err)
		}
		if v.Knock != tt.knock {
			t.Errorf("%s: knock %+v, want %+v", tt.name, v.Knock, tt.knock)
		}
		sc := v.Scoring
		got := []int{v.Players.Min, v.Players.Max, v.Deal.Cards.At(2), v.Target(2), sc.GameBonus, sc.BoxBonus, sc.Shutout, v.Stock.Reshuffles}
		want := []int{2, 2, 10, tt.target, 100, 25, ShutoutDouble, 0}
		if sc.Method != Knock || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: method %s, players/cards/target/bonuses/reshuffles %v; want knock, %v", tt.name, sc.Method, got, want)
		}
	}
}

// TestGinClassicExample: the classic values, from base gin.
func TestGinClassicExample(t *testing.T) {
	v, err := LoadFile("../examples/gin-classic.yaml")
	if err != nil {
		t.Fatal(err)
	}
	got := []int{v.Knock.GinBonus, v.Knock.UndercutBonus, v.Scoring.BoxBonus, v.Scoring.Shutout, v.Scoring.GameBonus}
	if want := []int{20, 10, 20, 100, 100}; !reflect.DeepEqual(got, want) {
		t.Errorf("gin, undercut, box, shutout, game = %v, want %v", got, want)
	}
}

// TestKnockKeys: every knock key and match-end bonus is read from a file,
// changed by --rule, checked with its line, and written back by YAML.
func TestKnockKeys(t *testing.T) {
	src := "base: gin\nname: g\nscoring:\n  shutout: 50\n  box_bonus: 20\nknock:\n  limit: 7\n  ace_upcard: \"1\"\n  undercut_on_tie: false\n  layoff_after_gin: true\n"
	v, err := Load("g.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if v.Scoring.Shutout != 50 || v.Scoring.BoxBonus != 20 || v.Knock.Limit != 7 || v.Knock.AceUpcard != AceLimitOne ||
		v.Knock.UndercutOnTie || !v.Knock.LayoffAfterGin || v.Knock.GinBonus != 25 {
		t.Errorf("loaded %+v %+v", v.Scoring, v.Knock)
	}
	if err := v.OverrideAll([]string{"scoring.shutout=double", "knock.limit_from_upcard=true", "knock.spade_multiplier=3",
		"knock.big_gin_bonus=50", "knock.gin_bonus=20", "knock.undercut_bonus=10", "knock.layoffs=false",
		"knock.dead_hand_stock=0", "scoring.game_bonus=200", "knock.ace_upcard=gin-only"}); err != nil {
		t.Fatal(err)
	}
	want := KnockRules{Limit: 7, LimitFromUpcard: true, AceUpcard: AceGinOnly, SpadeMultiplier: 3, GinBonus: 20,
		BigGinBonus: 50, UndercutBonus: 10, LayoffAfterGin: true}
	if v.Knock != want || v.Scoring.Shutout != ShutoutDouble || v.Scoring.GameBonus != 200 {
		t.Errorf("overridden %+v %+v, want %+v", v.Knock, v.Scoring, want)
	}
	w, err := Load("round-trip.yaml", v.YAML())
	if err != nil || !reflect.DeepEqual(w, v) {
		t.Errorf("Load(YAML()) = %+v, %v\n%s", w, err, v.YAML())
	}
}

// TestKnockKeysOutsideGin: the rummy variants' YAML has no knock section
// while it holds the defaults, and keeps a key a file changed.
func TestKnockKeysOutsideGin(t *testing.T) {
	b, _ := Builtin("basic")
	if y := string(b.YAML()); strings.Contains(y, "knock") || strings.Contains(y, "bonus") || strings.Contains(y, "shutout") {
		t.Errorf("basic's YAML shows knock keys:\n%s", y)
	}
	if err := b.OverrideAll([]string{"scoring.game_bonus=50", "knock.limit=5"}); err != nil {
		t.Fatal(err)
	}
	y := string(b.YAML())
	if !strings.Contains(y, "  game_bonus: 50\n") || !strings.Contains(y, "knock:\n  limit: 5\n") || strings.Contains(y, "gin_bonus") {
		t.Errorf("basic with a game bonus and a knock limit:\n%s", y)
	}
	w, err := Load("round-trip.yaml", b.YAML())
	if err != nil || !reflect.DeepEqual(w, b) {
		t.Errorf("Load(YAML()) = %+v, %v", w, err)
	}
}

func TestKnockKeysRefused(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"base: gin\nname: t\nknock:\n  limit: 101\n  spade_multiplier: 0\n", []string{
			"t.yaml:4: knock.limit: 101 is out of range (0 to 100)",
			"t.yaml:5: knock.spade_multiplier: 0 is out of range (1 to 10)"}},
		{"base: gin\nname: t\nknock:\n  ace_upcard: 2\n  gin_bonus: yes\n", []string{
			`t.yaml:4: knock.ace_upcard: "2" is not an ace upcard rule (gin-only or 1)`,
			"t.yaml:5: knock.gin_bonus: want an int, got a string (\"yes\")"}},
		{"base: gin\nname: t\nscoring:\n  shutout: triple\n  box_bonus: -1\n", []string{
			`t.yaml:4: scoring.shutout: "triple" is not double or an int (0 to 10000)`,
			"t.yaml:5: scoring.box_bonus: -1 is out of range (0 to 10000)"}},
		{"base: gin\nname: t\nplayers:\n  max: 3\n", []string{
			"t.yaml:4: players.max: 3, but knock scoring is played by two players (a knocker and a defender): set players.min and players.max to 2"}},
		{"base: kids\nname: t\nscoring:\n  game_bonus: 100\n", []string{
			"t.yaml:4: scoring.game_bonus: match-end bonuses need a winner by highest total, and scoring.method is penalty: set it to 0"}},
		{"base: gin\nname: t\nknok:\n  limit: 5\n", []string{"t.yaml:3: knok: unknown key (did you mean knock?)"}},
	}
	for _, tt := range tests {
		_, err := Load("t.yaml", []byte(tt.src))
		if got := problems(t, err); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Load(%q)\ngot  %q\nwant %q", tt.src, got, tt.want)
		}
	}
}
