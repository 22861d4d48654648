package variants

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/rummy-referee/rummy/engine"
)

// The schema: every key of RULES.md 9, in the order a variant file lists
// them, with its type, its range and where it lives in a Variant. Reading,
// overrides, Check and YAML all work from this one table, so a key added
// here is read, checked and written everywhere.

// kind is the type of a key's value.
type kind uint8

const (
	kindName      kind = iota + 1 // lowercase letters, digits, - and _
	kindText                      // one line of free text
	kindBase                      // the name of a built-in
	kindInt                       // a plain decimal int in lo..hi
	kindBool                      // true or false
	kindEnum                      // one of a few words
	kindByPlayers                 // an int, or a map from player count to int
	kindPips                      // face, or an int in lo..hi
	kindShutout                   // double, or an int in lo..hi (a flat bonus)
	kindRanks                     // a list of ranks, such as [2]
)

// field is one key of the schema.
type field struct {
	key    string
	kind   kind
	lo, hi int // range of an int, of each by-players value, of pips

	// Exactly one accessor is set, by kind.
	str   func(*Variant) *string         // kindName, kindText, kindBase
	num   func(*Variant) *int            // kindInt, kindPips (0 is face)
	flag  func(*Variant) *bool           // kindBool
	by    func(*Variant) *ByPlayers      // kindByPlayers
	enum  *enum                          // kindEnum
	ranks func(*Variant) *engine.RankSet // kindRanks

	// optional keys (the knock keys and the match-end bonuses) may be left
	// out of any file, a built-in's too, and take ruleDefaults; YAML leaves
	// one out while it holds its default and scoring.method is not knock,
	// so the files of the rummy variants do not grow a gin section.
	optional bool
}

// enum is a key whose value is one of a few words.
type enum struct {
	what  string   // "an ace position", for messages
	names []string // the spellings, in the order messages list them
	get   func(*Variant) string
	set   func(*Variant, string) error
}

// Limits of the schema (RULES.md 9 gives the keys; the ranges are ours, wide
// enough for any family's house rules and narrow enough that totals cannot
// overflow and a typo such as 1000 decks is caught).
const (
	maxPlayers = 20   // players.min and .max, player counts in maps
	maxName    = 40   // runes in a name
	maxText    = 1000 // runes in a title or description
)

