package solve

import (
	"context"
	"math/big"
	"testing"

	"github.com/families-project/families/poly/roots"
)

func ratsOf(cs ...string) []*big.Rat {
	out := make([]*big.Rat, len(cs))
	for i, c := range cs {
		out[i], _ = new(big.Rat).SetString(c)
	}
	return out
}

func TestQuadraticRoot(t *testing.T) {
	tests := []struct {
		coeffs []*big.Rat // monic quadratic, ascending
		want   []string   // both roots, in isolate's order
	}{
		{ratsOf("-2", "0", "1"), []string{"-sqrt(2)", "sqrt(2)"}},
		{ratsOf("-1", "-1", "1"), []string{"(1 - sqrt(5))/2", "(1 + sqrt(5))/2"}},
		{ratsOf("1", "0", "1"), []string{"-I", "I"}},
		{ratsOf("1/2", "1/2", "1"), []string{"(-1 - sqrt(7)*I)/4", "(-1 + sqrt(7)*I)/4"}},
		{ratsOf("-8", "0", "1"), []string{"-2*sqrt(2)", "2*sqrt(2)"}},
		{ratsOf("-1/3", "0", "1"), []string{"-sqrt(3)/3", "sqrt(3)/3"}},
		{ratsOf("7", "-6", "1"), []string{"3 - sqrt(2)", "3 + sqrt(2)"}},
	}
	for _, tc := range tests {
		rs, err := roots.Isolate(context.Background(), tc.coeffs, 50)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range rs {
			if got := quadraticRoot(tc.coeffs, r); got != tc.want[i] {
				t.Errorf("root %d of %v: %s, want %s", i, tc.coeffs, got, tc.want[i])
			}
		}
	}
}

func TestSquareFree(t *testing.T) {
	for n, want := range map[int64][2]int64{12: {2, 3}, -7: {1, -7}, 72: {6, 2}, 1: {1, 1}, 49: {7, 1}, -50: {5, -2}} {
		k, m := squareFree(big.NewInt(n))
		if k.Int64() != want[0] || m.Int64() != want[1] {
			t.Errorf("squareFree(%d) = %s^2 * %s, want %d^2 * %d", n, k, m, want[0], want[1])
		}
	}
}
