// Package referee judges a round of rummy under a variant and scores it, and
// decides where a match stands: totals, the target, ties, the winner and the
// next dealer. It is the rules of RULES.md 3 to 5a as code, over rounds held
// in memory: it neither reads nor writes files (scoresheets does) nor talks
// to people (cmd/rummy does).
package referee

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/rummy-referee/rummy/engine"
	"github.com/rummy-referee/rummy/variants"
)

// Round is one round as the players report it at its end.
type Round struct {
	Out       string // the player who went out; "" when nobody did
	Stalemate bool   // the stock ran out for good: the round scores 0 for everyone
	Rummy     bool   // the player who went out claims going rummy

	Melds   []Meld   // every meld put down, in the order entered
	Layoffs []Layoff // cards laid off onto those melds
	Hands   []Hand   // what each player still holds

	// Under knock scoring (gin rummy) a hand ends with a knock or dead
	// (Stalemate): Knock is who knocked, Hands are both whole hands, Melds
	// (optional) the knocker's melds as laid and Layoffs (optional) the
	// defender's onto them; Upcard is the hand's first upcard, which
	// Oklahoma Gin needs.
	Knock  string
	Upcard engine.Card
}

// Meld is a meld one player put down.
type Meld struct {
	Player string
	Meld   engine.Meld
}

// Layoff is cards a player laid off onto one of the round's melds.
type Layoff struct {
	Player string
	Cards  []engine.Card
	Onto   int // 1-based index into Round.Melds
}

// Hand is what a player holds at the end of the round: cards, or only their
// points where the family counted by hand.
type Hand struct {
	Player   string
	Cards    []engine.Card
	Points   int  // the points given, when ByPoints
	ByPoints bool // Points was given instead of Cards
}

// Score is one player's part of a round's score.
type Score struct {
	Player  string
	Melded  int // points of the cards melded (meld-points scoring)
	LaidOff int // points of the cards laid off (meld-points scoring)
	Hand    int // points of the cards left in hand
	Total   int // what the round adds to the player's total
}

// Verdict is the referee's judgement of a round.
type Verdict struct {
	// Problems lists every rule the round breaks, in plain words. A round
	// with problems must not be recorded.
	Problems []string
	// Scores holds each player's score in seating order; it is set only when
	// there are no problems.
	Scores []Score
	// Knock is, under knock scoring, how the hand was played and scored;
	// nil under the other methods.
	Knock *KnockResult
}

// OK reports whether the round stands.
func (v Verdict) OK() bool { return len(v.Problems) == 0 }

// Totals returns the round's score by player.
func (v Verdict) Totals() map[string]int {
	m := make(map[string]int, len(v.Scores))
	for _, s := range v.Scores {
		m[s.Player] = s.Total
	}
	return m
}

// ErrUnreadable marks an error that means the round cannot be judged at
// all (an unknown player, a lay-off onto a meld that does not exist), as
// opposed to a round that breaks a rule.
var ErrUnreadable = errors.New("the round cannot be judged")

func unreadable(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUnreadable, fmt.Sprintf(format, args...))
}

// Judge checks a round among players (in seating order) under v and scores
// it. It returns an error wrapping ErrUnreadable when the round cannot be
// judged; a round that breaks rules gets a Verdict listing every problem.
func Judge(v *variants.Variant, players []string, r Round) (Verdict, error) {
	return (*Memo)(nil).Judge(v, players, r)
}

// Memo remembers the engine's verdicts on the melds it has judged, so that
// the rounds of a long match, which put down the same melds again and
// again, have each meld read once. Its Judge is Judge, with the verdicts
// remembered. The zero Memo is ready to use; a nil *Memo remembers
// nothing. A Memo is for one goroutine at a time.
type Memo struct {
	rules    engine.Rules              // the rules of verdicts
	verdicts map[string]engine.Verdict // by meldKey
	key      []byte
}