var fields = []*field{
	{key: "name", kind: kindName, str: func(v *Variant) *string { return &v.Name }},
	{key: "title", kind: kindText, str: func(v *Variant) *string { return &v.Title }},
	{key: "description", kind: kindText, str: func(v *Variant) *string { return &v.Description }},
	{key: "base", kind: kindBase, str: func(v *Variant) *string { return &v.Base }},
	{key: "players.min", kind: kindInt, lo: 1, hi: maxPlayers, num: func(v *Variant) *int { return &v.Players.Min }},
	{key: "players.max", kind: kindInt, lo: 1, hi: maxPlayers, num: func(v *Variant) *int { return &v.Players.Max }},
	{key: "decks", kind: kindByPlayers, lo: 1, hi: 8, by: func(v *Variant) *ByPlayers { return &v.Decks }},
	{key: "jokers.per_deck", kind: kindInt, lo: 0, hi: 8, num: func(v *Variant) *int { return &v.Jokers.PerDeck }},
	{key: "jokers.min_natural", kind: kindInt, lo: 0, hi: 13, num: func(v *Variant) *int { return &v.Jokers.MinNatural }},
	{key: "jokers.max_per_meld", kind: kindInt, lo: 0, hi: 13, num: func(v *Variant) *int { return &v.Jokers.MaxPerMeld }},
	{key: "jokers.swap", kind: kindBool, flag: func(v *Variant) *bool { return &v.Jokers.Swap }},
	{key: "wild.ranks", kind: kindRanks, optional: true, ranks: func(v *Variant) *engine.RankSet { return &v.Wild.Ranks }},
	{key: "wild.points", kind: kindInt, lo: 0, hi: 1000, optional: true, num: func(v *Variant) *int { return &v.Wild.Points }},
	{key: "deal.cards", kind: kindByPlayers, lo: 1, hi: 52, by: func(v *Variant) *ByPlayers { return &v.Deal.Cards }},
	{key: "deal.rotation", kind: kindEnum, enum: stringEnum("a deal rotation",
		func(v *Variant) *Rotation { return &v.Deal.Rotation }, RotateLeft, RotateWinner)},
	{key: "sets.enabled", kind: kindBool, flag: func(v *Variant) *bool { return &v.Sets.Enabled }},
	{key: "sets.distinct_suits", kind: kindBool, flag: func(v *Variant) *bool { return &v.Sets.DistinctSuits }},
	{key: "runs.enabled", kind: kindBool, flag: func(v *Variant) *bool { return &v.Runs.Enabled }},
	{key: "runs.ace", kind: kindEnum, enum: aceEnum},
	{key: "runs.wrap", kind: kindBool, flag: func(v *Variant) *bool { return &v.Runs.Wrap }},
	{key: "melds.min_size", kind: kindInt, lo: 2, hi: 13, num: func(v *Variant) *int { return &v.Melds.MinSize }},
	{key: "layoff.requires_own_meld", kind: kindBool, flag: func(v *Variant) *bool { return &v.Layoff.RequiresOwnMeld }},
	{key: "going_out.discard_required", kind: kindBool, flag: func(v *Variant) *bool { return &v.GoingOut.DiscardRequired }},
	{key: "scoring.method", kind: kindEnum, enum: stringEnum("a scoring method",
		func(v *Variant) *Method { return &v.Scoring.Method }, WinnerTakesAll, Penalty, MeldPoints, SingleRound, Knock)},
	{key: "scoring.values.ace", kind: kindInt, lo: 0, hi: 100, num: func(v *Variant) *int { return &v.Scoring.Values.Ace }},
	{key: "scoring.values.face", kind: kindInt, lo: 0, hi: 100, num: func(v *Variant) *int { return &v.Scoring.Values.Face }},
	{key: "scoring.values.joker", kind: kindInt, lo: 0, hi: 100, num: func(v *Variant) *int { return &v.Scoring.Values.Joker }},
	{key: "scoring.values.pips", kind: kindPips, lo: 1, hi: 10, num: func(v *Variant) *int { return &v.Scoring.Values.Pips }},
	{key: "scoring.ace_low_run", kind: kindInt, lo: 0, hi: 100, num: func(v *Variant) *int { return &v.Scoring.Values.AceLowRun }},
	{key: "scoring.rummy_multiplier", kind: kindInt, lo: 1, hi: 10, num: func(v *Variant) *int { return &v.Scoring.RummyMultiplier }},
	{key: "scoring.target", kind: kindByPlayers, lo: 0, hi: 100_000, by: func(v *Variant) *ByPlayers { return &v.Scoring.Target }},
	{key: "scoring.rounds", kind: kindInt, lo: 0, hi: 1000, num: func(v *Variant) *int { return &v.Scoring.Rounds }},
	{key: "scoring.ties", kind: kindEnum, enum: stringEnum("a tie rule",
		func(v *Variant) *Ties { return &v.Scoring.Ties }, PlayOn, Share)},
	{key: "scoring.must_go_out_to_win", kind: kindBool, flag: func(v *Variant) *bool { return &v.Scoring.MustGoOutToWin }},
	{key: "scoring.game_bonus", kind: kindInt, lo: 0, hi: 10_000, optional: true, num: func(v *Variant) *int { return &v.Scoring.GameBonus }},
	{key: "scoring.box_bonus", kind: kindInt, lo: 0, hi: 10_000, optional: true, num: func(v *Variant) *int { return &v.Scoring.BoxBonus }},
	{key: "scoring.shutout", kind: kindShutout, lo: 0, hi: 10_000, optional: true, num: func(v *Variant) *int { return &v.Scoring.Shutout }},
	{key: "stock.reshuffles", kind: kindInt, lo: -1, hi: 100, num: func(v *Variant) *int { return &v.Stock.Reshuffles }},
	{key: "checks.hand_points", kind: kindBool, flag: func(v *Variant) *bool { return &v.Checks.HandPoints }},
	{key: "checks.out_melded", kind: kindBool, flag: func(v *Variant) *bool { return &v.Checks.OutMelded }},
	{key: "checks.rummy_claim", kind: kindBool, flag: func(v *Variant) *bool { return &v.Checks.RummyClaim }},
	{key: "checks.round_endings", kind: kindBool, flag: func(v *Variant) *bool { return &v.Checks.RoundEndings }},
	{key: "seats.join_total", kind: kindEnum, optional: true, enum: stringEnum("a starting total",
		func(v *Variant) *JoinTotal { return &v.Seats.JoinTotal }, JoinZero, JoinTrailing, JoinAverage)},
	{key: "seats.left_can_win", kind: kindBool, optional: true, flag: func(v *Variant) *bool { return &v.Seats.LeftCanWin }},
	{key: "knock.limit", kind: kindInt, lo: 0, hi: 100, optional: true, num: func(v *Variant) *int { return &v.Knock.Limit }},
	{key: "knock.limit_from_upcard", kind: kindBool, optional: true, flag: func(v *Variant) *bool { return &v.Knock.LimitFromUpcard }},
	{key: "knock.ace_upcard", kind: kindEnum, optional: true, enum: stringEnum("an ace upcard rule",
		func(v *Variant) *AceUpcard { return &v.Knock.AceUpcard }, AceGinOnly, AceLimitOne)},
	{key: "knock.spade_multiplier", kind: kindInt, lo: 1, hi: 10, optional: true, num: func(v *Variant) *int { return &v.Knock.SpadeMultiplier }},
	{key: "knock.gin_bonus", kind: kindInt, lo: 0, hi: 1000, optional: true, num: func(v *Variant) *int { return &v.Knock.GinBonus }},
	{key: "knock.big_gin_bonus", kind: kindInt, lo: 0, hi: 1000, optional: true, num: func(v *Variant) *int { return &v.Knock.BigGinBonus }},
	{key: "knock.undercut_bonus", kind: kindInt, lo: 0, hi: 1000, optional: true, num: func(v *Variant) *int { return &v.Knock.UndercutBonus }},
	{key: "knock.undercut_on_tie", kind: kindBool, optional: true, flag: func(v *Variant) *bool { return &v.Knock.UndercutOnTie }},
	{key: "knock.layoffs", kind: kindBool, optional: true, flag: func(v *Variant) *bool { return &v.Knock.Layoffs }},
	{key: "knock.layoff_after_gin", kind: kindBool, optional: true, flag: func(v *Variant) *bool { return &v.Knock.LayoffAfterGin }},
	{key: "knock.dead_hand_stock", kind: kindInt, lo: 0, hi: 52, optional: true, num: func(v *Variant) *int { return &v.Knock.DeadHandStock }},
}

