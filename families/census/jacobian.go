package census

import (
	"math/big"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/poly/mod61"
)

// dual is a value with its gradient along the numbers of one line.
type dual struct {
	v *big.Rat
	g []*big.Rat
}

func constDual(x int64, at, n int) dual {
	d := dual{v: new(big.Rat).SetInt64(x), g: make([]*big.Rat, n)}
	for i := range d.g {
		d.g[i] = new(big.Rat)
	}
	d.g[at].SetInt64(1)
	return d
}

// applyDual returns a o b with its gradient (b nonzero for /).
func applyDual(a dual, o grid.Op, b dual) dual {
	r := dual{v: new(big.Rat), g: make([]*big.Rat, len(a.g))}
	t := new(big.Rat)
	for i := range r.g {
		r.g[i] = new(big.Rat)
		switch o {
		case grid.Add:
			r.g[i].Add(a.g[i], b.g[i])
		case grid.Sub:
			r.g[i].Sub(a.g[i], b.g[i])
		case grid.Mul: // a'b + ab'
			r.g[i].Mul(a.g[i], b.v)
			r.g[i].Add(r.g[i], t.Mul(a.v, b.g[i]))
		case grid.Div: // (a'b - ab')/b^2
			r.g[i].Mul(a.g[i], b.v)
			r.g[i].Sub(r.g[i], t.Mul(a.v, b.g[i]))
			r.g[i].Quo(r.g[i], t.Mul(b.v, b.v))
		}
	}
	switch o {
	case grid.Add:
		r.v.Add(a.v, b.v)
	case grid.Sub:
		r.v.Sub(a.v, b.v)
	case grid.Mul:
		r.v.Mul(a.v, b.v)
	case grid.Div:
		r.v.Quo(a.v, b.v)
	}
	return r
}

// gradient returns the gradient of the line's value (x[0] o[0] x[1] ...
// under ev) with respect to its numbers, exactly. At a zero of the line it
// is, up to a nonzero factor, the gradient of the line's polynomial (the
// value times its cleared denominators), so ranks computed from it are the
// polynomial system's.
func gradient(ev grid.Eval, x []int64, o []grid.Op) []*big.Rat {
	n := len(x)
	num := func(k int) dual { return constDual(x[k], k, n) }
	if ev == grid.LeftToRight {
		acc := num(0)
		for k, op := range o {
			acc = applyDual(acc, op, num(k+1))
		}
		return acc.g
	}
	zero := dual{v: new(big.Rat), g: make([]*big.Rat, n)}
	for i := range zero.g {
		zero.g[i] = new(big.Rat)
	}
	sum, term, sign := zero, num(0), grid.Add
	for k, op := range o {
		if multiplicative(op) {
			term = applyDual(term, op, num(k+1))
			continue
		}
		sum = applyDual(sum, sign, term)
		term, sign = num(k+1), op
	}
	return applyDual(sum, sign, term).g
}

// modOf returns x modulo mod61.P. A denominator of a gradient is a
// product of numbers of the grid, each below P, so P (a prime) never
// divides it; were it to, the residue 0 only lowers the rank, which keeps
// the tangent dimension an upper bound.
func modOf(x *big.Rat) uint64 {
	r, _ := mod61.FromRat(x)
	return r
}
