package variants

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rummy-referee/rummy/engine"
)

// Section is one part of a variant's rules in plain words: its title
// (Melds, Aces, Jokers...) and its lines.
type Section struct {
	Title string `json:"title"`
	Lines []Line `json:"lines"`
}

// Line is one rule in plain words.
type Line struct {
	Text string `json:"text"`
	// Key is the dotted key of RULES.md 9 the line states, or "" when it
	// states several keys or a rule no key changes.
	Key string `json:"key,omitempty"`
	// Changed reports whether a key the line states differs from the
	// variant's base built-in, or from the defaults without a base.
	Changed bool `json:"changed"`
}

// Describe says a variant's rules in plain words, from its effective
// settings: players and decks, melds, aces, jokers, laying off, going out
// and how a round may end, scoring, the target by player count, dealing,
// and the corners of the rules decided for this project where they apply
// to the variant. It is what rummy rules prints.
func Describe(v *Variant) []Section {
	ref, based := reference(v)
	d := describer{v: v, ref: ref, based: based}
	return []Section{
		d.section("Players and decks", d.players),
		d.section("Melds", d.melds),
		d.section("Aces", d.aces),
		d.section("Jokers", d.jokers),
		d.section("Laying off", d.layoffs),
		d.section("Going out", d.goingOut),
		d.section("Scoring", d.scoring),
		d.section("Target", d.target),
		d.section("Dealing", d.dealing),
	}
}

// reference returns what v's lines are compared with: its base built-in
// (based), or the defaults of a file without base.
func reference(v *Variant) (ref *Variant, based bool) {
	if v.Base != "" {
		if b, err := Builtin(v.Base); err == nil {
			return b, true
		}
	}
	return withDefaults(false), false
}

// ChangedFrom says what Describe's Changed compares with, for a footnote:
// "basic" for a variant based on basic, "the defaults" without a base.
func ChangedFrom(v *Variant) string {
	if v.Base != "" && isBuiltin(v.Base) {
		return v.Base
	}
	return "the defaults"
}

type describer struct {
	v, ref *Variant
	based  bool // ref is a built-in, not the defaults
	lines  []Line
}

func (d *describer) section(title string, fill func()) Section {
	d.lines = nil
	fill()
	return Section{Title: title, Lines: d.lines}
}

// add appends a line stating keys ("" for a rule no key changes).
func (d *describer) add(text string, keys ...string) {
	l := Line{Text: text}
	if len(keys) == 1 {
		l.Key = keys[0]
	}
	for _, k := range keys {
		if _, ok := ruleDefaults[k]; !ok && !d.based {
			continue // a key without a default cannot differ from it
		}
		if f := fieldByKey[k]; f != nil && !f.same(d.v, d.ref) {
			l.Changed = true
		}
	}
	d.lines = append(d.lines, l)
}

// same reports whether f has the same value in a as in b; a by-players
// value is compared for each player count a allows.
func (f *field) same(a, b *Variant) bool {
	if f.by != nil {
		x, y := *f.by(a), *f.by(b)
		for n := a.Players.Min; n <= a.Players.Max; n++ {
			if x.At(n) != y.At(n) {
				return false
			}
		}
		return true
	}
	if f.str != nil {
		return true // identity, not a rule
	}
	if f.ranks != nil {
		return *f.ranks(a) == *f.ranks(b)
	}
	return f.node(a).Value == f.node(b).Value
}

func (d *describer) players() {
	v := d.v
	d.add(PlayerCount(v)+".", "players.min", "players.max")
	var parts []string
	for _, s := range segments(v.Decks, v.Players.Min, v.Players.Max) {
		parts = append(parts, s.say(nDecks(s.val)+" of 52 cards", "players"))
	}
	d.add(capital(strings.Join(parts, "; "))+".", "decks")
}

