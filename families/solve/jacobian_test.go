package solve

import (
	"math/big"
	"testing"

	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/field"
)

// exactBirational is the birationality test over Q: the Jacobian of W's
// formulas with respect to U, at the same two points as newJacobian, has a
// nonzero determinant at one of them.
func exactBirational(vals []*field.Frac, U, W []int) bool {
	r := vals[U[0]].Num().Ring()
	for _, seed := range []int64{7, 13} {
		x := make([]*big.Rat, r.NumVars())
		for i := range x {
			x[i] = big.NewRat(seed+int64(3*i*i+5*i), int64(2+i%3))
		}
		J := make([][]*big.Rat, len(W))
		pole := false
		for i, w := range W {
			J[i] = make([]*big.Rat, len(U))
			for k, u := range U {
				v, ok := vals[w].DerivativeAt(u, x)
				if !ok {
					pole = true
				}
				J[i][k] = v
			}
		}
		if pole {
			continue
		}
		det := new(big.Rat).SetInt64(1)
		for col := range J {
			p := col
			for p < len(J) && J[p][col].Sign() == 0 {
				p++
			}
			if p == len(J) {
				det.SetInt64(0)
				break
			}
			J[col], J[p] = J[p], J[col]
			det.Mul(det, J[col][col])
			for r := col + 1; r < len(J); r++ {
				f := new(big.Rat).Quo(J[r][col], J[col][col])
				for k := col; k < len(J); k++ {
					J[r][k] = new(big.Rat).Sub(J[r][k], new(big.Rat).Mul(f, J[col][k]))
				}
			}
		}
		if det.Sign() != 0 {
			return true
		}
	}
	return false
}

// TestJacobianMatchesExact compares the modular birationality test with
// the exact one on every subset of a family with polynomial, rational and
// dependent formulas, and with a pole at the first point.
func TestJacobianMatchesExact(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z", "s", "t", "u", "v")
	f := func(num, den string) *field.Frac { return field.Raw(r.MustParse(num), r.MustParse(den)) }
	vals := []*field.Frac{
		f("x", "1"), f("y", "1"), f("z", "1"),
		f("x*y + z", "1"),         // polynomial
		f("x - y", "x + 1"),       // rational
		f("2*x*y + 2*z", "1"),     // a multiple of s: {s, u} is dependent
		f("z^2", "2*x - 3*y + 8"), // 2x - 3y + 8 vanishes at the first point
	}
	U := []int{0, 1, 2}
	jac := newJacobian(vals, U)
	subsets, free := 0, 0
	for W := range combinations(len(vals), len(U)) {
		subsets++
		want := exactBirational(vals, U, W)
		if want {
			free++
		}
		if got := jac.birational(W); got != want {
			t.Errorf("W = %v: birational %v, exact %v", W, got, want)
		}
	}
	if free == 0 || free == subsets {
		t.Errorf("%d of %d subsets free: the test does not tell the cases apart", free, subsets)
	}
}
