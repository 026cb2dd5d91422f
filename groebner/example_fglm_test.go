package groebner_test

import (
	"context"
	"fmt"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// Saturation removes the solutions where a polynomial vanishes: here the
// point x = 0 of x*(x - 1) = 0, so that only x = 1, y = 2 is left.
func ExampleSaturate() {
	r := poly.MustRing(poly.Grevlex, "x", "y")
	F := []*poly.Poly{r.MustParse("x^2 - x"), r.MustParse("y - 2*x")}
	G, err := groebner.Saturate(context.Background(), F, r.MustParse("x"), groebner.Limits{})
	if err != nil {
		panic(err)
	}
	fmt.Println(G)
	// Output:
	// [x - 1 y - 2]
}

// FGLM turns a grevlex basis into the lex basis, whose last element is the
// polynomial of the last variable alone (here katsura-2's, of degree 4).
func ExampleFGLM() {
	r, F, _ := poly.ParseSystem(`vars: u0 u1 u2
u0 + 2*u1 + 2*u2 - 1
u0^2 + 2*u1^2 + 2*u2^2 - u0
2*u0*u1 + 2*u1*u2 - u1`, poly.Grevlex)
	ctx := context.Background()
	G, _ := groebner.Basis(ctx, F, groebner.Limits{})
	lex, _ := r.WithOrder(poly.Lex)
	L, err := groebner.FGLM(ctx, G, lex, groebner.Limits{})
	if err != nil {
		panic(err)
	}
	for _, g := range L {
		fmt.Println(g)
	}
	// Output:
	// u0 - 60*u2^3 + 158/7*u2^2 + 8/7*u2 - 1
	// u1 + 30*u2^3 - 79/7*u2^2 + 3/7*u2
	// u2^4 - 10/21*u2^3 + 1/84*u2^2 + 1/84*u2
}

// Eliminating t from the parametrization x = t^2, y = t^3 leaves the
// cusp's equation.
func ExampleEliminate() {
	r := poly.MustRing(poly.Grevlex, "t", "x", "y")
	F := []*poly.Poly{r.MustParse("x - t^2"), r.MustParse("y - t^3")}
	small, E, err := groebner.Eliminate(context.Background(), F, []string{"t"}, groebner.Limits{})
	if err != nil {
		panic(err)
	}
	fmt.Println(small, E)
	// Output:
	// Q[x,y] grevlex [x^3 - y^2]
}
