package variants

import (
	"strings"
)

// Override changes one key of v for one command, as --rule KEY=VALUE does
// (RULES.md 9): KEY is a dotted name (runs.ace, scoring.values.pips) and
// VALUE is read as YAML, so a map from player count can be given in flow
// style (decks={2: 1, 5: 2}). The value gets the checks a file's value gets,
// and the changed variant must pass Check; otherwise the error is Problems
// placed as "--rule KEY=VALUE: message" and v is left as it was.
//
// Changing players.min or .max trims the maps by player count to the new
// range, as a file that changes them over its base does.
func (v *Variant) Override(rule string) error { return v.OverrideAll([]string{rule}) }

// OverrideAll changes several keys at once, as the --rule flags of one
// command do: each value is read and checked on its own, then the changed
// variant must pass Check as a whole, so rules that only make sense
// together (players.max=4 with a map of decks for 2 to 4 players) can be
// given in any order. On any error v is left as it was.
func (v *Variant) OverrideAll(rules []string) error {
	w := v.clone()
	for _, rule := range rules {
		if err := w.apply(rule); err != nil {
			return err
		}
	}
	if probs := check(w); len(probs) > 0 {
		if len(rules) == 1 {
			key, _, _ := strings.Cut(rules[0], "=")
			return ruleProblems(rules[0], strings.TrimSpace(key), probs)
		}
		return ruleProblems(strings.Join(rules, " --rule "), "", probs)
	}
	w.canonicalize(nil)
	*v = *w
	return nil
}

// ruleProblems places problems as "--rule KEY=VALUE: message", leaving out
// the key where the rule already names it.
func ruleProblems(rule, key string, probs []problem) Problems {
	out := make(Problems, len(probs))
	for i, p := range probs {
		if p.key == key {
			p.key = ""
		}
		out[i] = Problem{File: "--rule " + rule, Key: p.key, Msg: p.msg}
	}
	return out
}

// apply reads one KEY=VALUE into v, with the checks of the key's value on
// its own; Check is left to the caller.
func (v *Variant) apply(rule string) error {
	key, val, ok := strings.Cut(rule, "=")
	key = strings.TrimSpace(key)
	fail := func(probs ...problem) error { return ruleProblems(rule, key, probs) }
	if !ok {
		return fail(problem{msg: "want KEY=VALUE, such as runs.ace=either"})
	}
	f := fieldByKey[key]
	if f == nil {
		if members, isGroup := sections[key]; isGroup && key != "" {
			names := make([]string, len(members))
			for i, m := range members {
				names[i] = join(key, m)
			}
			return fail(problemf(0, "", "%s is a group of keys: give one of %s", key, orList(names)))
		}
		msg := "unknown key"
		if s := suggest(key); s != "" {
			msg += " (did you mean " + s + "?)"
		}
		return fail(problem{msg: msg})
	}
	if f.kind == kindBase {
		return fail(problem{msg: "base names the built-in a file starts from; a --rule cannot change it"})
	}
	if strings.TrimSpace(val) == "" {
		return fail(problemf(0, "", "want %s, got no value", f.want()))
	}
	root, probs := parse([]byte(val))
	if len(probs) > 0 {
		return fail(probs...)
	}
	probs, asMap := f.read(root, v)
	if len(probs) > 0 {
		return fail(probs...)
	}
	v.canonicalize(map[string]bool{key: asMap})
	return nil
}
