package variants

import (
	"slices"
	"strings"
)

// aliases are the other names a family gives the built-ins.
var aliases = map[string]string{
	"500": "rummy500", "rummy-500": "rummy500", "rummy_500": "rummy500", "rummy 500": "rummy500",
	"kid": "kids", "kids-rummy": "kids", "kidsrummy": "kids",
	"basic-rummy": "basic", "basicrummy": "basic", "rummy": "basic",
}

// BuiltinName returns the built-in variant a name means, without regard to
// case and with the usual other names ("500" and "Rummy-500" are rummy500).
func BuiltinName(name string) (string, bool) {
	l := strings.ToLower(strings.TrimSpace(name))
	if a, ok := aliases[l]; ok {
		l = a
	}
	return l, slices.Contains(Builtins(), l)
}

// NearestBuiltin returns the built-in a mistyped name most likely means
// (within two edits of its name or of another name for it, or a prefix),
// or "" when none is near.
func NearestBuiltin(name string) string {
	l := strings.ToLower(strings.TrimSpace(name))
	best, bestD := "", 3
	try := func(cand, means string) {
		d := editDistance(l, cand)
		if len(l) >= 2 && strings.HasPrefix(cand, l) {
			d = min(d, 1)
		}
		if d < bestD || (d == bestD && means < best) {
			best, bestD = means, d
		}
	}
	for _, b := range Builtins() {
		try(b, b)
	}
	for a, b := range aliases {
		try(a, b)
	}
	return best
}
