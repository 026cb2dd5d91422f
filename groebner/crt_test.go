package groebner

import (
	"math/big"
	"testing"
)

// TestWitnessReconstruct checks the witness short cut of reconstruction
// against reconstructAll: the same rationals once enough primes are
// folded in, nil before, and the witness on the coefficient that failed.
func TestWitnessReconstruct(t *testing.T) {
	want := [][]*big.Rat{
		{big.NewRat(1, 1), big.NewRat(-3, 7), big.NewRat(5, 2)},
		{big.NewRat(1, 1), big.NewRat(123456789, 1000003), big.NewRat(-987654321987, 12345678901)},
	}
	var w witness
	for n := 1; n <= 6; n++ {
		// residues of want modulo the first n primes
		M := big.NewInt(1)
		res := make([][]*big.Int, len(want))
		for k, row := range want {
			res[k] = make([]*big.Int, len(row))
			for j := range row {
				res[k][j] = new(big.Int)
			}
		}
		tmp := new(big.Int)
		for i := range n {
			p := fglmPrime(i)
			coef := make([][]uint64, len(want))
			for k, row := range want {
				coef[k] = make([]uint64, len(row))
				for j, q := range row {
					v, ok := ratMod(q, p, tmp)
					if !ok {
						t.Fatalf("%v has no residue mod %d", q, p)
					}
					coef[k][j] = v
				}
			}
			crtAdd(res, M, coef, p, tmp)
			M.Mul(M, tmp.SetUint64(p))
		}
		full := reconstructAll(res, M)
		got := w.reconstruct(res, M)
		if (got == nil) != (full == nil) {
			t.Fatalf("%d primes: witness gives %v, reconstructAll %v", n, got != nil, full != nil)
		}
		if full == nil {
			// The witness is a coefficient that has no reconstruction yet.
			bound := new(big.Int).Sqrt(new(big.Int).Rsh(M, 1))
			if w.k == 0 || want[w.k][w.j].Denom().Cmp(bound) <= 0 && new(big.Int).Abs(want[w.k][w.j].Num()).Cmp(bound) <= 0 {
				t.Errorf("%d primes: witness at (%d, %d), %v, which fits the bound", n, w.k, w.j, want[w.k][w.j])
			}
			continue
		}
		for k, row := range want {
			for j, q := range row {
				if got[k][j].Cmp(q) != 0 {
					t.Errorf("%d primes: coefficient (%d, %d) = %v, want %v", n, k, j, got[k][j], q)
				}
			}
		}
		if n < 3 {
			t.Errorf("%d primes (%d bits) reconstruct a %d-bit coefficient", n, M.BitLen(), 74)
		}
		return
	}
	t.Fatal("6 primes did not reconstruct")
}
