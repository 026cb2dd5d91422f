//go:build !amd64 || purego

package groebner

import "math/big"

// addMulVW sets z[:len(x)] += x*y and returns the carry out.
func addMulVW(z, x []big.Word, y uint) uint { return addMulVWGeneric(z, x, y) }

// subMulVW sets z[:len(x)] -= x*y and returns the borrow out.
func subMulVW(z, x []big.Word, y uint) uint { return subMulVWGeneric(z, x, y) }

// addMulVVV reports false: there is no faster e += q*m than addMulWords'
// passes here.
func addMulVVV(e, q, m []big.Word) bool { return false }

// subMulVVV reports false, like addMulVVV.
func subMulVVV(e, q, m []big.Word) bool { return false }

// mulRow reports false: wideAcc.subMulRow runs its own loop here.
func mulRow(buf []big.Word, w int, lo int32, cols, off []int32, neg []bool, mag, q []big.Word, flip bool) (int, bool) {
	return 0, false
}
