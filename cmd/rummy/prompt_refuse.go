package main

import "fmt"

// refusePrompter is the prompter of --no-input and CI=true: a script or a
// CI job must never hang on a question, so the first one fails at once,
// exit 2, saying which flags or command give the answers instead.
type refusePrompter struct {
	io  *streams
	why string // "--no-input" or "CI=true"
}

func (p refusePrompter) refuse(question string) error {
	return cannot("play would ask %q, but %s forbids asking: start a match with "+
		"'rummy match new --players \"Ann,Bob\"' (or play --variant, --players, --target) "+
		"and record each round with 'rummy match round' (see 'rummy match round --help')", question, p.why)
}

func (p refusePrompter) Ask(label, def string) (string, error) { return "", p.refuse(label) }

func (p refusePrompter) Choose(label string, items []string, def int) (int, error) {
	return 0, p.refuse(label)
}

func (p refusePrompter) Say(format string, args ...any) {
	fmt.Fprintf(p.io.Err, format+"\n", args...)
}
