package poly_test

import (
	"fmt"
	"math/big"

	"github.com/families-project/families/poly"
)

func ExampleRing_Parse() {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	p, err := r.Parse("(x + y)^2 - 3/2*z")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p)
	fmt.Println(p.Eval([]*big.Rat{big.NewRat(1, 1), big.NewRat(2, 1), big.NewRat(4, 1)}))
	_, err = r.Parse("2x + 1")
	fmt.Println(err)
	// Output:
	// x^2 + 2*x*y + y^2 - 3/2*z
	// 3/1
	// column 2: unexpected 'x' after number 2 (write 2*x for a product)
}

func ExampleDivMod() {
	r := poly.MustRing(poly.Lex, "x", "y")
	f := r.MustParse("x^2*y + x*y^2 + y^2")
	q, rem := poly.DivMod(f, []*poly.Poly{r.MustParse("x*y - 1"), r.MustParse("y^2 - 1")})
	fmt.Println(q[0], "|", q[1], "|", rem)
	// Output:
	// x + y | 1 | x + y + 1
}
