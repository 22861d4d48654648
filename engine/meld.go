package engine

import (
	"fmt"
	"slices"
	"strings"
)

// Kind is the kind of a meld. The zero Kind is invalid.
type Kind uint8

// The meld kinds (RULES.md 2).
const (
	Set Kind = iota + 1 // cards of one rank (a group or book)
	Run                 // cards of one suit in sequence
)

// String returns "set" or "run".
func (k Kind) String() string {
	switch k {
	case Set:
		return "set"
	case Run:
		return "run"
	}
	return "?"
}

// Meld is a group of cards put down together, as a player names it: the
// cards, and for each joker the card the player says it stands for, where
// they say one (JK=9H).
type Meld struct {
	Cards []Card
	// Named holds, for each joker of Cards in order, the natural card the
	// player named for it, or 0 where they named none. It is nil when no
	// joker is named.
	Named []Card
}

// String returns the meld in canonical notation, with named jokers as JK=9H.
func (m Meld) String() string { return m.Format(false) }

// Format returns the meld with suit symbols when symbols is true.
func (m Meld) Format(symbols bool) string {
	var b strings.Builder
	j := 0
	for i, c := range m.Cards {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.Format(symbols))
		if c == Joker {
			if j < len(m.Named) && m.Named[j] != 0 {
				b.WriteString("=" + m.Named[j].Format(symbols))
			}
			j++
		}
	}
	return b.String()
}

// Reading is one way a meld is valid: its kind and the cards its jokers
// stand for.
type Reading struct {
	Kind Kind
	// Jokers holds what each joker stands for: in run order for a run, in
	// suit order for a set.
	Jokers []Card
	// Cards is the whole meld as read, jokers replaced: a run from its low
	// end, a set in suit order.
	Cards []Card
	// AceLow is true for a run that starts with an ace (A-2-3), where
	// meld-points scoring may count the ace low (scoring.ace_low_run).
	AceLow bool
	// Wild holds the wild cards (Rules.WildRanks) acting as jokers in this
	// reading, in card order, and WildAs what each stands for; the other
	// wild cards of the meld act as themselves.
	Wild, WildAs []Card
}

// Verdict is the engine's judgement of one meld.
type Verdict struct {
	Cards  []Card // the meld as given
	Valid  bool
	Kind   Kind   // when Valid; a set where a meld could be either
	Reason string // when not Valid: why, in plain words
	// Jokers holds, for each joker of Cards in order, every card it can
	// stand for in a valid reading. Jokers are alike, so with several
	// jokers each list is the same: every card some joker stands for in
	// some reading; Readings says which go together.
	Jokers   [][]Card
	Readings []Reading // every valid reading, when Valid
}

// Judge judges cards as one meld under r.
func (r Rules) Judge(cards []Card) Verdict { return r.JudgeMeld(Meld{Cards: cards}) }

// JudgeMeld judges a meld whose jokers may name what they stand for.
func (r Rules) JudgeMeld(m Meld) Verdict {
	v := Verdict{Cards: m.Cards}
	reads, why := r.readings(m.Cards)
	if why == "" && len(m.Named) > 0 {
		reads, why = filterNamed(reads, m.Named)
	}
	if why != "" {
		v.Reason = why
		return v
	}
	return r.verdict(v, reads)
}

// verdict fills a valid verdict from its readings.
func (r Rules) verdict(v Verdict, reads []Reading) Verdict {
	v.Valid = true
	v.Kind = reads[0].Kind
	v.Readings = reads
	k := len(reads[0].Jokers)
	if k > 0 {
		// Jokers are alike, so each can stand for any card some joker
		// stands for in some reading.
		var all []Card
		for _, rd := range reads {
			for _, c := range rd.Jokers {
				if !slices.Contains(all, c) {
					all = append(all, c)
				}
			}
		}
		v.Jokers = make([][]Card, k)
		for i := range k {
			v.Jokers[i] = all
		}
	}
	return v
}

// filterNamed keeps the readings in which every named joker reading is
// among the jokers' cards.
func filterNamed(reads []Reading, named []Card) ([]Reading, string) {
	var want []Card
	for _, n := range named {
		if n != 0 {
			want = append(want, n)
		}
	}
	var keep []Reading
	for _, rd := range reads {
		if subMultiset(want, rd.Jokers) {
			keep = append(keep, rd)
		}
	}
	if len(keep) == 0 {
		var can []string
		for _, rd := range reads {
			can = append(can, FormatCards(rd.Jokers, false))
		}
		return nil, fmt.Sprintf("the jokers cannot stand for %s here (they can be %s)",
			FormatCards(want, false), strings.Join(can, " or "))
	}
	return keep, ""
}

