package variants

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

// hostile are inputs built to make a YAML reader hang, blow up or use all
// memory. Each must be refused, quickly, with a message.
var hostile = map[string]struct {
	src  string
	want string
}{
	// Billion laughs: nine levels of nine aliases, 10^9 strings if expanded.
	"billion laughs": {`name: lol
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
`, "h.yaml:2: anchors are not allowed (&a): write the value out"},
	"deep lists": {strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
		"h.yaml:1: nested deeper than any key of a variant file"},
	"deep maps": {"name: " + strings.Repeat("{a: ", 10000) + "1" + strings.Repeat("}", 10000),
		"h.yaml:1: nested deeper than any key of a variant file"},
	"deep value": {"base: basic\nname: x\ndecks: " + strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
		"h.yaml:3: nested deeper than any key of a variant file"},
	"deep blocks": {func() string {
		var b strings.Builder
		for i := range 300 {
			b.WriteString(strings.Repeat(" ", i) + "a:\n")
		}
		return b.String()
	}(), "h.yaml:5: nested deeper than any key of a variant file"},
	"1 MiB": {"base: basic\nname: x\ndescription: " + strings.Repeat("lol ", 1<<18) + "\n",
		"h.yaml: too large for a variant file (more than 64 KiB)"},
	"many keys": {strings.Repeat("k: 1\n", 13000),
		"h.yaml:1: k: unknown key"}, // and 49 more, then "too many problems"
}

func TestHostileInputsRefusedFast(t *testing.T) {
	for name, h := range hostile {
		start := time.Now()
		_, err := Load("h.yaml", []byte(h.src))
		took := time.Since(start)
		got := problems(t, err)
		if len(got) == 0 || got[0] != h.want {
			t.Errorf("%s: got %q, want first %q", name, got, h.want)
		}
		// Generous, for slow machines and the race detector; each takes a
		// few milliseconds.
		if took > 2*time.Second {
			t.Errorf("%s: refused after %v", name, took)
		}
	}
}

// FuzzLoad: Load never panics or hangs, refuses with Problems, and every
// file it accepts is whole (Check) and round-trips through YAML.
func FuzzLoad(f *testing.F) {
	// Small seeds only: the fuzzer minimises every input that finds new
	// code, and a find from a 1.5 KB built-in file took the whole run.
	// A file based on each built-in loads it through the same path.
	for _, name := range Builtins() {
		f.Add([]byte("base: " + name + "\nname: x\n"))
	}
	f.Add([]byte("name: own\nplayers: {min: 2, max: 4}\ndeal: {cards: {2: 10, 3: 7}}\nscoring: {method: penalty, target: 100}\n"))
	// The small hostile inputs only: a find from a large seed takes the
	// whole run to minimise.
	for _, h := range hostile {
		if len(h.src) < 2048 {
			f.Add([]byte(h.src))
		}
	}
	for _, src := range []string{
		"base: basic\nname: house\njokers: {per_deck: 2}\nruns: {ace: either}\n",
		"base: rummy500\nname: r\ndecks: {2: 1, 4: 1, 6: 2}\nscoring: {target: {2: 300, 5: 500}, values: {pips: 5}}\n",
		"base: kids\nname: k\nplayers: {min: 3, max: 4}\ntitle: 'yes'\n",
		"base: basic\nname: t\nruns:\n  aces: low\n  wrap: yes\ndecks: {2: 1, 30: 2, 3: 010}\n",
		"base: basic\nname: t\nx: &a 1\ny: *a\n",
		"base: basic\nname: t\n---\nname: u\n",
		"name: \xff\n",
		"",
	} {
		f.Add([]byte(src))
	}
	// The variants whose round trip passed, each written out in full
	// (%#v: every field, maps in key order, nil told from empty; a
	// Variant holds no pointers). Most accepted inputs are a few bytes off
	// an earlier one and load to a variant already seen, whose writing
	// and reading back would be four fifths of what the input costs.
	tripped := map[string]bool{}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Load("fuzz.yaml", data)
		if err != nil {
			var ps Problems
			if !errors.As(err, &ps) || len(ps) == 0 {
				t.Fatalf("error %v (%T) is not Problems", err, err)
			}
			for _, p := range ps {
				if p.Msg == "" || p.File != "fuzz.yaml" {
					t.Fatalf("problem %+v has no message or the wrong file", p)
				}
			}
			return
		}
		if err := v.Check(); err != nil {
			t.Fatalf("Load accepted a variant that Check refuses: %v", err)
		}
		key := fmt.Sprintf("%#v", *v)
		if tripped[key] {
			return
		}
		w, err := Load("round-trip.yaml", v.YAML())
		if err != nil {
			t.Fatalf("Load(YAML()): %v\n%s", err, v.YAML())
		}
		if !reflect.DeepEqual(w, v) {
			t.Fatalf("Load(YAML()) =\n%+v\nwant\n%+v", w, v)
		}
		if len(tripped) >= 4096 {
			clear(tripped)
		}
		tripped[key] = true
	})
}

// FuzzOverride: Override never panics, leaves the variant as it was when it
// refuses, and leaves it whole when it accepts.
func FuzzOverride(f *testing.F) {
	for _, rule := range []string{
		"runs.ace=either", "runs.ace=sideways", "runs.aces=low", "decks={2: 1, 5: 2}",
		"scoring.values.pips=5", "scoring.values.pips=face", "players.max=4", "players.min=3",
		"deal.cards={2: 10, 3: 7}", "scoring.target=0", "name=family", "title='yes'",
		"jokers.swap=yes", "melds.min_size=1.5", "decks=010", "runs", "=", "decks=&a [*a]",
		"decks=" + strings.Repeat("[", 40), "stock.reshuffles=-1", "scoring.method=penalty",
	} {
		for b := range uint8(3) {
			f.Add(b, rule)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, rule string) {
		name := Builtins()[int(which)%len(Builtins())]
		v, _ := Builtin(name)
		err := v.Override(rule)
		if err != nil {
			var ps Problems
			if !errors.As(err, &ps) || len(ps) == 0 {
				t.Fatalf("error %v (%T) is not Problems", err, err)
			}
			if fresh, _ := Builtin(name); !reflect.DeepEqual(v, fresh) {
				t.Fatalf("a refused Override(%q) changed %s", rule, name)
			}
			return
		}
		if err := v.Check(); err != nil {
			t.Fatalf("Override(%q) left %s failing Check: %v", rule, name, err)
		}
		w, err := Load("round-trip.yaml", v.YAML())
		if err != nil || !reflect.DeepEqual(w, v) {
			t.Fatalf("after Override(%q), Load(YAML()) = %+v, %v; want %+v", rule, w, err, v)
		}
	})
}
