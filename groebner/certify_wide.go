package groebner

import (
	"math/big"
	"math/bits"
)

// The certificate's accumulator in words. With math/big, the update
// acc -= q*c of the certificate (q the multiplier of a step, some 260 bits
// on katsura-8, c a coefficient of the reducer, one word) cost a product
// into a temporary, a subtraction, and the normalizations, allocation
// checks and sign logic of both: on katsura-9 two thirds of the
// certificate's time was that bookkeeping, a third the word products.
// wideAcc keeps every entry in the same number of words w, in two's
// complement, so that the update is, for each word of c, one pass of word
// products and carries with no branch on signs (the ring Z/2^(64w)
// computes the exact integer whenever it fits), and widens all entries
// when one would not fit. Only each step's quotient (and the content)
// goes through math/big; the steps of denseReducer.reduce stay the exact
// fraction-free integer steps, with the same divisions and scalings as
// engine.reduce, so the verdict is exact.

// wideCoefs holds a polynomial's integer coefficients as magnitudes in
// words and signs, for wideAcc.
type wideCoefs struct {
	mag  []big.Word // the magnitudes one after the other
	off  []int32    // coefficient k is mag[off[k]:off[k+1]]
	neg  []bool
	bits int // the largest bit length of a coefficient
}

// newWideCoefs returns coef in words. Cost: one copy of the coefficients.
func newWideCoefs(coef []*big.Int) *wideCoefs {
	n := 0
	for _, c := range coef {
		n += len(c.Bits())
	}
	w := &wideCoefs{mag: make([]big.Word, 0, n), off: make([]int32, 1, len(coef)+1), neg: make([]bool, len(coef))}
	for k, c := range coef {
		w.mag = append(w.mag, c.Bits()...)
		w.off = append(w.off, int32(len(w.mag)))
		w.neg[k] = c.Sign() < 0
		w.bits = max(w.bits, c.BitLen())
	}
	return w
}

// wideAcc is an accumulator of integers indexed by column from lo on,
// each in w words of two's complement, least significant first. Columns
// past the live range are zero, so that a new job may start at any lo
// with any width.
type wideAcc struct {
	w    int
	lo   int32
	n    int32 // entries lo .. lo+n-1 are live (may be nonzero)
	buf  []big.Word
	prod []big.Word // scratch for products
	mag  []big.Word // scratch for magnitudes
	x    big.Int    // an entry as a big integer, aliasing mag
}

// start makes the accumulator zero on the columns lo..hi with w words an
// entry. The buffer must be zero.
func (x *wideAcc) start(lo, hi int32, w int) {
	x.lo, x.w, x.n = lo, w, 0
	x.grow(hi)
}

// grow makes the columns up to hi live. Cost: a copy of the buffer when it
// must grow.
func (x *wideAcc) grow(hi int32) {
	n := hi - x.lo + 1
	if n <= x.n {
		return
	}
	x.reserve(int(n) * x.w)
	x.n = n
}

// reserve makes the buffer hold need words, keeping the live entries. It
// grows by a quarter at least, not by doubling: the buffer lives as long
// as its goroutine's share of the certificate, and cyclic-8's two had
// reached 144 MB, the peak of its run, with doubling.
func (x *wideAcc) reserve(need int) {
	if need > len(x.buf) {
		buf := make([]big.Word, max(need, len(x.buf)+len(x.buf)/4))
		copy(buf, x.buf[:int(x.n)*x.w])
		x.buf = buf
	}
}

// entry returns the words of column c.
func (x *wideAcc) entry(c int32) []big.Word {
	k := int(c-x.lo) * x.w
	return x.buf[k : k+x.w : k+x.w]
}

// clear zeroes the live entries, leaving the buffer zero for the next job.
func (x *wideAcc) clear() {
	clear(x.buf[:int(x.n)*x.w])
	x.n = 0
}

// widen gives every entry w words, sign-extended. Cost: one pass over the
// live entries (and a new buffer when the old is too small).
func (x *wideAcc) widen(w int) {
	old := x.w
	if w <= old {
		return
	}
	x.reserve(int(x.n) * w)
	// From the last entry down, an entry's new place never overlaps the
	// old places of the entries before it.
	for k := int(x.n) - 1; k >= 0; k-- {
		src := x.buf[k*old : (k+1)*old]
		ext := signWord(src)
		dst := x.buf[k*w : (k+1)*w]
		copy(dst, src)
		for i := old; i < w; i++ {
			dst[i] = ext
		}
	}
	x.w = w
}

// signWord returns all ones for a negative entry, else zero.
func signWord(e []big.Word) big.Word {
	return big.Word(int(e[len(e)-1]) >> (bits.UintSize - 1))
}

// isZero reports whether the entry is zero.
func isZero(e []big.Word) bool {
	for _, v := range e {
		if v != 0 {
			return false
		}
	}
	return true
}

// signedLen returns the least b with -2^b <= e < 2^b.
func signedLen(e []big.Word) int {
	s := signWord(e)
	for i := len(e) - 1; i >= 0; i-- {
		if v := e[i] ^ s; v != 0 {
			return i*bits.UintSize + bits.Len(uint(v))
		}
	}
	return 0
}

// wordsFor returns a width whose entries hold every integer of signed bit
// length b (below 2^b in magnitude), with a spare word so that most
// updates do not widen.
func wordsFor(b int) int { return b/bits.UintSize + 2 }

