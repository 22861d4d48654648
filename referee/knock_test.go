package referee

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/variants"
)

var annBob = []string{"Ann", "Bob"}

// knockRound is a knock by Ann with both hands.
func knockRound(t *testing.T, ann, bob, upcard string) Round {
	r := Round{Knock: "Ann", Hands: []Hand{hand(t, "Ann", ann), hand(t, "Bob", bob)}}
	if upcard != "" {
		r.Upcard = cards(t, upcard)[0]
	}
	return r
}

// The hands of the table below. Ann's melds are 3C-5C, three 7s and
// JS-KS; her tenth card is the deadwood.
const (
	annKnock2  = "3C 4C 5C 7H 7S 7D JS QS KS 2D" // 2 deadwood
	annKnock9  = "3C 4C 5C 7H 7S 7D JS QS KS 9S" // 9
	annKnock4  = "3C 4C 5C 7H 7S 7D JS QS KS 4D" // 4
	annGin     = "3C 4C 5C 6C 7H 7S 7D JS QS KS" // gin
	annBigGin  = "3C 4C 5C 6C 7H 7S 7D 7C JS QS KS"
	bob38      = "9C 9D 9H 4H 5H 6H KD QH 8S 10D" // KD QH 8S 10D: 38, nothing to lay off
	bob1       = "4S 5S 6S 8H 9H 10H 2C 2D 2S AD" // AD: 1
	bob4       = "4S 5S 6S 8H 9H 10H 2C 2D 2S 4H" // 4H: 4
	bob30      = "2C KD KH KC AH 2H 3H 9D 9S 10D" // 2C 9D 9S 10D: 30; 2C would lay off onto 3C-6C
	bobLaysOff = "6C 7C 10S 9C 9D 9H 4H 5H 6H 8D" // 6C 7C onto 3C-5C, 10S onto JS-KS: 8D left
)

