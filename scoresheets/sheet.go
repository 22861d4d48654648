package scoresheets

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/rummy-referee/rummy/referee"
	"github.com/rummy-referee/rummy/variants"
)

// Sheet is a match in memory: its settings, the rounds as entered with the
// scores the referee gave them, and the audit trail of every change.
//
// Read its fields freely, but change a sheet only through New, Record,
// Undo, Edit, Amend, End, Reopen, Rename, Join and Leave, which judge each round and keep the scores, the
// dealers and the audit trail consistent; a sheet changed by hand may be
// refused when it is saved or loaded. A Sheet is not safe for concurrent
// use; Update serialises writers of one file.
type Sheet struct {
	Created     time.Time
	Variant     *variants.Variant // the full effective rules, stored whole in the file
	Players     []string          // in seating order: everyone who has played or will
	FirstDealer string
	Target      int            // 0: no target
	RoundLimit  int            // the match ends after this many rounds; 0: no limit
	Ended       time.Time      // when the players agreed to stop; zero while they have not
	Seats       []referee.Seat // players joining and leaving between rounds, in the order made
	Rounds      []Entry        // in the order played
	Audit       []Audit        // oldest first

	comments map[string]comment // a person's comments in the file, by place (comments.go)
	judged   *judged            // what Update's load judged, so its save judges only what changed
}

// Entry is one recorded round.
type Entry struct {
	Number int    // 1-based
	Dealer string // who dealt it (RULES.md 5a)
	Round  referee.Round
	// Scores is what the round added to each player's total, as the
	// referee scored it.
	Scores map[string]int
}

// Action names a kind of change in the audit trail.
type Action string

// The actions.
const (
	ActionNew   Action = "new"   // the match was started
	ActionRound Action = "round" // a round was recorded
	ActionUndo  Action = "undo"  // the last round was removed
	ActionEdit  Action = "edit"  // a round was replaced
	ActionEnd   Action = "end"   // the players agreed to stop
	// ActionReopen takes back an end: play goes on.
	ActionReopen Action = "reopen"
	ActionRename Action = "rename" // a player's name was changed everywhere
	ActionJoin   Action = "join"   // a player joins from the next round
	ActionLeave  Action = "leave"  // a player leaves from the next round
)

var actions = []Action{ActionNew, ActionRound, ActionUndo, ActionEdit, ActionEnd,
	ActionReopen, ActionRename, ActionJoin, ActionLeave}

// Audit is one change to a sheet.
type Audit struct {
	Time   time.Time
	Action Action
	Round  int    // the round concerned; 0 for new
	Note   string // one line: what changed, with old scores where they were replaced
}

// Options are a new match's settings beyond its variant and players.
type Options struct {
	// Target is the match target. Nil takes the variant's target for the
	// number of players (RULES.md 5); 0 plays without one.
	Target *int
	// Rounds ends the match after this many rounds. 0 takes the variant's
	// scoring.rounds (change that with Variant.Override to drop a
	// variant's limit).
	Rounds int
	// Dealer deals the first round; "" is the first player.
	Dealer string
	// Now is when the match starts; zero is time.Now().
	Now time.Time
}

// ErrFinished marks an error that refuses a change because the match is
// over.
var ErrFinished = errors.New("the match is over")

// maxNumber bounds every number a match holds (targets, round limits,
// points, scores), so no sum of them can overflow.
const maxNumber = 1_000_000_000

// MaxNameLen is the longest player name, in characters.
const MaxNameLen = 40

// New starts a match of v among players, in seating order. It checks the
// players: 2 or more, within the variant's players.min and players.max,
// distinct (ignoring case), and names a card list or a command line can
// carry (CheckName). The sheet keeps its own copy of v's rules, so a later
// change to v does not reach it.
func New(v *variants.Variant, players []string, opts Options) (*Sheet, error) {
	if v == nil {
		return nil, errors.New("a match needs a variant")
	}
	if err := checkPlayers(v, players); err != nil {
		return nil, err
	}
	rules, err := variants.Load(v.Name, v.YAML())
	if err != nil {
		return nil, fmt.Errorf("variant %s does not load back from its own rules: %w", v.Name, err)
	}
	target := v.Target(len(players))
	if opts.Target != nil {
		target = *opts.Target
	}
	if target < 0 || target > maxNumber {
		return nil, fmt.Errorf("target %d is out of range (0 to %d; 0 plays without one)", target, maxNumber)
	}
	limit := v.Scoring.Rounds
	if opts.Rounds < 0 || opts.Rounds > maxNumber {
		return nil, fmt.Errorf("rounds %d is out of range (0 to %d)", opts.Rounds, maxNumber)
	}
	if opts.Rounds > 0 {
		limit = opts.Rounds
	}
	dealer := opts.Dealer
	if dealer == "" {
		dealer = players[0]
	} else if !slices.Contains(players, dealer) {
		return nil, fmt.Errorf("the first dealer %q is not a player (players: %s)", dealer, strings.Join(players, ", "))
	}
	now := clock(opts.Now)
	s := &Sheet{
		Created:     now,
		Variant:     rules,
		Players:     slices.Clone(players),
		FirstDealer: dealer,
		Target:      target,
		RoundLimit:  limit,
	}
	s.log(now, ActionNew, 0, fmt.Sprintf("%s match for %s; %s; %s deals first",
		v.Name, strings.Join(players, ", "), s.limits(), dealer))
	return s, nil
}

