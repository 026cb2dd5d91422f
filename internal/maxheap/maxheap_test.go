package maxheap

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPushPop pushes random numbers, with repeats, and pops them all: they
// must come out in decreasing order, every one of them.
func TestPushPop(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	greater := func(a, b *int) bool { return *a > *b }
	for n := range 60 {
		var h, in []int
		for range n {
			x := rng.IntN(20)
			in = append(in, x)
			h = Push(h, x, greater)
		}
		var out []int
		for len(h) > 0 {
			var x int
			x, h = Pop(h, greater)
			out = append(out, x)
		}
		slices.Sort(in)
		slices.Reverse(in)
		if !slices.Equal(out, in) {
			t.Fatalf("popped %v, want %v", out, in)
		}
	}
}
