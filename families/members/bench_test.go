package members_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/families-project/families/families/members"
)

// BenchmarkLargeSettings times the member search on the settings of
// issue 32 (largeSettings): the first 100 members, and every member up to
// parameter sum 20, counted. The analysis is outside the timer; steps/op
// is the search's own measure of work, the same on any machine.
func BenchmarkLargeSettings(b *testing.B) {
	for i, ls := range largeSettings {
		t := &testing.T{}
		src, _ := analyzeLarge(t, i)
		for _, c := range []struct {
			name string
			f    members.Filter
			n    int
		}{{"members100", members.Filter{}, 100}, {"maxsum20", members.Filter{MaxSum: 20}, 0}} {
			b.Run(fmt.Sprintf("%s/%d/%s", ls.size, i, c.name), func(b *testing.B) {
				var sum members.Summary
				for b.Loop() {
					var err error
					if _, sum, err = src.MembersUpTo(context.Background(), c.f, c.n); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(sum.Steps), "steps/op")
				b.ReportMetric(float64(sum.Count), "counted")
			})
		}
	}
}