// limits describes the target and round limit, as "target 150, no round
// limit".
func (s *Sheet) limits() string {
	t := "no target"
	if s.Target > 0 {
		t = fmt.Sprintf("target %d", s.Target)
	}
	if s.RoundLimit > 0 {
		return fmt.Sprintf("%s, %d %s", t, s.RoundLimit, plural(s.RoundLimit, "round", "rounds"))
	}
	return t + ", no round limit"
}

// CheckName reports why name cannot be a player's name, or nil. A name is
// 1 to MaxNameLen characters of valid UTF-8, has no control characters, no
// space at either end, and none of = , @, which the command line and card
// lists use as separators.
func CheckName(name string) error {
	switch {
	case name == "":
		return errors.New("a player's name cannot be empty")
	case !utf8.ValidString(name):
		return fmt.Errorf("player name %q is not valid UTF-8", name)
	case utf8.RuneCountInString(name) > MaxNameLen:
		return fmt.Errorf("player name %q is longer than %d characters", name, MaxNameLen)
	case strings.TrimSpace(name) != name:
		return fmt.Errorf("player name %q starts or ends with a space", name)
	}
	for _, r := range name {
		switch {
		case r == '=' || r == ',' || r == '@':
			return fmt.Errorf("player name %q contains %q, which the command line uses to separate names from cards", name, r)
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == '\uFEFF':
			return fmt.Errorf("player name %q contains a control character", name)
		}
	}
	return nil
}

func checkPlayers(v *variants.Variant, players []string) error {
	n := len(players)
	if n < 2 {
		return fmt.Errorf("a match needs at least 2 players, and %d %s given", n, plural(n, "is", "are"))
	}
	if n < v.Players.Min || n > v.Players.Max {
		return fmt.Errorf("%s is played by %s, not %d", v.Name, variants.PlayerCount(v), n)
	}
	return checkNames(players)
}

// checkNames checks that players are names (CheckName) that differ,
// ignoring case.
func checkNames(players []string) error {
	for i, p := range players {
		if err := CheckName(p); err != nil {
			return fmt.Errorf("player %d: %w", i+1, err)
		}
		for _, q := range players[:i] {
			if strings.EqualFold(p, q) {
				return fmt.Errorf("player %d: %q is already a player (%q): names must differ", i+1, p, q)
			}
		}
	}
	return nil
}

// Match returns the match's settings as the referee takes them.
func (s *Sheet) Match() referee.Match {
	return referee.Match{
		Variant:     s.Variant,
		Players:     s.Players,
		FirstDealer: s.FirstDealer,
		Target:      s.Target,
		Rounds:      s.RoundLimit,
		Ended:       !s.Ended.IsZero(),
		Seats:       s.Seats,
	}
}

// Seated returns the players at the table in round n (1-based), in seating
// order.
func (s *Sheet) Seated(n int) []string { return s.Match().Seated(n) }

// Standing returns where the match stands: totals recomputed from the
// rounds, leaders, the next dealer, and the winners once it is finished.
func (s *Sheet) Standing() referee.Standing {
	return s.Match().Stand(results(s.Rounds))
}

func results(rounds []Entry) []referee.Result {
	rs := make([]referee.Result, len(rounds))
	for i, e := range rounds {
		rs[i] = result(e)
	}
	return rs
}

// result is what the match needs of entry e. A gin hand's winner is the
// one player it scored for: the knocker, or the defender who undercut.
func result(e Entry) referee.Result {
	r := referee.Result{Dealer: e.Dealer, Out: e.Round.Out, Scores: e.Scores}
	if e.Round.Knock != "" {
		for p, n := range e.Scores {
			if n > 0 {
				r.Winner = p
			}
		}
	}
	return r
}

