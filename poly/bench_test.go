package poly

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
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

// BenchmarkParseLongSum parses a sum of 20,000 distinct terms, the shape
// of a dumped basis of a large system: linear in the terms now that the
// parser adds them in pairs (quadratic before: every term was merged into
// the running sum).
func BenchmarkParseLongSum(b *testing.B) {
	r := MustRing(Grevlex, "x", "y", "z")
	var sb strings.Builder
	for i := range 20000 {
		if i > 0 {
			sb.WriteString(" - ")
		}
		fmt.Fprintf(&sb, "%d*x^%d*y^%d*z^%d", i+1, i%40, (i/40)%25, i/1000)
	}
	s := sb.String()
	for b.Loop() {
		f, err := r.Parse(s)
		if err != nil || f.Len() != 20000 {
			b.Fatal(f.Len(), err)
		}
	}
}

// BenchmarkParsePower times the expansion of powers near the parser's
// bound (maxParseProducts): (x+y+z)^60 takes about 300,000 coefficient
// products, (x+y+z)^100 (refused) would take 1.9 million. The figures set
// the bound; see BENCHMARKS.md.
func BenchmarkParsePower(b *testing.B) {
	r := MustRing(Grevlex, "x", "y", "z")
	for _, s := range []string{"(x+y+z)^60", "(x - 2*y + 3*z + 5)^24"} {
		b.Run(s, func(b *testing.B) {
			n := powerProducts(r.MustParse(s[:strings.LastIndex(s, "^")]), atoi(s[strings.LastIndex(s, "^")+1:]))
			for b.Loop() {
				if _, err := r.Parse(s); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(n, "products/op")
		})
	}
}

// BenchmarkDivMod divides a product of about 3,000 terms by one of its two
// factors and the remainder of a perturbed product by a list of two.
func BenchmarkDivMod(b *testing.B) {
	r := MustRing(Grevlex, "a", "b", "c", "d", "e", "f")
	f := new(Poly).Pow(r.MustParse("a + 2*b - 3*c + d - e + 5*f + 7"), 6)
	g := r.MustParse("3*a*b - c^2 + d*e - 2*f + 1")
	fg := new(Poly).Mul(f, g)
	b.Logf("%d terms / %d terms", fg.Len(), g.Len())
	h := r.MustParse("a^2 - b*c + 1")
	for b.Loop() {
		if q, rem := DivMod(fg, []*Poly{g}); !rem.IsZero() || !q[0].Equal(f) {
			b.Fatal("not exact")
		}
		DivMod(new(Poly).Add(fg, r.MustParse("a^3")), []*Poly{h, g})
	}
}

// BenchmarkMulLarge multiplies two polynomials of 300 terms in 12
// variables, a size met when a family's formulas are substituted into
// each other, with the hashed product and with the heap.
func BenchmarkMulLarge(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	r := MustRing(Grevlex, "a", "b", "c", "d", "f", "g", "h", "k", "m", "n", "p", "q")
	x, y := randPoly(rng, r, 300, 6), randPoly(rng, r, 300, 6)
	x, y = intCoefficients(x), intCoefficients(y)
	mulBoth(b, r, x, y)
}

// BenchmarkMulDense multiplies (1+a+...+g)^4 by itself: 210 terms times
// 210 merging into 3,003, as the products of substituted formulas do.
func BenchmarkMulDense(b *testing.B) {
	r := MustRing(Grevlex, "a", "b", "c", "d", "f", "g")
	x, _ := r.Parse("1+2*a+b+3*c+d+5*f+g")
	x.Pow(x, 4)
	mulBoth(b, r, x, x)
}

func mulBoth(b *testing.B, r *Ring, x, y *Poly) {
	b.Run("hash", func(b *testing.B) {
		for b.Loop() {
			new(Poly).mulHashed(context.Background(), r, x, y)
		}
	})
	b.Run("heap", func(b *testing.B) {
		for b.Loop() {
			new(Poly).mulHeap(context.Background(), r, x, y)
		}
	})
}

// intCoefficients returns p with each coefficient replaced by its
// numerator: the integer products that substitution mostly multiplies.
func intCoefficients(p *Poly) *Poly {
	q := p.Clone()
	for _, c := range q.coef {
		c.SetInt(c.Num())
	}
	return q
}
