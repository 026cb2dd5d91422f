package roots

import (
	"context"
	"math/big"
	"testing"
)

// productOf returns the ascending coefficients of prod (x - r) over rs.
func productOf(rs []*big.Rat) []*big.Rat {
	c := []*big.Rat{big.NewRat(1, 1)}
	for _, r := range rs {
		next := make([]*big.Rat, len(c)+1)
		for i := range next {
			next[i] = new(big.Rat)
		}
		for i, a := range c {
			next[i+1].Add(next[i+1], a)
			next[i].Sub(next[i], new(big.Rat).Mul(a, r))
		}
		c = next
	}
	return c
}

// TestIsolateHugeCoefficients: roots k * 10^50 and k * 10^-50 (k = 1..8)
// give coefficients beyond float64 (10^400, 10^-400) while the roots fit;
// the starting points are scaled by rootExponent and every root is
// isolated and certified. Before the scaling the float64 companion matrix
// could not be built and isolation failed.
func TestIsolateHugeCoefficients(t *testing.T) {
	for _, exp := range []int64{50, -50} {
		p := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(max(exp, -exp)), nil))
		if exp < 0 {
			p.Inv(p)
		}
		var rs []*big.Rat
		for k := int64(1); k <= 8; k++ {
			rs = append(rs, new(big.Rat).Mul(p, big.NewRat(k, 1)))
		}
		c := productOf(rs)
		if f, _ := c[0].Float64(); f != 0 && f < 1e300 {
			t.Fatalf("10^%d: the constant term %g fits in float64: not the case under test", exp, f)
		}
		got, err := Isolate(context.Background(), c, 50)
		if err != nil {
			t.Errorf("10^%d: %v", exp, err)
			continue
		}
		if len(got) != 8 {
			t.Fatalf("10^%d: %d roots, want 8", exp, len(got))
		}
		for k, r := range got {
			want := new(big.Float).SetPrec(200).SetRat(rs[k])
			diff := new(big.Float).Sub(r.Re, want)
			diff.Quo(diff, want)
			if !r.Real || diff.Abs(diff).Cmp(big.NewFloat(1e-45)) > 0 {
				t.Errorf("10^%d: root %d = %s, want %s", exp, k+1, r.Re.Text('g', 20), want.Text('g', 20))
			}
		}
	}
}

// TestRootExponent: 2^e bounds every root and is at most a few bits
// above the largest, also where the coefficients overflow float64.
func TestRootExponent(t *testing.T) {
	tests := []struct {
		name    string
		roots   []*big.Rat
		largest int // binary exponent of the largest root
	}{
		{"small", []*big.Rat{big.NewRat(3, 1), big.NewRat(-5, 2)}, 2},
		{"2^40", []*big.Rat{new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), 40)), big.NewRat(3, 1)}, 41},
		{"2^2000", []*big.Rat{new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(3), 2000)), big.NewRat(1, 1)}, 2002},
		{"2^-3000", []*big.Rat{new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), 3000))}, -2999},
	}
	for _, tc := range tests {
		e, ok := rootExponent(productOf(tc.roots))
		if !ok || e < tc.largest || e > tc.largest+3 {
			t.Errorf("%s: exponent %d (%t), want %d to %d", tc.name, e, ok, tc.largest, tc.largest+3)
		}
	}
	if _, ok := rootExponent(ratsOf("0", "0", "1")); ok {
		t.Error("x^2 has no bound from its coefficients, yet got one")
	}
}

// BenchmarkIsolateHugeCoefficients isolates the 8 roots k * 10^50 to 50
// digits, coefficients up to about 10^400.
func BenchmarkIsolateHugeCoefficients(b *testing.B) {
	p := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(50), nil))
	var rs []*big.Rat
	for k := int64(1); k <= 8; k++ {
		rs = append(rs, new(big.Rat).Mul(p, big.NewRat(k, 1)))
	}
	c := productOf(rs)
	for b.Loop() {
		if _, err := Isolate(context.Background(), c, 50); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRootExponent is the bigfloat part alone: 8 Pow calls.
func BenchmarkRootExponent(b *testing.B) {
	p := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(50), nil))
	var rs []*big.Rat
	for k := int64(1); k <= 8; k++ {
		rs = append(rs, new(big.Rat).Mul(p, big.NewRat(k, 1)))
	}
	c := productOf(rs)
	for b.Loop() {
		rootExponent(c)
	}
}