// Judge is Judge, with the verdicts on melds m remembers.
func (m *Memo) Judge(v *variants.Variant, players []string, r Round) (Verdict, error) {
	if err := checkShape(players, r); err != nil {
		return Verdict{}, err
	}
	if v.Scoring.Method == variants.Knock {
		return judgeKnock(v, players, r)
	}
	if r.Knock != "" || r.Upcard != 0 {
		return Verdict{}, unreadable("a knock and an upcard belong to knock scoring (gin), and %s scores by %s", v.Name, v.Scoring.Method)
	}
	rules := v.Rules(len(players))
	method := v.Scoring.Method
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	// Melds, then lay-offs onto them as they grow, in the order entered.
	grown := make([]engine.Meld, len(r.Melds))
	meldScore := make([]int, len(r.Melds))
	melded := map[string]bool{}
	memo := m
	for i, m := range r.Melds {
		melded[m.Player] = true
		vd := memo.judgeMeld(rules, m.Meld)
		if !vd.Valid {
			add("meld %d (%s: %s) is not valid: %s", i+1, m.Player, m.Meld, vd.Reason)
			continue
		}
		grown[i] = m.Meld
		meldScore[i] = readingPoints(rules, vd.Readings, m.Meld.Cards)
	}
	// Lay-offs, meld by meld. The referee cannot see the order of turns,
	// so the lay-offs onto one meld stand when some order of them keeps
	// the meld valid at every step (RULES.md 3).
	layScore := map[string]int{}
	onto := make([][]Layoff, len(r.Melds))
	for _, l := range r.Layoffs {
		if v.Layoff.RequiresOwnMeld && !melded[l.Player] {
			add("%s laid off %s without a meld of their own, and %s lays off only after melding", l.Player, engine.FormatCards(l.Cards, false), v.Name)
		}
		onto[l.Onto-1] = append(onto[l.Onto-1], l)
	}
	for k, ls := range onto {
		if len(ls) == 0 {
			continue
		}
		t := grown[k]
		if t.Cards == nil {
			for _, l := range ls {
				add("%s's lay-off of %s onto meld %d cannot be judged: that meld is not valid", l.Player, engine.FormatCards(l.Cards, false), l.Onto)
			}
			continue
		}
		steps, why := layOrder(rules, t, ls)
		if steps == nil {
			if len(ls) == 1 {
				add("%s's lay-off of %s onto meld %d (%s) is not valid: %s", ls[0].Player, engine.FormatCards(ls[0].Cards, false), k+1, t, why)
			} else {
				var parts []string
				for _, l := range ls {
					parts = append(parts, fmt.Sprintf("%s's %s", l.Player, engine.FormatCards(l.Cards, false)))
				}
				add("the lay-offs onto meld %d (%s) are not valid in any order: %s: %s", k+1, t, strings.Join(parts, ", "), why)
			}
			continue
		}
		for _, st := range steps {
			layScore[st.layoff.Player] += laidOffPoints(rules, st.layoff.Cards, st.verdict.Readings)
		}
	}

	// No card more often than the decks allow, across everything.
	problems = append(problems, countProblems(rules, r)...)

	hands := map[string]Hand{}
	for _, h := range r.Hands {
		hands[h.Player] = h
	}
	needHands := !r.Stalemate && method != variants.SingleRound
	for _, p := range players {
		h, ok := hands[p]
		switch {
		case p == r.Out && ok && (len(h.Cards) > 0 || h.Points > 0):
			held := engine.FormatCards(h.Cards, false)
			if h.ByPoints {
				held = fmt.Sprintf("%d points", h.Points)
			}
			add("%s went out, so their hand must be empty, but it holds %s", p, held)
		case p != r.Out && !ok && needHands:
			add("%s's hand is not given: give the cards left (or their points)", p)
		case p != r.Out && ok && !h.ByPoints && len(h.Cards) == 0:
			add("%s's hand is given empty, but only the player who went out has no cards left", p)
		}
	}
	if r.Rummy && r.Out == "" {
		add("going rummy is claimed, but nobody went out: only the player who went out can go rummy")
	}
	problems = append(problems, tableProblems(v, rules, r, melded)...)
	if len(problems) > 0 {
		return Verdict{Problems: problems}, nil
	}

	// Score.
	scores := make([]Score, len(players))
	mult := 1
	if r.Rummy {
		mult = max(v.Scoring.RummyMultiplier, 1)
	}
	for i, p := range players {
		s := Score{Player: p}
		if h, ok := hands[p]; ok {
			s.Hand = h.Points
			if !h.ByPoints {
				s.Hand = rules.Sum(h.Cards)
			}
		}
		for j, m := range r.Melds {
			if m.Player == p {
				s.Melded += meldScore[j]
			}
		}
		s.LaidOff = layScore[p]
		scores[i] = s
	}
	if !r.Stalemate {
		switch method {
		case variants.WinnerTakesAll:
			if r.Out != "" {
				sum := 0
				for _, s := range scores {
					sum += s.Hand
				}
				for i := range scores {
					if scores[i].Player == r.Out {
						scores[i].Total = sum * mult
					}
				}
			}
		case variants.Penalty:
			for i := range scores {
				if scores[i].Player != r.Out {
					scores[i].Total = scores[i].Hand * mult
				}
			}
		case variants.MeldPoints:
			// RULES.md 10.7: going rummy multiplies the round score of
			// the player who went out, not the others'.
			for i := range scores {
				s := &scores[i]
				s.Total = s.Melded + s.LaidOff - s.Hand
				if s.Player == r.Out {
					s.Total *= mult
				}
			}
		}
	}
	return Verdict{Scores: scores}, nil
}

