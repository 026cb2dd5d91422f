package factor

import (
	"context"
	"sort"
	"testing"
	"time"
)

func TestDbgTimes(t *testing.T) {
	type rec struct {
		d   time.Duration
		i   int
		src string
	}
	var rs []rec
	for i, c := range loadGolden(t) {
		t0 := time.Now()
		for k := 0; k < 20; k++ {
			Factor(context.Background(), c.p)
		}
		rs = append(rs, rec{time.Since(t0) / 20, i, c.cat + " " + c.src})
	}
	sort.Slice(rs, func(a, b int) bool { return rs[a].d > rs[b].d })
	for _, r := range rs[:25] {
		s := r.src
		if len(s) > 150 {
			s = s[:150]
		}
		t.Logf("%v %d %s", r.d, r.i, s)
	}
}

func BenchmarkDbgOne(b *testing.B) {
	cs := loadGolden(b)
	c := cs[dbgIndex]
	for b.Loop() {
		Factor(context.Background(), c.p)
	}
}

var dbgIndex = 62
