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

// mdual is a value with its gradient along the numbers of one line,
// modulo mod61.P.
type mdual struct {
	v uint64
	g []uint64
}

// applyMod returns a o b with its gradient modulo mod61.P; for / the
// divisor b is one number of the grid, positive and below P, so never 0
// modulo P.
func applyMod(a mdual, o grid.Op, b mdual) mdual {
	r := mdual{g: make([]uint64, len(a.g))}
	switch o {
	case grid.Add:
		r.v = mod61.Add(a.v, b.v)
		for i := range r.g {
			r.g[i] = mod61.Add(a.g[i], b.g[i])
		}
	case grid.Sub:
		r.v = mod61.Sub(a.v, b.v)
		for i := range r.g {
			r.g[i] = mod61.Sub(a.g[i], b.g[i])
		}
	case grid.Mul: // a'b + ab'
		r.v = mod61.Mul(a.v, b.v)
		for i := range r.g {
			r.g[i] = mod61.Add(mod61.Mul(a.g[i], b.v), mod61.Mul(a.v, b.g[i]))
		}
	case grid.Div: // (a'b - ab')/b^2
		inv := mod61.Inv(b.v)
		r.v = mod61.Mul(a.v, inv)
		inv2 := mod61.Mul(inv, inv)
		for i := range r.g {
			r.g[i] = mod61.Mul(mod61.Sub(mod61.Mul(a.g[i], b.v), mod61.Mul(a.v, b.g[i])), inv2)
		}
	}
	return r
}

// gradientMod is gradient reduced modulo mod61.P, computed there: the
// same residues as modOf of gradient's entries (reduction modulo P is a
// ring map on the rationals whose denominators P does not divide, and
// the denominators here are products of the grid's numbers, each below
// P), without big.Rat. Cost: O(len(x)^2) products modulo P and an
// inverse per /.
func gradientMod(ev grid.Eval, x []int64, o []grid.Op) []uint64 {
	n := len(x)
	num := func(k int) mdual {
		d := mdual{v: uint64(x[k]) % mod61.P, g: make([]uint64, n)}
		d.g[k] = 1
		return d
	}
	if ev == grid.LeftToRight {
		acc := num(0)
		for k, op := range o {
			acc = applyMod(acc, op, num(k+1))
		}
		return acc.g
	}
	sum, term, sign := mdual{g: make([]uint64, n)}, num(0), grid.Add
	for k, op := range o {
		if multiplicative(op) {
			term = applyMod(term, op, num(k+1))
			continue
		}
		sum = applyMod(sum, sign, term)
		term, sign = num(k+1), op
	}
	return applyMod(sum, sign, term).g
}
