package referee

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/variants"
)

// Knock scoring (gin rummy, scoring.method knock): a hand ends when one
// player knocks, laying down melds and at most the knock limit of
// deadwood; the defender lays off onto the knocker's melds (not after gin)
// and melds the rest, and the two deadwood counts are compared. The
// referee is given both whole hands and finds the rest: the knocker's
// arrangement when it is not given, the defender's best lay-offs and
// melds, the outcome and the score.

// Outcome is how a hand under knock scoring ended.
type Outcome string

// The outcomes.
const (
	OutcomeKnock    Outcome = "knock"    // the knocker had less deadwood
	OutcomeUndercut Outcome = "undercut" // the defender had as little or less
	OutcomeTie      Outcome = "tie"      // equal deadwood and knock.undercut_on_tie false: nobody scores
	OutcomeGin      Outcome = "gin"      // the knocker melded all ten cards
	OutcomeBigGin   Outcome = "big-gin"  // the knocker melded all eleven cards, no discard
	OutcomeDead     Outcome = "dead"     // nobody knocked before the stock ran low
)

// KnockResult is the referee's reading of a hand under knock scoring.
type KnockResult struct {
	Outcome  Outcome
	Knocker  string // "" for a dead hand
	Defender string
	Winner   string // who scored; "" for a dead hand or a tie
	Limit    int    // the hand's knock limit (from the upcard under Oklahoma)

	KnockerMelds    [][]engine.Card // as laid, or the arrangement best for the knocker
	KnockerDeadwood []engine.Card
	KnockerPoints   int
	// DefenderLayoffs are onto KnockerMelds, Onto counting them from 1.
	DefenderLayoffs  []Layoff
	DefenderMelds    [][]engine.Card
	DefenderDeadwood []engine.Card
	DefenderPoints   int

	Points     int // the winner's score before the multiplier: difference, or deadwood, plus Bonus
	Bonus      int // the gin, big gin or undercut bonus within Points
	Multiplier int // the spade multiplier when the upcard is a spade, else 1
	Score      int // Points times Multiplier: what the winner adds
}