func (d *describer) melds() {
	v := d.v
	if v.Sets.Enabled {
		d.add("Sets are melds: cards of one rank (7H 7S 7D).", "sets.enabled")
		if v.Sets.DistinctSuits {
			d.add("A set holds each suit once, so it has at most 4 cards, whatever the decks (7H 7H 7S is not a set).", "sets.distinct_suits")
		} else {
			d.add("A set may repeat a suit (7H 7H 7S with two decks), up to every copy of its rank.", "sets.distinct_suits")
		}
	} else {
		d.add("There are no sets: runs only.", "sets.enabled")
	}
	if v.Runs.Enabled {
		d.add("Runs are melds: cards of one suit in sequence (3C 4C 5C, 8H 9H 10H JH).", "runs.enabled")
	} else {
		d.add("There are no runs: sets only (3C 4C 5C is not a meld).", "runs.enabled")
	}
	d.add(fmt.Sprintf("A meld holds at least %d cards.", v.Melds.MinSize), "melds.min_size")
	d.add("A card is in one meld only: melds never share cards.")
}

func (d *describer) aces() {
	v := d.v
	if !v.Runs.Enabled {
		d.add("There are no runs, so an ace only ever sits in a set; what it counts is under Scoring.", "runs.enabled")
		return
	}
	switch v.Runs.Ace {
	case engine.AceLow:
		d.add("An ace is low in a run: A 2 3 is a run, Q K A is not.", "runs.ace")
	case engine.AceHigh:
		d.add("An ace is high in a run: Q K A is a run, A 2 3 is not.", "runs.ace")
	case engine.AceEither:
		d.add("An ace is low or high in a run: A 2 3 and Q K A are both runs, but one run never has an ace at both ends.", "runs.ace")
	}
	if v.Runs.Wrap {
		// RULES.md 10.2: wrap makes the ace's position moot.
		d.add("Runs turn the corner: the ranks form a circle, so K A 2, Q K A and A 2 3 are all runs whatever the ace's place; a run still holds each rank once.", "runs.wrap")
	} else {
		d.add("A run never turns the corner: K A 2 is not a run.", "runs.wrap")
	}
}

func (d *describer) jokers() {
	v := d.v
	if v.Jokers.PerDeck == 0 {
		d.add("No jokers.", "jokers.per_deck")
		if v.Jokers.Swap {
			d.add("If jokers are added, a player who has melded may swap one on the table: put in the natural card it stands for and take the joker (7D for the JK of 7H 7S JK).", "jokers.swap")
		}
		d.wild()
		return
	}
	segs := segments(v.Decks, v.Players.Min, v.Players.Max)
	if len(segs) == 1 {
		n := segs[0].val * v.Jokers.PerDeck
		d.add(fmt.Sprintf("%d %s in play (%d with each deck).", n, plural(n, "joker", "jokers"), v.Jokers.PerDeck), "jokers.per_deck")
	} else {
		var parts []string
		for _, s := range segs {
			n := s.val * v.Jokers.PerDeck
			parts = append(parts, s.say(strconv.Itoa(n), "players"))
		}
		d.add(fmt.Sprintf("%d %s with each deck, so in play: %s.", v.Jokers.PerDeck, plural(v.Jokers.PerDeck, "joker", "jokers"), strings.Join(parts, "; ")), "jokers.per_deck")
	}
	d.add("A joker stands for any one card: the meld must be valid with each joker read as its card (5D JK 7D is a run, the joker the 6D).")
	switch n := v.Jokers.MinNatural; n {
	case 0:
		d.add("A meld needs no natural cards, but a meld of jokers alone is never valid.", "jokers.min_natural")
	case 2:
		d.add("A meld needs at least 2 natural cards: 7H 7S JK is a meld, 7H JK JK is not.", "jokers.min_natural")
	default:
		d.add(fmt.Sprintf("A meld needs at least %d natural %s.", n, plural(n, "card", "cards")), "jokers.min_natural")
	}
	if n := v.Jokers.MaxPerMeld; n > 0 {
		d.add(fmt.Sprintf("A meld holds at most %d %s.", n, plural(n, "joker", "jokers")), "jokers.max_per_meld")
	} else {
		d.add("No limit on the jokers in a meld beyond that.", "jokers.max_per_meld")
	}
	if v.Jokers.Swap {
		d.add("A player who has melded may, on their turn, swap a joker on the table: put in the natural card it stands for and take the joker into hand (7D for the JK of 7H 7S JK).", "jokers.swap")
	} else {
		d.add("No joker swaps: a joker on the table stays there.", "jokers.swap")
	}
	// RULES.md 10.1.
	d.add("A joker on the table keeps the card it stands for: 8H cannot be laid off onto 7H JK 9H (the joker is the 8H), nor 6H 9H onto 7H 8H JK (the joker would have to move).")
	d.add("A joker whose card is not named may be read any way the meld allows; a named joker (JK=6H) is that card.")
	d.wild()
}

