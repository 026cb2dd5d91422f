package census

import (
	"math/big"
	"math/bits"

	"github.com/families-project/families/families/grid"
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

// prime is the modulus of rankMod: a prime above every number a census
// can hold, so every denominator of a gradient (a product of numbers) is
// invertible modulo it.
const prime = (1 << 61) - 1

// mulMod returns a*b mod prime.
func mulMod(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, r := bits.Div64(hi, lo, prime)
	return r
}

func powMod(a, e uint64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = mulMod(r, a)
		}
		a = mulMod(a, a)
	}
	return r
}

// modOf returns x modulo prime; x's denominator must be prime to it.
func modOf(x *big.Rat) uint64 {
	p := new(big.Int).SetUint64(prime)
	n := new(big.Int).Mod(x.Num(), p).Uint64()
	d := new(big.Int).Mod(x.Denom(), p).Uint64()
	return mulMod(n, powMod(d, prime-2))
}

// rankMod returns the rank modulo prime of the rows (each of length n),
// by Gaussian elimination on copies. It is at most the rank over Q, and
// equal to n only if the rank over Q is n (a nonzero minor modulo prime is
// nonzero), so n - rankMod bounds the tangent dimension from above and
// 0 proves the grid a nonsingular isolated solution.
func rankMod(rows [][]uint64, n int) int {
	m := make([][]uint64, len(rows))
	for i, r := range rows {
		m[i] = append([]uint64(nil), r...)
	}
	rk := 0
	for col := 0; col < n && rk < len(m); col++ {
		p := -1
		for i := rk; i < len(m); i++ {
			if m[i][col] != 0 {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		m[rk], m[p] = m[p], m[rk]
		inv := powMod(m[rk][col], prime-2)
		for i := rk + 1; i < len(m); i++ {
			if m[i][col] == 0 {
				continue
			}
			f := mulMod(m[i][col], inv)
			for j := col; j < n; j++ {
				m[i][j] = (m[i][j] + prime - mulMod(f, m[rk][j])) % prime
			}
		}
		rk++
	}
	return rk
}