// TestKnockScores: every scoring case of issue 12 with its worked numbers
// (pagat's Gin Rummy and Oklahoma Gin, Bicycle's Oklahoma Gin).
func TestKnockScores(t *testing.T) {
	tests := []struct {
		name     string
		variant  string
		rules    []string
		round    Round
		outcome  Outcome
		winner   string
		score    int
		ann, bob int // deadwood
	}{
		{"knock: the difference", "gin", nil, knockRound(t, annKnock2, bob38, ""), OutcomeKnock, "Ann", 38 - 2, 2, 38},
		{"knock after the defender lays off", "gin", nil, knockRound(t, annKnock2, bobLaysOff, ""), OutcomeKnock, "Ann", 8 - 2, 2, 8},
		{"undercut: difference plus 25", "gin", nil, knockRound(t, annKnock9, bob1, ""), OutcomeUndercut, "Bob", 9 - 1 + 25, 9, 1},
		{"classic undercut bonus 10", "gin", []string{"knock.undercut_bonus=10"}, knockRound(t, annKnock9, bob1, ""), OutcomeUndercut, "Bob", 9 - 1 + 10, 9, 1},
		{"a tie is an undercut", "gin", nil, knockRound(t, annKnock4, bob4, ""), OutcomeUndercut, "Bob", 0 + 25, 4, 4},
		{"a tie scores nothing when undercuts need less", "gin", []string{"knock.undercut_on_tie=false"}, knockRound(t, annKnock4, bob4, ""), OutcomeTie, "", 0, 4, 4},
		{"gin: deadwood plus 25, no lay-off", "gin", nil, knockRound(t, annGin, bob30, ""), OutcomeGin, "Ann", 30 + 25, 0, 30},
		{"gin with lay-offs allowed", "gin", []string{"knock.layoff_after_gin=true"}, knockRound(t, annGin, bob30, ""), OutcomeGin, "Ann", 28 + 25, 0, 28},
		{"classic gin bonus 20", "gin", []string{"knock.gin_bonus=20"}, knockRound(t, annGin, bob30, ""), OutcomeGin, "Ann", 30 + 20, 0, 30},
		{"big gin: deadwood plus 31", "gin", nil, knockRound(t, annBigGin, bob30, ""), OutcomeBigGin, "Ann", 30 + 31, 0, 30},
		{"big gin 50", "gin", []string{"knock.big_gin_bonus=50"}, knockRound(t, annBigGin, bob30, ""), OutcomeBigGin, "Ann", 30 + 50, 0, 30},
		{"no lay-offs at all", "gin", []string{"knock.layoffs=false"}, knockRound(t, annKnock2, bobLaysOff, ""), OutcomeKnock, "Ann", 31 - 2, 2, 31},
		// Oklahoma: the upcard's points are the limit; a spade doubles.
		{"oklahoma 9 upcard allows 9", "oklahoma-gin", nil, knockRound(t, annKnock9, bob38, "9D"), OutcomeKnock, "Ann", 38 - 9, 9, 38},
		{"oklahoma face upcard allows 10", "oklahoma-gin", nil, knockRound(t, annKnock9, bob38, "QH"), OutcomeKnock, "Ann", 29, 9, 38},
		{"oklahoma 2 upcard allows 2", "oklahoma-gin", nil, knockRound(t, annKnock2, bob38, "2H"), OutcomeKnock, "Ann", 36, 2, 38},
		{"oklahoma spade doubles a knock", "oklahoma-gin", nil, knockRound(t, annKnock2, bob38, "9S"), OutcomeKnock, "Ann", 36 * 2, 2, 38},
		{"oklahoma spade doubles an undercut", "oklahoma-gin", nil, knockRound(t, annKnock9, bob1, "10S"), OutcomeUndercut, "Bob", 33 * 2, 9, 1},
		{"oklahoma spade doubles gin and its bonus", "oklahoma-gin", nil, knockRound(t, annGin, bob30, "3S"), OutcomeGin, "Ann", 55 * 2, 0, 30},
		{"oklahoma ace upcard: gin only, and gin stands", "oklahoma-gin", nil, knockRound(t, annGin, bob30, "AH"), OutcomeGin, "Ann", 55, 0, 30},
		{"oklahoma ace upcard as 1", "oklahoma-gin", []string{"knock.ace_upcard=1"}, knockRound(t, "3C 4C 5C 7H 7S 7D JS QS KS AD", bob38, "AC"), OutcomeKnock, "Ann", 37, 1, 38},
		{"gin needs no upcard", "gin", nil, knockRound(t, annKnock2, bob38, ""), OutcomeKnock, "Ann", 36, 2, 38},
		{"a spade upcard does not double plain gin", "gin", nil, knockRound(t, annKnock2, bob38, "9S"), OutcomeKnock, "Ann", 36, 2, 38},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := builtin(t, tt.variant)
			if err := v.OverrideAll(tt.rules); err != nil {
				t.Fatal(err)
			}
			vd, err := Judge(v, annBob, tt.round)
			if err != nil {
				t.Fatal(err)
			}
			if !vd.OK() {
				t.Fatalf("problems: %q", vd.Problems)
			}
			k := vd.Knock
			got := []any{k.Outcome, k.Winner, k.Score, k.KnockerPoints, k.DefenderPoints}
			want := []any{tt.outcome, tt.winner, tt.score, tt.ann, tt.bob}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("outcome, winner, score, deadwood = %v, want %v (%+v)", got, want, k)
			}
			totals := map[string]int{"Ann": 0, "Bob": 0}
			if tt.winner != "" {
				totals[tt.winner] = tt.score
			}
			if got := vd.Totals(); !reflect.DeepEqual(got, totals) {
				t.Errorf("totals %v, want %v", got, totals)
			}
		})
	}
}

// TestKnockerKeepsACardBack: among the ways to lay a hand down, the
// referee takes the one best for the knocker against the defender's best
// reply. Melding 4H-8H leaves 2 deadwood but lets Bob lay off his 9H
// (Ann scores 39-9-2 = 28); keeping the 8H back leaves 10 and blocks it
// (39-10 = 29).
func TestKnockerKeepsACardBack(t *testing.T) {
	r := knockRound(t, "4H 5H 6H 7H 8H KC KD KS AC AD", "9H 2S 3S 4S 6C 6D 6S JC JD 10S", "")
	vd, err := Judge(builtin(t, "gin"), annBob, r)
	if err != nil || !vd.OK() {
		t.Fatal(err, vd.Problems)
	}
	k := vd.Knock
	if k.Score != 29 || k.KnockerPoints != 10 || engine.FormatCards(k.KnockerDeadwood, false) != "8H AC AD" || len(k.DefenderLayoffs) != 0 {
		t.Errorf("got %+v, want Ann keeping 8H back to score 29", k)
	}
	// With her melds given as 4H-8H, she scores 28 and Bob lays off 9H.
	r.Melds = []Meld{meld(t, "Ann", "4H 5H 6H 7H 8H"), meld(t, "Ann", "KC KD KS")}
	vd, err = Judge(builtin(t, "gin"), annBob, r)
	if err != nil || !vd.OK() {
		t.Fatal(err, vd.Problems)
	}
	k = vd.Knock
	want := []Layoff{{Player: "Bob", Cards: cards(t, "9H"), Onto: 1}}
	if k.Score != 28 || !reflect.DeepEqual(k.DefenderLayoffs, want) {
		t.Errorf("got %+v, want 28 with 9H laid off onto meld 1", k)
	}
}

