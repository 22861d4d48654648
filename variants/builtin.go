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
	if !isBuiltin(name) {
		return nil, fmt.Errorf("%q is not a built-in variant (%s)", name, orList(builtinNames))
	}
	all, err := loadBuiltins()
	if err != nil {
		return nil, err
	}
	return all[name].clone(), nil
}

// loadBuiltins reads the built-in files once: Builtin and every base: would
// otherwise parse them again each time. (Reading a built-in never reaches
// Builtin, since a built-in has no base, so the Once cannot wait on itself.)
func loadBuiltins() (map[string]*Variant, error) {
	builtinsOnce.Do(func() {
		all := make(map[string]*Variant, len(builtinNames))
		for _, name := range builtinNames {
			file := "builtin/" + name + ".yaml"
			data, err := builtinFS.ReadFile(file)
			if err == nil {
				all[name], err = load(file, data, true)
			}
			if err != nil {
				builtinsErr = err
				return
			}
		}
		builtins = all
	})
	return builtins, builtinsErr
}

var (
	builtinsOnce sync.Once
	builtins     map[string]*Variant
	builtinsErr  error
)
