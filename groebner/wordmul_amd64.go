//go:build amd64 && !purego

package groebner

import "math/big"

// hasADX reports whether the processor has the ADX and BMI2 extensions
// (ADCX, ADOX, MULX), which the faster loops of wordmul_amd64.s use.
var hasADX = cpuHasADX()

// cpuHasADX reads CPUID leaf 7: EBX bit 8 (BMI2) and bit 19 (ADX).
func cpuHasADX() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, ebx, _, _ := cpuid(7, 0)
	return ebx&(1<<8) != 0 && ebx&(1<<19) != 0
}

func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

//go:noescape
func addMulVWADX(z, x []big.Word, y uint) uint

//go:noescape
func subMulVWADX(z, x []big.Word, y uint) uint

//go:noescape
func addMulVVVADX(e, q, m []big.Word)

//go:noescape
func subMulVVVADX(e, q, m []big.Word)

//go:noescape
func mulRowADX(buf []big.Word, w, lo int, cols, off []int32, neg []bool, mag, q []big.Word, flip bool) int

//go:noescape
func addMulVWMulq(z, x []big.Word, y uint) uint

//go:noescape
func subMulVWMulq(z, x []big.Word, y uint) uint

// addMulVW sets z[:len(x)] += x*y and returns the carry out: the word to
// add at z[len(x)]. len(z) >= len(x).
func addMulVW(z, x []big.Word, y uint) uint {
	_ = z[:len(x)]
	if hasADX {
		return addMulVWADX(z, x, y)
	}
	return addMulVWMulq(z, x, y)
}

// subMulVW sets z[:len(x)] -= x*y and returns the borrow out: the word to
// subtract from z[len(x)]. len(z) >= len(x).
func subMulVW(z, x []big.Word, y uint) uint {
	_ = z[:len(x)]
	if hasADX {
		return subMulVWADX(z, x, y)
	}
	return subMulVWMulq(z, x, y)
}

// addMulVVV sets e += q*m modulo 2^(len(e)*UintSize) in one call and
// reports true, on processors with ADX; else it reports false and leaves
// e alone. len(q)+len(m) <= len(e)+1.
func addMulVVV(e, q, m []big.Word) bool {
	if !hasADX {
		return false
	}
	_ = e[:len(q)+len(m)-1]
	addMulVVVADX(e, q, m)
	return true
}

// subMulVVV sets e -= q*m like addMulVVV.
func subMulVVV(e, q, m []big.Word) bool {
	if !hasADX {
		return false
	}
	_ = e[:len(q)+len(m)-1]
	subMulVVVADX(e, q, m)
	return true
}

// mulRow updates the entries of a row's terms in one call into assembly,
// as wideAcc.subMulRow describes (buf, w and lo the accumulator's; the
// term k subtracts q*m when neg[k] == flip, else adds it), and returns the
// index of the first term whose result wrapped (its update made), or
// len(cols) when none did; or it reports false and does nothing, on
// processors without ADX. len(off) = len(cols)+1.
func mulRow(buf []big.Word, w int, lo int32, cols, off []int32, neg []bool, mag, q []big.Word, flip bool) (int, bool) {
	if !hasADX {
		return 0, false
	}
	_, _ = off[len(cols)], neg[:len(cols)]
	return mulRowADX(buf, w, int(lo), cols, off, neg, mag, q, flip), true
}