// subMultiset reports whether every card of a is in b, counting copies.
func subMultiset(a, b []Card) bool {
	used := make([]bool, len(b))
next:
	for _, c := range a {
		for i, d := range b {
			if !used[i] && d == c {
				used[i] = true
				continue next
			}
		}
		return false
	}
	return true
}

// readings returns every valid reading of cards, or why there is none.
func (r Rules) readings(cards []Card) ([]Reading, string) {
	var nat, wild []Card
	k := 0
	for i, c := range cards {
		switch {
		case c == Joker:
			k++
		case c.Valid():
			nat = append(nat, c)
			if r.IsWild(c) && !r.wildAsNatural {
				wild = append(wild, c)
			}
		default:
			return nil, fmt.Sprintf("card %d is not a card", i+1)
		}
	}
	if len(wild) == 0 {
		return r.plainReadings(nat, k, k)
	}
	return r.wildReadings(nat, wild, k)
}

// wildReadings returns the readings of nat plus k jokers where the wild
// cards among nat may each act as a joker or as themselves: every choice of
// how many copies of each wild card act as jokers. With no valid reading it
// says why the cards, all acting as themselves, are no meld.
func (r Rules) wildReadings(nat, wild []Card, k int) ([]Reading, string) {
	slices.Sort(wild)
	wild = slices.Compact(slices.Clone(wild))
	counts := make([]int, len(wild))
	for _, c := range nat {
		if i := slices.Index(wild, c); i >= 0 {
			counts[i]++
		}
	}
	var all []Reading
	why := ""
	acting := make([]int, len(wild))
	for {
		rest, act := slices.Clone(nat), []Card(nil)
		for i, w := range wild {
			for range acting[i] {
				act = append(act, w)
				j := slices.Index(rest, w)
				rest = slices.Delete(rest, j, j+1)
			}
		}
		reads, w := r.plainReadings(rest, k+len(act), k)
		if len(act) == 0 {
			why = w
		}
		for _, rd := range reads {
			all = splitStandIns(all, rd, k, act)
		}
		if !nextChoice(acting, counts) {
			break
		}
	}
	if len(all) == 0 {
		return nil, why
	}
	return all, ""
}

// splitStandIns appends the readings of rd, whose Jokers are what k jokers
// and the wild cards act stand for together, with each way of sharing those
// stand-ins between the jokers and the wild cards.
func splitStandIns(reads []Reading, rd Reading, k int, act []Card) []Reading {
	if len(act) == 0 {
		return append(reads, rd)
	}
	stand := rd.Jokers
	var pick func(from int, jok []Card, idx []int)
	pick = func(from int, jok []Card, idx []int) {
		if len(jok) == k {
			var as []Card
			for i, c := range stand {
				if !slices.Contains(idx, i) {
					as = append(as, c)
				}
			}
			out := rd
			out.Jokers, out.Wild, out.WildAs = slices.Clone(jok), act, as
			for _, o := range reads {
				if slices.Equal(o.Cards, out.Cards) && slices.Equal(o.Jokers, out.Jokers) && slices.Equal(o.Wild, out.Wild) && slices.Equal(o.WildAs, out.WildAs) {
					return
				}
			}
			reads = append(reads, out)
			return
		}
		for i := from; i < len(stand); i++ {
			pick(i+1, append(jok, stand[i]), append(idx, i))
		}
	}
	pick(0, make([]Card, 0, k), make([]int, 0, k))
	return reads
}

// plainReadings returns every valid reading of the naturals nat plus k
// stand-ins, of which real are jokers and the rest wild cards acting as
// jokers, or why there is none.
func (r Rules) plainReadings(nat []Card, k, real int) ([]Reading, string) {
	n := len(nat) + k
	minSize := max(r.MinSize, 1)
	switch {
	case n < minSize:
		return nil, fmt.Sprintf("a meld needs at least %d cards", minSize)
	case len(nat) == 0:
		return nil, "a meld of jokers alone is never valid"
	case real > 0 && r.Jokers == 0:
		return nil, r.name() + " is played without jokers"
	case len(nat) < r.MinNatural:
		return nil, fmt.Sprintf("a meld needs at least %d natural cards, and this one has %d", r.MinNatural, len(nat))
	case r.MaxJokers > 0 && k > r.MaxJokers:
		return nil, fmt.Sprintf("a meld may hold at most %d %s, and this one has %d", r.MaxJokers, plural(r.MaxJokers, "joker", "jokers"), k)
	}
	var reads []Reading
	if r.Sets {
		reads = r.setReadings(nat, k, reads)
	}
	if r.Runs {
		reads = r.runReadings(nat, k, reads)
	}
	if len(reads) == 0 {
		return nil, r.why(nat, k)
	}
	return reads, ""
}

