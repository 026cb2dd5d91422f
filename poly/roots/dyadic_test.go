package roots

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// gaussRat returns p(a + bi) in rational arithmetic, the reference for the
// integer evaluation.
func gaussRat(c []*big.Rat, a, b *big.Rat) (re, im *big.Rat) {
	re, im = new(big.Rat), new(big.Rat)
	for t := len(c) - 1; t >= 0; t-- {
		nr := new(big.Rat).Sub(new(big.Rat).Mul(re, a), new(big.Rat).Mul(im, b))
		ni := new(big.Rat).Add(new(big.Rat).Mul(re, b), new(big.Rat).Mul(im, a))
		re, im = nr.Add(nr, c[t]), ni
	}
	return re, im
}

// TestDyadicEvaluation compares residualRatio and dyadicSign with rational
// arithmetic on random polynomials with rational coefficients at random
// dyadic points, and checks that a non-dyadic point is refused.
func TestDyadicEvaluation(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	rat := func() *big.Rat { return big.NewRat(rng.Int64N(2001)-1000, 1+rng.Int64N(60)) }
	dyadic := func() *big.Rat {
		return new(big.Rat).SetFrac(big.NewInt(rng.Int64N(1<<40)-1<<39), new(big.Int).Lsh(big.NewInt(1), uint(rng.IntN(70))))
	}
	for n := range 200 {
		D := 1 + rng.IntN(12)
		c := make([]*big.Rat, D+1)
		for i := range c {
			c[i] = rat()
		}
		if c[D].Sign() == 0 {
			c[D].SetInt64(1)
		}
		dc := make([]*big.Rat, D)
		for i := 1; i <= D; i++ {
			dc[i-1] = new(big.Rat).Mul(c[i], big.NewRat(int64(i), 1))
		}
		z := intCoefs(c)
		dz := make([]*big.Int, D)
		for i := 1; i <= D; i++ {
			dz[i-1] = new(big.Int).Mul(z[i], big.NewInt(int64(i)))
		}
		a, b := dyadic(), dyadic()
		if n%3 == 0 {
			b = new(big.Rat)
		}
		pr, pi := gaussRat(c, a, b)
		dr, di := gaussRat(dc, a, b)
		den := new(big.Rat).Add(new(big.Rat).Mul(dr, dr), new(big.Rat).Mul(di, di))
		got, ok := residualRatio(z, dz, a, b)
		if den.Sign() == 0 {
			if ok {
				t.Fatalf("case %d: p'(w) = 0 but residualRatio = %v", n, got)
			}
			continue
		}
		want := new(big.Rat).Quo(new(big.Rat).Add(new(big.Rat).Mul(pr, pr), new(big.Rat).Mul(pi, pi)), den)
		if !ok || got.Cmp(want) != 0 {
			t.Fatalf("case %d: residualRatio(%v, %v + %vi) = %v, %v; want %v", n, c, a, b, got, ok, want)
		}
		if s, ok := dyadicSign(z, a); !ok || s != func() int { v, _ := gaussRat(c, a, new(big.Rat)); return v.Sign() }() {
			t.Fatalf("case %d: dyadicSign(%v) = %d, %v", n, a, s, ok)
		}
	}
	if _, ok := dyadicSign([]*big.Int{big.NewInt(1), big.NewInt(1)}, big.NewRat(1, 3)); ok {
		t.Error("1/3 taken as dyadic")
	}
	if k, ok := powerOfTwo(big.NewInt(1 << 20)); !ok || k != 20 {
		t.Errorf("powerOfTwo(2^20) = %d, %v", k, ok)
	}
	if _, ok := powerOfTwo(big.NewInt(12)); ok {
		t.Error("12 taken as a power of two")
	}
}
