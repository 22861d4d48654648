package scoresheets

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// A match file cut at any byte is refused with a line and a sentence
// saying what is missing, never read as a shorter match.
func TestCutAtEveryByte(t *testing.T) {
	s := newSheet(t, variant(t, "basic"), abc, Options{})
	for i := range 6 {
		record(t, s, []string{
			"out Bob; meld Bob 7H 8H 9H; hand Ann KH 3D; points Cy 12",
			"stalemate",
			"out Cy; rummy; hand Ann 2C; hand Bob 3C",
		}[i%3])
	}
	if err := s.Undo(t0); err != nil {
		t.Fatal(err)
	}
	data := Marshal(s)
	placed := regexp.MustCompile(`^cut\.yaml:(\d+): `)
	cutShort := regexp.MustCompile(`cut short`)
	for n := range len(data) {
		_, err := Unmarshal("cut.yaml", data[:n])
		if err == nil {
			t.Fatalf("the file cut after %d of %d bytes loads:\n%s", n, len(data), data[:n])
		}
		if n == 0 {
			continue // empty: not a match file
		}
		if !placed.MatchString(err.Error()) {
			t.Errorf("cut after %d bytes: %v: no line", n, err)
		}
		// A cut anywhere but inside the first line is found by the tail
		// check, whose sentence says what is missing.
		if n > strings.Index(string(data), "\n") && !cutShort.MatchString(err.Error()) {
			t.Errorf("cut after %d bytes: %v: does not say the file was cut", n, err)
		}
	}
	if _, err := Unmarshal("whole.yaml", data); err != nil {
		t.Fatal(err)
	}
}

// A hand edit that keeps the file consistent loads; one that does not is
// told the exact line.
func TestHandEdits(t *testing.T) {
	file := readGolden(t)
	lastRound := file[strings.Index(file, "  - number: 4\n"):strings.Index(file, "audit:\n")]
	for _, tt := range []struct {
		name string
		edit func(string) string
		at   string // the line named; "" when the edit loads
		want string
	}{
		{"a round removed, counts fixed", func(f string) string {
			f = strings.Replace(f, lastRound, "", 1)
			f = strings.Replace(f, "holds: {rounds: 4,", "holds: {rounds: 3,", 1)
			return strings.Replace(f, "    ended: ", "    ended: ", 1)
		}, "", ""},
		{"a comment and blank lines added", func(f string) string {
			return strings.Replace(f, "rounds:\n", "\n# the first evening\nrounds:\n", 1) + "\n# last line\n"
		}, "", ""},
		{"a round removed", func(f string) string { return strings.Replace(f, lastRound, "", 1) },
			"holds:", "holds: the file says it holds 4 rounds, but it has 3: 1 rounds are missing"},
		{"an audit entry removed", func(f string) string {
			return regexp.MustCompile(`(?m)^  - \{time: '[^']*', action: undo.*\n`).ReplaceAllString(f, "")
		}, "holds:", "holds: the file says it holds 9 audit entries, but it has 8"},
		{"holds removed", func(f string) string {
			return regexp.MustCompile(`(?m)^holds:.*\n`).ReplaceAllString(f, "")
		}, "action: end", "the file ends here, without its last line holds: {rounds: R, audit: A}: it was cut short"},
		{"holds moved up", func(f string) string {
			h := regexp.MustCompile(`(?m)^holds:.*\n`).FindString(f)
			f = strings.Replace(f, h, "", 1)
			return strings.Replace(f, "audit:\n", h+"audit:\n", 1) + "round_limit: 0\n"
		}, "round_limit: 0\n", "without its last line holds: {rounds: R, audit: A}: it was cut short"},
		{"no final line break", func(f string) string { return strings.TrimSuffix(f, "\n") },
			"holds:", "the file ends in the middle of this line, without a line break: it was cut short"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			bad := tt.edit(file)
			_, err := Unmarshal("match.yaml", []byte(bad))
			if tt.at == "" {
				if err != nil {
					t.Fatalf("a consistent edit is refused: %v", err)
				}
				return
			}
			i := strings.LastIndex(bad, tt.at)
			if i < 0 {
				t.Fatalf("%q not in the edited file", tt.at)
			}
			prefix := fmt.Sprintf("match.yaml:%d: ", strings.Count(bad[:i], "\n")+1)
			if err == nil || !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got  %v\nwant %s...%s", err, prefix, tt.want)
			}
		})
	}
}

// A version 1 file (no holds line) still loads, and is written as
// version 2 at its next save.
func TestVersion1Loads(t *testing.T) {
	data, err := os.ReadFile("testdata/match-v1.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s, err := Unmarshal("match-v1.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(Marshal(s)), readGolden(t); got != want {
		t.Errorf("a version 1 file, saved again:\n%s\nwant\n%s", got, want)
	}
	// And a version 1 file has no holds key to give.
	bad := strings.Replace(string(data), "audit:\n", "holds: {rounds: 4, audit: 9}\naudit:\n", 1)
	if _, err := Unmarshal("m.yaml", []byte(bad)); err == nil || !strings.Contains(err.Error(), `unknown key "holds"`) {
		t.Errorf("holds in a version 1 file: %v", err)
	}
}

// Comments a person writes survive rummy's saves.
func TestCommentsSurviveSaves(t *testing.T) {
	path := filepath.Join(t.TempDir(), "match.yaml")
	s := newSheet(t, variant(t, "basic"), abc, Options{})
	record(t, s, "out Bob; meld Bob 7H 8H 9H; hand Ann KH 3D; points Cy 12")
	if _, err := Create(path, s); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	edited := strings.Replace(string(data), "schema_version: 2\n", "# Friday night at the cabin\nschema_version: 2\n", 1)
	edited = strings.Replace(edited, "    dealer: Ann\n", "    dealer: Ann # she shuffled twice\n", 1)
	edited = strings.Replace(edited, "  - number: 1\n", "  # a close one\n  - number: 1\n", 1)
	edited = strings.Replace(edited, "  scoring:\n", "  # we play to 150\n  scoring:\n", 1)
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		err := Update(path, time.Second, func(s *Sheet) error {
			_, err := s.Record(rd(t, "stalemate"), t0)
			return err
		})
		if err != nil {
			t.Fatalf("save %d: %v", i+1, err)
		}
	}
	after, _ := os.ReadFile(path)
	for _, c := range []string{"# Friday night at the cabin\nschema_version: 2\n", "    dealer: Ann # she shuffled twice\n",
		"  # a close one\n  - number: 1\n", "  # we play to 150\n  scoring:\n"} {
		if !strings.Contains(string(after), c) {
			t.Errorf("after three saves the file lacks %q:\n%s", c, after)
		}
	}
}