// TestKnockRefused: what the rules refuse is a verdict (exit 1), what
// cannot be judged an ErrUnreadable error (exit 2).
func TestKnockRefused(t *testing.T) {
	ginMelds := []Meld{meld(t, "Ann", "3C 4C 5C 6C"), meld(t, "Ann", "7H 7S 7D"), meld(t, "Ann", "JS QS KS")}
	knock2Melds := []Meld{meld(t, "Ann", "3C 4C 5C"), meld(t, "Ann", "7H 7S 7D"), meld(t, "Ann", "JS QS KS")}
	withMelds := func(r Round, m []Meld, l ...Layoff) Round { r.Melds, r.Layoffs = m, l; return r }
	verdicts := []struct {
		name    string
		variant string
		round   Round
		want    string
	}{
		{"over the limit", "gin", knockRound(t, "3C 4C 5C 7H 7S 7D JS QS 2D 9S", bob38, ""),
			"Ann cannot knock: the knock limit is 10, and the least deadwood Ann's hand leaves is 31 (2D 9S JS QS)"},
		{"over the upcard's limit", "oklahoma-gin", knockRound(t, annKnock9, bob38, "5H"),
			"Ann cannot knock: the knock limit is 5, and the least deadwood Ann's hand leaves is 9 (9S)"},
		{"ace upcard: gin only", "oklahoma-gin", knockRound(t, annKnock2, bob38, "AS"),
			"Ann cannot knock: this hand allows gin only, and the least deadwood Ann's hand leaves is 2 (2D)"},
		{"melds as laid leave too much", "gin", withMelds(knockRound(t, annKnock2, bob38, ""), []Meld{meld(t, "Ann", "3C 4C 5C")}),
			"Ann cannot knock: the knock limit is 10, and the melds laid leave 53 (7H 7S 7D JS QS KS 2D)"},
		{"a lay-off after gin", "gin", withMelds(knockRound(t, annGin, bob30, ""), ginMelds, Layoff{Player: "Bob", Cards: cards(t, "2C"), Onto: 1}),
			"Ann went gin, so Bob may not lay off (2C onto meld 1)"},
		{"the knocker lays off", "gin", withMelds(knockRound(t, annKnock2, bob38, ""), knock2Melds, Layoff{Player: "Ann", Cards: cards(t, "2D"), Onto: 1}),
			"Ann knocked, and the knocker never lays off: only the defender lays off onto the knocker's melds"},
		{"an invalid lay-off", "gin", withMelds(knockRound(t, annKnock2, bob38, ""), knock2Melds, Layoff{Player: "Bob", Cards: cards(t, "8S"), Onto: 3}),
			"Bob's lay-off onto meld 3 (JS QS KS) is not valid"},
		{"eleven cards not all melded", "gin", knockRound(t, "3C 4C 5C 7H 7S 7D JS QS KS 2D AC", bob38, ""),
			"Ann holds 11 cards, which is big gin only when every card is melded"},
		{"a short hand", "gin", knockRound(t, annKnock2, "9C 9D 9H", ""), "Bob defends holding 3 cards, but each hand holds 10"},
		{"a card twice", "gin", knockRound(t, annKnock2, "2D 9D 9H 4H 5H 6H KD QH 8S 10D", ""), "2D"},
	}
	for _, tt := range verdicts {
		t.Run(tt.name, func(t *testing.T) {
			vd, err := Judge(builtin(t, tt.variant), annBob, tt.round)
			if err != nil {
				t.Fatal(err)
			}
			if vd.OK() || !strings.Contains(strings.Join(vd.Problems, "\n"), tt.want) {
				t.Errorf("problems %q, want one holding %q", vd.Problems, tt.want)
			}
		})
	}
	unreadables := []struct {
		name    string
		variant string
		round   Round
		want    string
	}{
		{"no upcard under Oklahoma", "oklahoma-gin", knockRound(t, annKnock2, bob38, ""), "oklahoma-gin needs the first upcard"},
		{"out instead of a knock", "gin", Round{Out: "Ann"}, "gin scores by knocking"},
		{"no knock", "gin", Round{Hands: []Hand{hand(t, "Ann", annKnock2)}}, "say who knocked"},
		{"a stranger knocks", "gin", Round{Knock: "Cy"}, `knock names "Cy"`},
		{"the defender's melds", "gin", withMelds(knockRound(t, annKnock2, bob38, ""), []Meld{meld(t, "Bob", "9C 9D 9H")}), "give only the knocker's melds"},
		{"points for a hand", "gin", Round{Knock: "Ann", Hands: []Hand{{Player: "Bob", Points: 4, ByPoints: true}}}, "give the cards"},
		{"a knock under basic", "basic", Round{Knock: "Ann"}, "knock scoring"},
	}
	for _, tt := range unreadables {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Judge(builtin(t, tt.variant), annBob, tt.round)
			if !errors.Is(err, ErrUnreadable) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want ErrUnreadable holding %q", err, tt.want)
			}
		})
	}
}

