package factor

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/families-project/families/poly"
)

// randSparse returns a random polynomial with up to terms terms of total
// degree at most deg in the given variables (indices into r).
func randSparse(rng *rand.Rand, r *poly.Ring, vars []int, deg, terms int, coef int64) *poly.Poly {
	var cs []*big.Rat
	var ms []poly.Monomial
	for i := 0; i < terms; i++ {
		e := make([]int, r.NumVars())
		d := rng.IntN(deg + 1)
		for j := 0; j < d && len(vars) > 0; j++ {
			e[vars[rng.IntN(len(vars))]]++
		}
		c := rng.Int64N(2*coef+1) - coef
		if c == 0 {
			c = 1
		}
		cs = append(cs, big.NewRat(c, 1))
		ms = append(ms, r.NewMonomial(e...))
	}
	return r.FromTerms(cs, ms)
}

// randIrreducible returns a polynomial that is irreducible over Q for a
// reason independent of Factor: either it is primitive and of degree one
// in some variable, or it satisfies Eisenstein's criterion at the prime 3
// in some variable with a leading coefficient prime to 3 and no content.
func randIrreducible(rng *rand.Rand, r *poly.Ring) *poly.Poly {
	n := r.NumVars()
	for {
		w := rng.IntN(n)
		var rest []int
		for v := 0; v < n; v++ {
			if v != w {
				rest = append(rest, v)
			}
		}
		x := r.Var(w)
		var f *poly.Poly
		if rng.IntN(2) == 0 {
			// A*w + B with gcd(A, B) = 1.
			a := randSparse(rng, r, rest, 2, 1+rng.IntN(3), 4)
			b := randSparse(rng, r, rest, 3, 1+rng.IntN(4), 6)
			if a.IsZero() || b.IsZero() || !gcd(a, b).IsConst() {
				continue
			}
			f = new(poly.Poly).Add(new(poly.Poly).Mul(a, x), b)
		} else {
			// L*w^k + 3*G with deg_w G < k, 3 not dividing L, G(w=0) having
			// constant term 1 so that 9 does not divide the w^0 coefficient.
			k := 2 + rng.IntN(3)
			l := randSparse(rng, r, rest, 1, 1+rng.IntN(2), 4)
			if l.IsZero() || divisibleBy3(l) {
				continue
			}
			g := r.One()
			for i := 0; i < 2+rng.IntN(4); i++ {
				m := randSparse(rng, r, rest, 2, 1, 5)
				m = new(poly.Poly).Mul(m, new(poly.Poly).Pow(x, rng.IntN(k)))
				g = new(poly.Poly).Add(g, m)
			}
			if g.Degree(w) >= k || constTerm(g).Sign() == 0 || new(big.Int).Rem(constTerm(g).Num(), big.NewInt(3)).Sign() == 0 {
				continue
			}
			f = new(poly.Poly).Add(new(poly.Poly).Mul(l, new(poly.Poly).Pow(x, k)), new(poly.Poly).Scale(g, big.NewRat(3, 1)))
			// Primitive in w: the gcd of its coefficients must be 1.
			if !contentIn(f, w).IsConst() {
				continue
			}
		}
		if f.IsConst() {
			continue
		}
		return f.PrimitivePart()
	}
}

func divisibleBy3(p *poly.Poly) bool {
	for i := 0; i < p.Len(); i++ {
		if new(big.Int).Rem(p.Coef(i).Num(), big.NewInt(3)).Sign() != 0 {
			return false
		}
	}
	return true
}

func constTerm(p *poly.Poly) *big.Rat {
	for i := 0; i < p.Len(); i++ {
		if p.Monomial(i).Degree() == 0 {
			return p.Coef(i)
		}
	}
	return new(big.Rat)
}

// contentIn is the gcd of the coefficients of p with respect to w.
func contentIn(p *poly.Poly, w int) *poly.Poly {
	r := p.Ring()
	g := new(poly.Poly)
	for k := 0; k <= p.Degree(w); k++ {
		var cs []*big.Rat
		var ms []poly.Monomial
		for i := 0; i < p.Len(); i++ {
			if p.Exp(i, w) == k {
				e := make([]int, r.NumVars())
				for v := range e {
					e[v] = p.Exp(i, v)
				}
				e[w] = 0
				cs = append(cs, p.Coef(i))
				ms = append(ms, r.NewMonomial(e...))
			}
		}
		g = gcd(g, r.FromTerms(cs, ms))
	}
	return g
}

// TestPropertyProducts factors random products of known irreducible
// polynomials and expects exactly those factors back, up to order and
// units; single irreducibles must come back as one factor.
func TestPropertyProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	names := []string{"x", "y", "z", "u", "v", "w"}
	iters := 150
	if testing.Short() {
		iters = 40
	}
	for it := 0; it < iters; it++ {
		n := 1 + it%len(names)
		if n == 1 {
			n = 2
		}
		r := poly.MustRing(poly.Grevlex, names[:n]...)
		k := 1 + rng.IntN(3)
		var fs []*poly.Poly
		var ms []int
		p := r.ConstInt(int64(1 + rng.IntN(5)))
	build:
		for len(fs) < k {
			f := randIrreducible(rng, r)
			for _, g := range fs {
				if g.Equal(f) {
					continue build
				}
			}
			m := 1
			if rng.IntN(4) == 0 {
				m = 2
			}
			fs = append(fs, f)
			ms = append(ms, m)
			p = new(poly.Poly).Mul(p, new(poly.Poly).Pow(f, m))
		}
		if p.TotalDegree() > 24 {
			continue
		}
		got, err := Factor(context.Background(), p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		want := normalize(r, big.NewRat(1, 1), append(fs, r.Const(constOf(p, fs, ms))), append(ms, 1))
		have := oursNormalized(r, got)
		if want.String() != have.String() {
			t.Errorf("case %d: %s\n got  %s\n want %s", it, p, have, want)
		}
	}
}

// constOf returns the constant c with p = c * prod fs^ms.
func constOf(p *poly.Poly, fs []*poly.Poly, ms []int) *big.Rat {
	q := p.Ring().One()
	for i, f := range fs {
		q = new(poly.Poly).Mul(q, new(poly.Poly).Pow(f, ms[i]))
	}
	return new(big.Rat).Quo(p.LeadCoef(), q.LeadCoef())
}

func TestPropertyIrreducible(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for it := 0; it < 60; it++ {
		r := poly.MustRing(poly.Grevlex, []string{"a", "b", "c", "d"}[:2+it%3]...)
		f := randIrreducible(rng, r)
		got, err := Factor(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Factors) != 1 || got.Factors[0].Mult != 1 || !got.Factors[0].Poly.Equal(f) {
			t.Errorf("irreducible %s came back as %s", f, fmt.Sprint(got))
		}
	}
}