// decks returns the number of decks, at least 1.
func (r Rules) decks() int { return max(r.Decks, 1) }

// setReadings appends the readings of nat plus k jokers as a set.
func (r Rules) setReadings(nat []Card, k int, reads []Reading) []Reading {
	rank := nat[0].Rank()
	var have [5]int
	for _, c := range nat {
		if c.Rank() != rank {
			return reads
		}
		have[c.Suit()]++
	}
	limit := r.decks()
	if r.DistinctSuits {
		limit = 1
	}
	for _, s := range Suits {
		if have[s] > limit {
			return reads
		}
	}
	if len(nat)+k > r.maxSetSize() {
		return reads
	}
	// Choose the jokers' suits as a multiset, in suit order.
	jok := make([]Card, 0, k)
	var pick func(si int)
	pick = func(si int) {
		if len(jok) == k {
			rd := Reading{Kind: Set, Jokers: slices.Clone(jok)}
			rd.Cards = append(slices.Clone(nat), jok...)
			slices.Sort(rd.Cards)
			reads = append(reads, rd)
			return
		}
		for s := si; s < 4; s++ {
			su := Suits[s]
			if have[su] < limit {
				have[su]++
				jok = append(jok, NewCard(rank, su))
				pick(s)
				jok = jok[:len(jok)-1]
				have[su]--
			}
		}
	}
	pick(0)
	return reads
}

// runReadings appends the readings of nat plus k jokers as a run.
func (r Rules) runReadings(nat []Card, k int, reads []Reading) []Reading {
	suit := nat[0].Suit()
	var has [14]bool // by rank
	for _, c := range nat {
		if c.Suit() != suit || has[c.Rank()] {
			return reads
		}
		has[c.Rank()] = true
	}
	n := len(nat) + k
	if n > 13 {
		return reads
	}
	// Positions 1 to 14 where 1 and 14 are both the ace; a run is the
	// window [a, a+n-1]. Without wrap it must lie in the ace's range and
	// never hold position 1 and 14 together (n <= 13 sees to that).
	lo, hi := 1, 13
	switch r.Ace {
	case AceHigh:
		lo, hi = 2, 14
	case AceEither:
		lo, hi = 1, 14
	}
	starts := hi - n + 1
	if r.Wrap {
		lo, starts = 1, 13
	}
	for a := lo; a <= starts; a++ {
		covered := 0
		rd := Reading{Kind: Run, Cards: make([]Card, 0, n)}
		for p := a; p < a+n; p++ {
			rank := Rank((p-1)%13 + 1)
			c := NewCard(rank, suit)
			if has[rank] {
				covered++
			} else {
				rd.Jokers = append(rd.Jokers, c)
			}
			rd.Cards = append(rd.Cards, c)
		}
		if covered != len(nat) {
			continue
		}
		rd.AceLow = rd.Cards[0].Rank() == Ace && n > 1 && rd.Cards[1].Rank() == Two
		if r.Wrap && n == 13 && a > 1 {
			continue // every start of a 13-card wrapped run reads the same cards
		}
		reads = append(reads, rd)
	}
	return reads
}

// why explains why nat plus k jokers make no meld, naming the cards at
// fault where it can.
func (r Rules) why(nat []Card, k int) string {
	sameRank, sameSuit := true, true
	for _, c := range nat[1:] {
		sameRank = sameRank && c.Rank() == nat[0].Rank()
		sameSuit = sameSuit && c.Suit() == nat[0].Suit()
	}
	n := len(nat) + k
	switch {
	case sameRank && (r.Sets || !sameSuit):
		if !r.Sets {
			return r.name() + " has no sets"
		}
		return r.whyNotSet(nat, n)
	case sameSuit:
		if !r.Runs {
			return r.name() + " has no runs"
		}
		return r.whyNotRun(nat, k)
	}
	// Mixed ranks and suits: say what breaks the meld the cards most look
	// like.
	rankOf, suitOf := majority(nat, func(c Card) int { return int(c.Rank()) }), majority(nat, func(c Card) int { return int(c.Suit()) })
	nr, ns := count(nat, func(c Card) bool { return int(c.Rank()) == rankOf }), count(nat, func(c Card) bool { return int(c.Suit()) == suitOf })
	if !r.Runs || (r.Sets && nr >= ns && nr >= 2) {
		for _, c := range nat {
			if int(c.Rank()) != rankOf {
				return fmt.Sprintf("a set is one rank: %s is not a %s", c, Rank(rankOf))
			}
		}
	}
	if !r.Runs {
		return r.name() + " has no runs"
	}
	for _, c := range nat {
		if int(c.Suit()) != suitOf {
			return fmt.Sprintf("a run is one suit: %s is %s", c, c.Suit().Name())
		}
	}
	return "not a set or a run"
}

