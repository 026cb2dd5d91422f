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

// TestWeightedLexDefinition checks WeightedLex against its definition
// (weighted degree, then exponents from the first variable) on random
// monomials with many ties, its name's round trip through ParseOrder, and
// the property homogenization relies on: with weights (2, ..., 2, 1),
// monomials of one total degree compare like Grlex once the last variable
// is set to 1.
func TestWeightedLexDefinition(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	const n = 4
	w := []int64{2, 2, 2, 1}
	o := WeightedLex(w...)
	r := MustRing(o, "a", "b", "c", "h")
	g := MustRing(Grlex, "a", "b", "c")
	if p, err := ParseOrder(o.String()); err != nil || !p.Equal(o) || p.Equal(Weighted(w...)) {
		t.Fatalf("ParseOrder(%q) = %v, %v", o.String(), p, err)
	}
	mono := func(deg int) Monomial {
		m := make(Monomial, n+1)
		for i := 1; i < n; i++ {
			m[i] = uint16(rnd.IntN(3))
			m[0] += m[i]
		}
		if deg >= int(m[0]) {
			m[n] = uint16(deg) - m[0]
			m[0] = uint16(deg)
		}
		return m
	}
	for range 4000 {
		a, b := mono(-1), mono(-1)
		key := func(m Monomial) []int64 {
			var wd int64
			for i, x := range m[1:] {
				wd += w[i] * int64(x)
			}
			out := []int64{wd}
			for _, x := range m[1:] {
				out = append(out, int64(x))
			}
			return out
		}
		if got, want := r.Cmp(a, b), slices.Compare(key(a), key(b)); got != want {
			t.Fatalf("Cmp(%v, %v) = %d, want %d", a, b, got, want)
		}
		// Same total degree: compare like Grlex without the last variable.
		a, b = mono(6), mono(6)
		dehom := func(m Monomial) Monomial {
			return append(Monomial{m[0] - m[n]}, m[1:n]...)
		}
		if got, want := r.Cmp(a, b), g.Cmp(dehom(a), dehom(b)); got != want {
			t.Fatalf("degree 6: Cmp(%v, %v) = %d, grlex after h = 1 gives %d", a, b, got, want)
		}
	}
}

// FuzzParseOrder checks that ParseOrder never panics and that every order
// it accepts prints (String) to a name that parses back to the same order.
//
//	go test -run '^$' -fuzz FuzzParseOrder -fuzztime 30s ./poly
func FuzzParseOrder(f *testing.F) {
	for _, s := range []string{"lex", "grlex", "dp", "block:2", "weighted:1,2,3", "weightedlex:2,2,1", "weightedlex:", "weighted:0", "block:-1", "Wp"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOrder(s)
		if err != nil {
			return
		}
		p, err := ParseOrder(o.String())
		if err != nil || !p.Equal(o) {
			t.Fatalf("ParseOrder(%q) = %v, whose name parses to %v, %v", s, o, p, err)
		}
	})
}