// judgeKnock judges r under knock scoring.
func judgeKnock(v *variants.Variant, players []string, r Round) (Verdict, error) {
	if r.Out != "" || r.Rummy {
		return Verdict{}, unreadable("%s scores by knocking: a hand ends with a knock (give who knocked) or dead, not with a player out or going rummy", v.Name)
	}
	if r.Knock != "" && !slices.Contains(players, r.Knock) {
		return Verdict{}, unreadable("knock names %q, who is not a player (players: %s)", r.Knock, strings.Join(players, ", "))
	}
	if r.Knock != "" && r.Stalemate {
		return Verdict{}, unreadable("a hand cannot both be knocked and dead")
	}
	if r.Knock == "" && !r.Stalemate {
		return Verdict{}, unreadable("%s scores by knocking: say who knocked, or that the hand was dead", v.Name)
	}
	if len(players) != 2 {
		return Verdict{}, unreadable("knock scoring is for two players, and this match has %d", len(players))
	}
	for _, h := range r.Hands {
		if h.ByPoints {
			return Verdict{}, unreadable("%s's hand is given as points: under knock scoring give the cards, so the referee can find the melds", h.Player)
		}
	}
	rules := v.Rules(2)
	zero := []Score{{Player: players[0]}, {Player: players[1]}}
	if r.Stalemate {
		// A dead hand scores nothing (pagat: the stock down to two cards
		// with no knock); hands, if given, are not needed.
		if len(r.Melds) > 0 || len(r.Layoffs) > 0 {
			return Verdict{}, unreadable("a dead hand has no melds or lay-offs to give: nobody knocked")
		}
		if probs := countProblems(rules, Round{Hands: r.Hands}); len(probs) > 0 {
			return Verdict{Problems: probs}, nil
		}
		return Verdict{Scores: zero, Knock: &KnockResult{Outcome: OutcomeDead, Multiplier: 1}}, nil
	}

	knocker, defender := r.Knock, players[0]
	if defender == knocker {
		defender = players[1]
	}
	for i, m := range r.Melds {
		if m.Player != knocker {
			return Verdict{}, unreadable("meld %d is %s's: give only the knocker's melds as laid; the referee finds the defender's", i+1, m.Player)
		}
	}
	for _, l := range r.Layoffs {
		if l.Onto < 1 || l.Onto > len(r.Melds) {
			return Verdict{}, unreadable("%s's lay-off goes onto meld %d, but %d of %s's %s given", l.Player, l.Onto, len(r.Melds), knocker, plural(len(r.Melds), "meld is", "melds are"))
		}
		if len(l.Cards) == 0 {
			return Verdict{}, unreadable("%s's lay-off onto meld %d has no cards", l.Player, l.Onto)
		}
	}
	limit, mult, err := handLimit(v, r.Upcard)
	if err != nil {
		return Verdict{}, err
	}

	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	hands := map[string][]engine.Card{}
	for _, h := range r.Hands {
		hands[h.Player] = h.Cards
	}
	dealt := v.Deal.Cards.At(2)
	for _, p := range []string{knocker, defender} {
		h, ok := hands[p]
		switch {
		case !ok:
			add("%s's hand is not given: under knock scoring give both players' whole hands", p)
		case p == knocker && len(h) != dealt && len(h) != dealt+1:
			add("%s knocked holding %d cards: give the %d cards kept after the discard (or all %d for big gin)", p, len(h), dealt, dealt+1)
		case p == defender && len(h) != dealt:
			add("%s defends holding %d cards, but each hand holds %d", p, len(h), dealt)
		}
	}
	problems = append(problems, countProblems(rules, Round{Hands: r.Hands})...)
	if len(problems) > 0 {
		return Verdict{Problems: problems}, nil
	}
	kh, dh := hands[knocker], hands[defender]

	k := knockJudge{v: v, rules: rules, limit: limit, mult: mult, knocker: knocker, defender: defender}

	var plans []knockPlan
	if len(r.Melds) > 0 {
		melds := make([][]engine.Card, len(r.Melds))
		var laid []engine.Card
		for i, m := range r.Melds {
			if vd := rules.JudgeMeld(m.Meld); !vd.Valid {
				add("meld %d (%s: %s) is not valid: %s", i+1, knocker, m.Meld, vd.Reason)
			}
			melds[i] = m.Meld.Cards
			laid = append(laid, m.Meld.Cards...)
		}
		dead, ok := subtract(kh, laid)
		if !ok {
			add("%s's melds hold cards that are not in %s's hand (%s)", knocker, knocker, engine.FormatCards(kh, false))
		}
		if len(problems) > 0 {
			return Verdict{Problems: problems}, nil
		}
		plans = []knockPlan{{melds: melds, dead: dead}}
	} else {
		plans = k.plans(kh)
	}
	best, why := k.best(plans, kh, dh, r)
	if why != "" {
		add("%s", why)
		return Verdict{Problems: problems}, nil
	}
	scores := zero
	for i := range scores {
		switch scores[i].Player {
		case knocker:
			scores[i].Hand = best.KnockerPoints
		case defender:
			scores[i].Hand = best.DefenderPoints
		}
		if scores[i].Player == best.Winner {
			scores[i].Total = best.Score
		}
	}
	return Verdict{Scores: scores, Knock: best}, nil
}

// handLimit returns a hand's knock limit and score multiplier under v,
// from the first upcard where the variant goes by it (Oklahoma Gin); an
// upcard it needs and lacks is an ErrUnreadable error.
func handLimit(v *variants.Variant, upcard engine.Card) (limit, mult int, err error) {
	if (v.Knock.LimitFromUpcard || v.Knock.SpadeMultiplier > 1) && upcard == 0 {
		return 0, 0, unreadable("%s needs the first upcard of the hand (its knock limit or the spade doubling goes by it): give the upcard", v.Name)
	}
	if upcard != 0 && (!upcard.Valid() || upcard.IsJoker()) {
		return 0, 0, unreadable("the upcard %s is not a card of the deck", upcard)
	}
	limit, mult = v.Knock.Limit, 1
	if v.Knock.LimitFromUpcard {
		// Oklahoma Gin: the upcard's points are the limit, J Q K 10; an
		// ace allows gin only, or (some tables) a knock with 1.
		limit = min(v.Scoring.Values.Points(upcard), 10)
		if upcard.Rank() == engine.Ace {
			limit = 0
			if v.Knock.AceUpcard == variants.AceLimitOne {
				limit = 1
			}
		}
	}
	if upcard != 0 && upcard.Suit() == engine.Spades {
		mult = v.Knock.SpadeMultiplier
	}
	return limit, mult, nil
}

// KnockCheck is whether a hand may end the hand under knock scoring.
type KnockCheck struct {
	Limit    int         // the hand's knock limit
	Deadwood int         // the least deadwood, after the discard
	Discard  engine.Card // the card to discard, for a hand of eleven; 0 for ten
	CanKnock bool        // the deadwood is within the limit
	Gin      bool        // no deadwood after the discard
	BigGin   bool        // eleven cards, all melded
}

