package poly

import (
	"math/big"
	"slices"
)

// builder accumulates terms in any order and produces a sorted, combined
// polynomial. It is the one place where unsorted term lists become Polys.
type builder struct {
	r    *Ring
	coef []*big.Rat
	mono []uint16
}

func newBuilder(r *Ring, n int) *builder {
	return &builder{r: r, coef: make([]*big.Rat, 0, n), mono: make([]uint16, 0, n*r.stride())}
}

// add appends c*m; both are copied.
func (b *builder) add(c *big.Rat, m Monomial) {
	if c.Sign() == 0 {
		return
	}
	b.coef = append(b.coef, new(big.Rat).Set(c))
	b.mono = append(b.mono, m...)
}

// addPoly appends the terms of p, which must be over b's ring; p's
// coefficients are copied.
func (b *builder) addPoly(p *Poly) {
	for i, c := range p.coef {
		b.coef = append(b.coef, new(big.Rat).Set(c))
		b.mono = append(b.mono, p.mono[i*b.r.stride():(i+1)*b.r.stride()]...)
	}
}

func (b *builder) poly() *Poly {
	s := b.r.stride()
	n := len(b.coef)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	mono := func(i int) Monomial { return Monomial(b.mono[i*s : (i+1)*s]) }
	slices.SortFunc(idx, func(i, j int) int { return -b.r.order.cmp(mono(i), mono(j)) })
	p := &Poly{ring: b.r, coef: make([]*big.Rat, 0, n), mono: make([]uint16, 0, n*s)}
	for k := 0; k < n; {
		i := idx[k]
		c := b.coef[i]
		k++
		for k < n && mono(idx[k]).Equal(mono(i)) {
			c.Add(c, b.coef[idx[k]])
			k++
		}
		if c.Sign() != 0 {
			p.coef = append(p.coef, c)
			p.mono = append(p.mono, mono(i)...)
		}
	}
	return p
}
