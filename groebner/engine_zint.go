package groebner

import (
	"math"
	"math/big"
	"math/bits"
)

// zint is an integer coefficient of the exact engine: an int64 while the
// value fits, a *big.Int beyond. Most coefficients of the benchmark systems
// are small most of the time, and a machine multiply is some fifty times
// cheaper than a big.Int one with its allocation (the same idea as
// Singular's immediate integers). A stored *big.Int is never modified, so
// coefficients may be shared between polynomials; a big value that fits in
// an int64 is always stored small, so b != nil means |value| >= 2^63-1.
type zint struct {
	s int64
	b *big.Int
}

func zsmall(v int64) zint { return zint{s: v} }

// zbig returns x as a zint, taking ownership of x.
func zbig(x *big.Int) zint {
	if x.IsInt64() {
		if v := x.Int64(); v != math.MinInt64 {
			return zint{s: v}
		}
	}
	return zint{b: x}
}

func (x zint) sign() int {
	if x.b != nil {
		return x.b.Sign()
	}
	switch {
	case x.s > 0:
		return 1
	case x.s < 0:
		return -1
	}
	return 0
}

func (x zint) isOne() bool { return x.b == nil && x.s == 1 }

func (x zint) bitLen() int {
	if x.b != nil {
		return x.b.BitLen()
	}
	return bits.Len64(absU(x.s))
}

// big returns x as a *big.Int: x's own for a big value, else tmp set to x.
func (x zint) big(tmp *big.Int) *big.Int {
	if x.b != nil {
		return x.b
	}
	return tmp.SetInt64(x.s)
}

func (x zint) neg() zint {
	if x.b != nil {
		return zbig(new(big.Int).Neg(x.b))
	}
	return zint{s: -x.s} // |s| < 2^63-1 by the invariant, so no overflow
}

func absU(v int64) uint64 {
	if v < 0 {
		return uint64(-v)
	}
	return uint64(v)
}

// fits31 reports -2^31 <= v < 2^31: products of two such values and the
// difference of two products fit in an int64.
func fits31(v int64) bool { return uint64(v+1<<31) < 1<<32 }

// mul64 returns a*b when it fits in an int64 (excluding MinInt64).
func mul64(a, b int64) (int64, bool) {
	hi, lo := bits.Mul64(absU(a), absU(b))
	if hi != 0 || lo > math.MaxInt64 {
		return 0, false
	}
	if (a < 0) != (b < 0) {
		return -int64(lo), true
	}
	return int64(lo), true
}

// zarith holds scratch big.Ints for mixed small/big operations, so that
// only results allocate.
type zarith struct {
	t [4]big.Int
}

// mul returns a*x.
func (z *zarith) mul(a, x zint) zint {
	if a.b == nil && x.b == nil {
		if v, ok := mul64(a.s, x.s); ok {
			return zint{s: v}
		}
	}
	return zbig(new(big.Int).Mul(a.big(&z.t[0]), x.big(&z.t[1])))
}

// mulSub returns a*x - b*y.
func (z *zarith) mulSub(a, x, b, y zint) zint {
	if a.b == nil && x.b == nil && b.b == nil && y.b == nil {
		if fits31(a.s) && fits31(x.s) && fits31(b.s) && fits31(y.s) {
			return zint{s: a.s*x.s - b.s*y.s}
		}
		p, ok1 := mul64(a.s, x.s)
		q, ok2 := mul64(b.s, y.s)
		if ok1 && ok2 {
			d := p - q
			// no overflow when the operands' signs agree or the result's
			// sign is p's; MinInt64 stays out of the small range.
			if ((p^q) >= 0 || (d^p) >= 0) && d != math.MinInt64 {
				return zint{s: d}
			}
		}
	}
	r := new(big.Int).Mul(a.big(&z.t[0]), x.big(&z.t[1]))
	u := z.t[2].Mul(b.big(&z.t[0]), y.big(&z.t[1]))
	return zbig(r.Sub(r, u))
}

// quoExact returns x/d for d dividing x, d > 0.
func (z *zarith) quoExact(x, d zint) zint {
	if x.b == nil && d.b == nil {
		return zint{s: x.s / d.s}
	}
	return zbig(new(big.Int).Quo(x.big(&z.t[0]), d.big(&z.t[1])))
}

// gcd returns the nonnegative gcd of x and y.
func (z *zarith) gcd(x, y zint) zint {
	if x.b == nil && y.b == nil {
		return zint{s: int64(gcdU(absU(x.s), absU(y.s)))}
	}
	if x.b != nil && y.b != nil {
		a := z.t[0].Abs(x.b)
		b := z.t[1].Abs(y.b)
		return zbig(new(big.Int).GCD(nil, nil, a, b))
	}
	if x.b == nil {
		x, y = y, x
	}
	// x big, y small: gcd(y, x mod y) stays in machine words.
	if y.s == 0 {
		return zbig(new(big.Int).Abs(x.b))
	}
	m := absU(y.s)
	r := z.t[0].Rem(x.b, z.t[1].SetUint64(m))
	return zint{s: int64(gcdU(m, absU(r.Int64())))}
}

// gcdU is the binary gcd.
func gcdU(a, b uint64) uint64 {
	if a == 0 {
		return b
	}
	if b == 0 {
		return a
	}
	k := bits.TrailingZeros64(a | b)
	a >>= bits.TrailingZeros64(a)
	for b != 0 {
		b >>= bits.TrailingZeros64(b)
		if a > b {
			a, b = b, a
		}
		b -= a
	}
	return a << k
}

// toBig returns x as a *big.Int owned by the caller.
func (x zint) toBig() *big.Int {
	if x.b != nil {
		return new(big.Int).Set(x.b)
	}
	return big.NewInt(x.s)
}
