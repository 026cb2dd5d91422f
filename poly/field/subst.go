package field

// Substitution of fractions for the variables of a polynomial.

import (
	"context"
	"errors"
	"math"
	"math/big"
	"runtime"

	"github.com/families-project/families/internal/parallel"
	"github.com/families-project/families/poly"
)

// ErrZeroDenominator is returned (wrapped) by Compose when the
// denominator of the composed fraction is identically zero.
var ErrZeroDenominator = errors.New("field: the denominator is identically zero")

// ParallelTerms is the size of a substitution (terms of the values times
// terms of the polynomial, or SubstCost) below which it runs on one
// goroutine: the many small checks of a 3x3 sweep would spend more on
// starting goroutines than they save.
const ParallelTerms = 4096

// Subst returns f with every variable v replaced by vals[v], in lowest
// terms. The result lives in the ring of the values. Cost: SubstNumerator,
// then one gcd per distinct denominator power.
func Subst(f *poly.Poly, vals []*Frac) *Frac {
	out, _ := SubstContext(context.Background(), f, vals) // never ends
	return out
}

// SubstContext is Subst that stops with ctx's error when ctx ends.
func SubstContext(ctx context.Context, f *poly.Poly, vals []*Frac) (*Frac, error) {
	num, pows, err := substNumerator(ctx, f, vals, true)
	if err != nil {
		return nil, err
	}
	// The denominator is a product of powers of the values' distinct
	// denominators, each to f's degree in the variables that share it
	// (substNumerator): the common factor with num is found by gcds with
	// each in turn, as often as its power, rather than by one gcd with the
	// whole product (which cost a 5x5 family's lifting seconds). For each
	// irreducible factor this removes the least of its multiplicities in
	// num and in the product, as that gcd would.
	den := num.Ring().One()
	for _, p := range pows {
		den.Mul(den, new(poly.Poly).Pow(p.d, p.e))
	}
	if len(pows) == 0 || num.IsZero() || num.IsConst() {
		return NewContext(ctx, num, den)
	}
	common := num.Ring().One()
	for _, p := range pows {
		for range p.e {
			g, ok := commonFactor(ctx, num, p.d)
			if !ok {
				break
			}
			num = exactQuo(num, g)
			common.Mul(common, g)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return normalized(num, exactQuo(den, common)), nil
}

// Compose returns f with every variable v replaced by at[v], in lowest
// terms: Subst of the numerator and of the denominator, then QuoContext.
// An identically zero denominator is an error wrapping
// ErrZeroDenominator; when ctx ends it returns ctx's error.
func Compose(ctx context.Context, f *Frac, at []*Frac) (*Frac, error) {
	num, err := SubstContext(ctx, f.num, at)
	if err != nil {
		return nil, err
	}
	den, err := SubstContext(ctx, f.den, at)
	if err != nil {
		return nil, err
	}
	if den.num.IsZero() {
		return nil, ErrZeroDenominator
	}
	return new(Frac).QuoContext(ctx, num, den)
}

// SubstNumerator returns the numerator of f with x_v = vals[v] for every
// variable v: f(num/den) times prod den_v^deg_v(f). It is exact and takes
// no gcd, so a family is checked without trusting the arithmetic that
// made it. The result lives in the ring of the values, which may differ
// from f's; vals[v] may be nil for a variable f does not use. Cost: one
// product of cached powers per term of f, on GOMAXPROCS goroutines above
// ParallelTerms. It stops with ctx's error when ctx ends.
func SubstNumerator(ctx context.Context, f *poly.Poly, vals []*Frac) (*poly.Poly, error) {
	p, _, err := substNumerator(ctx, f, vals, false)
	return p, err
}

// A power is a denominator d to the exponent e.
type power struct {
	d *poly.Poly
	e int
}

// substNumerator is SubstNumerator; with grouped, the variables whose
// values have one denominator share its power (Vanishes). It also returns
// the powers of the nonconstant denominators that it multiplied f by.
func substNumerator(ctx context.Context, f *poly.Poly, vals []*Frac, grouped bool) (*poly.Poly, []power, error) {
	n := f.Ring().NumVars()
	r := f.Ring()
	for _, v := range vals {
		if v != nil && v.num != nil {
			r = v.num.Ring()
			break
		}
	}
	deg := make([]int, n)
	for v := range n {
		deg[v] = f.Degree(v)
	}
	// The powers are taken of the primitive integer parts of the values,
	// where poly multiplies in big.Int, and the contents gathered into one
	// rational constant per term: rational coefficients made every product
	// normalize by gcds (most of the time of verifying a large family).
	type key struct {
		den  bool // a power of the denominator
		v, e int
	}
	nums, dens := make([]*poly.Poly, n), make([]*poly.Poly, n)
	numC, denC := make([]*big.Rat, n), make([]*big.Rat, n)
	for v := range n {
		if deg[v] <= 0 {
			continue
		}
		nums[v], numC[v] = primitiveSplit(vals[v].num)
		dens[v], denC[v] = primitiveSplit(vals[v].den)
	}
	group, denDeg := denGroups(f, vals, deg, grouped)
	var denPows []power
	for v := range n {
		if deg[v] > 0 && group[v] == v && denDeg[v] > 0 && !vals[v].den.IsConst() {
			denPows = append(denPows, power{vals[v].den, denDeg[v]})
		}
	}
	// denExp returns the power of group g's denominator that term i needs.
	denExp := func(i, g int) int {
		e := denDeg[g]
		for v := range n {
			if group[v] == g {
				e -= f.Exp(i, v)
			}
		}
		return e
	}
	// Every power that a term needs is made first, so that the terms can
	// then be multiplied out in parallel from read-only powers.
	workers := runtime.GOMAXPROCS(0)
	size := 0
	for v := range n {
		if deg[v] > 0 {
			size += nums[v].Len() + dens[v].Len()
		}
	}
	if size*f.Len() < ParallelTerms {
		workers = 1
	}
	pow := map[key]*poly.Poly{}
	var want []key
	need := func(k key) {
		if _, ok := pow[k]; !ok {
			pow[k] = nil
			want = append(want, k)
		}
	}
	for i := 0; i < f.Len(); i++ {
		for v := range n {
			if deg[v] <= 0 {
				continue
			}
			// Denominators are normalized, so a constant one is 1.
			if e := f.Exp(i, v); e > 0 {
				need(key{false, v, e})
			}
			if group[v] != v {
				continue
			}
			if e := denExp(i, v); e > 0 && !vals[v].den.IsConst() {
				need(key{true, v, e})
			}
		}
	}
	pows := make([]*poly.Poly, len(want))
	if err := parallel.EachOn(ctx, len(want), workers, func(i int) error {
		k, base := want[i], nums[want[i].v]
		if k.den {
			base = dens[k.v]
		}
		pows[i] = new(poly.Poly)
		return pows[i].PowContext(ctx, base, k.e)
	}); err != nil {
		return nil, nil, err
	}
	for i, k := range want {
		pow[k] = pows[i]
	}
	terms := make([]*poly.Poly, f.Len())
	consts := make([]*big.Rat, f.Len())
	err := parallel.EachOn(ctx, f.Len(), workers, func(i int) error {
		t := r.One()
		k := new(big.Rat).Set(f.Coef(i))
		for v := range n {
			if deg[v] <= 0 {
				continue
			}
			e := f.Exp(i, v)
			if e > 0 {
				if err := t.MulContext(ctx, t, pow[key{false, v, e}]); err != nil {
					return err
				}
				k.Mul(k, ratPow(numC[v], e))
			}
			if group[v] != v || vals[v].den.IsConst() {
				continue
			}
			if e := denExp(i, v); e > 0 {
				if err := t.MulContext(ctx, t, pow[key{true, v, e}]); err != nil {
					return err
				}
				k.Mul(k, ratPow(denC[v], e))
			}
		}
		terms[i], consts[i] = t, k
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	lcm := big.NewInt(1)
	g := new(big.Int)
	for _, k := range consts {
		g.GCD(nil, nil, lcm, k.Denom())
		lcm.Mul(lcm, new(big.Int).Quo(k.Denom(), g))
	}
	L := new(big.Rat).SetInt(lcm)
	for i, t := range terms {
		t.Scale(t, consts[i].Mul(consts[i], L))
	}
	// Summed in pairs, so that each term takes part in about log2(n)
	// merges rather than one running sum's n.
	for len(terms) > 1 {
		next := terms[:0]
		for i := 0; i+1 < len(terms); i += 2 {
			next = append(next, new(poly.Poly).Add(terms[i], terms[i+1]))
		}
		if len(terms)%2 == 1 {
			next = append(next, terms[len(terms)-1])
		}
		terms = next
	}
	if len(terms) == 0 {
		return r.Zero(), denPows, nil
	}
	return terms[0].Scale(terms[0], L.Inv(L)), denPows, nil
}

// SubstCost estimates the work of SubstNumerator(f, vals): the number of
// term products before any cancellation, the sum over f's terms of the
// product of its values' sizes (numerator and denominator terms) to their
// exponents. Cost: one pass over f's terms.
func SubstCost(f *poly.Poly, vals []*Frac) float64 {
	logSize := make([]float64, f.Ring().NumVars())
	// Vars scans every term: once, not once per term (a 5x5 grid's
	// formula of some 10^4 terms spent a minute here).
	vars := f.Vars()
	for _, v := range vars {
		logSize[v] = math.Log(float64(vals[v].num.Len() + vals[v].den.Len()))
	}
	cost := 0.0
	for i := range f.Len() {
		l := 0.0
		for _, v := range vars {
			l += float64(f.Exp(i, v)) * logSize[v]
		}
		cost += math.Exp(l)
	}
	return cost
}

// primitiveSplit returns the primitive part of p and its content (p itself
// and 1 for zero).
func primitiveSplit(p *poly.Poly) (*poly.Poly, *big.Rat) {
	if p.IsZero() {
		return p, big.NewRat(1, 1)
	}
	c := p.Content()
	return new(poly.Poly).Scale(p, new(big.Rat).Inv(c)), c
}

// ratPow returns c^e.
func ratPow(c *big.Rat, e int) *big.Rat {
	num := new(big.Int).Exp(c.Num(), big.NewInt(int64(e)), nil)
	den := new(big.Int).Exp(c.Denom(), big.NewInt(int64(e)), nil)
	return new(big.Rat).SetFrac(num, den)
}

// denGroups returns, for each variable v of f with deg[v] > 0, the
// variable group[v] whose denominator power stands for v's, and for each
// such representative g the power denDeg[g] of its denominator that f
// needs: each variable alone, or with grouped those whose values share a
// denominator, raised to f's degree in them together.
func denGroups(f *poly.Poly, vals []*Frac, deg []int, grouped bool) (group, denDeg []int) {
	n := len(deg)
	group, denDeg = make([]int, n), make([]int, n)
	var firstOf poly.Map[int]
	for v := range n {
		group[v] = v
		if deg[v] <= 0 || !grouped {
			denDeg[v] = deg[v]
			continue
		}
		// The whole denominator, content and all, so that one power
		// stands for each of the group's.
		if g, ok := firstOf.Get(vals[v].den); ok {
			group[v] = g
		} else {
			firstOf.Put(vals[v].den, v)
		}
	}
	if grouped {
		for i := range f.Len() {
			sum := make([]int, n)
			for v := range n {
				sum[group[v]] += f.Exp(i, v)
			}
			for g, e := range sum {
				denDeg[g] = max(denDeg[g], e)
			}
		}
	}
	return group, denDeg
}