// judgeMeld is rules.JudgeMeld(meld), remembered. The verdicts it
// returns are shared: they must not be changed.
func (m *Memo) judgeMeld(rules engine.Rules, meld engine.Meld) engine.Verdict {
	if m == nil {
		return rules.JudgeMeld(meld)
	}
	if m.verdicts == nil || rules != m.rules {
		m.rules, m.verdicts = rules, map[string]engine.Verdict{}
	}
	// The cards, then whether jokers are named and their names: the
	// length first, so no two melds share a key.
	k := binary.AppendUvarint(m.key[:0], uint64(len(meld.Cards)))
	for _, c := range meld.Cards {
		k = append(k, byte(c))
	}
	if meld.Named != nil {
		k = append(k, 1)
		for _, c := range meld.Named {
			k = append(k, byte(c))
		}
	}
	m.key = k
	if vd, ok := m.verdicts[string(k)]; ok {
		return vd
	}
	vd := rules.JudgeMeld(meld)
	m.verdicts[string(k)] = vd
	return vd
}

// checkShape finds what makes a round unreadable.
func checkShape(players []string, r Round) error {
	known := func(p, what string) error {
		if !slices.Contains(players, p) {
			return unreadable("%s names %q, who is not a player (players: %s)", what, p, strings.Join(players, ", "))
		}
		return nil
	}
	if r.Out != "" {
		if err := known(r.Out, "out"); err != nil {
			return err
		}
		if r.Stalemate {
			return unreadable("a round cannot both have a player out and be a stalemate")
		}
	}
	for i, m := range r.Melds {
		if !slices.Contains(players, m.Player) {
			return known(m.Player, fmt.Sprintf("meld %d", i+1))
		}
	}
	for _, l := range r.Layoffs {
		if err := known(l.Player, "a lay-off"); err != nil {
			return err
		}
		if l.Onto < 1 || l.Onto > len(r.Melds) {
			return unreadable("%s's lay-off goes onto meld %d, but the round has %d %s", l.Player, l.Onto, len(r.Melds), plural(len(r.Melds), "meld", "melds"))
		}
		if len(l.Cards) == 0 {
			return unreadable("%s's lay-off onto meld %d has no cards", l.Player, l.Onto)
		}
	}
	seen := map[string]bool{}
	for _, h := range r.Hands {
		if err := known(h.Player, "a hand"); err != nil {
			return err
		}
		if seen[h.Player] {
			return unreadable("%s's hand is given twice", h.Player)
		}
		seen[h.Player] = true
		if h.ByPoints && len(h.Cards) > 0 {
			return unreadable("%s's hand is given both as cards and as points", h.Player)
		}
		if h.Points < 0 {
			return unreadable("%s's hand points are %d: points left in hand cannot be negative", h.Player, h.Points)
		}
	}
	return nil
}