// CheckKnock says whether hand may knock, go gin or big gin under v (a
// knock-scoring variant), with upcard the hand's first upcard (0 when not
// known; Oklahoma Gin needs it). A hand of the dealt size (ten) is the
// hand after the discard; one card more is the hand before it, and the
// discard that leaves the least deadwood is chosen.
func CheckKnock(v *variants.Variant, hand []engine.Card, upcard engine.Card) (KnockCheck, error) {
	if v.Scoring.Method != variants.Knock {
		return KnockCheck{}, unreadable("%s does not score by knocking", v.Name)
	}
	limit, _, err := handLimit(v, upcard)
	if err != nil {
		return KnockCheck{}, err
	}
	rules := v.Rules(2)
	dealt := v.Deal.Cards.At(2)
	if len(hand) != dealt && len(hand) != dealt+1 {
		return KnockCheck{}, unreadable("a knock is judged on the %d cards kept after the discard, or the %d before it; this hand has %d", dealt, dealt+1, len(hand))
	}
	a, err := rules.Arrange(hand, nil)
	if err != nil {
		return KnockCheck{}, err
	}
	kc := KnockCheck{Limit: limit, Deadwood: a.Points}
	if len(hand) > dealt {
		kc.BigGin = len(a.Deadwood) == 0
		if kc.BigGin {
			kc.CanKnock = true
			return kc, nil
		}
		kc.Deadwood = -1
		for i, c := range hand {
			rest := slices.Delete(slices.Clone(hand), i, i+1)
			b, err := rules.Arrange(rest, nil)
			if err != nil {
				return KnockCheck{}, err
			}
			if kc.Deadwood < 0 || b.Points < kc.Deadwood {
				kc.Deadwood, kc.Discard = b.Points, c
			}
		}
	}
	kc.Gin = kc.Deadwood == 0
	kc.CanKnock = kc.Deadwood <= limit
	return kc, nil
}

// knockJudge holds what judging one knock needs.
type knockJudge struct {
	v                 *variants.Variant
	rules             engine.Rules
	limit, mult       int
	knocker, defender string
}

// knockPlan is one way for the knocker to lay the hand down.
type knockPlan struct {
	melds [][]engine.Card
	dead  []engine.Card
}

// plans returns every way of laying hand down as melds and deadwood within
// the knock limit (all of them melded when the hand holds the eleventh
// card): the knocker chooses among them, since the melds laid decide what
// the defender can lay off, and keeping a card back from a meld can block
// a lay-off worth more than the card.
func (k knockJudge) plans(hand []engine.Card) []knockPlan {
	n := len(hand)
	// Every meld the hand holds, by its lowest card.
	byLow := make([][]uint32, n)
	for set := uint32(1); set < 1<<n; set++ {
		if bits.OnesCount32(set) < k.rules.MinSize {
			continue
		}
		cards := pick(hand, set)
		if k.rules.Judge(cards).Valid {
			low := bits.TrailingZeros32(set)
			byLow[low] = append(byLow[low], set)
		}
	}
	limit := k.limit
	if n > k.v.Deal.Cards.At(2) {
		limit = 0 // eleven cards: big gin or nothing
	}
	var out []knockPlan
	var melds []uint32
	var walk func(used uint32, dead uint32, points int)
	walk = func(used, dead uint32, points int) {
		if used == 1<<n-1 {
			p := knockPlan{dead: pick(hand, dead)}
			for _, m := range melds {
				p.melds = append(p.melds, pick(hand, m))
			}
			out = append(out, p)
			return
		}
		i := bits.TrailingZeros32(^used)
		for _, m := range byLow[i] {
			if m&used == 0 {
				melds = append(melds, m)
				walk(used|m, dead, points)
				melds = melds[:len(melds)-1]
			}
		}
		if pts := points + k.rules.Points(hand[i]); pts <= limit {
			walk(used|1<<i, dead|1<<i, pts)
		}
	}
	walk(0, 0, 0)
	return out
}

// best scores each plan against the defender's best reply and returns the
// one best for the knocker: the most the knocker scores, or the least the
// defender does. It returns why the knock is refused when no plan is
// within the limit, or a given lay-off breaks a rule.
func (k knockJudge) best(plans []knockPlan, kh, dh []engine.Card, r Round) (*KnockResult, string) {
	var best *KnockResult
	bestNet := 0
	over := true
	for _, p := range plans {
		d := k.rules.Sum(p.dead)
		if d > k.limit || len(kh) > k.v.Deal.Cards.At(2) && len(p.dead) > 0 {
			continue
		}
		over = false
		res, why := k.score(p, dh, r.Layoffs)
		if why != "" {
			return nil, why
		}
		net := res.Score
		if res.Winner == k.defender {
			net = -net
		}
		if best == nil || net > bestNet || net == bestNet && res.KnockerPoints < best.KnockerPoints {
			best, bestNet = res, net
		}
	}
	if over {
		return nil, k.refusal(kh, plans, r)
	}
	return best, ""
}

