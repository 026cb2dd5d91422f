package groebner

import (
	"math"
	"math/big"
	"math/bits"
)

// zint is an integer coefficient of the exact engine: an int64 while the
// value fits, a *big.Int beyond (the idea of Singular's immediate
// integers): many coefficients are small, and a machine multiply costs far
// less than a big.Int one. A *big.Int in a zint is never modified once
// stored, so coefficients may be shared between polynomials; it comes from
// an arena while a reduction runs and is copied out when the reduction
// ends (zarith). A big value that fits in an int64 is always stored small,
// so b != nil means |value| >= 2^63-1.
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

// neg returns -x.
func (z *zarith) neg(x zint) zint {
	if x.b != nil {
		return zbig(z.fresh().Neg(x.b))
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

// zarith does the arithmetic of one engine. Results that need a big.Int
// come from an arena that is recycled after every reduction (reset), with
// the big.Ints keeping their word arrays: a reduction creates thousands of
// short-lived coefficients, and allocating each one made allocation and
// garbage collection a third of the run time. Whatever outlives a
// reduction must go through keep first. zarith also counts the work of
// big operations (word operations, schoolbook estimate) so that the
// engine polls its limits in proportion to work rather than steps: with
// huge coefficients a single step can take seconds.
type zarith struct {
	t     [4]big.Int
	m     [4][1]big.Word             // magnitudes of small operands (mag)
	p     [3][2*maxFast + 1]big.Word // products and sums (mulSub)
	work  int
	arena [][]big.Int
	used  int
}

const arenaChunk = 512

// fresh returns a big.Int from the arena, valid until the next reset. A
// new chunk gives its big.Ints room for slabWords words from one slab, so
// that their first use does not allocate either.
func (z *zarith) fresh() *big.Int {
	c, k := z.used/arenaChunk, z.used%arenaChunk
	if c == len(z.arena) {
		chunk := make([]big.Int, arenaChunk)
		slab := make([]big.Word, arenaChunk*slabWords)
		for i := range chunk {
			chunk[i].SetBits(slab[i*slabWords : i*slabWords : (i+1)*slabWords])
		}
		z.arena = append(z.arena, chunk)
	}
	z.used++
	return &z.arena[c][k]
}

// slabWords is the room of an arena big.Int: products of two 9-word
// (576-bit) values fit, the size of katsura-8's coefficients during its
// certificate; with 6 words the larger products allocated, and the
// certificate took 2-3% longer.
const slabWords = 18

// reset recycles the arena: every big value it handed out becomes invalid.
func (z *zarith) reset() { z.used = 0 }

// keep replaces the big values of c by copies of their own, so that c
// survives reset, and returns how many there were.
func keep(c []zint) int {
	n := 0
	for i, x := range c {
		if x.b != nil {
			c[i].b = new(big.Int).Set(x.b)
			n++
		}
	}
	return n
}

// words returns the machine words of x (0 for a small value).
func (x zint) words() int {
	if x.b == nil {
		return 0
	}
	return len(x.b.Bits())
}

// mul returns a*x.
func (z *zarith) mul(a, x zint) zint {
	if a.b == nil && x.b == nil {
		if v, ok := mul64(a.s, x.s); ok {
			return zint{s: v}
		}
	}
	if wordFast && a.words() <= maxFast && x.words() <= maxFast {
		A, an := z.mag(a, 0)
		X, xn := z.mag(x, 1)
		return z.store(mulNat(z.p[0][:], A, X), an != xn)
	}
	z.work += (a.words() + 1) * (x.words() + 1)
	return zbig(z.fresh().Mul(a.big(&z.t[0]), x.big(&z.t[1])))
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
	if wordFast && a.words() <= maxFast && x.words() <= maxFast && b.words() <= maxFast && y.words() <= maxFast {
		A, an := z.mag(a, 0)
		X, xn := z.mag(x, 1)
		P := X
		if !a.isOne() {
			P = mulNat(z.p[0][:], A, X)
		}
		B, bn := z.mag(b, 2)
		Y, yn := z.mag(y, 3)
		Q := mulNat(z.p[1][:], B, Y)
		pn, qn := an != xn, bn == yn // signs of a*x and of -(b*y)
		if pn == qn {
			return z.store(addNat(z.p[2][:], P, Q), pn)
		}
		if cmpNat(P, Q) >= 0 {
			return z.store(subNat(z.p[2][:], P, Q), pn)
		}
		return z.store(subNat(z.p[2][:], Q, P), qn)
	}
	z.work += (a.words()+1)*(x.words()+1) + (b.words()+1)*(y.words()+1)
	if a.isOne() {
		// The reductions' case (their a is always 1): multiplying x by 1
		// was a fifth of katsura-8's certificate.
		u := z.t[2].Mul(b.big(&z.t[0]), y.big(&z.t[1]))
		return zbig(z.fresh().Sub(x.big(&z.t[3]), u))
	}
	r := z.fresh().Mul(a.big(&z.t[0]), x.big(&z.t[1]))
	u := z.t[2].Mul(b.big(&z.t[0]), y.big(&z.t[1]))
	return zbig(r.Sub(r, u))
}

// quoExact returns x/d for d dividing x, d > 0.
func (z *zarith) quoExact(x, d zint) zint {
	if x.b == nil && d.b == nil {
		return zint{s: x.s / d.s}
	}
	z.work += (x.words() + 1) * (d.words() + 1)
	q, _ := z.fresh().QuoRem(x.big(&z.t[0]), d.big(&z.t[1]), &z.t[2])
	return zbig(q)
}

// gcd returns the nonnegative gcd of x and y.
func (z *zarith) gcd(x, y zint) zint {
	if x.b == nil && y.b == nil {
		return zint{s: int64(gcdU(absU(x.s), absU(y.s)))}
	}
	z.work += (x.words() + 1) * (y.words() + 1)
	if x.b != nil && y.b != nil {
		a := z.t[0].Abs(x.b)
		b := z.t[1].Abs(y.b)
		return zbig(z.fresh().GCD(nil, nil, a, b))
	}
	if x.b == nil {
		x, y = y, x
	}
	// x big, y small: gcd(y, x mod y) stays in machine words.
	if y.s == 0 {
		return zbig(z.fresh().Abs(x.b))
	}
	m := absU(y.s)
	_, r := z.t[2].QuoRem(x.b, z.t[1].SetUint64(m), &z.t[0])
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