// wild says which cards are wild and what they count, when any are.
func (d *describer) wild() {
	v := d.v
	ranks := v.Wild.Ranks.Ranks()
	if len(ranks) == 0 {
		return // no wild cards: nothing to say, as in every built-in
	}
	names := make([]string, len(ranks))
	for i, rk := range ranks {
		names[i] = "the " + rk.String() + "s"
	}
	ex := engine.NewCard(ranks[0], engine.Clubs)
	d.add(fmt.Sprintf("%s wild: each may act as a joker in a meld (7H %s 9H is a run, the %s the 8H) or be played as itself. A meld's natural cards are those acting as themselves; the limit on jokers counts the wild cards acting as jokers.",
		capital(joinWords(names)), ex, ex), "wild.ranks")
	if v.Wild.Points != 0 {
		d.add(fmt.Sprintf("A wild card counts %d in hand or melded.", v.Wild.Points), "wild.points")
	} else {
		d.add("A wild card counts its own value in hand or melded.", "wild.points")
	}
}

// joinWords joins words with commas and a final "and".
func joinWords(w []string) string {
	if len(w) <= 1 {
		return strings.Join(w, "")
	}
	return strings.Join(w[:len(w)-1], ", ") + " and " + w[len(w)-1]
}

func (d *describer) layoffs() {
	v := d.v
	if v.Scoring.Method == Knock {
		d.knockLayoffs()
		return
	}
	if v.Layoff.RequiresOwnMeld {
		d.add("A player may lay cards off onto any meld on the table, anyone's, once they have melded themselves.", "layoff.requires_own_meld")
	} else {
		d.add("A player may lay cards off onto any meld on the table, anyone's, at any time, even before melding.", "layoff.requires_own_meld")
	}
	d.add("The meld must stay valid: 10H onto 7H 8H 9H makes a run of four; 6H onto 7H 7S 7D is refused.")
	if v.Scoring.Method == MeldPoints {
		d.add("Each card laid off scores for the player who laid it off.", "scoring.method")
	}
}