// Record judges round r with the referee and, when it stands, appends it,
// dealt by the standing's next dealer, with the referee's scores. A round
// that breaks a rule is not an error: the verdict lists its problems and
// the sheet is unchanged. Record returns an error, changing nothing, when
// the round cannot be judged (referee.ErrUnreadable) or the match is over
// (ErrFinished).
func (s *Sheet) Record(r referee.Round, now time.Time) (referee.Verdict, error) {
	st := s.Standing()
	if st.Finished {
		return referee.Verdict{}, s.finishedError(st, "no round can be added")
	}
	vd, err := referee.Judge(s.Variant, s.Seated(len(s.Rounds)+1), r)
	if err != nil || !vd.OK() {
		return vd, err
	}
	e := Entry{Number: len(s.Rounds) + 1, Dealer: st.NextDealer, Round: cloneRound(r), Scores: vd.Totals()}
	s.Rounds = append(s.Rounds, e)
	s.log(now, ActionRound, e.Number, s.describe(e))
	return vd, nil
}

// Undo removes the last round. A match finished at its target or its last
// round opens again. A match the players ended stays closed and Undo
// refuses (ErrFinished): ending is their agreement to stop after the rounds
// recorded, and taking one back would change what they agreed to; a wrong
// round of an ended match is corrected with Edit.
func (s *Sheet) Undo(now time.Time) error {
	n := len(s.Rounds)
	if n == 0 {
		return errors.New("there is no round to undo")
	}
	if !s.Ended.IsZero() {
		return fmt.Errorf("%w: the players ended it after round %d, so it stays closed (reopen it first, or edit a round to correct it)", ErrFinished, n)
	}
	if c := s.pendingSeats(); len(c) > 0 {
		return fmt.Errorf("%s after round %d, waiting for round %d: take %s back first (join a player who leaves, or have a joining player leave)",
			seatsText(c), n, n+1, plural(len(c), "it", "them"))
	}
	wasOver := s.Standing().Finished
	last := s.Rounds[n-1]
	s.Rounds[n-1] = Entry{}
	s.Rounds = s.Rounds[:n-1]
	s.dropComments("/rounds/" + strconv.Itoa(n))
	note := fmt.Sprintf("removed round %d (%s)", n, s.describe(last))
	if wasOver {
		note += "; the match is open again"
	}
	s.log(now, ActionUndo, n, note)
	return nil
}

// Edit replaces round n (1-based) with r, judged with the referee. The
// replaced round keeps its dealer; later dealers follow deal.rotation again
// (under rotation winner a new player out changes who deals next), and
// every later total follows the new scores. As with Record, a round that
// breaks a rule gets a verdict listing its problems and changes nothing.
// Edit refuses, changing nothing, an edit that would finish the match
// before a later recorded round; undo those rounds first. Editing a round
// of a finished or ended match is allowed: it corrects the record.
func (s *Sheet) Edit(n int, r referee.Round, now time.Time) (referee.Verdict, error) {
	if n < 1 || n > len(s.Rounds) {
		return referee.Verdict{}, fmt.Errorf("there is no round %d to edit (the match has %d %s)", n, len(s.Rounds), plural(len(s.Rounds), "round", "rounds"))
	}
	vd, err := referee.Judge(s.Variant, s.Seated(n), r)
	if err != nil || !vd.OK() {
		return vd, err
	}
	rounds := slices.Clone(s.Rounds)
	old := rounds[n-1]
	rounds[n-1] = Entry{Number: n, Dealer: old.Dealer, Round: cloneRound(r), Scores: vd.Totals()}
	moved := s.redeal(rounds, n)
	if k, why := s.finishedAt(rounds); k > 0 && k < len(rounds) {
		return referee.Verdict{}, fmt.Errorf("with this edit the match would end after round %d (%s), but %s recorded after it: undo %s first",
			k, why, spanRounds(k+1, len(rounds)), plural(len(rounds)-k, "it", "them"))
	}
	s.Rounds = rounds
	note := fmt.Sprintf("round %d was %s; now %s", n, s.describe(old), s.describe(rounds[n-1]))
	if moved > 0 {
		note += fmt.Sprintf("; the deal of %d later %s changed", moved, plural(moved, "round", "rounds"))
	}
	if starts := s.restart(); starts != "" {
		note += "; " + starts
	}
	s.log(now, ActionEdit, n, note)
	return vd, nil
}

// End closes the match as it stands: the players agreed to stop. The best
// total wins, and a tie is shared (RULES.md 5). It refuses a match with no
// rounds and one already over.
func (s *Sheet) End(now time.Time) error {
	if len(s.Rounds) == 0 {
		return errors.New("no round is recorded yet, so there is nothing to end")
	}
	if st := s.Standing(); st.Finished {
		return s.finishedError(st, "it cannot be ended again")
	}
	s.Ended = clock(now)
	st := s.Standing()
	s.log(s.Ended, ActionEnd, len(s.Rounds), fmt.Sprintf("the players stopped after round %d: %s", len(s.Rounds), winnersText(st.Winners)))
	return nil
}