func (r Rules) whyNotSet(nat []Card, n int) string {
	var seen [5][]Card
	for _, c := range nat {
		s := c.Suit()
		seen[s] = append(seen[s], c)
		if r.DistinctSuits && len(seen[s]) == 2 {
			return fmt.Sprintf("two %s in one set (%s %s)", s.Name(), seen[s][0], c)
		}
		if len(seen[s]) > r.decks() {
			return fmt.Sprintf("%s appears %d times, but %s %s only %d", c, len(seen[s]),
				plural(r.decks(), "1 deck", fmt.Sprintf("%d decks", r.decks())), plural(r.decks(), "has", "have"), r.decks())
		}
	}
	if n > r.maxSetSize() {
		if r.DistinctSuits {
			return "a set has at most 4 cards, one of each suit"
		}
		return fmt.Sprintf("a set has at most %d cards with %d decks", r.maxSetSize(), r.decks())
	}
	return "not a set"
}

func (r Rules) whyNotRun(nat []Card, k int) string {
	var has [14]bool
	for _, c := range nat {
		if has[c.Rank()] {
			return fmt.Sprintf("%s twice: a run holds each rank once", c)
		}
		has[c.Rank()] = true
	}
	if len(nat)+k > 13 {
		return "a run has at most 13 cards"
	}
	seq := FormatCards(nat, false)
	// Would another ace rule or wrap have made it a run?
	if has[Ace] {
		for _, alt := range []AcePosition{AceLow, AceHigh, AceEither} {
			if alt == r.Ace {
				continue
			}
			o := r
			o.Ace = alt
			if len(o.runReadings(nat, k, nil)) > 0 {
				if r.Ace == AceEither {
					break
				}
				return fmt.Sprintf("%s is not a run in %s: aces are %s", seq, r.name(), r.Ace)
			}
		}
	}
	if !r.Wrap {
		o := r
		o.Wrap = true
		if len(o.runReadings(nat, k, nil)) > 0 {
			return fmt.Sprintf("%s is not a run in %s: a run cannot turn the corner from king to ace to 2", seq, r.name())
		}
	}
	// Gaps no joker fills.
	s := sortedRun(nat)
	var missing []Card
	for i := 1; i < len(s); i++ {
		for rk := s[i-1].Rank() + 1; rk < s[i].Rank(); rk++ {
			missing = append(missing, NewCard(rk, s[0].Suit()))
		}
	}
	if len(missing) > k {
		verb := "is"
		if len(missing) > 1 {
			verb = "are"
		}
		msg := fmt.Sprintf("a run needs consecutive ranks: %s %s missing", joinAnd(missing), verb)
		if k > 0 {
			msg += fmt.Sprintf(" and there %s only %d %s to fill in", plural(k, "is", "are"), k, plural(k, "joker", "jokers"))
		}
		return msg
	}
	return fmt.Sprintf("%s plus %d %s is not a run in %s", seq, k, plural(k, "joker", "jokers"), r.name())
}

// sortedRun returns a copy of same-suit cards in rank order.
func sortedRun(nat []Card) []Card {
	s := slices.Clone(nat)
	slices.Sort(s)
	return s
}

func joinAnd(cards []Card) string {
	parts := Strings(cards)
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// majority returns the most common key among cards, the first seen on a tie.
func majority(cards []Card, key func(Card) int) int {
	counts := map[int]int{}
	best, bestN := 0, 0
	for _, c := range cards {
		counts[key(c)]++
	}
	for _, c := range cards {
		if n := counts[key(c)]; n > bestN {
			best, bestN = key(c), n
		}
	}
	return best
}

func count(cards []Card, f func(Card) bool) int {
	n := 0
	for _, c := range cards {
		if f(c) {
			n++
		}
	}
	return n
}
