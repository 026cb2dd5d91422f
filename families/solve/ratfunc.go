package solve

import (
	"context"
	"fmt"
	"math/big"
	"runtime"

	"github.com/families-project/families/internal/parallel"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/factor"
)

// A ratFunc is a quotient num/den of polynomials of one ring in lowest
// terms; den has coprime integer coefficients and a positive leading
// coefficient, so equal functions have equal representations.
type ratFunc struct{ num, den *poly.Poly }

// newRatFunc returns num/den in lowest terms; den must be nonzero. The
// common factor is their gcd (factor.GCDContext: one modular image proves most
// pairs coprime), divided out exactly. Cost: one gcd.
func newRatFunc(num, den *poly.Poly) ratFunc {
	out, _ := newRatFuncContext(context.Background(), num, den) // never done
	return out
}

// cancelCommonContext divides num and den by their gcd, computed within
// ctx; when ctx ends first they are left as they are (not in lowest terms,
// still exact), and the caller reports ctx's error. Factoring den instead
// (as this did before) cost seconds on the products of powers that a
// composition of families makes. No clock bounds the gcd (a 5x5 grid's
// took past 80 s once): the lowest terms are part of the answer, which
// must not depend on the machine's speed.
func cancelCommonContext(ctx context.Context, num, den *poly.Poly) (*poly.Poly, *poly.Poly) {
	g, ok := commonFactor(ctx, num, den)
	if !ok {
		return num, den
	}
	return exactQuo(num, g), exactQuo(den, g)
}

// commonFactor returns gcd(a, b) within ctx, and false when it is a
// constant or ctx ended first.
func commonFactor(ctx context.Context, a, b *poly.Poly) (*poly.Poly, bool) {
	if a.IsConst() || b.IsConst() {
		return nil, false
	}
	g, err := factor.GCDContext(ctx, a, b)
	if err != nil || g.IsConst() {
		return nil, false
	}
	return g, true
}

// newRatFuncContext is newRatFunc whose gcd stops when ctx is done, and
// then ctx's error.
func newRatFuncContext(ctx context.Context, num, den *poly.Poly) (ratFunc, error) {
	r := den.Ring()
	if num.IsZero() {
		return ratFunc{r.Zero(), r.One()}, nil
	}
	if !den.IsConst() && !num.IsConst() {
		num, den = cancelCommonContext(ctx, num, den)
		if err := ctx.Err(); err != nil {
			return ratFunc{}, err
		}
	}
	return normalized(num, den), nil
}

// normalized returns num/den with den's content made 1 (and its leading
// coefficient positive), without looking for common factors.
func normalized(num, den *poly.Poly) ratFunc {
	inv := new(big.Rat).Inv(den.Content())
	return ratFunc{new(poly.Poly).Scale(num, inv), new(poly.Poly).Scale(den, inv)}
}

// quoContext is a.quo(b) within ctx (see newRatFuncContext). With a = p/q
// and b = r/s in lowest terms, gcd(p*s, q*r) = gcd(p, r) * gcd(s, q)
// (Henrici), so it takes the two gcds of the factors instead of the one
// of the products: on the eliminated numbers of 5x5 grid families that gcd
// was over half the analysis (12 of 20 s of CPU on two settings). A factor
// pair whose gcd passes its bounds stays as it is (see
// cancelCommonContext): the result is exact, maybe not in lowest terms.
func (a ratFunc) quoContext(ctx context.Context, b ratFunc) (ratFunc, error) {
	p, q, r, s := a.num, a.den, b.num, b.den
	if p.IsZero() || r.IsZero() {
		return newRatFuncContext(ctx, new(poly.Poly).Mul(p, s), new(poly.Poly).Mul(q, r))
	}
	if !p.IsConst() && !r.IsConst() {
		p, r = cancelCommonContext(ctx, p, r)
	}
	if !s.IsConst() && !q.IsConst() {
		s, q = cancelCommonContext(ctx, s, q)
	}
	if err := ctx.Err(); err != nil {
		return ratFunc{}, err
	}
	return normalized(new(poly.Poly).Mul(p, s), new(poly.Poly).Mul(q, r)), nil
}

