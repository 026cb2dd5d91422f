package sweep

import (
	"math"
	"math/big"
	"slices"
	"testing"

	"github.com/families-project/families/families/grid"
)

func TestSample(t *testing.T) {
	// Wolf's 4x4 all-lines-zero pattern: diagonal cells free, 4^33
	// settings, far too many to sweep.
	z4 := grid.Size{Rows: 4, Cols: 4}
	p := grid.MustParseOps("...|.......|...|.......|...|.......|...", z4)
	f := Filter{Positive: true, RequireAllOps: true}
	idx, ss, err := Sample(p, 0, f, 20, 7)
	if err != nil {
		t.Fatal(err)
	}
	idx2, _, _ := Sample(p, 0, f, 20, 7)
	idx3, _, _ := Sample(p, 0, f, 20, 8)
	if !slices.EqualFunc(idx, idx2, func(a, b *big.Int) bool { return a.Cmp(b) == 0 }) {
		t.Error("the same seed gives different samples")
	}
	if slices.EqualFunc(idx, idx3, func(a, b *big.Int) bool { return a.Cmp(b) == 0 }) {
		t.Error("different seeds give the same sample")
	}
	for i, s := range ss {
		if i > 0 && idx[i].Cmp(idx[i-1]) <= 0 {
			t.Errorf("sample not in increasing index order at %d", i)
		}
		if nth, _ := p.Nth(idx[i]); !nth.Equal(s) {
			t.Errorf("index %s is not %s", idx[i], s)
		}
		if !bruteAccept(t, s, p.DefaultLines(), f) {
			t.Errorf("%s fails the filter", s)
		}
	}
	small := grid.MustParseOps("--|..-.-|-/|x-+..|+-", z3)
	// Single draws are uniform over the 4 settings that pass.
	counts := map[string]int{}
	const draws = 4000
	for seed := range uint64(draws) {
		_, ss, err := Sample(small, 0, Filter{Positive: true}, 1, seed)
		if err != nil {
			t.Fatal(err)
		}
		counts[ss[0].String()]++
	}
	for s, c := range counts {
		if c < draws/4-130 || c > draws/4+130 { // 4.7 standard deviations
			t.Errorf("%s drawn %d times of %d", s, c, draws)
		}
	}
	if len(counts) != 4 {
		t.Errorf("%d distinct settings drawn", len(counts))
	}
	// Asking for as many settings as pass the filter, or more, gives them
	// all; asking for more than half of them, a subset.
	for _, n := range []int{2, 3, 4, 5, 100, math.MaxInt, 1 << 62} {
		idx, ss, err := Sample(small, 0, Filter{Positive: true}, n, 1)
		if err != nil || len(ss) != min(n, 4) {
			t.Errorf("sample of %d of 4 settings: %d, %v", n, len(ss), err)
			continue
		}
		for i, s := range ss {
			if i > 0 && idx[i].Cmp(idx[i-1]) <= 0 || counts[s.String()] == 0 {
				t.Errorf("sample of %d: %s (index %s) is not a new setting that passes", n, s, idx[i])
			}
		}
	}
	// More than a run holds from a pattern with more settings than that.
	if _, _, err := Sample(p, 0, f, maxPlan+1, 1); err == nil {
		t.Errorf("a sample of %d settings of %s was drawn", maxPlan+1, p)
	}
}
