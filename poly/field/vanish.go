package field

import (
	"context"
	"math"
	"math/big"

	"github.com/families-project/families/poly"
)

// expandLimit is the number of term products past which Vanishes stops
// expanding f over one common denominator and sums f's terms as
// fractions in lowest terms instead. On a 5x5 grid family, a line of four
// terms whose values had denominators of 1,400, 170 and 21 terms took
// 25 s expanded (products of some 10^8 terms); as fractions, the common
// denominators stay the size of the largest.
const expandLimit = 2e6

// Vanishes reports whether f vanishes identically at x_v = vals[v]. The
// answer is exact, and checks the values without trusting the arithmetic
// that made them. Three ways, chosen by counted work:
//   - A value at one rational point: f is nonzero there, so not identically
//     zero (tried first where the expansion below would be large, so that a
//     nonzero condition is confirmed at once).
//   - The expansion of f(num/den) times a product of powers of the
//     denominators with no gcd, the least such product: the variables whose
//     values share a denominator d are taken together, and d is raised to
//     f's degree in them rather than to the sum of f's degrees in each (a
//     grid's line in six numbers over one denominator needs d^2 or d^3, not
//     d^6).
//   - Past expandLimit term products, the sum of f's terms as fractions,
//     each product and sum cancelled by gcds of its parts (Henrici), so
//     that no common denominator grows to the product of all of them.
//
// Cost: as SubstNumerator on the smallest products where denominators
// repeat; or a few products and gcds per term of f.
func Vanishes(ctx context.Context, f *poly.Poly, vals []*Frac) (bool, error) {
	if f.IsZero() {
		return true, nil
	}
	cost := expandCost(f, vals)
	if cost > 1e5 && nonzeroAtPoint(f, vals) {
		return false, nil
	}
	if cost <= expandLimit {
		p, _, err := substNumerator(ctx, f, vals, true)
		if err != nil {
			return false, err
		}
		return p.IsZero(), nil
	}
	sum, err := sumOfTerms(ctx, f, vals)
	if err != nil {
		return false, err
	}
	return sum.num.IsZero(), nil
}

// expandCost is the number of term products of Vanishes' expansion of f
// before any cancellation: for each term of f, the product of the sizes of
// its factors, the values' numerators and the shared denominators' powers.
// Cost: one pass over f's terms per variable.
func expandCost(f *poly.Poly, vals []*Frac) float64 {
	n := f.Ring().NumVars()
	deg := make([]int, n)
	for v := range n {
		deg[v] = f.Degree(v)
	}
	group, denDeg := denGroups(f, vals, deg, true)
	cost := 0.0
	for i := range f.Len() {
		l := 0.0
		need := make([]int, n)
		for v := range n {
			if deg[v] <= 0 {
				continue
			}
			e := f.Exp(i, v)
			l += float64(e) * math.Log(float64(vals[v].num.Len()))
			need[group[v]] += e
		}
		for g := range n {
			if deg[g] > 0 && group[g] == g {
				l += float64(denDeg[g]-need[g]) * math.Log(float64(vals[g].den.Len()))
			}
		}
		cost += math.Exp(l)
	}
	return cost
}

// nonzeroAtPoint reports whether f at the values is a nonzero number at
// some point with small integer coordinates where no denominator
// vanishes; false proves nothing. The points are fixed, so the answer is
// a function of the input. Cost: an evaluation of every value used, at up
// to three points.
func nonzeroAtPoint(f *poly.Poly, vals []*Frac) bool {
	vars := f.Vars()
	if len(vars) == 0 {
		return false
	}
	r := vals[vars[0]].num.Ring()
	for try := range 3 {
		pt := make([]*big.Rat, r.NumVars())
		for i := range pt {
			// Distinct small primes-like values: collisions with the
			// roots of a denominator are unlikely and only cost a try.
			pt[i] = big.NewRat(int64(7+13*i+101*try), int64(3+2*try))
		}
		at := make([]*big.Rat, f.Ring().NumVars())
		ok := true
		for _, v := range vars {
			x, defined := vals[v].Eval(pt)
			if !defined {
				ok = false
				break
			}
			at[v] = x
		}
		if !ok {
			continue
		}
		for i := range at {
			if at[i] == nil {
				at[i] = new(big.Rat)
			}
		}
		return f.Eval(at).Sign() != 0
	}
	return false
}

// sumOfTerms returns f at the values as a sum of fractions, term by term,
// each product and sum cancelled by gcds of its parts. Exact whether or
// not the values are in lowest terms (they only stay smaller when they
// are). When ctx ends it returns ctx's error.
func sumOfTerms(ctx context.Context, f *poly.Poly, vals []*Frac) (*Frac, error) {
	// Vars scans every term: once, not once per term.
	vars := f.Vars()
	r := f.Ring()
	if len(vars) > 0 {
		r = vals[vars[0]].num.Ring()
	}
	sum := &Frac{r.Zero(), r.One()}
	for i := range f.Len() {
		t := &Frac{r.Const(f.Coef(i)), r.One()}
		for _, v := range vars {
			e := f.Exp(i, v)
			if e == 0 {
				continue
			}
			x := &Frac{new(poly.Poly).Pow(vals[v].num, e), new(poly.Poly).Pow(vals[v].den, e)}
			var err error
			if t, err = mulCancel(ctx, t, x); err != nil {
				return nil, err
			}
		}
		var err error
		if sum, err = addCancel(ctx, sum, t); err != nil {
			return nil, err
		}
	}
	return sum, nil
}

// mulCancel returns x*y: with x = p/q and y = r/s it divides out gcd(p, s)
// and gcd(r, q) before multiplying (Henrici), not normalized. When ctx
// ends it returns ctx's error.
func mulCancel(ctx context.Context, x, y *Frac) (*Frac, error) {
	p, q, r, s := x.num, x.den, y.num, y.den
	if p.IsZero() || r.IsZero() {
		return &Frac{p.Ring().Zero(), p.Ring().One()}, nil
	}
	if !p.IsConst() && !s.IsConst() {
		p, s = cancelCommon(ctx, p, s)
	}
	if !r.IsConst() && !q.IsConst() {
		r, q = cancelCommon(ctx, r, q)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return &Frac{new(poly.Poly).Mul(p, r), new(poly.Poly).Mul(q, s)}, nil
}

// addCancel returns x+y: with x = p/q and y = r/s and d = gcd(q, s), the
// sum is (p*(s/d) + r*(q/d)) / (q/d * s), whose common factor divides d
// when x and y are in lowest terms; it is divided out.
func addCancel(ctx context.Context, x, y *Frac) (*Frac, error) {
	if x.num.IsZero() {
		return y, nil
	}
	if y.num.IsZero() {
		return x, nil
	}
	q, s := x.den, y.den
	d := q.Ring().One()
	if !q.IsConst() && !s.IsConst() {
		if g, ok := commonFactor(ctx, q, s); ok {
			d = g
			q, s = exactQuo(q, g), exactQuo(s, g)
		}
	}
	num := new(poly.Poly).Add(new(poly.Poly).Mul(x.num, s), new(poly.Poly).Mul(y.num, q))
	den := new(poly.Poly).Mul(new(poly.Poly).Mul(q, s), d)
	if num.IsZero() {
		return &Frac{num, num.Ring().One()}, nil
	}
	if !d.IsConst() && !num.IsConst() {
		if g, ok := commonFactor(ctx, num, d); ok {
			num, den = exactQuo(num, g), exactQuo(den, g)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return &Frac{num, den}, nil
}
