package poly

import (
	"context"
	"fmt"
	"math"
	"math/big"
)

// Eval returns p at the point x (one rational per variable of p's ring).
// Cost: one product of powers per term.
func (p *Poly) Eval(x []*big.Rat) *big.Rat {
	sum := new(big.Rat)
	if p.IsZero() {
		return sum
	}
	if len(x) != p.ring.NumVars() {
		panic(fmt.Sprintf("poly: Eval with %d values for %d variables", len(x), p.ring.NumVars()))
	}
	pw := newPowerCache(x)
	t := new(big.Rat)
	for i, c := range p.coef {
		t.Set(c)
		m := p.Monomial(i)
		for v := range x {
			if m[v+1] > 0 {
				t.Mul(t, pw.pow(v, int(m[v+1])))
			}
		}
		sum.Add(sum, t)
	}
	return sum
}

type powerCache struct {
	x    []*big.Rat
	pows [][]*big.Rat
}

func newPowerCache(x []*big.Rat) *powerCache {
	return &powerCache{x: x, pows: make([][]*big.Rat, len(x))}
}

func (c *powerCache) pow(v, e int) *big.Rat {
	ps := c.pows[v]
	if len(ps) == 0 {
		ps = append(ps, big.NewRat(1, 1))
	}
	for len(ps) <= e {
		ps = append(ps, new(big.Rat).Mul(ps[len(ps)-1], c.x[v]))
	}
	c.pows[v] = ps
	return ps[e]
}

// Compose substitutes images[v] for every variable v of p's ring and returns
// the result in ring to (every image must belong to to; a nil image keeps
// the variable of the same name, which must exist in to). Cost: one product
// of cached powers per term.
func (p *Poly) Compose(to *Ring, images []*Poly) (*Poly, error) {
	if p.IsZero() {
		return to.Zero(), nil
	}
	n := p.ring.NumVars()
	if len(images) != n {
		return nil, fmt.Errorf("poly: Compose with %d images for %d variables", len(images), n)
	}
	imgs := make([]*Poly, n)
	for v := range images {
		switch {
		case images[v] != nil:
			if images[v].ring != to && images[v].ring != nil {
				return nil, fmt.Errorf("poly: image of %s belongs to another ring", p.ring.vars[v])
			}
			imgs[v] = images[v]
		default:
			w := to.VarNamed(p.ring.vars[v])
			if w == nil && p.Degree(v) > 0 {
				return nil, fmt.Errorf("poly: variable %s has no image in %s", p.ring.vars[v], to)
			}
			imgs[v] = w
		}
	}
	pows := make([][]*Poly, n)
	pow := func(v, e int) *Poly {
		for len(pows[v]) <= e {
			if len(pows[v]) == 0 {
				pows[v] = append(pows[v], to.One())
				continue
			}
			pows[v] = append(pows[v], new(Poly).Mul(pows[v][len(pows[v])-1], imgs[v]))
		}
		return pows[v][e]
	}
	// One builder for all products: adding each product to a running sum
	// would merge the sum once per term, quadratic in its length.
	b := newBuilder(to, len(p.coef))
	for i, c := range p.coef {
		t := to.Const(c)
		for v := 0; v < n; v++ {
			if e := p.Exp(i, v); e > 0 {
				t = new(Poly).Mul(t, pow(v, e))
			}
		}
		b.addPoly(t)
	}
	return b.poly(), nil
}

// Subst returns p with the polynomial q (of the same ring) substituted for
// variable v. Cost: p is split by the power of v, p = sum c_k v^k, and each
// c_k is multiplied by q^k once, so the work is deg_v(p) products rather than
// one per term of p.
func (p *Poly) Subst(v int, q *Poly) *Poly {
	out, err := p.SubstContext(context.Background(), v, q)
	if err != nil {
		panic(err) // unreachable: the background context is never done
	}
	return out
}

// SubstContext is Subst that stops with ctx's error when ctx is done; it
// looks at ctx every few thousand coefficient products, since substituting
// a long polynomial into a high power can take seconds.
func (p *Poly) SubstContext(ctx context.Context, v int, q *Poly) (*Poly, error) {
	if q.ring != p.ring && q.ring != nil {
		panic("poly: Subst with a polynomial of another ring")
	}
	r := p.ring
	if p.IsZero() {
		return r.Zero(), nil
	}
	d := p.Degree(v)
	if d == 0 {
		return p.Clone(), nil
	}
	s := r.stride()
	parts := make([]*builder, d+1)
	m := make(Monomial, s)
	for i, c := range p.coef {
		copy(m, p.mono[i*s:(i+1)*s])
		k := int(m[v+1])
		m[v+1] = 0
		m[0] -= uint16(k)
		if parts[k] == nil {
			parts[k] = newBuilder(r, 0)
		}
		parts[k].add(c, m)
	}
	out := newBuilder(r, len(p.coef))
	pow := r.One()
	for k, part := range parts {
		if k > 0 {
			next := new(Poly)
			if err := next.MulContext(ctx, pow, q); err != nil {
				return nil, err
			}
			pow = next
		}
		if part != nil {
			t := new(Poly)
			if err := t.MulContext(ctx, part.poly(), pow); err != nil {
				return nil, err
			}
			out.addPoly(t)
		}
	}
	return out.poly(), nil
}