// finishedError explains why the match is over and what cannot be done.
func (s *Sheet) finishedError(st referee.Standing, what string) error {
	if st.Why != "ended" {
		what += " (undo the last round to reopen it)"
	}
	return fmt.Errorf("%w: %s, and %s; %s", ErrFinished, s.ending(st), winnersText(st.Winners), what)
}

// ending says how a finished match ended: "the target of 150 was reached
// in round 7".
func (s *Sheet) ending(st referee.Standing) string {
	n := len(s.Rounds)
	switch st.Why {
	case "target":
		return fmt.Sprintf("the target of %d was reached in round %d", s.Target, n)
	case "rounds":
		return fmt.Sprintf("round %d was the last", s.RoundLimit)
	case "out":
		return fmt.Sprintf("%s went out in round %d", joinAnd(st.Winners), n)
	case "ended":
		return fmt.Sprintf("the players stopped after round %d", n)
	}
	return st.Why
}

// winnersText says who won: "Bob won", "Ann and Bob share the win",
// "nobody won".
func winnersText(w []string) string {
	switch len(w) {
	case 0:
		return "nobody won"
	case 1:
		return w[0] + " won"
	}
	return joinAnd(w) + " share the win"
}

func joinAnd(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// nextDealer returns who deals after round e, by the referee's rule.
func (s *Sheet) nextDealer(e Entry) string {
	return s.Match().NextDealer(result(e), e.Number)
}

// redeal sets the dealers of rounds[from:] by the rotation and returns how
// many changed.
func (s *Sheet) redeal(rounds []Entry, from int) int {
	changed := 0
	for i := max(from, 1); i < len(rounds); i++ {
		d := s.nextDealer(rounds[i-1])
		if rounds[i].Dealer != d {
			rounds[i].Dealer = d
			changed++
		}
	}
	return changed
}

// finishedAt returns the first round after which the match is over by its
// own rules (target, round limit, single-round win; not the players'
// agreement), with the referee's reason, or 0. A match once over stays
// over, so the search halves the rounds each step.
func (s *Sheet) finishedAt(rounds []Entry) (int, string) {
	m := s.Match()
	m.Ended = false
	rs := results(rounds)
	k := sort.Search(len(rs), func(i int) bool { return m.Stand(rs[:i+1]).Finished }) + 1
	if k > len(rs) {
		return 0, ""
	}
	return k, m.Stand(rs[:k]).Why
}

// describe says what a round was, in one line: "Bob out: Ann 0, Bob 25".
func (s *Sheet) describe(e Entry) string {
	var b strings.Builder
	switch {
	case e.Round.Knock != "":
		b.WriteString(e.Round.Knock + " knocked")
	case e.Round.Stalemate:
		b.WriteString("stalemate")
	case e.Round.Out != "":
		b.WriteString(e.Round.Out + " out")
		if e.Round.Rummy {
			b.WriteString(" (rummy)")
		}
	default:
		b.WriteString("nobody out")
	}
	b.WriteString(": ")
	for i, p := range s.Seated(e.Number) {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %d", p, e.Scores[p])
	}
	return b.String()
}

func (s *Sheet) log(now time.Time, a Action, round int, note string) {
	s.Audit = append(s.Audit, Audit{Time: clock(now), Action: a, Round: round, Note: note})
}

// clock returns t to the second, or now when t is zero: the file keeps
// seconds, so a sheet reloads equal to the one saved.
func clock(t time.Time) time.Time {
	if t.IsZero() {
		t = time.Now()
	}
	return t.Round(0).Truncate(time.Second)
}

// cloneRound copies r's slices, so a caller reusing them cannot change a
// recorded round.
func cloneRound(r referee.Round) referee.Round {
	r.Melds = slices.Clone(r.Melds)
	for i := range r.Melds {
		r.Melds[i].Meld.Cards = slices.Clone(r.Melds[i].Meld.Cards)
		r.Melds[i].Meld.Named = slices.Clone(r.Melds[i].Meld.Named)
	}
	r.Layoffs = slices.Clone(r.Layoffs)
	for i := range r.Layoffs {
		r.Layoffs[i].Cards = slices.Clone(r.Layoffs[i].Cards)
	}
	r.Hands = slices.Clone(r.Hands)
	for i := range r.Hands {
		r.Hands[i].Cards = slices.Clone(r.Hands[i].Cards)
	}
	return r
}

func spanRounds(a, b int) string {
	if a == b {
		return fmt.Sprintf("round %d is", a)
	}
	return fmt.Sprintf("rounds %d to %d are", a, b)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
