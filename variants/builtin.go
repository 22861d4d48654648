package variants

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
)

// The built-in variants of RULES.md 6, as variant files embedded in the
// binary: they load through the same code as a user's file (STYLE.md 8), so
// they are the first test of the reader.
//
//go:embed builtin/*.yaml
var builtinFS embed.FS

var builtinNames = func() []string {
	files, err := fs.Glob(builtinFS, "builtin/*.yaml")
	if err != nil {
		panic(err) // the pattern is fixed and valid
	}
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = strings.TrimSuffix(path.Base(f), ".yaml")
	}
	slices.Sort(names)
	return names
}()

// Builtins returns the names of the built-in variants, sorted: basic, kids
// and rummy500.
func Builtins() []string { return slices.Clone(builtinNames) }

func isBuiltin(name string) bool { return slices.Contains(builtinNames, name) }

// Builtin returns the built-in variant of that name, read from its embedded
// file builtin/NAME.yaml by the code that reads a user's file. Each call
// returns a new Variant, which the caller may change.
func Builtin(name string) (*Variant, error) {
	read, ok := builtinReads[name]
	if !ok {
		return nil, fmt.Errorf("%q is not a built-in variant (%s)", name, orList(builtinNames))
	}
	v, err := read()
	if err != nil {
		return nil, err
	}
	return v.clone(), nil
}

// builtinReads reads each built-in file once, when it is first asked for:
// Builtin and every base: would otherwise parse it again each time, and
// parsing every one at once took 0.35 ms of the 5 ms a rummy command took
// to start, which reads one. (Reading a built-in never reaches Builtin,
// since a built-in has no base, so no read waits on itself.)
var builtinReads = make(map[string]func() (*Variant, error), len(builtinNames))

func init() { // not builtinReads' initializer, which load would make a cycle of
	for _, name := range builtinNames {
		builtinReads[name] = sync.OnceValues(func() (*Variant, error) {
			file := "builtin/" + name + ".yaml"
			data, err := builtinFS.ReadFile(file)
			if err != nil {
				return nil, err
			}
			return load(file, data, true)
		})
	}
}
