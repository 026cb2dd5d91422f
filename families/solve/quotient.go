package solve

import (
	"context"
	"math/big"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// A quotient is the algebra Q[X]/I of a zero-dimensional ideal I with
// reduced basis G: groebner.Quotient, with the ring and basis that the
// Krylov iteration multiplies in.
type quotient struct {
	ring *poly.Ring
	G    []*poly.Poly
	alg  *groebner.Quotient
}

// maxQuotient bounds the degree of the zero-dimensional ideals handled
// (the dense linear algebra is cubic in it).
const maxQuotient = 512

func newQuotient(r *poly.Ring, G []*poly.Poly) (*quotient, bool) {
	alg, ok := groebner.NewQuotient(G, maxQuotient)
	if !ok {
		return nil, false
	}
	return &quotient{ring: r, G: G, alg: alg}, true
}

// dim returns the dimension of the quotient: the degree of the ideal.
func (q *quotient) dim() int { return q.alg.Dim() }

// vec returns the coordinates of the normal form of f.
func (q *quotient) vec(f *poly.Poly) []*big.Rat { return q.alg.Coords(f) }

func zeroVec(n int) []*big.Rat {
	v := make([]*big.Rat, n)
	for i := range v {
		v[i] = new(big.Rat)
	}
	return v
}

// A krylov holds the powers 1, θ, θ², ... of an element θ of the quotient
// in echelon form, up to the first dependent one, which gives the minimal
// polynomial of θ.
type krylov struct {
	theta *poly.Poly
	rows  []echRow
	min   []*big.Rat // the monic minimal polynomial, ascending coefficients
}

// An echRow is a reduced vector with its pivot and its expression as a
// combination of the powers of θ.
type echRow struct {
	v     []*big.Rat
	pivot int
	comb  []*big.Rat
}

// krylov computes the minimal polynomial of θ. Cost: one normal form and
// O(D^2) rational operations per power, for D standard monomials. It
// stops with ctx (a limit error).
func (q *quotient) krylov(ctx context.Context, theta *poly.Poly) (*krylov, error) {
	k := &krylov{theta: theta}
	D := q.dim()
	pw := q.ring.One()
	for t := 0; t <= D; t++ {
		// A power of θ reduced modulo G can take seconds on a large
		// quotient: the deadline is checked before each.
		if err := ctx.Err(); err != nil {
			return nil, limitErr(err)
		}
		w := q.vec(pw)
		comb := zeroVec(D + 1)
		comb[t].SetInt64(1)
		reduceByRows(k.rows, w, comb, false)
		p := -1
		for i := range w {
			if w[i].Sign() != 0 {
				p = i
				break
			}
		}
		if p < 0 {
			k.min = comb[:t+1] // comb[t] = 1: monic
			return k, nil
		}
		k.rows = append(k.rows, echRow{v: w, pivot: p, comb: comb})
		pw = groebner.NormalForm(new(poly.Poly).Mul(pw, theta), q.G)
	}
	panic("solve: no minimal polynomial within the dimension of the quotient")
}

// reduceByRows reduces w against the echelon rows in place and follows
// the multiples of the rows' combinations in acc: subtracted (w keeps its
// expression as a combination) or, with add, added (acc collects the
// expression of the part of w that the rows span).
func reduceByRows(rows []echRow, w, acc []*big.Rat, add bool) {
	lam, tmp := new(big.Rat), new(big.Rat)
	for _, r := range rows {
		if w[r.pivot].Sign() == 0 {
			continue
		}
		lam.Quo(w[r.pivot], r.v[r.pivot])
		for i := range w {
			if r.v[i].Sign() != 0 {
				w[i].Sub(w[i], tmp.Mul(lam, r.v[i]))
			}
		}
		for i := range acc {
			if i < len(r.comb) && r.comb[i].Sign() != 0 {
				if add {
					acc[i].Add(acc[i], tmp.Mul(lam, r.comb[i]))
				} else {
					acc[i].Sub(acc[i], tmp.Mul(lam, r.comb[i]))
				}
			}
		}
	}
}

// degree returns the degree of θ's minimal polynomial.
func (k *krylov) degree() int { return len(k.min) - 1 }

// express returns c with f = sum c[t] θ^t in the quotient, when f lies in
// the span of the powers of θ (always when θ is primitive).
func (k *krylov) express(q *quotient, f *poly.Poly) ([]*big.Rat, bool) {
	w := q.vec(f)
	a := zeroVec(k.degree())
	reduceByRows(k.rows, w, a, true)
	for _, x := range w {
		if x.Sign() != 0 {
			return nil, false
		}
	}
	return a, true
}

// horner returns c(x) = sum c[t] x^t, a polynomial in x's ring.
func horner(c []*big.Rat, x *poly.Poly) *poly.Poly {
	r := x.Ring()
	out := r.Zero()
	for t := len(c) - 1; t >= 0; t-- {
		out.Mul(out, x)
		out.Add(out, r.Const(c[t]))
	}
	return out
}

// uniPoly returns sum c[t] v^t in a ring of the one variable name.
func uniPoly(name string, c []*big.Rat) *poly.Poly {
	r := poly.MustRing(poly.Grevlex, name)
	return horner(c, r.Var(0))
}

// uniCoeffs returns the ascending coefficients of a polynomial in at most
// one variable.
func uniCoeffs(p *poly.Poly) []*big.Rat {
	vs := p.Vars()
	deg := 0
	if len(vs) == 1 {
		deg = p.Degree(vs[0])
	}
	c := zeroVec(deg + 1)
	for i := 0; i < p.Len(); i++ {
		e := 0
		if len(vs) == 1 {
			e = p.Exp(i, vs[0])
		}
		c[e].Set(p.Coef(i))
	}
	return c
}
