package engine

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestSpareCopiesBound holds spareCopies to what it claims: on random hands
// of two or three decks, dense with repeated cards, no arrangement melds
// more copies of a card than its open copies less its spare ones; and
// roomForTwo finds the same spare copies for cards of two copies, and
// spareOfThree no more than spareCopies for cards of three. The
// fewest copies of card b any arrangement leaves is what the general
// solver, without the spare-copy rule, finds when b alone weighs anything.
func TestSpareCopiesBound(t *testing.T) {
	n := handCount(600)
	rng := rand.New(rand.NewPCG(11, 13))
	checked, checkedTwo, checkedThree := 0, 0, 0
	for i := range n {
		r := randomRules(rng)
		r.Decks = 2 + rng.IntN(2)
		r.DistinctSuits, r.Wrap = true, false
		r.MinSize = 3 + rng.IntN(2)
		r.Jokers = rng.IntN(3)
		deck := shuffledDeck(rng, r)
		denseFirst(rng, deck)
		hand := deck[:8+rng.IntN(12)]
		g := newGeneral(t, r, hand)
		if !g.spareCheck {
			continue
		}
		g.st = g.init
		room := g.roomForTwo(g.st.j)
		for y := g.init.lane; y != 0; y &= y - 1 {
			b := bits.TrailingZeros64(y)
			g.st = g.init
			spare := g.spareCopies(b, int(g.st.j))
			if g.st.cnt[b] == 2 {
				// Both count the same groups but for sets of four or more,
				// where spareCopies counts closer.
				inRoom := room>>uint(b)&1 != 0
				if !inRoom && spare == 0 || inRoom && spare > 0 && g.m == 3 {
					t.Fatalf("case %d: %s under %+v: roomForTwo says %v for %v, spareCopies %d",
						i, FormatCards(hand, false), r, inRoom, bitCard(b), spare)
				}
				if !inRoom {
					checkedTwo++
				}
			}
			if g.maxCount == 3 && g.st.cnt[b] == 3 {
				one, two, ask := g.spareOfThree(g.st.j)
				n := uint8(one>>uint(b)&1 + two>>uint(b)&1)
				if n > spare || ask>>uint(b)&1 != 0 && n > 0 {
					t.Fatalf("case %d: %s under %+v: spareOfThree says %d of %v (ask %v), spareCopies %d",
						i, FormatCards(hand, false), r, n, bitCard(b), ask>>uint(b)&1 != 0, spare)
				}
				if n > 0 {
					checkedThree++
				}
			}
			if spare == 0 {
				continue
			}
			checked++
			// The fewest copies of b left, with b weighing 1 and every other
			// card and joker nothing, by the search without the rule.
			g.spareCheck = false
			for k := range g.w {
				g.w[k] = 0
			}
			g.w[b], g.wJ, g.neg = 1, 0, false
			g.st = g.init
			left := g.search(infinity)
			g.spareCheck = true
			if left < int64(spare) {
				t.Fatalf("case %d: %s under %+v: %d spare copies of %v, but an arrangement leaves only %d",
					i, FormatCards(hand, false), r, spare, bitCard(b), left)
			}
		}
	}
	if checked == 0 || checkedTwo == 0 || checkedThree == 0 {
		t.Fatalf("%d cards with spare copies, %d by roomForTwo, %d by spareOfThree: the test checks too little", checked, checkedTwo, checkedThree)
	}
	t.Logf("%d cards with spare copies checked, %d of them by roomForTwo, %d by spareOfThree", checked, checkedTwo, checkedThree)
}

// TestJokerBoundIsLower holds the bound of the first node, the cards
// dropped at once and jokerBound, to the least weight the search finds, on
// random hands with jokers of one to three decks under the rules where
// jokerBound counts closer (fewRescued), dense and sparse.
func TestJokerBoundIsLower(t *testing.T) {
	n := handCount(3000)
	rng := rand.New(rand.NewPCG(17, 19))
	biting := 0
	for i := range n {
		r := randomRules(rng)
		r.Decks = 1 + rng.IntN(3)
		r.Wrap, r.MinSize = false, 3
		r.MinNatural = rng.IntN(4)
		r.Jokers = 1 + rng.IntN(4)
		if r.negativeValues() {
			r.Values = Values{Ace: 15, Face: 10, Joker: 15}
		}
		deck := shuffledDeck(rng, r)
		if rng.IntN(2) == 0 {
			denseFirst(rng, deck)
		}
		hand := deck[:6+rng.IntN(14)]
		g := newGeneral(t, r, hand)
		if !g.fewRescued {
			continue
		}
		fw := g.dropForced(nil)
		jb := g.jokerBound(infinity)
		g.st = g.init
		best := g.search(infinity)
		if fw+jb > best {
			t.Fatalf("case %d: %s under %+v: bound %d (dropped %d, jokers %d) above the least weight %d",
				i, FormatCards(hand, false), r, fw+jb, fw, jb, best)
		}
		if jb > 0 {
			biting++
		}
	}
	if biting == 0 {
		t.Fatal("jokerBound was 0 on every hand: the test checks nothing")
	}
	t.Logf("jokerBound above 0 on %d of %d hands", biting, n)
}

// newGeneral readies the general solver, without its transposition table,
// for hand under r.
func newGeneral(t *testing.T, r Rules, hand []Card) *general {
	t.Helper()
	return newGeneralTT(t, r, hand, ttOff)
}

