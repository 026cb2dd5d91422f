package factor

import (
	"context"
	"math/big"
	"slices"

	"github.com/families-project/families/internal/work"
	"github.com/families-project/families/poly"
)

// GCDContext returns the greatest common divisor of a and b over Q,
// normalized to coprime integer coefficients and a positive leading
// coefficient in the ring's order; the gcd of 0 and 0 is 0. a and b must
// belong to the same ring. Univariate inputs use the modular gcd over many
// word primes, multivariate ones Brown's modular algorithm with Zippel's
// sparse images (zippel.go); both verify the result by exact division.
// Cost: near-linear in the input for a trivial gcd (detected from one
// modular image), otherwise roughly, per variable, one univariate gcd per
// term of the result's image times its degree in that variable; where the
// sparse images do not apply (a content that they cannot see), one per
// point of the dense evaluation grid of the result's degrees. It gives up
// with ctx's error when ctx is done, since the modular algorithm can take
// long on large inputs whose gcd is not trivial. Errors: ctx's, and a *DegreeError when the two polynomials
// together use more than 32 variables or a multivariate exponent above 255
// (the internal representation's limits).
func GCDContext(ctx context.Context, a, b *poly.Poly) (g *poly.Poly, err error) {
	defer recoverStop(&err)
	r := a.Ring()
	if r == nil {
		r = b.Ring()
	}
	if a.IsZero() && b.IsZero() {
		return new(poly.Poly).Set(a), nil
	}
	vars := unionSorted(a.Vars(), b.Vars())
	if len(vars) <= 1 {
		ia, ib := uniInput(a, vars), uniInput(b, vars)
		in := &input{vars: vars}
		_, g := uprimitive(ugcd(ia, ib))
		return positiveLead(in.uniToPoly(r, g)), nil
	}
	ma, mb, err := multiInputs(a, b, vars)
	if err != nil {
		return nil, err
	}
	in := &input{vars: vars}
	return positiveLead(in.toPoly(r, mgcdContext(ctx, ma, mb))), nil
}

// CoprimePart returns g without the irreducible factors it shares with f,
// each removed with its whole multiplicity: the generator of the
// saturation <g> : f^∞ of a principal ideal, normalized like GCDContext. A zero
// g gives zero, a zero f gives 1 (every polynomial times 0 lies in <g>),
// and a constant f leaves g (made primitive). Errors: more than 32 variables
// or an exponent above 255 together. Cost: one gcd and one exact division
// per factor removed, and a final gcd that is trivial (detected from one
// modular image).
func CoprimePart(ctx context.Context, g, f *poly.Poly) (out *poly.Poly, err error) {
	defer recoverStop(&err)
	r := g.Ring()
	switch {
	case g.IsZero():
		return r.Zero(), nil
	case f.IsZero():
		return r.One(), nil
	}
	vars := unionSorted(g.Vars(), f.Vars())
	mg, mf, err := multiInputs(g, f, vars)
	if err != nil {
		return nil, err
	}
	_, mg = mprimitive(mg)
	for {
		h := mgcdContext(ctx, mg, mf)
		if h.isConst() {
			break
		}
		q, ok := mdivExact(mg, h)
		if !ok {
			// mgcdContext verifies that h divides both inputs.
			panic("factor: a gcd does not divide its input")
		}
		mg = q
	}
	in := &input{vars: vars}
	return positiveLead(in.toPoly(r, mg)), nil
}

// multiInputs is multiInput of a and b over the same variables.
func multiInputs(a, b *poly.Poly, vars []int) (ma, mb mpoly, err error) {
	if ma, err = multiInput(a, vars); err != nil {
		return nil, nil, err
	}
	if mb, err = multiInput(b, vars); err != nil {
		return nil, nil, err
	}
	return ma, mb, nil
}

func positiveLead(p *poly.Poly) *poly.Poly {
	if !p.IsZero() && p.LeadCoef().Sign() < 0 {
		return new(poly.Poly).Neg(p)
	}
	return p
}

func unionSorted(a, b []int) []int {
	v := append(append([]int(nil), a...), b...)
	slices.Sort(v)
	return slices.Compact(v)
}

