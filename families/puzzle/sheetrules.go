package puzzle

import (
	"context"

	"github.com/families-project/families/families/members"
)

// DefaultMin is the smallest number in a puzzle or question when the
// caller sets none: with 1 allowed, the first members of a family make
// trivial puzzles such as A x B = B (B x 1); Wolf (2010) uses no 0 or 1.
const DefaultMin = 2

// QuestionsApart returns the first n questions of src's members under f
// whose solutions are those of none of the puzzles ps, so that a sheet
// never asks the same numbers twice: it asks Questions for n plus the
// puzzles' count and drops the questions that repeat a puzzle. Cost: that
// of Questions for up to n+len(ps) questions.
func QuestionsApart(ctx context.Context, src *members.Source, f members.Filter, n int, ps []*Puzzle) ([]*Question, error) {
	used := map[string]bool{}
	for _, p := range ps {
		used[p.Solution.String()] = true
	}
	qs, err := Questions(ctx, src, f, n+len(used))
	out := make([]*Question, 0, n)
	for _, q := range qs {
		if len(out) < n && !used[q.Solution.String()] {
			out = append(out, q)
		}
	}
	return out, err
}
