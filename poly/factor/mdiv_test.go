package factor

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// randM returns a random polynomial of up to terms terms in vars variables
// with exponents below 4 and coefficients in [-coef, coef].
func randM(rng *rand.Rand, vars, terms int, coef int64) mpoly {
	acc := map[mono]*big.Int{}
	for range terms {
		var e mono
		for v := range vars {
			e[v] = uint8(rng.IntN(4))
		}
		c := big.NewInt(rng.Int64N(2*coef+1) - coef)
		if s, ok := acc[e]; ok {
			s.Add(s, c)
		} else {
			acc[e] = c
		}
	}
	for e, c := range acc {
		if c.Sign() == 0 {
			delete(acc, e)
		}
	}
	return mfromMap(acc)
}

// TestDivExact checks the heap division against multiplication: g divides
// f*g with quotient f, and does not divide f*g + 1 unless g is a constant
// dividing both.
func TestDivExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for k := range 300 {
		vars := 1 + rng.IntN(5)
		f := randM(rng, vars, 1+rng.IntN(30), 1000)
		g := randM(rng, vars, 1+rng.IntN(8), 50)
		if len(f) == 0 || len(g) == 0 {
			continue
		}
		fg := mmul(f, g)
		q, ok := mdivExact(fg, g)
		if !ok || !mequal(q, f) {
			t.Fatalf("case %d: (f*g)/g = %v, %v; want f = %v", k, q, ok, f)
		}
		if g.isConst() {
			continue
		}
		if q, ok := mdivExact(msub(fg, mconst(big.NewInt(-1))), g); ok {
			t.Fatalf("case %d: g = %v divides f*g + 1: quotient %v", k, g, q)
		}
	}
	if _, ok := mdivExact(mconst(big.NewInt(6)), mconst(big.NewInt(4))); ok {
		t.Fatal("4 divides 6")
	}
}

// BenchmarkDivExact divides a product of 4,500 terms by a factor of 6.
func BenchmarkDivExact(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	f := randM(rng, 6, 3000, 1<<30)
	g := randM(rng, 6, 6, 100)
	fg := mmul(f, g)
	b.Logf("%d terms / %d terms", len(fg), len(g))
	for b.Loop() {
		if _, ok := mdivExact(fg, g); !ok {
			b.Fatal("not exact")
		}
	}
}
