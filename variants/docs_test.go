package variants

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// docs/rules.md, the users' rule book, lists every key of the schema in its
// table of keys, and no key the schema lacks: a key added here without a
// line there fails this test.
func TestRuleBookListsEveryKey(t *testing.T) {
	data, err := os.ReadFile("../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(data), "| key | value | default | what it says |")
	if !ok {
		t.Fatal("docs/rules.md has no table of keys")
	}
	listed := map[string]bool{}
	row := regexp.MustCompile("(?m)^\\| ((?:`[a-z_.]+`(?:, )?)+) \\|")
	for _, m := range row.FindAllStringSubmatch(table, -1) {
		for _, k := range regexp.MustCompile("`([a-z_.]+)`").FindAllStringSubmatch(m[1], -1) {
			listed[k[1]] = true
		}
	}
	for _, f := range fields {
		if !listed[f.key] {
			t.Errorf("docs/rules.md: the table of keys lacks %s", f.key)
		}
		delete(listed, f.key)
	}
	for k := range listed {
		t.Errorf("docs/rules.md: the table of keys lists %s, which is not a key", k)
	}
}
