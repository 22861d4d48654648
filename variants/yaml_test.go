package variants

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestYAMLGolden pins the YAML of a user's file: base kept, every key
// present and resolved, in schema order.
func TestYAMLGolden(t *testing.T) {
	v, err := LoadFile("../examples/house-rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	got := v.YAML()
	golden := filepath.Join("testdata", "house-rules.golden.yaml")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("YAML() =\n%s\nwant (%s; go test -update rewrites it)\n%s", got, golden, want)
	}
}

// TestYAMLRoundTrip: Load(YAML()) gives an equal Variant, for built-ins,
// user files, overridden variants and strings YAML would read as
// something else unless quoted.
func TestYAMLRoundTrip(t *testing.T) {
	var vs []*Variant
	for _, name := range Builtins() {
		v, _ := Builtin(name)
		vs = append(vs, v)
	}
	house, err := LoadFile("../examples/house-rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	vs = append(vs, house)
	for _, src := range []string{
		"base: kids\nname: k\nplayers: {min: 3, max: 4}\n",
		"base: rummy500\nname: r\ndecks: {2: 1, 4: 1, 6: 2}\nscoring: {target: {2: 300, 5: 500}, values: {pips: 5}}\n",
		"base: basic\nname: b\ntitle: 'yes'\ndescription: \"#1: 'quoted' \\\"both\\\", with a colon: and ♠\"\n",
		"base: basic\nname: b\ntitle: '500'\ndescription: ' leading and trailing '\n",
		"base: basic\nname: b\ntitle: 'null'\ndescription: ''\n",
		"base: basic\nname: b\ntitle: '- dash'\ndescription: '[not a list]'\n",
		"base: basic\nname: b\ntitle: '0x10'\ndescription: '&anchor *alias !tag %percent @at `tick'\n",
	} {
		v, err := Load("src.yaml", []byte(src))
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		vs = append(vs, v)
	}
	for _, v := range vs {
		w, err := Load("round-trip.yaml", v.YAML())
		if err != nil {
			t.Errorf("%s: Load(YAML()): %v\n%s", v.Name, err, v.YAML())
			continue
		}
		if !reflect.DeepEqual(w, v) {
			t.Errorf("%s: Load(YAML()) =\n%+v\nwant\n%+v", v.Name, w, v)
		}
	}
}
