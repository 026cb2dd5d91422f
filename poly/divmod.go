package poly

import (
	"math/big"

	"github.com/families-project/families/internal/maxheap"
)

// DivMod divides f by the list g with the multivariate division algorithm
// in the ring's order: f = sum q[i]*g[i] + r where no term of r is divisible
// by a leading monomial of g. The first divisor that applies is used, so the
// result depends on the order of g unless g is a Gröbner basis. Zero
// divisors are skipped.
//
// The products of quotient terms with the divisors' tails are gathered by
// monomial in a map, their monomials in a heap (S. C. Johnson, "Sparse
// polynomial arithmetic", 1974), instead of being subtracted from the
// whole remainder after each quotient term, which made a division cost
// the product of the lengths of the remainder and of the quotient. Cost:
// O((len(f) + sum len(q[i])*len(g[i])) * log) term operations.
func DivMod(f *Poly, g []*Poly) (q []*Poly, r *Poly) {
	ring := f.ring
	q = make([]*Poly, len(g))
	if f.IsZero() {
		for i := range q {
			q[i] = &Poly{ring: ring}
		}
		return q, &Poly{ring: ring}
	}
	s := ring.stride()
	quo := make([]*builder, len(g))
	for i := range quo {
		quo[i] = newBuilder(ring, 0)
	}
	rem := newBuilder(ring, 0)
	next := pendingTerms{ring: ring, acc: map[string]*big.Rat{}}
	m := make(Monomial, s)
	k := 0 // next term of f
	for k < f.Len() || len(next.heap) > 0 {
		var lm Monomial
		c := new(big.Rat)
		if k < f.Len() && (len(next.heap) == 0 || ring.Cmp(f.Monomial(k), next.heap[0]) >= 0) {
			lm = f.Monomial(k)
			c.Set(f.coef[k])
			k++
			if len(next.heap) > 0 && next.heap[0].Equal(lm) {
				c.Add(c, next.pop())
			}
		} else {
			lm = next.heap[0]
			c.Set(next.pop())
		}
		if c.Sign() == 0 {
			continue
		}
		divided := false
		for i, gi := range g {
			if gi.IsZero() || !gi.LeadMonomial().Divides(lm) {
				continue
			}
			m.Quo(lm, gi.LeadMonomial())
			c.Quo(c, gi.coef[0])
			quo[i].add(c, m)
			for j := 1; j < gi.Len(); j++ {
				t := make(Monomial, s).Mul(m, gi.Monomial(j))
				next.sub(t, c, gi.coef[j])
			}
			divided = true
			break
		}
		if !divided {
			rem.add(c, lm)
		}
	}
	for i := range q {
		q[i] = quo[i].poly()
	}
	return q, rem.poly()
}

// pendingTerms is a sum of terms not yet reached by a division: the
// coefficient of each monomial in a map, the monomials in a max-heap in
// the ring's order.
type pendingTerms struct {
	ring *Ring
	acc  map[string]*big.Rat
	heap []Monomial
	key  []byte
}

// keyOf returns the map key of m.
func (p *pendingTerms) keyOf(m Monomial) string {
	p.key = p.key[:0]
	for _, e := range m {
		p.key = append(p.key, byte(e), byte(e>>8))
	}
	return string(p.key)
}

// sub subtracts a*b*m; m is kept.
func (p *pendingTerms) sub(m Monomial, a, b *big.Rat) {
	key := p.keyOf(m)
	if c, ok := p.acc[key]; ok {
		c.Sub(c, new(big.Rat).Mul(a, b))
		return
	}
	c := new(big.Rat).Mul(a, b)
	p.acc[key] = c.Neg(c)
	p.heap = maxheap.Push(p.heap, m, p.greater)
}

// greater orders the heap: the largest monomial first.
func (p *pendingTerms) greater(a, b *Monomial) bool { return p.ring.Cmp(*a, *b) > 0 }

// pop removes the largest monomial and returns its coefficient.
func (p *pendingTerms) pop() *big.Rat {
	var m Monomial
	m, p.heap = maxheap.Pop(p.heap, p.greater)
	key := p.keyOf(m)
	c := p.acc[key]
	delete(p.acc, key)
	return c
}