// refusal says why the knocker could not knock.
func (k knockJudge) refusal(kh []engine.Card, plans []knockPlan, r Round) string {
	dealt := k.v.Deal.Cards.At(2)
	if len(kh) > dealt {
		return fmt.Sprintf("%s holds %d cards, which is big gin only when every card is melded: a knock discards one first, keeping %d", k.knocker, len(kh), dealt)
	}
	a, err := k.rules.Arrange(kh, nil)
	least := fmt.Sprintf("the least deadwood %s's hand leaves is %d (%s)", k.knocker, a.Points, engine.FormatCards(a.Deadwood, false))
	if err != nil {
		least = err.Error()
	}
	if len(r.Melds) > 0 {
		d := k.rules.Sum(plans[0].dead)
		least = fmt.Sprintf("the melds laid leave %d (%s)", d, engine.FormatCards(plans[0].dead, false))
	}
	if k.limit == 0 {
		return fmt.Sprintf("%s cannot knock: this hand allows gin only, and %s", k.knocker, least)
	}
	return fmt.Sprintf("%s cannot knock: the knock limit is %d, and %s", k.knocker, k.limit, least)
}

// score plays the defender's best reply to plan p (or the lay-offs given)
// and scores the hand.
func (k knockJudge) score(p knockPlan, dh []engine.Card, given []Layoff) (*KnockResult, string) {
	kn := k.v.Knock
	d := k.rules.Sum(p.dead)
	gin := len(p.dead) == 0
	big := gin && len(p.melds) > 0 && cardsIn(p.melds) > k.v.Deal.Cards.At(2)
	res := &KnockResult{Knocker: k.knocker, Defender: k.defender, Limit: k.limit, Multiplier: k.mult,
		KnockerMelds: p.melds, KnockerDeadwood: p.dead, KnockerPoints: d}
	mayLay := kn.Layoffs && (!gin || kn.LayoffAfterGin)

	table := make([]engine.Meld, len(p.melds))
	for i, m := range p.melds {
		table[i] = engine.Meld{Cards: m}
	}
	rest := dh
	if len(given) > 0 {
		for _, l := range given {
			switch {
			case l.Player == k.knocker:
				return nil, fmt.Sprintf("%s knocked, and the knocker never lays off: only the defender lays off onto the knocker's melds", k.knocker)
			case gin && !kn.LayoffAfterGin:
				return nil, fmt.Sprintf("%s went gin, so %s may not lay off (%s onto meld %d)", k.knocker, k.defender, engine.FormatCards(l.Cards, false), l.Onto)
			case !kn.Layoffs:
				return nil, fmt.Sprintf("%s allows no lay-offs (knock.layoffs false), but %s laid off %s", k.v.Name, l.Player, engine.FormatCards(l.Cards, false))
			}
		}
		var laid []engine.Card
		onto := make([][]Layoff, len(table))
		for _, l := range given {
			laid = append(laid, l.Cards...)
			onto[l.Onto-1] = append(onto[l.Onto-1], l)
		}
		var ok bool
		if rest, ok = subtract(dh, laid); !ok {
			return nil, fmt.Sprintf("%s's lay-offs hold cards that are not in %s's hand (%s)", k.defender, k.defender, engine.FormatCards(dh, false))
		}
		for i, ls := range onto {
			if len(ls) == 0 {
				continue
			}
			if steps, why := layOrder(k.rules, table[i], ls); steps == nil {
				return nil, fmt.Sprintf("%s's lay-off onto meld %d (%s) is not valid: %s", k.defender, i+1, table[i], why)
			}
		}
		res.DefenderLayoffs = slices.Clone(given)
		mayLay = false // the defender laid off as given; the rest is melded
	}
	var tab []engine.Meld
	if mayLay {
		tab = table
	}
	a, err := k.rules.Arrange(rest, tab)
	if err != nil {
		return nil, err.Error()
	}
	for _, l := range a.Layoffs {
		res.DefenderLayoffs = append(res.DefenderLayoffs, Layoff{Player: k.defender, Cards: l.Cards, Onto: l.Onto + 1})
	}
	res.DefenderMelds, res.DefenderDeadwood, res.DefenderPoints = a.Melds, a.Deadwood, a.Points
	D := a.Points

	// pagat: gin scores the defender's deadwood plus the gin bonus and
	// cannot be undercut; big gin the same with its own bonus; a knock
	// scores the difference; an undercut (the defender's deadwood at most
	// the knocker's, or less than it when ties are not undercuts) the
	// difference plus the undercut bonus to the defender.
	switch {
	case big:
		res.Outcome, res.Winner, res.Bonus = OutcomeBigGin, k.knocker, kn.BigGinBonus
		res.Points = D + res.Bonus
	case gin:
		res.Outcome, res.Winner, res.Bonus = OutcomeGin, k.knocker, kn.GinBonus
		res.Points = D + res.Bonus
	case D > d:
		res.Outcome, res.Winner, res.Points = OutcomeKnock, k.knocker, D-d
	case D < d || kn.UndercutOnTie:
		res.Outcome, res.Winner, res.Bonus = OutcomeUndercut, k.defender, kn.UndercutBonus
		res.Points = d - D + res.Bonus
	default:
		res.Outcome = OutcomeTie
	}
	res.Score = res.Points * res.Multiplier
	return res, ""
}

