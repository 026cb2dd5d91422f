package roots

import (
	"context"
	"math/big"
	"strings"
	"testing"
)

func ratsOf(cs ...string) []*big.Rat {
	out := make([]*big.Rat, len(cs))
	for i, c := range cs {
		out[i], _ = new(big.Rat).SetString(c)
	}
	return out
}

// TestIsolate checks root counts, realness and accuracy: the exact
// residual test inside isolate is checked here against known roots.
func TestIsolate(t *testing.T) {
	tests := []struct {
		name   string
		coeffs []*big.Rat // ascending
		real   int
		first  string // the first root to 30 digits
	}{
		{"sqrt 2", ratsOf("-2", "0", "1"), 2, "-1.41421356237309504880168872421"},
		{"plastic number", ratsOf("-1", "-1", "0", "1"), 1, "1.32471795724474602596090885448"},
		{"x^4 + 1", ratsOf("1", "0", "0", "0", "1"), 0, "-0.707106781186547524400844362105"},
		{"i", ratsOf("1", "0", "1"), 0, "0"},
		{"close pair", ratsOf("0.99999999999999999999999999999999999999990000", "-2", "1"), 2, "0.99999999999999999999"},
		{"Wilkinson 12", wilkinson(12), 12, "1"},
		{"degree 1", ratsOf("3", "2"), 1, "-1.5"},
	}
	for _, tc := range tests {
		rs, err := Isolate(context.Background(), tc.coeffs, 50)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if len(rs) != len(tc.coeffs)-1 {
			t.Errorf("%s: %d roots", tc.name, len(rs))
		}
		real := 0
		for _, r := range rs {
			if r.Real {
				real++
				if r.Im.Sign() != 0 {
					t.Errorf("%s: real root with imaginary part %s", tc.name, r.Im.Text('g', 5))
				}
			}
		}
		if real != tc.real {
			t.Errorf("%s: %d real roots, want %d", tc.name, real, tc.real)
		}
		if got := rs[0].Re.Text('g', 30); !strings.HasPrefix(got, tc.first) {
			t.Errorf("%s: first root %s, want %s", tc.name, got, tc.first)
		}
	}
}

// wilkinson returns the ascending coefficients of (x - 1)(x - 2)...(x - n).
func wilkinson(n int) []*big.Rat {
	c := []*big.Rat{big.NewRat(1, 1)}
	for k := 1; k <= n; k++ {
		next := make([]*big.Rat, len(c)+1)
		for i := range next {
			next[i] = new(big.Rat)
		}
		for i, a := range c {
			next[i+1].Add(next[i+1], a)
			next[i].Sub(next[i], new(big.Rat).Mul(a, big.NewRat(int64(k), 1)))
		}
		c = next
	}
	return c
}

// TestRootsHaveFiftyDigits compares sqrt(2) with math/big's own square
// root at 300 bits.
func TestRootsHaveFiftyDigits(t *testing.T) {
	rs, err := Isolate(context.Background(), ratsOf("-2", "0", "1"), 50)
	if err != nil {
		t.Fatal(err)
	}
	want := new(big.Float).SetPrec(300).Sqrt(new(big.Float).SetPrec(300).SetInt64(2))
	diff := new(big.Float).Sub(rs[1].Re, want)
	if diff.Abs(diff).Cmp(new(big.Float).SetMantExp(big.NewFloat(1), -180)) > 0 {
		t.Errorf("sqrt 2 = %s, off by %s", rs[1].Re.Text('g', 60), diff.Text('g', 3))
	}
}

// TestTinyRootRelative checks that the proof of a root's digits is relative:
// an approximation of the root 1e-30 of (10^30 x - 1)(x - 2) that is off
// in its 41st significant digit must be refused at 50 digits, although it
// is within 1e-52 absolutely, and a correct one accepted.
func TestTinyRootRelative(t *testing.T) {
	c := ratsOf("2", "-2000000000000000000000000000001", "1000000000000000000000000000000")
	prec := uint(400)
	at := func(re string) Complex {
		w := NewComplex(prec)
		if _, ok := w.Re.SetString(re); !ok {
			t.Fatalf("bad number %s", re)
		}
		return w
	}
	two := at("2")
	if _, ok := verifyRoots(context.Background(), c, []Complex{at("1e-30"), two}, 50); !ok {
		t.Error("the exact roots were refused")
	}
	if _, ok := verifyRoots(context.Background(), c, []Complex{at("1.0000000000000000000000000000000000000001e-30"), two}, 50); ok {
		t.Error("a root off in its 41st digit was accepted as correct to 50")
	}
	rs, err := Isolate(context.Background(), c, 50)
	if err != nil {
		t.Fatal(err)
	}
	want := at("1e-30").Re
	diff := new(big.Float).Sub(rs[0].Re, want)
	diff.Quo(diff.Abs(diff), want)
	if diff.Cmp(big.NewFloat(1e-52)) > 0 {
		t.Errorf("root %s has relative error %s", rs[0].Re.Text('g', 60), diff.Text('g', 3))
	}
}
