package checked

import (
	"math"
	"math/big"
	"testing"
)

// TestMul compares Mul with big.Int products at the edges of int64: the
// product is returned exactly when it fits and refused otherwise.
func TestMul(t *testing.T) {
	vals := []int64{0, 1, -1, 2, -2, 3, 1 << 31, -(1 << 31), 1 << 32, 3037000499, 3037000500, -3037000500,
		math.MaxInt64, math.MinInt64 + 1, math.MinInt64, 1 << 62, -(1 << 62), 1 << 63 / 3}
	lo, hi := big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)
	for _, a := range vals {
		for _, b := range vals {
			want := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
			fits := want.Cmp(lo) >= 0 && want.Cmp(hi) <= 0
			got, ok := Mul(a, b)
			if ok != fits || ok && got != want.Int64() {
				t.Errorf("Mul(%d, %d) = %d, %v; want %v, fits %v", a, b, got, ok, want, fits)
			}
		}
	}
}

// TestGCD checks GCD against big.Int's on signed pairs.
func TestGCD(t *testing.T) {
	vals := []int64{0, 1, -1, 6, -4, 9, 12, -18, 1 << 40, 3 * (1 << 20), math.MaxInt64, 7919 * 104729}
	for _, a := range vals {
		for _, b := range vals {
			want := new(big.Int).GCD(nil, nil, new(big.Int).Abs(big.NewInt(a)), new(big.Int).Abs(big.NewInt(b)))
			if got := GCD(a, b); got != want.Int64() {
				t.Errorf("GCD(%d, %d) = %d, want %v", a, b, got, want)
			}
		}
	}
}
