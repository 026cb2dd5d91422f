package groebner

import (
	"math/big"
	"math/bits"
)

// Word kernels of the certificate's accumulator (certify_wide.go). The
// update e -= q*c runs once per term of every reduction step (katsura-9:
// 310 million times, q of some seven words), and was 46% of cyclic-8's
// certificate in Go's own code, whose carries go through a register per
// word. addMulVW and subMulVW make one pass over q for a word of m, and
// addMulVVV and subMulVVV all the passes for a coefficient of several
// words in one call; on amd64 they are in assembly (wordmul_amd64.s), with
// the two independent carry chains of the ADX instructions where the
// processor has them (a MULQ loop, and no VVV, where not). The generic
// versions here, which other processors run, are the reference the tests
// hold them to.

// shortKernel is the longest q that addMulWord and subMulWord multiply in
// Go: below four words the call into assembly costs more than it saves
// (BenchmarkSubMulWord: 2 words 4.2 ns against 2.9, 7 words 6.7 against
// 9.1, 12 words 10.0 against 13.9).
const shortKernel = 3

// addMulWord sets e += q*c modulo 2^(len(e)*UintSize), len(q) <= len(e).
func addMulWord(e, q []big.Word, c uint) {
	var carry uint
	if len(q) <= shortKernel {
		carry = addMulVWGeneric(e, q, c)
	} else {
		carry = addMulVW(e[:len(q)], q, c)
	}
	for i := len(q); carry != 0 && i < len(e); i++ {
		sum, cc := bits.Add(uint(e[i]), carry, 0)
		e[i], carry = big.Word(sum), cc
	}
}

// subMulWord sets e -= q*c modulo 2^(len(e)*UintSize), len(q) <= len(e).
func subMulWord(e, q []big.Word, c uint) {
	var borrow uint
	if len(q) <= shortKernel {
		borrow = subMulVWGeneric(e, q, c)
	} else {
		borrow = subMulVW(e[:len(q)], q, c)
	}
	for i := len(q); borrow != 0 && i < len(e); i++ {
		d, b := bits.Sub(uint(e[i]), borrow, 0)
		e[i], borrow = big.Word(d), b
	}
}

// addMulWords sets e += q*m modulo 2^(len(e)*UintSize), len(q)+len(m) <=
// len(e)+1: in one call into assembly where there is one (a call per term
// of a row; the calls of the passes below had cost katsura-9's
// certificate as much as the products), else one pass of addMulWord for
// each word of the shorter factor.
func addMulWords(e, q, m []big.Word) {
	if len(m) > len(q) {
		q, m = m, q
	}
	if len(m) == 0 || addMulVVV(e, q, m) {
		return
	}
	for j, mj := range m {
		addMulWord(e[j:], q, uint(mj))
	}
}

// subMulWords sets e -= q*m modulo 2^(len(e)*UintSize) like addMulWords.
func subMulWords(e, q, m []big.Word) {
	if len(m) > len(q) {
		q, m = m, q
	}
	if len(m) == 0 || subMulVVV(e, q, m) {
		return
	}
	for j, mj := range m {
		subMulWord(e[j:], q, uint(mj))
	}
}

// mulWordInPlace sets e *= a modulo 2^(len(e)*UintSize): the exact
// product of the two's complement entry when it fits.
func mulWordInPlace(e []big.Word, a uint) {
	var carry uint
	for i, v := range e {
		hi, lo := bits.Mul(uint(v), a)
		lo, cc := bits.Add(lo, carry, 0)
		e[i], carry = big.Word(lo), hi+cc
	}
}

// mulLowInPlace sets e *= a modulo 2^(len(e)*UintSize) for a of several
// words, through the scratch p (len(p) >= len(e)+len(a)): the whole
// product, in one call where addMulWords has one, and its low words.
func mulLowInPlace(e, a, p []big.Word) {
	n := len(e)
	p = p[:n+len(a)]
	clear(p)
	addMulWords(p, e, a)
	copy(e, p[:n])
}

// addMulVWGeneric sets z[:len(x)] += x*y and returns the carry out: the
// word to add at z[len(x)]. len(z) >= len(x).
func addMulVWGeneric(z, x []big.Word, y uint) uint {
	var carry uint
	z = z[:len(x)]
	for i, xi := range x {
		hi, lo := bits.Mul(uint(xi), y)
		lo, cc := bits.Add(lo, carry, 0)
		sum, cc2 := bits.Add(uint(z[i]), lo, 0)
		z[i] = big.Word(sum)
		carry = hi + cc + cc2
	}
	return carry
}

// subMulVWGeneric sets z[:len(x)] -= x*y and returns the borrow out: the
// word to subtract from z[len(x)]. len(z) >= len(x).
func subMulVWGeneric(z, x []big.Word, y uint) uint {
	var carry uint
	z = z[:len(x)]
	for i, xi := range x {
		hi, lo := bits.Mul(uint(xi), y)
		lo, cc := bits.Add(lo, carry, 0)
		d, b := bits.Sub(uint(z[i]), lo, 0)
		z[i] = big.Word(d)
		carry = hi + cc + b
	}
	return carry
}
