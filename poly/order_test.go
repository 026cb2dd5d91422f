package poly

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// blockKey is the definition of Block(k) written as a sort key: the first
// block's degree, its exponents negated from the last variable down
// (grevlex: the smaller last exponent wins), then the same for the rest.
func blockKey(m Monomial, k int) []int {
	key := func(e []uint16) []int {
		d := 0
		for _, x := range e {
			d += int(x)
		}
		out := []int{d}
		for i := len(e) - 1; i >= 0; i-- {
			out = append(out, -int(e[i]))
		}
		return out
	}
	return append(key(m[1:k+1]), key(m[k+1:])...)
}

// TestBlockCmpDefinition checks BlockCmp, and the ring comparison of every
// block order, against the definition on random monomials with many ties.
func TestBlockCmpDefinition(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	const n = 5
	mono := func() Monomial {
		m := make(Monomial, n+1)
		for i := 1; i <= n; i++ {
			m[i] = uint16(rnd.IntN(3))
			m[0] += m[i]
		}
		return m
	}
	for k := 0; k <= n; k++ {
		r := MustRing(Block(k), "a", "b", "c", "d", "e")
		if s, ok := r.Order().BlockSplit(); !ok || s != k {
			t.Fatalf("Block(%d).BlockSplit() = %d, %v", k, s, ok)
		}
		for range 2000 {
			a, b := mono(), mono()
			want := slices.Compare(blockKey(a, k), blockKey(b, k))
			if got := BlockCmp(a, b, k); got != want {
				t.Fatalf("BlockCmp(%v, %v, %d) = %d, want %d", a, b, k, got, want)
			}
			if got := r.Cmp(a, b); got != want {
				t.Fatalf("Block(%d) Cmp(%v, %v) = %d, want %d", k, a, b, got, want)
			}
		}
	}
	if _, ok := Grevlex.BlockSplit(); ok {
		t.Error("Grevlex.BlockSplit() reports a block order")
	}
}
