package variants

import "testing"

func TestBuiltinName(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"kids", "kids", true}, {"KIDS", "kids", true}, {" Basic ", "basic", true},
		{"500", "rummy500", true}, {"rummy-500", "rummy500", true}, {"Rummy500", "rummy500", true},
		{"canasta", "canasta", false}, {"house.yaml", "house.yaml", false},
	} {
		got, ok := BuiltinName(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("BuiltinName(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestNearestBuiltin(t *testing.T) {
	for in, want := range map[string]string{"kidz": "kids", "basc": "basic", "rumy500": "rummy500", "rum": "basic", "canasta": ""} {
		if got := NearestBuiltin(in); got != want {
			t.Errorf("NearestBuiltin(%q) = %q, want %q", in, got, want)
		}
	}
}
