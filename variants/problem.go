package variants

import (
	"fmt"
	"strings"
)

// Problem is one thing wrong with a variant: a key a file cannot have, a
// value of the wrong type or out of range, or rules that contradict each
// other.
type Problem struct {
	// File is the name given to Load or LoadFile, or "--rule KEY=VALUE" for
	// an override; it is empty for a problem found by Check.
	File string
	// Line is the 1-based line in File, 0 when the problem is with the whole
	// file or with an override.
	Line int
	// Key is the dotted key of RULES.md 9 the problem is about (runs.ace),
	// empty when the problem is with the whole file, spans several keys
	// (the message names them), or File already names it (--rule runs.ace=x).
	Key string
	// Msg says what is wrong, lowercase, without the place.
	Msg string
}

// Error returns the problem as "file:line: key: message", leaving out the
// parts that are empty.
func (p Problem) Error() string {
	var b strings.Builder
	if p.File != "" {
		b.WriteString(p.File)
		if p.Line > 0 {
			fmt.Fprintf(&b, ":%d", p.Line)
		}
		b.WriteString(": ")
	}
	if p.Key != "" {
		b.WriteString(p.Key)
		b.WriteString(": ")
	}
	b.WriteString(p.Msg)
	return b.String()
}

// Problems is every problem found in one variant file, override or Check,
// in file order. Load, LoadFile, Override and Check return it as their
// error, so a program can print each problem (errors.As) rather than only
// the first.
type Problems []Problem

// Error returns the problems one a line.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}

// maxProblems is where reading stops listing problems: a file that has more
// is not a variant file gone slightly wrong, and nobody reads the rest.
const maxProblems = 50

// problem is a Problem before it is placed: Load turns its key into the line
// the file sets it on, Override into the --rule text.
type problem struct {
	line    int
	key     string
	msg     string
	related []string // other keys whose line may place it (cross-field checks)
}

// problemf returns a problem with key and a formatted message.
func problemf(line int, key, format string, args ...any) problem {
	return problem{line: line, key: key, msg: fmt.Sprintf(format, args...)}
}
