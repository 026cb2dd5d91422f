package poly

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestIntegerPaths: Mul and Add take a big.Int path when every coefficient
// is an integer. Scaling integer operands by 1/2 sends them down the
// big.Rat path; scaling the result back must give the same polynomial,
// and the integer results must hold integers with denominator 1.
func TestIntegerPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	half, two := big.NewRat(1, 2), big.NewRat(2, 1)
	for _, ord := range []Order{Lex, Grevlex, Block(1)} {
		r := MustRing(ord, "x", "y", "z")
		for it := 0; it < 200; it++ {
			a, b := randPoly(rng, r, 6, 4), randPoly(rng, r, 5, 3)
			a.Scale(a, new(big.Rat).SetInt(lcmDenoms(a)))
			b.Scale(b, new(big.Rat).SetInt(lcmDenoms(b)))
			a.Coef(0).Mul(a.Coef(0), big.NewRat(1<<62, 1)) // past a word
			ah := new(Poly).Scale(a, half)
			prod := new(Poly).Mul(a, b)
			viaRat := new(Poly).Mul(ah, b)
			if !prod.Equal(viaRat.Scale(viaRat, two)) {
				t.Fatalf("%v: (%v)(%v): integer path %v, rational path %v", ord, a, b, prod, viaRat)
			}
			sum := new(Poly).Sub(a, b)
			viaRatSum := new(Poly).Sub(ah, new(Poly).Scale(b, half))
			if !sum.Equal(viaRatSum.Scale(viaRatSum, two)) {
				t.Fatalf("%v: (%v) - (%v): integer path %v, rational path %v", ord, a, b, sum, viaRatSum)
			}
			for _, p := range []*Poly{prod, sum} {
				for i := range p.Len() {
					if c := p.Coef(i); !c.IsInt() || c.Sign() == 0 {
						t.Fatalf("coefficient %v of %v", c, p)
					}
				}
			}
		}
	}
}

// lcmDenoms returns the lcm of p's denominators.
func lcmDenoms(p *Poly) *big.Int {
	l := big.NewInt(1)
	g := new(big.Int)
	for i := range p.Len() {
		d := p.Coef(i).Denom()
		g.GCD(nil, nil, l, d)
		l.Mul(l, new(big.Int).Quo(d, g))
	}
	return l
}
