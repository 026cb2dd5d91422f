package solve

import (
	"context"
	"fmt"
	"testing"

	"github.com/families-project/families/poly"
)

// TestQuoHenrici checks the quotient by gcds of the factors against the
// gcd of the products: both must give the one normalized representation,
// also when numerators and denominators share factors across the two
// functions, which only the products' gcd sees at once.
func TestQuoHenrici(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	factors := []string{"x+y", "x-2*z", "y*z+1", "3*x^2-y", "z", "2", "x+y+z-1"}
	cases := 0
	for i, f := range factors {
		for j, g := range factors {
			for k, h := range factors {
				if i == j || j == k || i == k {
					continue
				}
				// a = f*g/(h*(x+1)) and b = g/(h*(y-3)): the numerators
				// share g and the denominators h, each seen only by one of
				// the two gcds of the factors.
				a := newRatFunc(r.MustParse(fmt.Sprintf("(%s)*(%s)", f, g)), r.MustParse(fmt.Sprintf("(%s)*(x+1)", h)))
				b := newRatFunc(r.MustParse(g), r.MustParse(fmt.Sprintf("(%s)*(y-3)", h)))
				got, err := a.quoContext(context.Background(), b)
				if err != nil {
					t.Fatal(err)
				}
				want := newRatFunc(new(poly.Poly).Mul(a.num, b.den), new(poly.Poly).Mul(a.den, b.num))
				if !got.num.Equal(want.num) || !got.den.Equal(want.den) {
					t.Fatalf("(%s)/(%s): got (%s)/(%s), want (%s)/(%s)", a.num, a.den, got.num, got.den, want.num, want.den)
				}
				cases++
			}
		}
	}
	if cases < 100 {
		t.Fatalf("only %d cases", cases)
	}
}

// TestEvalRatCancels checks evalRatContext, which cancels factor by factor
// of the denominator, against one gcd of the whole product, on values
// whose denominators repeat and share factors with the numerator that the
// substitution makes.
func TestEvalRatCancels(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	s := poly.MustRing(poly.Grevlex, "p", "q")
	vals := []ratFunc{
		newRatFunc(s.MustParse("p"), s.MustParse("(q+1)*(p-q)")),
		newRatFunc(s.MustParse("q^2"), s.MustParse("q+1")),
		newRatFunc(s.MustParse("p+q"), s.MustParse("(q+1)*(p-q)")),
	}
	fs := []string{"x*y + z", "x^2*(y+1) - z*y", "x*(z - y) + 1", "y^3 - x*z^2", "x*y*z - y", "(x-z)^2*y"}
	for _, fe := range fs {
		f := r.MustParse(fe)
		got, err := evalRatContext(context.Background(), f, vals)
		if err != nil {
			t.Fatal(err)
		}
		num, err := substRational(context.Background(), f, vals)
		if err != nil {
			t.Fatal(err)
		}
		den := s.One()
		for _, v := range f.Vars() {
			den.Mul(den, new(poly.Poly).Pow(vals[v].den, f.Degree(v)))
		}
		want := newRatFunc(num, den)
		if !got.num.Equal(want.num) || !got.den.Equal(want.den) {
			t.Errorf("%s: got (%s)/(%s), want (%s)/(%s)", fe, got.num, got.den, want.num, want.den)
		}
	}
}