// fieldByKey and sections index the schema: sections maps "" and each group
// of keys (runs, scoring.values) to the names of its members, in schema
// order, so a dotted key is a group exactly when sections holds it.
var fieldByKey, sections = index()

func index() (map[string]*field, map[string][]string) {
	byKey := make(map[string]*field, len(fields))
	secs := map[string][]string{}
	for _, f := range fields {
		byKey[f.key] = f
		parts := strings.Split(f.key, ".")
		for i, name := range parts {
			parent := strings.Join(parts[:i], ".")
			if !slices.Contains(secs[parent], name) {
				secs[parent] = append(secs[parent], name)
			}
		}
	}
	return byKey, secs
}

// join returns the dotted key of name inside section prefix.
func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

var aceEnum = &enum{
	what:  "an ace position",
	names: []string{engine.AceLow.String(), engine.AceHigh.String(), engine.AceEither.String()},
	get: func(v *Variant) string {
		if v.Runs.Ace == 0 {
			return ""
		}
		return v.Runs.Ace.String()
	},
	set: func(v *Variant, s string) error {
		a, err := engine.ParseAcePosition(s)
		if err == nil {
			v.Runs.Ace = a
		}
		return err
	},
}

// stringEnum returns the enum of a string type whose values are its
// spellings.
func stringEnum[T ~string](what string, ptr func(*Variant) *T, values ...T) *enum {
	names := make([]string, len(values))
	for i, x := range values {
		names[i] = string(x)
	}
	return &enum{
		what:  what,
		names: names,
		get:   func(v *Variant) string { return string(*ptr(v)) },
		set: func(v *Variant, s string) error {
			if !slices.Contains(names, s) {
				return fmt.Errorf("%q is not %s (%s)", s, what, orList(names))
			}
			*ptr(v) = T(s)
			return nil
		},
	}
}

