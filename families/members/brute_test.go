package members_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/families/members/memberstest"
)

// TestMembersAgainstBruteForce compares the member search with
// memberstest.BruteForce, which tries every tuple of the parameters and
// shares no code with the search, on the 5x4 and 4x5 settings of
// largeSettings up to a parameter sum: the same members in the same
// order, each with its sum, and the search's proved count (Summary.Count
// with Filter.MaxSum) equal to the number the brute force finds. The
// bound keeps the brute force near a second per setting (binomial(S, 11)
// tuples of the 11 parameters); one setting is also compared with Min 2.
func TestMembersAgainstBruteForce(t *testing.T) {
	tests := []struct {
		setting int
		maxSum  int64
		min     int64
	}{
		{0, 16, 1},
		{1, 16, 1},
		{2, 16, 1},
		{3, 16, 1},
		{2, 26, 2},
	}
	for _, tc := range tests {
		ls := largeSettings[tc.setting]
		t.Run(fmt.Sprintf("%s/%s/min%d", ls.size, ls.ops, tc.min), func(t *testing.T) {
			if testing.Short() && tc.setting != 2 {
				t.Skip("short mode: one setting")
			}
			src, _ := analyzeLarge(t, tc.setting)
			ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
			defer cancel()
			want, err := memberstest.BruteForce(ctx, src.Setting, ls.lines, grid.Precedence, src.Families, tc.min, tc.maxSum)
			if err != nil {
				t.Fatal(err)
			}
			ms, sum, err := src.MembersUpTo(ctx, members.Filter{Min: tc.min, MaxSum: tc.maxSum}, 0)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d members up to parameter sum %d (%s)", len(want), tc.maxSum, sum.Text)
			var got, exp []string
			for _, m := range ms {
				got = append(got, fmt.Sprintf("%d: %s", m.Sum, m))
			}
			for _, m := range want {
				exp = append(exp, fmt.Sprintf("%d: %s", m.Sum, m))
			}
			if !slices.Equal(got, exp) {
				t.Errorf("%d members, the brute force %d", len(got), len(exp))
				for k := range max(len(got), len(exp)) {
					if k >= len(got) || k >= len(exp) || got[k] != exp[k] {
						t.Errorf("first difference at member %d:\n got %q\nwant %q", k+1, got[k:min(k+1, len(got))], exp[k:min(k+1, len(exp))])
						break
					}
				}
			}
			if sum.Count != int64(len(want)) || sum.FinishedSum == nil || *sum.FinishedSum != tc.maxSum || sum.Stopped != "" {
				t.Errorf("summary %+v, want count %d finished at %d", sum, len(want), tc.maxSum)
			}
		})
	}
}