// countProblems names every card the round shows more often than the decks
// allow, with where each copy is. Places are only worked out for the cards
// at fault, so a legal round costs one pass.
func countProblems(rules engine.Rules, r Round) []string {
	var all []engine.Card
	for _, m := range r.Melds {
		all = append(all, m.Meld.Cards...)
	}
	for _, l := range r.Layoffs {
		all = append(all, l.Cards...)
	}
	for _, h := range r.Hands {
		all = append(all, h.Cards...)
	}
	if rules.CheckCounts(all) == nil {
		return nil
	}
	var problems []string
	done := map[engine.Card]bool{}
	for _, c := range all {
		if done[c] {
			continue
		}
		done[c] = true
		err := rules.CheckCounts(onlyCard(all, c))
		if err == nil {
			continue
		}
		var where []string
		note := func(w string) {
			if !slices.Contains(where, w) {
				where = append(where, w)
			}
		}
		for i, m := range r.Melds {
			if slices.Contains(m.Meld.Cards, c) {
				note(fmt.Sprintf("%s's meld %d", m.Player, i+1))
			}
		}
		for _, l := range r.Layoffs {
			if slices.Contains(l.Cards, c) {
				note(fmt.Sprintf("%s's lay-off", l.Player))
			}
		}
		for _, h := range r.Hands {
			if slices.Contains(h.Cards, c) {
				note(fmt.Sprintf("%s's hand", h.Player))
			}
		}
		problems = append(problems, fmt.Sprintf("%s (in %s)", err, strings.Join(where, ", ")))
	}
	return problems
}

func onlyCard(cards []engine.Card, c engine.Card) []engine.Card {
	var out []engine.Card
	for _, d := range cards {
		if d == c {
			out = append(out, d)
		}
	}
	return out
}

// layStep is one lay-off in an order that works, with the verdict on the
// meld it grew.
type layStep struct {
	layoff  Layoff
	verdict engine.Verdict
}

// layOrder finds an order of the lay-offs onto table meld t in which each
// one leaves a valid meld, trying the order entered first. It returns nil
// and the reason when there is none: the reason the lay-offs fail all
// together, or that no order works step by step.
func layOrder(rules engine.Rules, t engine.Meld, ls []Layoff) ([]layStep, string) {
	used := make([]bool, len(ls))
	var steps []layStep
	var tries int
	var search func(m engine.Meld) bool
	search = func(m engine.Meld) bool {
		if len(steps) == len(ls) {
			return true
		}
		for i, l := range ls {
			if used[i] || tries > 5000 {
				continue
			}
			tries++
			vd, err := rules.LayOff(m, l.Cards)
			if err != nil || !vd.Valid {
				continue
			}
			used[i] = true
			steps = append(steps, layStep{l, vd})
			if search(engine.Meld{Cards: vd.Cards, Named: padNamed(m, l.Cards)}) {
				return true
			}
			steps = steps[:len(steps)-1]
			used[i] = false
		}
		return false
	}
	if search(t) {
		return steps, ""
	}
	var all []engine.Card
	for _, l := range ls {
		all = append(all, l.Cards...)
	}
	vd, err := rules.LayOff(t, all)
	switch {
	case err != nil:
		return nil, err.Error()
	case !vd.Valid:
		return nil, vd.Reason
	}
	return nil, "together they fit, but no order of them keeps the meld valid at every step"
}

// laidOffPoints returns the meld points of cards laid off onto a meld that
// then reads as reads: each card at its value, a joker at the joker's, and
// an ace at scoring.ace_low_run in a reading that puts it at the low end of
// a run (A-2-3). Cards already on the table keep the points they had.
func laidOffPoints(r engine.Rules, cards []engine.Card, reads []engine.Reading) int {
	return readingPoints(r, reads, cards)
}

// readingPoints returns the points of cards of a meld that reads as reads,
// under meld-points scoring: naturals at their value, an ace that starts a
// run (A-2-3) at scoring.ace_low_run, jokers at the joker's value, wild
// cards at wild.points when that is set (RULES.md 7). ace_low_run is points like any other, 0 included (RULES.md 10.4).
// Where the meld reads several ways, the player gets the best of them
// (RULES.md 10.3: a 13-card A-K run read high counts its ace 15); a meld
// whose jokers are named has only the named reading.
func readingPoints(r engine.Rules, reads []engine.Reading, cards []engine.Card) int {
	v := r.Values
	best := 0
	for i, rd := range reads {
		n := r.Sum(cards)
		if rd.AceLow && slices.Contains(cards, rd.Cards[0]) {
			n += v.AceLowRun - v.Ace
		}
		if i == 0 || n > best {
			best = n
		}
	}
	return best
}

// padNamed extends a meld's joker names for cards laid off onto it.
func padNamed(m engine.Meld, add []engine.Card) []engine.Card {
	if m.Named == nil {
		return nil
	}
	named := slices.Clone(m.Named)
	for _, c := range add {
		if c == engine.Joker {
			named = append(named, 0)
		}
	}
	return named
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