// orList returns "a, b or c".
func orList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// want says what a key's value must be, for "want X, got Y" messages.
func (f *field) want() string {
	switch f.kind {
	case kindName:
		return "a name"
	case kindText, kindBase:
		return "a string"
	case kindInt:
		return "an int"
	case kindBool:
		return "true or false"
	case kindEnum:
		return orList(f.enum.names)
	case kindByPlayers:
		return "an int or a map from player count to int"
	case kindPips, kindShutout:
		word, _ := f.word()
		return word + " or an int"
	case kindRanks:
		return "a list of ranks, such as [2] or [2, J]"
	}
	return "a value"
}

// word returns the word a key of kind pips or shutout takes besides an
// int, and the value it stands for: face is 0 in engine.Values, double is
// ShutoutDouble.
func (f *field) word() (string, int) {
	if f.kind == kindPips {
		return "face", 0
	}
	return "double", ShutoutDouble
}

// clone returns a copy of v that shares no map with it.
func (v *Variant) clone() *Variant {
	w := *v
	for _, f := range fields {
		if f.by != nil {
			p := f.by(&w)
			*p = maps.Clone(*p)
		}
	}
	return &w
}

// canonical returns b in its shortest form for players min to max: the
// same value as b for every count in that range, under keys in that range,
// the first of them min, and no key whose value is the one before it. A
// base's maps pass through it when a file changes players.min or .max, and
// one number read for every count ({0: n}) becomes {min: n}.
func (b ByPlayers) canonical(min, max int) ByPlayers {
	if len(b) == 0 || min > max {
		return b
	}
	last := b.At(min)
	out := ByPlayers{min: last}
	for _, k := range b.keys() {
		if k > min && k <= max && b[k] != last {
			out[k], last = b[k], b[k]
		}
	}
	return out
}

// canonicalize brings every by-players map of v to canonical form, except
// those of the keys in keep (maps a file or --rule just wrote, whose keys
// Check must see as written).
func (v *Variant) canonicalize(keep map[string]bool) {
	for _, f := range fields {
		if f.by != nil && !keep[f.key] {
			p := f.by(v)
			*p = p.canonical(v.Players.Min, v.Players.Max)
		}
	}
}

// suggest returns the known key nearest to the unknown dotted key, or "".
// It tries, in turn: a key of the same section spelt nearly the same
// (runs.aces: runs.ace), a key of the same name in another section (wrap at
// the top: runs.wrap), and any key spelt nearly the same.
func suggest(key string) string {
	if len(key) > 64 {
		return ""
	}
	prefix, name := splitKey(key)
	if best := nearest(name, name, sections[prefix]); best != "" {
		return join(prefix, best)
	}
	var moved []string
	for _, f := range fields {
		if strings.HasSuffix("."+f.key, "."+name) {
			moved = append(moved, f.key)
		}
	}
	if len(moved) > 0 {
		return moved[0]
	}
	all := make([]string, 0, len(fields)+len(sections))
	for _, f := range fields {
		all = append(all, f.key)
	}
	for s := range sections {
		if s != "" {
			all = append(all, s)
		}
	}
	slices.Sort(all)
	return nearest(key, name, all)
}

// nearest returns the candidate within a few edits of word, the closest
// first, or "". How many edits count as near goes by the length of name,
// the last part of a dotted word, so that scoring.values.king is not taken
// for scoring.values.pips.
func nearest(word, name string, candidates []string) string {
	limit := 1
	switch {
	case len(name) > 8:
		limit = 3
	case len(name) > 4:
		limit = 2
	}
	w := strings.ToLower(word)
	best, bestD := "", limit+1
	for _, c := range candidates {
		if d := editDistance(w, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes (keys
// are ASCII).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