func TestDeadHand(t *testing.T) {
	for _, name := range []string{"gin", "oklahoma-gin"} {
		vd, err := Judge(builtin(t, name), annBob, Round{Stalemate: true})
		if err != nil || !vd.OK() {
			t.Fatal(err, vd.Problems)
		}
		if vd.Knock.Outcome != OutcomeDead || !reflect.DeepEqual(vd.Totals(), map[string]int{"Ann": 0, "Bob": 0}) {
			t.Errorf("%s dead hand: %+v %v", name, vd.Knock, vd.Totals())
		}
	}
}

// TestDefenderLayoffsBruteForce: on random gin deals (seeded), the
// defender's deadwood the referee finds equals the least over every way
// of laying off the defender's cards onto the knocker's melds (each card
// kept or laid onto a meld it could join, the cards onto one meld laid
// together) with the rest melded as well as possible.
func TestDefenderLayoffsBruteForce(t *testing.T) {
	v := builtin(t, "gin")
	rules := v.Rules(2)
	rng := rand.New(rand.NewPCG(12, 2026))
	deals := 200
	if testing.Short() {
		deals = 60
	}
	withLayoffs := 0
	for n := 0; n < deals; n++ {
		melds, dead, rest := knockerDeal(rng, rules)
		// The defender: ten cards, most of them next to the knocker's
		// melds so that lay-offs are common.
		near := nearCards(rules, rest, melds)
		rng.Shuffle(len(near), func(i, j int) { near[i], near[j] = near[j], near[i] })
		var dh []engine.Card
		for _, c := range near[:min(len(near), 4+rng.IntN(5))] {
			dh = append(dh, c)
		}
		for _, c := range rest {
			if len(dh) == 10 {
				break
			}
			if !slices.Contains(dh, c) {
				dh = append(dh, c)
			}
		}
		var kh []engine.Card
		r := Round{Knock: "Ann"}
		for _, m := range melds {
			kh = append(kh, m...)
			r.Melds = append(r.Melds, Meld{Player: "Ann", Meld: engine.Meld{Cards: m}})
		}
		kh = append(kh, dead...)
		r.Hands = []Hand{{Player: "Ann", Cards: kh}, {Player: "Bob", Cards: dh}}
		vd, err := Judge(v, annBob, r)
		if err != nil || !vd.OK() {
			t.Fatalf("deal %d: %v %q\nknocker %v defender %v", n, err, vd.Problems, kh, dh)
		}
		want := bruteDefender(t, rules, dh, melds, len(dead) > 0)
		if got := vd.Knock.DefenderPoints; got != want {
			t.Fatalf("deal %d: defender's deadwood %d, brute force %d\nknocker melds %v dead %v\ndefender %v\nreferee %+v", n, got, want, melds, dead, dh, vd.Knock)
		}
		if len(vd.Knock.DefenderLayoffs) > 0 {
			withLayoffs++
		}
		// The referee's own choice of melds: its defender's deadwood is
		// the brute force's against those melds.
		r.Melds = nil
		vd, err = Judge(v, annBob, r)
		if err != nil || !vd.OK() {
			t.Fatalf("deal %d without melds: %v %q", n, err, vd.Problems)
		}
		k := vd.Knock
		if want := bruteDefender(t, rules, dh, k.KnockerMelds, k.KnockerPoints > 0); k.DefenderPoints != want {
			t.Fatalf("deal %d: with the referee's melds %v the defender's deadwood is %d, brute force %d", n, k.KnockerMelds, k.DefenderPoints, want)
		}
	}
	if withLayoffs < deals/4 {
		t.Errorf("only %d of %d deals had a lay-off: the test barely tests lay-offs", withLayoffs, deals)
	}
}

