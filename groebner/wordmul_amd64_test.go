//go:build amd64 && !purego

package groebner

import "testing"

// TestWordKernelsMulq runs TestWordKernels, TestWordProducts and
// TestWideAccMatchesBig on the loops for processors without ADX, which
// this one may have.
func TestWordKernelsMulq(t *testing.T) {
	old := hasADX
	hasADX = false
	defer func() { hasADX = old }()
	checkWordKernels(t)
	checkWordProducts(t)
	checkWideAcc(t)
}