// newGeneralTT readies the general solver for hand under r, its
// transposition table as tt says.
func newGeneralTT(t *testing.T, r Rules, hand []Card, tt ttMode) *general {
	t.Helper()
	var p problem
	if err := p.init(&r, hand, nil); err != nil {
		t.Fatal(err)
	}
	g := new(general)
	if err := g.setup(&p, nil, tt); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestMoreJokersNoWorse holds what moreJokersSay rests on: at a node whose
// groups can take j' jokers or more (cap), the least weight the open cards
// leave with j' jokers is no more than with the fewer jokers the node has.
// The nodes are reached by random walks down the search from random hands
// with jokers under random rules, table melds among them.
func TestMoreJokersNoWorse(t *testing.T) {
	n := handCount(8000)
	rng := rand.New(rand.NewPCG(23, 29))
	checked := 0
	for i := range n {
		r := randomRules(rng)
		r.Jokers = 2 + rng.IntN(3)
		deck := shuffledDeck(rng, r)
		if rng.IntN(2) == 0 {
			denseFirst(rng, deck)
		}
		hand := deck[:6+rng.IntN(10)]
		deck = deck[len(hand):]
		var table []Meld
		if rng.IntN(3) == 0 {
			table = randomTable(rng, r, hand, &deck)
		}
		var p problem
		if err := p.init(&r, hand, table); err != nil {
			t.Fatal(err)
		}
		g := new(general)
		if err := g.setup(&p, nil, ttOff); err != nil {
			t.Fatal(err)
		}
		for g.dropForced(nil); g.st.order != 0; g.dropForced(nil) {
			node := g.st
			least := g.search(infinity)
			for jj := node.j + 1; jj <= g.init.j && jj <= node.cap; jj++ {
				g.st = node
				g.st.j = jj
				if more := g.search(infinity); more > least {
					t.Fatalf("case %d: %s onto %v under %+v: %d jokers leave %d, %d leave %d (cap %d)",
						i, FormatCards(hand, false), table, r, node.j, least, jj, more, node.cap)
				}
				checked++
			}
			g.st = node
			g.genOptionsFor(bits.TrailingZeros64(g.st.order))
			k := len(g.opts) - 1 // deadwood, last
			if k > 0 && rng.IntN(4) != 0 {
				k = rng.IntN(k) // a group
			}
			o := g.opts[k]
			g.opts = g.opts[:0]
			g.apply(&o)
		}
	}
	if checked < n/10 {
		t.Fatalf("%d nodes of %d hands could take more jokers: the test checks little", checked, n)
	}
	t.Logf("%d nodes checked", checked)
}

// TestWindowStarts holds windowStarts, with its shortcuts, to counting the
// bits of each window one by one.
func TestWindowStarts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 17))
	for range 2000 {
		y := rng.Uint64() & rng.Uint64()
		m := 2 + rng.IntN(14)
		for th := 0; th <= m; th++ {
			got := windowStarts(y, m, th)
			for p := range 64 {
				want := bits.OnesCount64(y>>uint(p)&(1<<uint(m)-1)) >= th
				if got>>uint(p)&1 != 0 != want {
					t.Fatalf("windowStarts(%#x, %d, %d) bit %d: got %v, want %v", y, m, th, p, !want, want)
				}
			}
		}
	}
}

// TestRunsThroughClosedForm holds the closed form of runsThrough to trying
// every number of middle triples.
func TestRunsThroughClosedForm(t *testing.T) {
	for a := range 6 {
		for b := range 6 {
			for d := range 6 {
				for e := range 6 {
					g := &general{lo: 1, hi: 13}
					g.st.cnt[5], g.st.cnt[6], g.st.cnt[8], g.st.cnt[9] = uint8(a), uint8(b), uint8(d), uint8(e)
					want := 0
					for mid := 0; mid <= min(b, d); mid++ {
						want = max(want, mid+min(a, b-mid)+min(e, d-mid))
					}
					if got := g.runsThrough(0, 7); got != want {
						t.Fatalf("copies %d %d _ %d %d: runsThrough %d, want %d", a, b, d, e, got, want)
					}
				}
			}
		}
	}
}

// TestSetsThroughByBits holds setsThrough, which counts by the open cards'
// bits up to three copies, to summing the other suits' copies.
func TestSetsThroughByBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 23))
	for range 5000 {
		g := &general{m: 2 + rng.IntN(4)}
		const rk = 4
		var n [4]int
		for s := range 4 {
			n[s] = rng.IntN(4)
			b := s*16 + rk
			g.st.cnt[b] = uint8(n[s])
			if n[s] >= 1 {
				g.st.lane |= 1 << uint(b)
			}
			if n[s] >= 2 {
				g.st.twice |= 1 << uint(b)
			}
			if n[s] >= 3 {
				g.st.thrice |= 1 << uint(b)
			}
		}
		su, c := rng.IntN(4), 1+rng.IntN(3)
		want := 0
		for x := 1; x <= c; x++ {
			sum := 0
			for s := range 4 {
				if s != su {
					sum += min(n[s], x)
				}
			}
			if sum >= x*(g.m-1) {
				want = x
			}
		}
		if got := g.setsThrough(su, rk, c); got != want {
			t.Fatalf("copies %v, suit %d, %d copies, melds of %d: setsThrough %d, want %d", n, su, c, g.m, got, want)
		}
	}
}
