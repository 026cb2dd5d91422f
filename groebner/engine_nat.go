package groebner

import (
	"math/big"
	"math/bits"
)

// Word-level arithmetic on magnitudes of a few words, the common size of
// the exact engine's coefficients (one to three words in katsura-6). For
// such sizes the generic big.Int operations cost more in dispatch, sign
// and aliasing logic and conversions of machine-word operands than in
// arithmetic; these loops do the products and sums of mulSub directly and
// leave the result in an arena big.Int's own storage. Magnitudes are
// little-endian []big.Word without leading zero words, as big.Int.Bits.

// wordFast enables the word-level path; it assumes that a big.Word holds
// an int64 magnitude, i.e. 64-bit words.
const wordFast = bits.UintSize == 64

// maxFast is the largest operand, in words, of the word-level path.
const maxFast = 4

// mag returns the magnitude of x and whether x is negative; a small x is
// put in the scratch word slot k.
func (z *zarith) mag(x zint, k int) ([]big.Word, bool) {
	if x.b != nil {
		return x.b.Bits(), x.b.Sign() < 0
	}
	if x.s == 0 {
		return nil, false
	}
	z.m[k][0] = big.Word(absU(x.s))
	return z.m[k][:], x.s < 0
}

// store returns the integer of magnitude m and sign neg: small when it
// fits, else an arena big.Int holding a copy of m.
func (z *zarith) store(m []big.Word, neg bool) zint {
	switch {
	case len(m) == 0:
		return zint{}
	case len(m) == 1 && uint64(m[0]) < 1<<63:
		if neg {
			return zint{s: -int64(m[0])}
		}
		return zint{s: int64(m[0])}
	}
	r := z.fresh()
	buf := r.Bits()
	if cap(buf) < len(m) {
		buf = make([]big.Word, len(m), len(m)+2)
	}
	buf = buf[:len(m)]
	copy(buf, m)
	r.SetBits(buf)
	if neg {
		r.Neg(r)
	}
	return zint{b: r}
}

// mulNat returns x*y in dst (room for len(x)+len(y) words), schoolbook.
func mulNat(dst, x, y []big.Word) []big.Word {
	if len(x) == 0 || len(y) == 0 {
		return dst[:0]
	}
	dst = dst[:len(x)+len(y)]
	clear(dst)
	for i, xi := range x {
		var carry uint
		d := dst[i : i+len(y)+1]
		for j, yj := range y {
			hi, lo := bits.Mul(uint(xi), uint(yj))
			var c uint
			lo, c = bits.Add(lo, uint(d[j]), 0)
			hi += c
			lo, c = bits.Add(lo, carry, 0)
			hi += c
			d[j] = big.Word(lo)
			carry = hi
		}
		d[len(y)] = big.Word(carry)
	}
	return normNat(dst)
}

// addNat returns x+y in dst (room for max(len)+1 words).
func addNat(dst, x, y []big.Word) []big.Word {
	if len(x) < len(y) {
		x, y = y, x
	}
	dst = dst[:len(x)+1]
	var c uint
	for i := range x {
		var v uint
		if i < len(y) {
			v = uint(y[i])
		}
		var s uint
		s, c = bits.Add(uint(x[i]), v, c)
		dst[i] = big.Word(s)
	}
	dst[len(x)] = big.Word(c)
	return normNat(dst)
}

// subNat returns x-y in dst for x >= y.
func subNat(dst, x, y []big.Word) []big.Word {
	dst = dst[:len(x)]
	var b uint
	for i := range x {
		var v uint
		if i < len(y) {
			v = uint(y[i])
		}
		var d uint
		d, b = bits.Sub(uint(x[i]), v, b)
		dst[i] = big.Word(d)
	}
	return normNat(dst)
}

// cmpNat compares the magnitudes x and y.
func cmpNat(x, y []big.Word) int {
	if len(x) != len(y) {
		if len(x) > len(y) {
			return 1
		}
		return -1
	}
	for i := len(x) - 1; i >= 0; i-- {
		if x[i] != y[i] {
			if x[i] > y[i] {
				return 1
			}
			return -1
		}
	}
	return 0
}

func normNat(x []big.Word) []big.Word {
	for len(x) > 0 && x[len(x)-1] == 0 {
		x = x[:len(x)-1]
	}
	return x
}