// fit widens the accumulator, when needed, so that its entries hold
// every integer of signed bit length b.
func (x *wideAcc) fit(b int) {
	if b >= x.w*bits.UintSize {
		x.widen(wordsFor(b))
	}
}

// toBig returns the entry as a big integer that aliases the accumulator's
// scratch: valid until the next call.
func (x *wideAcc) toBig(e []big.Word) *big.Int {
	x.mag = append(x.mag[:0], e...)
	neg := signWord(e) != 0
	if neg {
		negate(x.mag)
	}
	x.x.SetBits(x.mag) // normalizes; aliases mag
	if neg {
		x.x.Neg(&x.x)
	}
	return &x.x
}

// setBig sets the entry to v, which must fit.
func setBig(e []big.Word, v *big.Int) {
	n := copy(e, v.Bits())
	clear(e[n:])
	if v.Sign() < 0 {
		negate(e)
	}
}

// negate replaces e by -e modulo 2^(len(e)*UintSize).
func negate(e []big.Word) {
	carry := uint(1)
	for i, v := range e {
		s, c := bits.Add(^uint(v), 0, carry)
		e[i], carry = big.Word(s), c
	}
}

// unwrap widens the accumulator by a word and gives column c, wrapped by
// an update, its true value: the wrapped one plus or minus 2^(w*UintSize),
// whose new top word has the sign opposite to the wrapped one's.
func (x *wideAcc) unwrap(c int32) {
	old := x.w
	x.widen(old + 1)
	e := x.entry(c)
	e[old] = ^e[old]
}

// load adds s*v*row to the accumulator, s = -1 when sub is set.
func (x *wideAcc) load(row denseRow, v *big.Int, sub bool) {
	x.subMulRow(v.Bits(), v.Sign() < 0 != sub, row, 0, true)
}

// subMulRow sets each column c of row's terms from the k0-th on to
// c - s*q*m, m the term's coefficient (its negative when negm is set) and
// s the sign qneg gives q, widening the accumulator when a result does not
// fit. The caller makes the width hold every product: bitlen(q)+bitlen(m)
// < w*UintSize, so that each exact result is within one word of the
// width, and a change of sign against the product's tells that it did not
// fit. The whole row is one call into assembly where there is one
// (mulRow), which stops at a term whose result wrapped so that the
// accumulator widens before the next: with a call a term, the lookups,
// sign tests and dispatch around the word products had taken more time
// than the products (katsura-9).
func (x *wideAcc) subMulRow(q []big.Word, qneg bool, row denseRow, k0 int, negm bool) {
	wc := row.wide
	cols, off, neg := row.cols[k0:], wc.off[k0:], wc.neg[k0:]
	flip := qneg != negm // a term subtracts when its sign is flip
	if len(cols) == 0 {
		return
	}
	// The assembly checks no bounds: the row's columns (increasing) must be
	// live entries, and every product must fit the width, as the Go loop's
	// slicing would check.
	if cols[0] < x.lo || cols[len(cols)-1] >= x.lo+x.n || len(q)+(wc.bits+bits.UintSize-1)/bits.UintSize > x.w+1 {
		panic("groebner: a certificate row outside its accumulator")
	}
	for k := 0; k < len(cols); {
		i, ok := mulRow(x.buf, x.w, x.lo, cols[k:], off[k:], neg[k:], wc.mag, q, flip)
		if !ok {
			x.subMulTerms(q, flip, cols[k:], off[k:], neg[k:], wc.mag)
			return
		}
		if k += i; k == len(cols) {
			return
		}
		x.unwrap(cols[k])
		k++
	}
}

// subMulTerms is subMulRow's loop in Go, a call into the word kernels a
// term, for processors where mulRow has no assembly.
func (x *wideAcc) subMulTerms(q []big.Word, flip bool, cols, off []int32, neg []bool, mag []big.Word) {
	buf, lo, w := x.buf, x.lo, x.w
	for i, c := range cols {
		at := int(c-lo) * w
		e := buf[at : at+w : at+w]
		o, end := off[i], off[i+1]
		sub := neg[i] == flip
		s0 := signWord(e)
		switch {
		case end-o == 1 && sub:
			subMulWord(e, q, uint(mag[o]))
		case end-o == 1:
			addMulWord(e, q, uint(mag[o]))
		case sub:
			subMulWords(e, q, mag[o:end])
		default:
			addMulWords(e, q, mag[o:end])
		}
		// The partial sums may wrap; only the last must be exact.
		if s1 := signWord(e); sub && s0 != 0 && s1 == 0 || !sub && s0 == 0 && s1 != 0 {
			x.unwrap(c)
			buf, w = x.buf, x.w
		}
	}
}

// scale multiplies the entries of the columns from..hi by a > 0, widening
// the accumulator first when a product would not fit.
func (x *wideAcc) scale(from, hi int32, a *big.Int) {
	top := 0
	for c := from; c <= hi; c++ {
		top = max(top, signedLen(x.entry(c)))
	}
	x.fit(top + a.BitLen())
	aw := a.Bits()
	if len(x.prod) < x.w+len(aw) {
		x.prod = make([]big.Word, x.w+len(aw))
	}
	for c := from; c <= hi; c++ {
		e := x.entry(c)
		switch {
		case isZero(e):
		case len(aw) == 1:
			mulWordInPlace(e, uint(aw[0]))
		default:
			mulLowInPlace(e, aw, x.prod)
		}
	}
}
