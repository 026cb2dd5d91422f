package groebner

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/families-project/families/poly"
)

// TestMonoOpsCmpAgreesWithRing checks the engines' specialized comparison
// against poly's in every kind of order, on random monomials with many
// ties.
func TestMonoOpsCmpAgreesWithRing(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	const n = 6
	for _, ord := range []poly.Order{poly.Grevlex, poly.Lex, poly.Grlex, poly.Block(0), poly.Block(1), poly.Block(4), poly.Block(n), poly.Weighted(1, 2, 3, 1, 2, 3)} {
		r := poly.MustRing(ord, "a", "b", "c", "d", "e", "f")
		ops := newMonoOps(r)
		if ord.Equal(poly.Weighted(1, 2, 3, 1, 2, 3)) != (ops.kind == cmpRing) {
			t.Errorf("%v: comparison kind %d", ord, ops.kind)
		}
		mono := func() []uint16 {
			m := make([]uint16, n+1)
			for i := 1; i <= n; i++ {
				m[i] = uint16(rnd.IntN(3))
				m[0] += m[i]
			}
			return m
		}
		for range 3000 {
			a, b := mono(), mono()
			if got, want := ops.cmp(a, b), r.Cmp(a, b); got != want {
				t.Fatalf("%v: cmp(%v, %v) = %d, ring says %d", ord, a, b, got, want)
			}
		}
	}
}

// TestSortKeyAgreesWithCmp checks F4's byte keys against cmp in the
// orders that have them, with exponents past one byte so that the
// big-endian layout and the complement matter.
func TestSortKeyAgreesWithCmp(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	const n = 5
	for _, ord := range []poly.Order{poly.Grevlex, poly.Lex, poly.Grlex} {
		r := poly.MustRing(ord, "a", "b", "c", "d", "e")
		ops := newMonoOps(r)
		mono := func() []uint16 {
			m := make([]uint16, n+1)
			for i := 1; i <= n; i++ {
				m[i] = uint16(rnd.IntN(3)) << (8 * rnd.IntN(2))
				m[0] += m[i]
			}
			return m
		}
		ka, kb := make([]byte, 2*ops.stride), make([]byte, 2*ops.stride)
		for range 3000 {
			a, b := mono(), mono()
			ops.sortKey(ka, a)
			ops.sortKey(kb, b)
			if got, want := bytes.Compare(ka, kb), ops.cmp(a, b); got != want {
				t.Fatalf("%v: keys of %v and %v compare %d, cmp says %d", ord, a, b, got, want)
			}
		}
	}
}
