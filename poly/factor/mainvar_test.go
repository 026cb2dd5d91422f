package factor

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/families-project/families/poly"
)

// TestFactorSecondMainVariable factors a polynomial of 74 terms in seven
// numbers from the decomposition of a 4x4 grid's setting
// (/-=|/x+//-/|x/=|///xxx/|-+=|=======|/-=): Wang's lifting in the first
// main variable passes the size bound at every point, in another it does
// not. It is irreducible (Singular 4.3.1's factorize agrees), and the
// factorization must multiply back to the input.
func TestFactorSecondMainVariable(t *testing.T) {
	if testing.Short() {
		t.Skip("a factorization of some seconds")
	}
	data, err := os.ReadFile("testdata/hypersurface4x4.txt")
	if err != nil {
		t.Fatal(err)
	}
	r, err := poly.NewRing([]string{"b", "f", "m", "n", "p", "r", "s"}, poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	p, err := r.Parse(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	fz, err := Factor(context.Background(), p)
	if err != nil {
		t.Fatalf("Factor: %v", err)
	}
	prod := r.Const(fz.Const)
	for _, f := range fz.Factors {
		for range f.Mult {
			prod.Mul(prod, f.Poly)
		}
	}
	if !prod.Equal(p) {
		t.Fatalf("the factors %v do not multiply back to the input", fz.Factors)
	}
	if len(fz.Factors) != 1 || fz.Factors[0].Mult != 1 {
		t.Fatalf("%d factors, want the polynomial itself (irreducible)", len(fz.Factors))
	}
}