// knockerDeal deals a knocking hand: three random melds and deadwood of
// at most 10 points, ten cards in all, and the rest of the deck shuffled.
func knockerDeal(rng *rand.Rand, rules engine.Rules) (melds [][]engine.Card, dead, rest []engine.Card) {
	for {
		deck := engine.Deck()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		used := map[engine.Card]bool{}
		melds = nil
		size := 0
		most := 10 // gin now and then
		if rng.IntN(5) > 0 {
			most = 9 // mostly a knock, which the defender may lay off against
		}
		for tries := 0; len(melds) < 3 && tries < 100; tries++ {
			var m []engine.Card
			c := deck[rng.IntN(len(deck))]
			if rng.IntN(2) == 0 { // a set
				for s := engine.Clubs; s <= engine.Spades; s++ {
					m = append(m, engine.NewCard(c.Rank(), s))
				}
				rng.Shuffle(len(m), func(i, j int) { m[i], m[j] = m[j], m[i] })
				m = m[:3+rng.IntN(2)]
			} else { // a run
				n := 3 + rng.IntN(2)
				if int(c.Rank())+n-1 > int(engine.King) {
					continue
				}
				for k := 0; k < n; k++ {
					m = append(m, engine.NewCard(c.Rank()+engine.Rank(k), c.Suit()))
				}
			}
			if size+len(m) > most || slices.ContainsFunc(m, func(c engine.Card) bool { return used[c] }) {
				continue
			}
			for _, c := range m {
				used[c] = true
			}
			melds, size = append(melds, m), size+len(m)
		}
		if len(melds) < 3 {
			continue
		}
		dead, rest = nil, nil
		points := 0
		for _, c := range deck {
			switch {
			case used[c]:
			case size < 10 && points+rules.Values.Points(c) <= 10:
				dead = append(dead, c)
				points += rules.Values.Points(c)
				size++
			default:
				rest = append(rest, c)
			}
		}
		if size == 10 {
			return melds, dead, rest
		}
	}
}