func (d *describer) goingOut() {
	v := d.v
	if v.Scoring.Method == Knock {
		d.knocking()
		return
	}
	if v.GoingOut.DiscardRequired {
		d.add("A player goes out by getting rid of every card, the last one as a discard: a player left with nothing to discard has not gone out.", "going_out.discard_required")
	} else {
		d.add("A player goes out by getting rid of the last card, by melding, laying off or discarding; no last discard is needed.", "going_out.discard_required")
	}
	if v.Scoring.Method != SingleRound {
		d.add("Going rummy is going out in one turn, having melded or laid off nothing before in the round; only the player who went out can claim it.")
		// RULES.md 10.9.
		if v.Checks.RummyClaim {
			d.add("A rummy claim is refused when another player laid off onto the claimant's melds: those melds were on the table before.", "checks.rummy_claim")
		} else {
			d.add("House rule: a rummy claim stands even when another player laid off onto the claimant's melds.", "checks.rummy_claim")
		}
	}
	if v.Scoring.Method == MeldPoints {
		if v.Checks.OutMelded {
			d.add("The player who goes out must have melded or laid off something: a hand empties no other way.", "checks.out_melded")
		} else {
			d.add("House rule: a player may be recorded as going out with nothing melded or laid off.", "checks.out_melded")
		}
	}
	// RULES.md 10.8: round endings follow the stock rule.
	switch r := v.Stock.Reshuffles; {
	case r < 0:
		d.add("The stock is rebuilt from the discards whenever it runs out, so a round ends only with a player going out.", "stock.reshuffles")
	case v.Scoring.Method == MeldPoints:
		d.add("When the stock runs out for good ("+rebuilt(r)+"), a round may also end with nobody out, the next player not wanting the discard: it is scored as it stands.", "stock.reshuffles")
	default:
		d.add("When the stock runs out for good ("+rebuilt(r)+"), the round is a stalemate and scores 0 for everyone.", "stock.reshuffles")
	}
	if v.Checks.RoundEndings {
		d.add("A round that ends any other way ("+otherEndings(v)+") is refused.", "checks.round_endings")
	} else {
		d.add("House rule: a round may also end any other way ("+otherEndings(v)+"): the referee accepts it.", "checks.round_endings")
	}
}

// otherEndings names the endings the stock rule does not give v.
func otherEndings(v *Variant) string {
	switch {
	case v.Stock.Reshuffles < 0:
		return "a stalemate, nobody out"
	case v.Scoring.Method == MeldPoints:
		return "a stalemate"
	}
	return "nobody out without a stalemate"
}

// rebuilt says how often the stock is rebuilt before it runs out for good.
func rebuilt(times int) string {
	switch times {
	case 0:
		return "it is never rebuilt"
	case 1:
		return "it is rebuilt from the discards once"
	}
	return fmt.Sprintf("it is rebuilt from the discards %d times", times)
}