// scaledCoefs returns p's coefficients times den, the lcm of their
// denominators, so that p = (integer polynomial)/den.
func scaledCoefs(p *poly.Poly) (cs []*big.Int, den *big.Int) {
	den = big.NewInt(1)
	for i := 0; i < p.Len(); i++ {
		d := p.Coef(i).Denom()
		g := new(big.Int).GCD(nil, nil, den, d)
		den.Mul(den, new(big.Int).Quo(d, g))
	}
	cs = make([]*big.Int, p.Len())
	for i := range cs {
		c := new(big.Int).Mul(p.Coef(i).Num(), den)
		cs[i] = c.Quo(c, p.Coef(i).Denom())
	}
	return cs, den
}

func uniInput(p *poly.Poly, vars []int) upoly {
	cs, _ := scaledCoefs(p)
	d := max(p.TotalDegree(), 0)
	u := make(upoly, d+1)
	for i := range u {
		u[i] = new(big.Int)
	}
	for i, c := range cs {
		e := 0
		if len(vars) == 1 {
			e = p.Exp(i, vars[0])
		}
		u[e] = c
	}
	return u.trim()
}

func multiInput(p *poly.Poly, vars []int) (mpoly, error) {
	if len(vars) > maxVars {
		return nil, &DegreeError{Degree: len(vars), Limit: maxVars, What: "variables"}
	}
	cs, _ := scaledCoefs(p)
	m := make(mpoly, len(cs))
	for i := range m {
		var e mono
		for j, v := range vars {
			x := p.Exp(i, v)
			if x > maxExp {
				return nil, &DegreeError{Degree: x, Limit: maxExp, What: "exponent"}
			}
			e[j] = uint8(x)
		}
		m[i] = term{e, cs[i]}
	}
	msort(m)
	return m, nil
}

// A Root is a rational root with its multiplicity (at least 1).
type Root struct {
	Value *big.Rat
	Mult  int
}

// RationalRoots returns the distinct rational roots of the univariate p in
// increasing order with their multiplicities. p must use at most one
// variable (ErrNotUnivariate otherwise) and be nonzero (ErrZero). After
// the square-free decomposition, each part is searched with the rational
// root test when the divisors of its end coefficients give a short
// candidate list, and factored by Zassenhaus' algorithm otherwise, keeping
// the linear factors. ctx bounds the work.
func RationalRoots(ctx context.Context, p *poly.Poly) ([]Root, error) {
	if p.IsZero() {
		return nil, ErrZero
	}
	if len(p.Vars()) > 1 {
		return nil, ErrNotUnivariate
	}
	in, err := fromPoly(p, MaxDegree)
	if err != nil {
		return nil, err
	}
	_, u := uprimitive(in.u)
	var roots []Root
	k := 0
	for k < len(u) && u[k].Sign() == 0 {
		k++
	}
	if k > 0 {
		roots = append(roots, Root{new(big.Rat), k})
		u = u[k:]
	}
	if u.deg() < 1 {
		return roots, nil
	}
	for i, a := range usqf(u) {
		if a.deg() < 1 {
			continue
		}
		lin, rest, ran := splitRationalRoots(a)
		if !ran && rest.deg() >= 2 {
			fs, err := zassenhaus(ctx, rest)
			if err != nil {
				return nil, err
			}
			lin = lin[:0]
			for _, g := range fs {
				if g.deg() == 1 {
					lin = append(lin, g)
				}
			}
		} else if rest.deg() == 1 {
			lin = append(lin, rest)
		}
		for _, l := range lin {
			roots = append(roots, Root{new(big.Rat).SetFrac(new(big.Int).Neg(l[0]), l[1]), i + 1})
		}
	}
	slices.SortFunc(roots, func(a, b Root) int { return a.Value.Cmp(b.Value) })
	return roots, nil
}

// polled is the factorizer's poll of its context between steps: it spends
// a unit of the work budget the context may carry (internal/work), so
// that a budget bounding a factorization counts its steps, and returns
// the context's error.
func polled(ctx context.Context) error {
	work.Spend(ctx)
	return ctx.Err()
}
