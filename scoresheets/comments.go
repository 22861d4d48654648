package scoresheets

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Comments a person writes into a match file survive rummy's saves: Load
// keeps every comment YAML attaches to a node (above it, at the end of its
// line, below it) under the node's place in the match, a path such as
// /rounds/3/hands/Ann, and Marshal puts each back on the node at the same
// place. A comment on a round goes with the round: it is dropped when the
// round is undone, and stays when the round is edited.
type comment struct{ head, line, foot string }

// commentPath is the place of a child of the node at path: a mapping's
// value under its key, a list's item under its 1-based position. A key
// node's own comments go under the value's path and "@key".
func commentPath(path string, parent *yaml.Node, i int) string {
	if parent.Kind == yaml.MappingNode {
		return path + "/" + parent.Content[i-i%2].Value
	}
	return path + "/" + strconv.Itoa(i+1)
}

// walkPaths calls fn on every node under root with its place.
func walkPaths(root *yaml.Node, fn func(n *yaml.Node, path string)) {
	var walk func(n *yaml.Node, path string)
	walk = func(n *yaml.Node, path string) {
		fn(n, path)
		for i, c := range n.Content {
			p := commentPath(path, n, i)
			if n.Kind == yaml.MappingNode && i%2 == 0 {
				p += "@key"
			}
			walk(c, p)
		}
	}
	walk(root, "")
}

// collectComments returns the comments of the tree under root by place,
// or nil when it has none.
func collectComments(root *yaml.Node) map[string]comment {
	var out map[string]comment
	walkPaths(root, func(n *yaml.Node, path string) {
		if n.HeadComment != "" || n.LineComment != "" || n.FootComment != "" {
			if out == nil {
				out = map[string]comment{}
			}
			out[path] = comment{n.HeadComment, n.LineComment, n.FootComment}
		}
	})
	return out
}

// applyComments puts the comments kept by place back on the tree under
// root.
func applyComments(root *yaml.Node, comments map[string]comment) {
	if len(comments) == 0 {
		return
	}
	walkPaths(root, func(n *yaml.Node, path string) {
		if c, ok := comments[path]; ok {
			n.HeadComment, n.LineComment, n.FootComment = c.head, c.line, c.foot
		}
	})
}

// dropComments forgets the comments at path and under it.
func (s *Sheet) dropComments(path string) {
	for p := range s.comments {
		if p == path || strings.HasPrefix(p, path+"/") || strings.HasPrefix(p, path+"@") {
			delete(s.comments, p)
		}
	}
}