func (d *describer) scoring() {
	v := d.v
	sc := v.Scoring
	switch sc.Method {
	case WinnerTakesAll:
		d.add("Winner takes all: the player who goes out scores the points of the cards left in every other hand; the others score 0. The highest total wins.", "scoring.method")
	case Penalty:
		d.add("Penalty: the player who goes out scores 0; every other player adds the points of the cards left in their own hand. The lowest total wins.", "scoring.method")
	case MeldPoints:
		d.add("Meld points: every player scores the cards they melded and laid off, less the cards left in their hand (a total can go below 0). The highest total wins.", "scoring.method")
	case SingleRound:
		d.add("Single round: whoever goes out wins; no points are kept.", "scoring.method")
	case Knock:
		d.knockScoring()
	}
	if sc.Method == SingleRound {
		return
	}
	val := sc.Values
	pips := "2 to 10 at face value"
	if val.Pips != 0 {
		pips = fmt.Sprintf("2 to 9 count %d, 10 counts 10", val.Pips)
	}
	jk := ""
	if v.Jokers.PerDeck > 0 || val.Joker != d.ref.Scoring.Values.Joker {
		jk = fmt.Sprintf(", JK %d", val.Joker)
	}
	d.add(fmt.Sprintf("Card points: A %d, %s, J Q K %d%s.", val.Ace, pips, val.Face, jk),
		"scoring.values.ace", "scoring.values.face", "scoring.values.joker", "scoring.values.pips")
	switch {
	case sc.Method == Knock:
		// A gin hand is judged from both whole hands: no points are given.
	case v.Checks.HandPoints:
		var parts []string
		for _, s := range segments(v.Decks, v.Players.Min, v.Players.Max) {
			n := v.Rules(max(s.lo, v.Players.Min)).PackPoints()
			parts = append(parts, s.say(strconv.Itoa(n)+" points", "players"))
		}
		d.add(fmt.Sprintf("A hand given as a points total may not be more than the cards not on the table could hold (the whole pack holds %s).", strings.Join(parts, "; ")), "checks.hand_points")
	default:
		d.add("House rule: a hand given as a points total is taken as given, however large.", "checks.hand_points")
	}
	if sc.Method == MeldPoints && v.Runs.Enabled && (v.Runs.Ace != engine.AceHigh || v.Runs.Wrap) {
		// RULES.md 10.4: ace_low_run is a number of points like any other.
		d.add(fmt.Sprintf("An ace melded low in a run (A 2 3) scores %d instead of %d.", val.AceLowRun, val.Ace), "scoring.ace_low_run")
		if v.Runs.Ace == engine.AceEither {
			// RULES.md 10.3.
			d.add(fmt.Sprintf("A meld that reads several ways scores the reading best for the player who melded it, unless they named the jokers: a 13-card run from A to K counts its ace %d, read high.",
				max(val.Ace, val.AceLowRun)))
		}
	}
	if sc.Method == MeldPoints && (!v.Runs.Enabled || v.Runs.Ace != engine.AceEither) {
		d.add("A meld that reads several ways scores the reading best for the player who melded it, unless they named the jokers.")
	}
	// RULES.md 10.7: going rummy under each method.
	m := sc.RummyMultiplier
	switch {
	case sc.Method == Knock:
	case m == 1:
		d.add("Going rummy brings no bonus.", "scoring.rummy_multiplier")
	case sc.Method == WinnerTakesAll:
		d.add(fmt.Sprintf("Going rummy multiplies the winner's score for the round by %d.", m), "scoring.rummy_multiplier")
	case sc.Method == Penalty:
		d.add(fmt.Sprintf("Going rummy multiplies every other player's points for the round by %d.", m), "scoring.rummy_multiplier")
	case sc.Method == MeldPoints:
		d.add(fmt.Sprintf("Going rummy multiplies the round score of the player who went out by %d.", m), "scoring.rummy_multiplier")
	}
}

func (d *describer) target() {
	v := d.v
	sc := v.Scoring
	if sc.Method == SingleRound {
		if sc.Rounds > 0 {
			d.add(fmt.Sprintf("The match is %d %s; whoever goes out wins the round.", sc.Rounds, plural(sc.Rounds, "round", "rounds")), "scoring.rounds")
		} else {
			d.add("The match is one round: whoever goes out wins.", "scoring.rounds")
		}
		return
	}
	segs := segments(sc.Target, v.Players.Min, v.Players.Max)
	if len(segs) == 1 && segs[0].val == 0 {
		d.add("No target: the match ends after a fixed number of rounds or when the players agree to stop.", "scoring.target")
	} else {
		var parts []string
		for _, s := range segs {
			if s.val == 0 {
				parts = append(parts, s.say("none", "players"))
			} else {
				parts = append(parts, s.say(strconv.Itoa(s.val), "players"))
			}
		}
		d.add(fmt.Sprintf("The match ends at the end of the round in which a total reaches the target: %s.", strings.Join(parts, "; ")), "scoring.target")
	}
	if sc.Rounds > 0 {
		d.add(fmt.Sprintf("The match ends after %d %s, or at the target if that comes first.", sc.Rounds, plural(sc.Rounds, "round", "rounds")), "scoring.rounds")
	}
	if sc.Ties == Share {
		d.add("A tie for the win at the target is shared.", "scoring.ties")
	} else {
		d.add("A tie for the win at the target is played on: another round, until the tie breaks.", "scoring.ties")
	}
	d.add("When the players agree to stop, or the last fixed round is played, the best total wins, and a tie is shared.")
	d.bonuses()
	switch {
	case sc.MustGoOutToWin && !sc.Method.LowestWins():
		// RULES.md 10.5.
		d.add("A player must go out to win: in the round that ends the match only the player who went out can win, and they win when their total reaches the target, even when a player who did not go out has more; otherwise play goes on.", "scoring.must_go_out_to_win")
	case sc.MustGoOutToWin:
		d.add("Must go out to win is set, but under penalty scoring the lowest total wins whoever went out, so it changes nothing.", "scoring.must_go_out_to_win")
	case sc.Method.LowestWins():
		d.add("The lowest total wins once a total reaches the target, whoever went out in that round.", "scoring.must_go_out_to_win")
	default:
		d.add("The highest total wins once a total reaches the target, whoever went out in that round.", "scoring.must_go_out_to_win")
	}
	d.seats()
}

