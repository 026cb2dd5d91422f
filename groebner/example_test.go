package groebner_test

import (
	"context"
	"fmt"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// A zero-dimensional system: its reduced grevlex basis, dimension and
// degree, and the lex basis by FGLM.
func ExampleBasis() {
	r, F, _ := poly.ParseSystem(`vars: x y z
x^2 + y^2 + z^2 = 1
x*y - z
x - y`, poly.Grevlex)
	G, _ := groebner.Basis(context.Background(), F, groebner.Limits{})
	for _, g := range G {
		fmt.Println(g)
	}
	dim, _ := groebner.Dimension(G)
	deg, _ := groebner.Degree(G, 100)
	lex, _ := r.WithOrder(poly.Lex)
	L, _ := groebner.FGLM(context.Background(), G, lex, groebner.Limits{})
	fmt.Println("dimension", dim, "degree", deg, "lex:", L)
	// Output:
	// y^2 - z
	// z^2 + 2*z - 1
	// x - y
	// dimension 0 degree 4 lex: [x - y y^2 - z z^2 + 2*z - 1]
}
