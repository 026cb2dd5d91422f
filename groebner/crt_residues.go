package groebner

import (
	"math/big"
	"math/bits"
)

// residues holds the coefficients of a multi-modular result modulo M, the
// product of the primes p_0 ... p_{n-1} folded in so far, as Garner's
// mixed-radix digits: coefficient x is
//
//	x = d_0 + d_1 p_0 + d_2 p_0 p_1 + ... + d_{n-1} p_0 ... p_{n-2},  0 <= d_i < p_i,
//
// one uint32 a prime and a coefficient. Why not a big integer a
// coefficient: on cyclic-8 (676,478 coefficients, 41 primes) those took
// 132 MB, two fifths of the candidate phase's live heap, with a pointer
// each for the collector to trace and a reallocation, and its garbage,
// every other prime; the digits take 111 MB, hold no pointers, and a new
// prime appends a column without touching the old ones.
type residues struct {
	start  []int      // coefficient j of row k is number start[k]+j
	primes []uint64   // p_0, p_1, ...
	digits [][]uint32 // digits[i][n]: digit d_i of coefficient n
	M      *big.Int   // the product of the primes
}

// newResidues returns an empty store (M = 1) for rows of the given
// lengths.
func newResidues(lens []int) *residues {
	start := make([]int, len(lens)+1)
	for k, n := range lens {
		start[k+1] = start[k] + n
	}
	return &residues{start: start, M: big.NewInt(1)}
}

// count returns the number of coefficients.
func (r *residues) count() int { return r.start[len(r.start)-1] }

// rows returns the number of rows.
func (r *residues) rows() int { return len(r.start) - 1 }

// rowLen returns the number of coefficients of row k.
func (r *residues) rowLen(k int) int { return r.start[k+1] - r.start[k] }

// index returns the number of coefficient j of row k.
func (r *residues) index(k, j int) int { return r.start[k] + j }

// add folds in the coefficients modulo the prime p, col[n] for coefficient
// n (all below p), and keeps col as the new column of digits. p must
// differ from the primes folded in before. Cost: for each coefficient one
// multiplication and Barrett reduction mod p for each prime before (x mod
// p by Horner's rule on the digits), run column by column so that the
// coefficients' chains proceed side by side rather than one after another.
func (r *residues) add(col []uint32, p uint64) {
	pinv := ^uint64(0) / p
	if i := len(r.primes); i > 0 {
		v := make([]uint64, len(col))
		for j := i - 1; j >= 0; j-- {
			pj := r.primes[j] % p
			d := r.digits[j]
			d = d[:len(v)]
			for n, x := range v {
				v[n] = barrett(x*pj+uint64(d[n]), p, pinv)
			}
		}
		// d_i = (a - x) / M mod p
		minv := modInv(wordMod(r.M, p), p)
		for n, a := range col {
			col[n] = uint32(barrett((uint64(a)+p-v[n])*minv, p, pinv))
		}
	}
	r.primes = append(r.primes, p)
	r.digits = append(r.digits, col)
	r.M.Mul(r.M, new(big.Int).SetUint64(p))
}

// value sets z to coefficient n in [0, M) and returns z, reusing z's
// words. Cost: one pass of word products over the value for each prime.
func (r *residues) value(n int, z *big.Int) *big.Int {
	w := z.Bits()[:0]
	for i := len(r.primes) - 1; i >= 0; i-- {
		// w = w*p_i + d_i
		p, carry := uint(r.primes[i]), uint(r.digits[i][n])
		for k, x := range w {
			hi, lo := bits.Mul(uint(x), p)
			lo, c := bits.Add(lo, carry, 0)
			w[k], carry = big.Word(lo), hi+c
		}
		if carry != 0 {
			w = append(w, big.Word(carry))
		}
	}
	return z.SetBits(w)
}

// barrett returns x mod p for x < 2^64, pinv = floor((2^64-1)/p): the
// quotient estimate hi(x*pinv) is exact or one too small, so one
// subtraction corrects it, where a hardware division costs several times
// more.
func barrett(x, p, pinv uint64) uint64 {
	q, _ := bits.Mul64(x, pinv)
	x -= q * p
	if x >= p {
		x -= p
	}
	return x
}