// seats says the house rules of players joining and leaving part way;
// the defaults (a new player starts at 0, a player who left cannot win)
// go unsaid, as every built-in has them.
func (d *describer) seats() {
	v := d.v
	switch v.Seats.JoinTotal {
	case JoinTrailing:
		d.add("House rule: a player joining part way starts with the total of the player furthest behind.", "seats.join_total")
	case JoinAverage:
		d.add("House rule: a player joining part way starts with the average of the totals at the table, rounded down.", "seats.join_total")
	}
	if v.Seats.LeftCanWin {
		d.add("House rule: a player who left the match can still win on the total they left with.", "seats.left_can_win")
	}
}

func (d *describer) dealing() {
	v := d.v
	var parts []string
	for _, s := range segments(v.Deal.Cards, v.Players.Min, v.Players.Max) {
		parts = append(parts, s.say(fmt.Sprintf("%d %s each", s.val, plural(s.val, "card", "cards")), "players"))
	}
	d.add(fmt.Sprintf("Cards dealt: %s.", strings.Join(parts, "; ")), "deal.cards")
	d.add("The players choose the first dealer.")
	if v.Deal.Rotation == RotateWinner {
		// RULES.md 10.6.
		d.add("The player who went out deals the next round; after a round nobody won (a stalemate, nobody out) the same dealer deals again.", "deal.rotation")
	} else {
		d.add("The deal passes to the left: the next player in seating order deals the next round.", "deal.rotation")
	}
}

// segment is a run of player counts that share one value of a ByPlayers.
type segment struct{ lo, hi, val int }

// say returns "what for 2 to 4 players", or what alone when the segment
// is every count.
func (s segment) say(what, unit string) string {
	if s.lo == -1 {
		return what
	}
	return fmt.Sprintf("%s for %s %s", what, span(s.lo, s.hi, "to"), unit)
}

// segments splits players min to max into runs of counts with one value of
// b; a single run covering every count is marked lo -1.
func segments(b ByPlayers, min, max int) []segment {
	var out []segment
	for n := min; n <= max; n++ {
		x := b.At(n)
		if len(out) > 0 && out[len(out)-1].val == x {
			out[len(out)-1].hi = n
			continue
		}
		out = append(out, segment{n, n, x})
	}
	if len(out) == 1 {
		out[0].lo = -1
	}
	return out
}

// PlayerCount says how many play v: "2 to 6 players", "2 players".
func PlayerCount(v *Variant) string {
	return span(v.Players.Min, v.Players.Max, "to") + " players"
}