// ToRingAll returns the polynomials of ps moved to ring to by ToRing, in a
// new slice; it fails on the first one that uses a variable to lacks.
func ToRingAll(ps []*Poly, to *Ring) ([]*Poly, error) {
	out := make([]*Poly, len(ps))
	for i, p := range ps {
		q, err := p.ToRing(to)
		if err != nil {
			return nil, err
		}
		out[i] = q
	}
	return out, nil
}

// ToRing returns p as a polynomial of ring to, matching variables by name
// (never by position). It fails if p uses a variable that to lacks. Cost:
// O(len(p)) plus a sort when the orders differ.
func (p *Poly) ToRing(to *Ring) (*Poly, error) {
	if p.ring == to {
		return p.Clone(), nil
	}
	if p.IsZero() {
		return to.Zero(), nil
	}
	perm := make([]int, p.ring.NumVars())
	for v, name := range p.ring.vars {
		w, ok := to.index[name]
		if !ok {
			if p.Degree(v) > 0 {
				return nil, fmt.Errorf("poly: variable %s of %s is not in %s", name, p.ring, to)
			}
			w = -1
		}
		perm[v] = w
	}
	b := newBuilder(to, len(p.coef))
	m := make(Monomial, to.stride())
	for i, c := range p.coef {
		clear(m)
		src := p.Monomial(i)
		m[0] = src[0]
		for v, w := range perm {
			if w >= 0 {
				m[w+1] = src[v+1]
			}
		}
		b.add(c, m)
	}
	return b.poly(), nil
}

// Derivative returns the partial derivative of p with respect to variable v.
func (p *Poly) Derivative(v int) *Poly {
	b := newBuilder(p.ring, len(p.coef))
	c := new(big.Rat)
	for i, a := range p.coef {
		m := p.Monomial(i).Clone()
		e := m[v+1]
		if e == 0 {
			continue
		}
		m[v+1]--
		m[0]--
		b.add(c.Mul(a, new(big.Rat).SetInt64(int64(e))), m)
	}
	return b.poly()
}

// Content returns the rational c such that p/c has coprime integer
// coefficients and a positive leading coefficient; 0 for the zero
// polynomial. Cost: one gcd and one lcm per term.
func (p *Poly) Content() *big.Rat {
	if p.IsZero() {
		return new(big.Rat)
	}
	num := new(big.Int)
	den := big.NewInt(1)
	g := new(big.Int)
	for _, c := range p.coef {
		num.GCD(nil, nil, num, new(big.Int).Abs(c.Num()))
		g.GCD(nil, nil, den, c.Denom())
		den.Mul(den, new(big.Int).Quo(c.Denom(), g))
	}
	out := new(big.Rat).SetFrac(num, den)
	if p.coef[0].Sign() < 0 {
		out.Neg(out)
	}
	return out
}

// PrimitivePart returns p/Content(p): coprime integer coefficients with a
// positive leading coefficient.
func (p *Poly) PrimitivePart() *Poly {
	if p.IsZero() || p.IsPrimitive() {
		return p.Clone()
	}
	return new(Poly).Scale(p, new(big.Rat).Inv(p.Content()))
}

// IsPrimitive reports whether p is its own primitive part: nonzero, with
// integer coefficients whose gcd is 1 and a positive leading coefficient.
// Cost: one word gcd per coefficient when they fit in a word (the usual
// case, which is why callers test it before PrimitivePart's copy), big
// gcds otherwise.
func (p *Poly) IsPrimitive() bool {
	if p.IsZero() || p.coef[0].Sign() < 0 {
		return false
	}
	var g uint64 // the gcd so far while it fits a word
	var bg *big.Int
	one := false
	for _, c := range p.coef {
		if !c.IsInt() {
			return false
		}
		if one {
			continue // the gcd is 1 already; the rest need only be integers
		}
		n := c.Num()
		if bg == nil && n.IsInt64() && n.Int64() != math.MinInt64 {
			v := n.Int64()
			if v < 0 {
				v = -v
			}
			g = gcd64(g, uint64(v))
			one = g == 1
			continue
		}
		if bg == nil {
			bg = new(big.Int).SetUint64(g)
		}
		bg.GCD(nil, nil, bg, new(big.Int).Abs(n))
		one = bg.IsInt64() && bg.Int64() == 1
	}
	return one
}

func gcd64(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
