package members_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/members"
)

// TestSummary checks what the member search says it proved, on 3x3
// settings: a family whose number f = -m/(m - 1) is never positive (the
// sign proof, no search), the one-parameter family counted up to a sum
// (members k = 3..10 at sums 3..10 with Min 1), the same cut short by the
// budget, and the all-lines-zero setting, whose one point is every member.
func TestSummary(t *testing.T) {
	z := grid.Size{Rows: 3, Cols: 3}
	tests := []struct {
		name     string
		ops      string
		f        members.Filter
		n        int
		listed   int
		count    int64
		complete bool
		finished int64 // when not complete
		stopped  string
		text     string
	}{
		{"never positive", "x=|-+x-/|+=|=====|-=", members.Filter{}, 3, 0, 0, true, 0, "", "no positive member exists (proved): b = (m - 2)/(m + 1) is below 1 wherever the parameters m are at least 1"},
		{"counted to a sum", "+=|x-++-|+=|=====|/=", members.Filter{MaxSum: 10}, 3, 3, 8, false, 10, "", "exactly 8 members with parameter sum at most 10 (proved"},
		{"enough members", "+=|x-++-|+=|=====|/=", members.Filter{}, 3, 3, 2, false, 4, "enough members", "every member with parameter sum at most 4 is listed (2 members, proved)"},
		{"budget", "+=|x-++-|+=|=====|/=", members.Filter{MaxSum: 100, Budget: 10}, 0, 4, 4, false, 6, "budget", "every member with parameter sum at most 6 is listed (4 members, proved); the search stopped at the budget of 10 steps (--budget) in sum 7"},
		{"min beyond", "+=|x-++-|+=|=====|/=", members.Filter{Min: 5}, 1, 0, 0, true, 0, "", "no member with every number at least 5 exists (proved): b = 2 is below 5"},
		{"proved empty", "x=|-xxxx|x=|=====|/=", members.Filter{}, 1, 0, 0, true, 0, "", "no positive member exists (proved): a = -1/(k^2 - k) is never positive"},
		{"none found", "-=|-xx/+|x=|=====|x=", members.Filter{Min: 1000, Budget: 4}, 1, 0, 0, false, 2000, "budget",
			"no member with every number at least 1000 with parameter sum at most 2000 (proved); the search stopped at the budget of 4 steps (--budget) in sum 2001; searched: every one of the 1 choice of the 2 parameters b, h with sum at most 2000; members may have larger parameters: try a larger --budget"},
		{"one point", "--|-----|-/|x-+--|+-", members.Filter{}, 5, 1, 1, true, 0, "", "1 member in all (proved"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			src, err := members.Analyze(ctx, grid.MustParseOps(tc.ops, z), families.Options{})
			if err != nil {
				t.Fatal(err)
			}
			ms, s, err := src.MembersUpTo(ctx, tc.f, tc.n)
			if err != nil {
				t.Fatal(err)
			}
			if len(ms) != tc.listed || s.Count != tc.count || s.Complete != tc.complete || s.Stopped != tc.stopped {
				t.Errorf("%d listed, %+v; want %d listed, count %d, complete %t, stopped %q", len(ms), s, tc.listed, tc.count, tc.complete, tc.stopped)
			}
			if !tc.complete && (s.FinishedSum == nil || *s.FinishedSum != tc.finished) {
				t.Errorf("finished sum %v, want %d", s.FinishedSum, tc.finished)
			}
			if !strings.Contains(s.Text, tc.text) {
				t.Errorf("text %q, want it to hold %q", s.Text, tc.text)
			}
			var last int64
			for _, m := range ms {
				if m.Sum < last {
					t.Errorf("member %s has sum %d after %d", m, m.Sum, last)
				}
				last = m.Sum
			}
		})
	}
}
