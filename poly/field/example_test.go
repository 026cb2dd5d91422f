package field_test

import (
	"fmt"

	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/field"
)

// Lowest terms and the sum of two fractions, then the substitution of
// fractions into a polynomial.
func Example() {
	r := poly.MustRing(poly.Grevlex, "b", "h")
	x := field.New(r.MustParse("b*h - b"), r.MustParse("h^2 - h")) // b/h
	y := field.New(r.One(), r.MustParse("h - 1"))
	s := new(field.Frac).Add(x, y)
	fmt.Printf("(%s)/(%s)\n", s.Num(), s.Den())

	f := poly.MustRing(poly.Grevlex, "p", "q").MustParse("p*q - 1")
	v := field.Subst(f, []*field.Frac{x, field.FromPoly(r.MustParse("h"))})
	fmt.Printf("(%s)/(%s)\n", v.Num(), v.Den())
	// Output:
	// (b*h - b + h)/(h^2 - h)
	// (b - 1)/(1)
}
