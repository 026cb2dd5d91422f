package factor_test

import (
	"context"
	"fmt"

	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/factor"
)

func Example() {
	r := poly.MustRing(poly.Grevlex, "x", "y")
	p := r.MustParse("2*x^3*y - 2*x*y^3 + 4*x^2*y - 4*y^3")
	f, err := factor.Factor(context.Background(), p)
	if err != nil {
		panic(err)
	}
	fmt.Println(f)
	for _, g := range f.Factors {
		fmt.Printf("%s multiplicity %d\n", g.Poly, g.Mult)
	}
	g, err := factor.GCDContext(context.Background(), p, r.MustParse("x^2 - y^2"))
	if err != nil {
		panic(err)
	}
	fmt.Println(g)
	// Output:
	// 2 * (y) * (x + 2) * (x + y) * (x - y)
	// y multiplicity 1
	// x + 2 multiplicity 1
	// x + y multiplicity 1
	// x - y multiplicity 1
	// x^2 - y^2
}

// The resultant in x of two circles is a polynomial in y that vanishes at
// the y of their common points, so its factors split the system.
func ExampleResultant() {
	r := poly.MustRing(poly.Grevlex, "x", "y")
	f := r.MustParse("x^2 + y^2 - 2")
	g := r.MustParse("x^2 + 2*y^2 - 3")
	R, err := factor.Resultant(context.Background(), f, g, 0)
	if err != nil {
		panic(err)
	}
	fz, err := factor.Factor(context.Background(), R)
	if err != nil {
		panic(err)
	}
	fmt.Println(R)
	fmt.Println(fz)
	// Output:
	// y^4 - 2*y^2 + 1
	// 1 * (y + 1)^2 * (y - 1)^2
}
