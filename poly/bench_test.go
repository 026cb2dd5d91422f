package poly

import (
	"math/rand/v2"
	"testing"
)

func BenchmarkMul(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	r := MustRing(Grevlex, "a", "b", "c", "d", "f", "g", "h", "k", "m")
	x, y := randPoly(rng, r, 30, 4), randPoly(rng, r, 30, 4)
	for b.Loop() {
		new(Poly).Mul(x, y)
	}
}

func BenchmarkParse(b *testing.B) {
	r := MustRing(Grevlex, "x", "y", "z")
	s := "3/2*x^2*y - z + 1 + (x + y - z)^3*(x - 2*y)"
	for b.Loop() {
		if _, err := r.Parse(s); err != nil {
			b.Fatal(err)
		}
	}
}
