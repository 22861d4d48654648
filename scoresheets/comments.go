package scoresheets

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Comments a person writes into a match file survive rummy's saves: Load
// keeps every comment the reader attaches to a node (above it, at the end
// of its line, below it) under the node's place in the match, a path such
// as /rounds/3/hands/Ann, and Marshal puts each back on the node at the
// same place. A comment on a round goes with the round: it is dropped when
// the round is undone, and stays when the round is edited.
type comment struct{ head, line, foot string }

// commentPart is the step from a node's place to its i-th child's: a
// mapping's value under its key, a list's item under its 1-based
// position. A key node's own comments go under the value's place and
// "@key".
func commentPart(parent *yaml.Node, i int) string {
	part := "/" + strconv.Itoa(i+1)
	if parent.Kind == yaml.MappingNode {
		part = "/" + parent.Content[i-i%2].Value
		if i%2 == 0 {
			part += "@key"
		}
	}
	return part
}

// collectComments adds the comments of the tree under root, whose place
// is path, to out (made when there is one) and returns it.
func collectComments(root *yaml.Node, path string, out map[string]comment) map[string]comment {
	if !commented(root) {
		return out // most rounds: no walk with places to keep
	}
	walkPaths(root, path, func(n *yaml.Node, place func() string) {
		if n.HeadComment != "" || n.LineComment != "" || n.FootComment != "" {
			if out == nil {
				out = map[string]comment{}
			}
			out[place()] = comment{n.HeadComment, n.LineComment, n.FootComment}
		}
	})
	return out
}

// commented reports whether a node of the tree under n has a comment.
func commented(n *yaml.Node) bool {
	if n.HeadComment != "" || n.LineComment != "" || n.FootComment != "" {
		return true
	}
	for _, c := range n.Content {
		if commented(c) {
			return true
		}
	}
	return false
}

// applyComments puts the comments kept by place back on the tree under
// root, whose place is path.
func applyComments(root *yaml.Node, path string, comments map[string]comment) {
	if len(comments) == 0 {
		return
	}
	walkPaths(root, path, func(n *yaml.Node, place func() string) {
		if c, ok := comments[place()]; ok {
			n.HeadComment, n.LineComment, n.FootComment = c.head, c.line, c.foot
		}
	})
}

// walkPaths calls fn on every node under root, whose place is path, with
// a function that returns the node's place: built only when asked, as
// most nodes have no comment.
func walkPaths(root *yaml.Node, path string, fn func(n *yaml.Node, place func() string)) {
	type step struct {
		parent *yaml.Node
		i      int
	}
	var steps []step
	place := func() string {
		var b strings.Builder
		b.WriteString(path)
		for _, s := range steps {
			b.WriteString(commentPart(s.parent, s.i))
		}
		return b.String()
	}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		fn(n, place)
		for i, c := range n.Content {
			steps = append(steps, step{n, i})
			walk(c)
			steps = steps[:len(steps)-1]
		}
	}
	walk(root)
}

// dropComments forgets the comments at path and under it.
func (s *Sheet) dropComments(path string) {
	for p := range s.comments {
		if p == path || strings.HasPrefix(p, path+"/") || strings.HasPrefix(p, path+"@") {
			delete(s.comments, p)
		}
	}
}