// pick returns the cards of hand whose bits are set in set.
func pick(hand []engine.Card, set uint32) []engine.Card {
	var out []engine.Card
	for i, c := range hand {
		if set&(1<<i) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// subtract returns a less the cards of b, one copy each, and whether a
// held them all.
func subtract(a, b []engine.Card) ([]engine.Card, bool) {
	out := slices.Clone(a)
	for _, c := range b {
		i := slices.Index(out, c)
		if i < 0 {
			return nil, false
		}
		out = slices.Delete(out, i, i+1)
	}
	return out, true
}

func cardsIn(melds [][]engine.Card) int {
	n := 0
	for _, m := range melds {
		n += len(m)
	}
	return n
}

// Summary says in a few lines how the hand was played and scored: the
// knocker's melds and deadwood, the defender's lay-offs, melds and
// deadwood, and the score with its sum. symbols writes suits as ♥ ♠.
func (k *KnockResult) Summary(symbols bool) []string {
	if k.Outcome == OutcomeDead {
		return []string{"dead hand: nobody knocked, nobody scores"}
	}
	cards := func(c []engine.Card) string {
		if len(c) == 0 {
			return "none"
		}
		return engine.FormatCards(c, symbols)
	}
	melds := func(ms [][]engine.Card) string {
		if len(ms) == 0 {
			return "none"
		}
		parts := make([]string, len(ms))
		for i, m := range ms {
			parts[i] = "[" + cards(m) + "]"
		}
		return strings.Join(parts, " ")
	}
	lines := []string{fmt.Sprintf("%s knocked: melds %s, deadwood %s = %d (knock limit %d)",
		k.Knocker, melds(k.KnockerMelds), cards(k.KnockerDeadwood), k.KnockerPoints, k.Limit)}
	def := k.Defender + ":"
	if len(k.DefenderLayoffs) > 0 {
		var lays []string
		for _, l := range k.DefenderLayoffs {
			lays = append(lays, fmt.Sprintf("%s onto meld %d", cards(l.Cards), l.Onto))
		}
		def += " lays off " + strings.Join(lays, ", ") + ";"
	}
	lines = append(lines, fmt.Sprintf("%s melds %s, deadwood %s = %d", def, melds(k.DefenderMelds), cards(k.DefenderDeadwood), k.DefenderPoints))
	var sum string
	switch k.Outcome {
	case OutcomeKnock:
		sum = fmt.Sprintf("knock: %s scores %d - %d = %d", k.Winner, k.DefenderPoints, k.KnockerPoints, k.Points)
	case OutcomeUndercut:
		sum = fmt.Sprintf("undercut: %s scores %d - %d + %d = %d", k.Winner, k.KnockerPoints, k.DefenderPoints, k.Bonus, k.Points)
	case OutcomeGin:
		sum = fmt.Sprintf("gin: %s scores %d + %d = %d", k.Winner, k.DefenderPoints, k.Bonus, k.Points)
	case OutcomeBigGin:
		sum = fmt.Sprintf("big gin: %s scores %d + %d = %d", k.Winner, k.DefenderPoints, k.Bonus, k.Points)
	case OutcomeTie:
		sum = "a tie with equal deadwood, which is no undercut here: nobody scores"
	}
	if k.Multiplier > 1 && k.Winner != "" {
		sum += fmt.Sprintf(", times %d for the spade upcard = %d", k.Multiplier, k.Score)
	}
	return append(lines, sum)
}