func ratPoly(p *poly.Poly) ratFunc { return ratFunc{p, p.Ring().One()} }

// exactQuo returns f/g, which must divide exactly.
func exactQuo(f, g *poly.Poly) *poly.Poly {
	q, r := poly.DivMod(f, []*poly.Poly{g})
	if !r.IsZero() {
		panic(fmt.Sprintf("solve: %s does not divide %s", g, f))
	}
	return q[0]
}

func (a ratFunc) isPoly() bool { return a.den.IsConst() }

func (a ratFunc) add(b ratFunc) ratFunc {
	if a.den.Equal(b.den) {
		return newRatFunc(new(poly.Poly).Add(a.num, b.num), a.den)
	}
	n := new(poly.Poly).Add(new(poly.Poly).Mul(a.num, b.den), new(poly.Poly).Mul(b.num, a.den))
	return newRatFunc(n, new(poly.Poly).Mul(a.den, b.den))
}

func (a ratFunc) mul(b ratFunc) ratFunc {
	return newRatFunc(new(poly.Poly).Mul(a.num, b.num), new(poly.Poly).Mul(a.den, b.den))
}

func (a ratFunc) quo(b ratFunc) ratFunc {
	return newRatFunc(new(poly.Poly).Mul(a.num, b.den), new(poly.Poly).Mul(a.den, b.num))
}

func (a ratFunc) neg() ratFunc { return ratFunc{new(poly.Poly).Neg(a.num), a.den} }

// eval returns a at the point x (one rational per variable of the ring),
// and false when the denominator vanishes there.
func (a ratFunc) eval(x []*big.Rat) (*big.Rat, bool) {
	d := a.den.Eval(x)
	if d.Sign() == 0 {
		return nil, false
	}
	return d.Quo(a.num.Eval(x), d), true
}

// size is the number of terms, the measure of a simpler expression.
func (a ratFunc) size() int {
	if a.isPoly() {
		return a.num.Len()
	}
	return a.num.Len() + a.den.Len()
}

// substRational returns the numerator of f with x_v = vals[v] for every
// variable v: f(num/den) times prod den_v^deg_v(f). It is exact and needs
// no gcd, so a family is checked without trusting the arithmetic that made
// it. The result lives in the ring of the values, which may differ from
// f's. Cost: one product of cached powers per term. It stops with the
// context's error when ctx is done.
func substRational(ctx context.Context, f *poly.Poly, vals []ratFunc) (*poly.Poly, error) {
	n := f.Ring().NumVars()
	r := f.Ring()
	for _, v := range vals {
		if v.num != nil {
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
	// Every power that a term needs is made first, so that the terms can
	// then be multiplied out in parallel from read-only powers. Small
	// substitutions, the many checks of a 3x3 sweep, stay on one
	// goroutine, where starting others would cost more than they save.
	workers := runtime.GOMAXPROCS(0)
	size := 0
	for v := range n {
		if deg[v] > 0 {
			size += nums[v].Len() + dens[v].Len()
		}
	}
	if size*f.Len() < parallelSubstTerms {
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
			if e := deg[v] - f.Exp(i, v); e > 0 && !vals[v].den.IsConst() {
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
		pows[i] = new(poly.Poly).Pow(base, k.e)
		return nil
	}); err != nil {
		return nil, err
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
			if deg[v]-e > 0 && !vals[v].den.IsConst() {
				if err := t.MulContext(ctx, t, pow[key{true, v, deg[v] - e}]); err != nil {
					return err
				}
				k.Mul(k, ratPow(denC[v], deg[v]-e))
			}
		}
		terms[i], consts[i] = t, k
		return nil
	})
	if err != nil {
		return nil, err
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
		return r.Zero(), nil
	}
	return terms[0].Scale(terms[0], L.Inv(L)), nil
}

// parallelSubstTerms is the size (terms of the values times terms of the
// polynomial) below which substRational runs on one goroutine.
const parallelSubstTerms = 4096

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