// nearCards returns the cards of rest that can be laid off onto one of
// melds alone, or with one more card of the run's suit.
func nearCards(rules engine.Rules, rest []engine.Card, melds [][]engine.Card) []engine.Card {
	var out []engine.Card
	for _, c := range rest {
		for _, m := range melds {
			vd, _ := rules.LayOff(engine.Meld{Cards: m}, []engine.Card{c})
			lo, hi := m[0].Rank(), m[len(m)-1].Rank()
			twoAway := m[0].Suit() == m[1].Suit() && c.Suit() == m[0].Suit() && (c.Rank()+2 == lo || c.Rank() == hi+2)
			if vd.Valid || twoAway {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

func joins(c engine.Card, m []engine.Card) bool {
	if m[0].Rank() == m[1].Rank() {
		return c.Rank() == m[0].Rank()
	}
	return c.Suit() == m[0].Suit()
}

// bruteDefender returns the defender's least deadwood: every assignment of
// each card to the hand or to a meld it could join, each meld's cards
// laid off together (engine.LayOff), the rest arranged with no table.
func bruteDefender(t *testing.T, rules engine.Rules, dh []engine.Card, melds [][]engine.Card, layoffs bool) int {
	t.Helper()
	a, err := rules.Arrange(dh, nil)
	if err != nil {
		t.Fatal(err)
	}
	best := a.Points
	if !layoffs {
		return best
	}
	onto := make([][]engine.Card, len(melds))
	var kept []engine.Card
	var walk func(i int)
	walk = func(i int) {
		if i == len(dh) {
			for k, add := range onto {
				if len(add) == 0 {
					continue
				}
				vd, err := rules.LayOff(engine.Meld{Cards: melds[k]}, add)
				if err != nil || !vd.Valid {
					return
				}
			}
			a, err := rules.Arrange(kept, nil)
			if err != nil {
				t.Fatal(err)
			}
			best = min(best, a.Points)
			return
		}
		c := dh[i]
		kept = append(kept, c)
		walk(i + 1)
		kept = kept[:len(kept)-1]
		for k, m := range melds {
			if joins(c, m) {
				onto[k] = append(onto[k], c)
				walk(i + 1)
				onto[k] = onto[k][:len(onto[k])-1]
			}
		}
	}
	walk(0)
	return best
}

// TestMatchEndBonuses: a gin match to 100 (pagat's modern scoring): the
// game bonus of 100 to the first to reach it, a box of 25 for every hand
// each player won, a shutout doubling the winner's total; the classic
// values (box 20, a flat 100 for a shutout) from examples/gin-classic.yaml.
func TestMatchEndBonuses(t *testing.T) {
	win := func(p string, n int) Result {
		return Result{Winner: p, Scores: map[string]int{"Ann": 0, "Bob": 0, p: n}}
	}
	dead := Result{Scores: map[string]int{"Ann": 0, "Bob": 0}}
	gin := builtin(t, "gin")
	classic, err := variants.LoadFile("../examples/gin-classic.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		v       *variants.Variant
		results []Result
		totals  map[string]int
		bonuses map[string][]Bonus
	}{
		{"not finished: no bonus", gin, []Result{win("Ann", 36), win("Bob", 33)},
			map[string]int{"Ann": 36, "Bob": 33}, nil},
		{"game and boxes", gin, []Result{win("Ann", 36), win("Bob", 33), dead, win("Ann", 55), win("Ann", 36)},
			map[string]int{"Ann": 127 + 100 + 3*25, "Bob": 33 + 25},
			map[string][]Bonus{"Ann": {{GameBonus, 0, 100}, {BoxBonus, 3, 75}}, "Bob": {{BoxBonus, 1, 25}}}},
		{"shutout doubles", gin, []Result{win("Ann", 36), dead, win("Ann", 55), win("Ann", 36)},
			map[string]int{"Ann": (127 + 100 + 75) * 2, "Bob": 0},
			map[string][]Bonus{"Ann": {{GameBonus, 0, 100}, {BoxBonus, 3, 75}, {ShutoutBonus, 0, 302}}}},
		{"classic shutout is a flat 100", classic, []Result{win("Ann", 36), win("Ann", 55), win("Ann", 36)},
			map[string]int{"Ann": 127 + 100 + 3*20 + 100, "Bob": 0},
			map[string][]Bonus{"Ann": {{GameBonus, 0, 100}, {BoxBonus, 3, 60}, {ShutoutBonus, 0, 100}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Match{Variant: tt.v, Players: annBob, Target: 100}
			st := m.Stand(tt.results)
			if !reflect.DeepEqual(st.Totals, tt.totals) || !reflect.DeepEqual(st.Bonuses, tt.bonuses) {
				t.Errorf("totals %v bonuses %v\nwant %v %v", st.Totals, st.Bonuses, tt.totals, tt.bonuses)
			}
			if tt.bonuses != nil && (!st.Finished || !slices.Equal(st.Winners, []string{"Ann"})) {
				t.Errorf("finished %v winners %v, want Ann", st.Finished, st.Winners)
			}
		})
	}
}

// TestWinnerDealsAfterAGinHand: under deal.rotation winner the hand's
// winner deals next, the undercutter too; after a dead hand the same
// dealer deals again.
func TestWinnerDealsAfterAGinHand(t *testing.T) {
	v := builtin(t, "gin")
	if err := v.Override("deal.rotation=winner"); err != nil {
		t.Fatal(err)
	}
	m := Match{Variant: v, Players: annBob, Target: 100}
	rs := []Result{{Dealer: "Ann", Winner: "Bob", Scores: map[string]int{"Bob": 33}}}
	if d := m.Stand(rs).NextDealer; d != "Bob" {
		t.Errorf("after Bob's undercut %s deals, want Bob", d)
	}
	rs = append(rs, Result{Dealer: "Bob", Scores: map[string]int{}})
	if d := m.Stand(rs).NextDealer; d != "Bob" {
		t.Errorf("after a dead hand %s deals, want Bob again", d)
	}
}

func TestCheckKnock(t *testing.T) {
	tests := []struct {
		variant, hand, upcard string
		want                  KnockCheck
	}{
		{"gin", annKnock2, "", KnockCheck{Limit: 10, Deadwood: 2, CanKnock: true}},
		{"gin", annGin, "", KnockCheck{Limit: 10, CanKnock: true, Gin: true}},
		{"gin", annBigGin, "", KnockCheck{Limit: 10, CanKnock: true, BigGin: true}},
		{"gin", annKnock2 + " 9H", "", KnockCheck{Limit: 10, Deadwood: 2, Discard: cards(t, "9H")[0], CanKnock: true}},
		{"gin", "3C 4C 5C 7H 7S 7D JS QS 2D 9S", "", KnockCheck{Limit: 10, Deadwood: 31}},
		{"oklahoma-gin", annKnock9, "5H", KnockCheck{Limit: 5, Deadwood: 9}},
		{"oklahoma-gin", annKnock9, "KD", KnockCheck{Limit: 10, Deadwood: 9, CanKnock: true}},
		{"oklahoma-gin", annKnock2, "AD", KnockCheck{Limit: 0, Deadwood: 2}},
		{"oklahoma-gin", annGin, "AD", KnockCheck{Limit: 0, CanKnock: true, Gin: true}},
	}
	for _, tt := range tests {
		var up engine.Card
		if tt.upcard != "" {
			up = cards(t, tt.upcard)[0]
		}
		got, err := CheckKnock(builtin(t, tt.variant), cards(t, tt.hand), up)
		if err != nil || got != tt.want {
			t.Errorf("%s %q upcard %q: %+v, %v; want %+v", tt.variant, tt.hand, tt.upcard, got, err, tt.want)
		}
	}
	if _, err := CheckKnock(builtin(t, "oklahoma-gin"), cards(t, annKnock2), 0); !errors.Is(err, ErrUnreadable) {
		t.Errorf("no upcard under Oklahoma: %v, want ErrUnreadable", err)
	}
	if _, err := CheckKnock(builtin(t, "basic"), cards(t, annKnock2), 0); !errors.Is(err, ErrUnreadable) {
		t.Errorf("basic: %v, want ErrUnreadable", err)
	}
}

// FuzzJudgeKnock: any two hands, melds and upcard under gin and Oklahoma
// get a verdict or an ErrUnreadable error, never a panic; a hand that
// stands scores one player at most, and never below zero.
func FuzzJudgeKnock(f *testing.F) {
	f.Add(annKnock2, bob38, "", "", "", false)
	f.Add(annGin, bob30, "3C 4C 5C 6C", "2C", "3S", true)
	f.Add(annBigGin, bob30, "", "", "AH", true)
	f.Add("3C 4C", "JK JK 5H", "3C 4C 5C", "6C", "9X", false)
	gin, okla := builtin(f, "gin"), builtin(f, "oklahoma-gin")
	f.Fuzz(func(t *testing.T, ann, bob, meld, lay, upcard string, oklahoma bool) {
		v := gin
		if oklahoma {
			v = okla
		}
		a, err1 := engine.ParseCards(ann)
		b, err2 := engine.ParseCards(bob)
		if err1 != nil || err2 != nil || len(a) > 14 || len(b) > 14 {
			return
		}
		r := Round{Knock: "Ann", Hands: []Hand{{Player: "Ann", Cards: a}, {Player: "Bob", Cards: b}}}
		if m, err := engine.ParseMeld(meld); err == nil && len(m.Cards) > 0 {
			r.Melds = []Meld{{Player: "Ann", Meld: m}}
			if l, err := engine.ParseCards(lay); err == nil && len(l) > 0 {
				r.Layoffs = []Layoff{{Player: "Bob", Cards: l, Onto: 1}}
			}
		}
		if c, err := engine.ParseCard(upcard); err == nil {
			r.Upcard = c
		}
		vd, err := Judge(v, annBob, r)
		if err != nil {
			if !errors.Is(err, ErrUnreadable) {
				t.Fatalf("error %v is not ErrUnreadable", err)
			}
			return
		}
		if !vd.OK() {
			return
		}
		scored := 0
		for _, s := range vd.Scores {
			if s.Total < 0 {
				t.Fatalf("negative score %+v", vd.Scores)
			}
			if s.Total > 0 {
				scored++
			}
		}
		if scored > 1 {
			t.Fatalf("two players scored: %+v", vd.Scores)
		}
	})
}
