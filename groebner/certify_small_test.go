package groebner

import (
	"math"
	"math/big"
	"testing"
)

// TestSmallArith checks the overflow tests of the word-size certificate
// against big integers, at the edges of int64.
func TestSmallArith(t *testing.T) {
	vals := []int64{0, 1, -1, 2, -2, 3, 1 << 31, -(1 << 31), 1<<32 + 1, math.MaxInt64, -math.MaxInt64, 3037000499, -3037000500, math.MaxInt64 / 2, -math.MaxInt64/2 - 1}
	lo, hi := big.NewInt(-math.MaxInt64), big.NewInt(math.MaxInt64)
	fits := func(z *big.Int) bool { return z.Cmp(lo) >= 0 && z.Cmp(hi) <= 0 }
	for _, x := range vals {
		for _, y := range vals {
			want := new(big.Int).Mul(big.NewInt(x), big.NewInt(y))
			if got, ok := mulSmall(x, y); ok != fits(want) || ok && got != want.Int64() {
				t.Errorf("mulSmall(%d, %d) = %d, %v; want %v, fits %v", x, y, got, ok, want, fits(want))
			}
			want.Sub(big.NewInt(x), big.NewInt(y))
			if got, ok := subSmall(x, y); ok != fits(want) || ok && got != want.Int64() {
				t.Errorf("subSmall(%d, %d) = %d, %v; want %v, fits %v", x, y, got, ok, want, fits(want))
			}
		}
	}
}
