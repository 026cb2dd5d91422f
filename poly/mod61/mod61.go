// Package mod61 is arithmetic in the prime field of order P = 2^61 - 1, a
// Mersenne prime, and Gaussian elimination over it.
//
// The field is large enough that a random nonzero rational is almost never
// zero modulo P, and a product of two residues fits in 128 bits, so every
// operation is a few word instructions: the reduction of a product folds
// its high bits using 2^61 = 1 (mod P) instead of dividing. Callers use it
// to bound the rank of an exact matrix from below cheaply (a minor that is
// nonzero modulo P is nonzero over Q).
package mod61

import (
	"math/big"
	"math/bits"
)

// P is the modulus, the Mersenne prime 2^61 - 1.
const P = (1 << 61) - 1

// Add returns a+b mod P for a, b in [0, P).
func Add(a, b uint64) uint64 {
	r := a + b
	if r >= P {
		r -= P
	}
	return r
}

// Sub returns a-b mod P for a, b in [0, P).
func Sub(a, b uint64) uint64 {
	if a >= b {
		return a - b
	}
	return a + P - b
}

// Mul returns a*b mod P for a, b in [0, P), in a handful of instructions.
func Mul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	// The product is hi*2^64 + lo, and 2^64 = 8 (mod P).
	r := (lo & P) + (lo >> 61) + (hi << 3)
	r = (r & P) + (r >> 61)
	if r >= P {
		r -= P
	}
	return r
}

// Pow returns a^e mod P by square-and-multiply: O(log e) products.
func Pow(a, e uint64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = Mul(r, a)
		}
		a = Mul(a, a)
	}
	return r
}

// Inv returns the inverse of a nonzero a modulo P (Fermat: a^(P-2)), and 0
// for a = 0.
func Inv(a uint64) uint64 {
	return Pow(a, P-2)
}

// FromRat returns x modulo P; false when P divides x's denominator, so
// that x has no residue. It costs two big divisions by P.
func FromRat(x *big.Rat) (uint64, bool) {
	p := new(big.Int).SetUint64(P)
	num := new(big.Int).Mod(x.Num(), p).Uint64()
	den := new(big.Int).Mod(x.Denom(), p).Uint64()
	if den == 0 {
		return 0, false
	}
	return Mul(num, Inv(den)), true
}

// Rank returns the rank modulo P of the matrix whose rows are given, by
// Gaussian elimination on a copy (the rows are not changed). Rows may be
// of different lengths; a missing entry is zero. It costs O(r*c*min(r,c))
// products for r rows of c columns. The rank modulo P is at most the rank
// over Q of the matrix the residues came from, and equal to it unless P
// divides some maximal nonzero minor.
func Rank(rows [][]uint64) int {
	n := 0
	for _, r := range rows {
		n = max(n, len(r))
	}
	m := make([][]uint64, len(rows))
	for i, r := range rows {
		m[i] = make([]uint64, n)
		copy(m[i], r)
	}
	rank := 0
	for col := 0; col < n && rank < len(m); col++ {
		p := rank
		for p < len(m) && m[p][col] == 0 {
			p++
		}
		if p == len(m) {
			continue
		}
		m[rank], m[p] = m[p], m[rank]
		inv := Inv(m[rank][col])
		for i := rank + 1; i < len(m); i++ {
			if m[i][col] == 0 {
				continue
			}
			f := Mul(m[i][col], inv)
			for j := col; j < n; j++ {
				m[i][j] = Sub(m[i][j], Mul(f, m[rank][j]))
			}
		}
		rank++
	}
	return rank
}