// span returns "2" or "2 to 6".
func span(lo, hi int, sep string) string {
	if lo == hi {
		return strconv.Itoa(lo)
	}
	if hi == lo+1 {
		sep = "or"
	}
	return fmt.Sprintf("%d %s %d", lo, sep, hi)
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// knockLayoffs says who lays off under knock scoring (gin rummy).
func (d *describer) knockLayoffs() {
	k := d.v.Knock
	if !k.Layoffs {
		d.add("Nobody lays off: the defender melds their own cards only.", "knock.layoffs")
		return
	}
	d.add("After a knock the defender may lay cards off onto the knocker's melds (never onto their own, and the knocker never lays off).", "knock.layoffs")
	if k.LayoffAfterGin {
		d.add("The defender may lay off even when the knocker went gin.", "knock.layoff_after_gin")
	} else {
		d.add("After gin the defender lays off nothing.", "knock.layoff_after_gin")
	}
	d.add("The meld must stay valid: 10H onto 7H 8H 9H makes a run of four; 6H onto 7H 7S 7D is refused.")
}

// knocking says how a hand ends under knock scoring.
func (d *describer) knocking() {
	k := d.v.Knock
	switch {
	case k.LimitFromUpcard:
		d.add("A player may knock when the deadwood (the points of the cards in no meld) left after the discard is at most the first upcard's points, J Q K counting 10.", "knock.limit_from_upcard")
		if k.AceUpcard == AceGinOnly {
			d.add("An ace as the first upcard allows no knock: gin only.", "knock.ace_upcard")
		} else {
			d.add("An ace as the first upcard allows a knock with at most 1 point.", "knock.ace_upcard")
		}
	case k.Limit == 0:
		d.add("Nobody may knock with deadwood: a hand ends with gin only.", "knock.limit")
	default:
		d.add(fmt.Sprintf("A player may knock when the deadwood (the points of the cards in no meld) left after the discard is at most %d.", k.Limit), "knock.limit")
	}
	d.add("Gin is a knock with no deadwood; big gin is all eleven cards melded, with no discard.")
	if k.DeadHandStock > 0 {
		d.add(fmt.Sprintf("A hand is dead when the stock is down to %d %s and nobody has knocked: it scores nothing.", k.DeadHandStock, plural(k.DeadHandStock, "card", "cards")), "knock.dead_hand_stock")
	} else {
		d.add("A hand is dead when the stock runs out and nobody has knocked: it scores nothing.", "knock.dead_hand_stock")
	}
}

// knockScoring says how a knock, an undercut and gin score.
func (d *describer) knockScoring() {
	k := d.v.Knock
	d.add("Knock: the knocker scores the difference of the two players' deadwood, the defender's counted after laying off. The highest total wins.", "scoring.method")
	tie := "less than or equal to"
	if !k.UndercutOnTie {
		tie = "less than"
	}
	d.add(fmt.Sprintf("Undercut: when the defender's deadwood is %s the knocker's, the defender scores the difference plus %d.", tie, k.UndercutBonus), "knock.undercut_bonus", "knock.undercut_on_tie")
	if !k.UndercutOnTie {
		d.add("Equal deadwood is no undercut: the knocker wins the hand and scores 0.", "knock.undercut_on_tie")
	}
	d.add(fmt.Sprintf("Gin: the knocker scores the defender's deadwood plus %d; gin cannot be undercut.", k.GinBonus), "knock.gin_bonus")
	d.add(fmt.Sprintf("Big gin: the knocker scores the defender's deadwood plus %d instead.", k.BigGinBonus), "knock.big_gin_bonus")
	if m := k.SpadeMultiplier; m > 1 {
		d.add(fmt.Sprintf("A spade as the first upcard multiplies everything the hand scores, bonuses included, by %d.", m), "knock.spade_multiplier")
	}
}

// bonuses says what the match-end bonuses add.
func (d *describer) bonuses() {
	sc := d.v.Scoring
	if sc.GameBonus > 0 {
		d.add(fmt.Sprintf("Game bonus: the winner adds %d when the match ends at the target.", sc.GameBonus), "scoring.game_bonus")
	}
	if sc.BoxBonus > 0 {
		d.add(fmt.Sprintf("Box bonus: at the end, each player adds %d for every hand they won.", sc.BoxBonus), "scoring.box_bonus")
	}
	switch {
	case sc.Shutout == ShutoutDouble:
		d.add("Shutout: when the loser won no hand, the winner's total, bonuses included, is doubled.", "scoring.shutout")
	case sc.Shutout > 0:
		d.add(fmt.Sprintf("Shutout: when the loser won no hand, the winner adds %d more.", sc.Shutout), "scoring.shutout")
	}
}
