package field

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"testing"

	"github.com/families-project/families/poly"
)

// TestNew checks lowest terms and the normalized denominator, the one
// representation of each function.
func TestNew(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "b", "h")
	tests := []struct{ num, den, wantNum, wantDen string }{
		{"b*h - b", "h^2 - h", "b", "h"},
		{"2*b", "-4*h", "-1/2*b", "h"},
		{"b^2 - h^2", "b + h", "b - h", "1"},
		{"0", "b", "0", "1"},
		{"b", "3", "1/3*b", "1"},
		{"(b+h)^3*(b-1)", "(b+h)^2*(2*h+4)", "1/2*b^2 + 1/2*b*h - 1/2*b - 1/2*h", "h + 2"},
	}
	for _, tc := range tests {
		f := New(r.MustParse(tc.num), r.MustParse(tc.den))
		if f.Num().String() != tc.wantNum || f.Den().String() != tc.wantDen {
			t.Errorf("(%s)/(%s) = (%s)/(%s), want (%s)/(%s)", tc.num, tc.den, f.Num(), f.Den(), tc.wantNum, tc.wantDen)
		}
	}
}

// TestArithmetic checks each operation against its definition by
// clearing denominators, at random-looking points as well as formally.
func TestArithmetic(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "b", "h")
	x := New(r.MustParse("b"), r.MustParse("h"))
	y := New(r.One(), r.MustParse("h - 1"))
	tests := []struct {
		name     string
		got      *Frac
		num, den string
		at       func(a, b *big.Rat) *big.Rat
	}{
		{"add", new(Frac).Add(x, y), "b*h - b + h", "h^2 - h", func(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }},
		{"mul", new(Frac).Mul(x, y), "b", "h^2 - h", func(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }},
		{"quo", new(Frac).Quo(x, y), "b*h - b", "h", func(a, b *big.Rat) *big.Rat { return new(big.Rat).Quo(a, b) }},
		{"neg", new(Frac).Neg(x), "-b", "h", func(a, b *big.Rat) *big.Rat { return new(big.Rat).Neg(a) }},
		{"add same den", new(Frac).Add(x, New(r.MustParse("-b"), r.MustParse("h"))), "0", "1", func(a, b *big.Rat) *big.Rat { return new(big.Rat) }},
	}
	pts := [][]*big.Rat{{big.NewRat(3, 7), big.NewRat(-5, 2)}, {big.NewRat(11, 1), big.NewRat(2, 9)}}
	for _, tc := range tests {
		if tc.got.Num().String() != tc.num || tc.got.Den().String() != tc.den {
			t.Errorf("%s = (%s)/(%s), want (%s)/(%s)", tc.name, tc.got.Num(), tc.got.Den(), tc.num, tc.den)
		}
		for _, pt := range pts {
			a, _ := x.Eval(pt)
			b, _ := y.Eval(pt)
			got, ok := tc.got.Eval(pt)
			if want := tc.at(a, b); !ok || got.Cmp(want) != 0 {
				t.Errorf("%s at %v = %v, want %v", tc.name, pt, got, want)
			}
		}
	}
	// The receiver may be an operand, and the operands stay as they were.
	z := New(r.MustParse("b"), r.MustParse("h"))
	z.Add(z, y)
	if z.Num().String() != "b*h - b + h" || x.Num().String() != "b" || y.Den().String() != "h - 1" {
		t.Errorf("z.Add(z, y) = (%s)/(%s); x = %s/%s", z.Num(), z.Den(), x.Num(), x.Den())
	}
	if _, ok := x.Eval([]*big.Rat{big.NewRat(1, 1), new(big.Rat)}); ok {
		t.Error("b/h at h = 0: no pole reported")
	}
}

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
				a := New(r.MustParse(fmt.Sprintf("(%s)*(%s)", f, g)), r.MustParse(fmt.Sprintf("(%s)*(x+1)", h)))
				b := New(r.MustParse(g), r.MustParse(fmt.Sprintf("(%s)*(y-3)", h)))
				got, err := new(Frac).QuoContext(context.Background(), a, b)
				if err != nil {
					t.Fatal(err)
				}
				want := new(Frac).Quo(a, b)
				if !got.Num().Equal(want.Num()) || !got.Den().Equal(want.Den()) {
					t.Fatalf("(%s)/(%s): got (%s)/(%s), want (%s)/(%s)", a.Num(), a.Den(), got.Num(), got.Den(), want.Num(), want.Den())
				}
				cases++
			}
		}
	}
	if cases < 100 {
		t.Fatalf("only %d cases", cases)
	}
}

// TestSubstCancels checks SubstContext, which cancels factor by factor
// of the denominator, against one gcd of the whole product, on values
// whose denominators repeat and share factors with the numerator that the
// substitution makes.
func TestSubstCancels(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	s := poly.MustRing(poly.Grevlex, "p", "q")
	vals := []*Frac{
		New(s.MustParse("p"), s.MustParse("(q+1)*(p-q)")),
		New(s.MustParse("q^2"), s.MustParse("q+1")),
		New(s.MustParse("p+q"), s.MustParse("(q+1)*(p-q)")),
	}
	fs := []string{"x*y + z", "x^2*(y+1) - z*y", "x*(z - y) + 1", "y^3 - x*z^2", "x*y*z - y", "(x-z)^2*y", "0", "7"}
	for _, fe := range fs {
		f := r.MustParse(fe)
		got, err := SubstContext(context.Background(), f, vals)
		if err != nil {
			t.Fatal(err)
		}
		num, err := SubstNumerator(context.Background(), f, vals)
		if err != nil {
			t.Fatal(err)
		}
		den := s.One()
		for _, v := range f.Vars() {
			den.Mul(den, new(poly.Poly).Pow(vals[v].Den(), f.Degree(v)))
		}
		want := New(num, den)
		if !got.Num().Equal(want.Num()) || !got.Den().Equal(want.Den()) {
			t.Errorf("%s: got (%s)/(%s), want (%s)/(%s)", fe, got.Num(), got.Den(), want.Num(), want.Den())
		}
		if got.Num().Ring() != s {
			t.Errorf("%s: result in %s, want the values' ring", fe, got.Num().Ring())
		}
	}
}

// TestSubstNumeratorParallel checks that a substitution above
// ParallelTerms, which multiplies on several goroutines, gives the same
// polynomial as the plain composition of poly.
func TestSubstNumeratorParallel(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z", "w")
	s := poly.MustRing(poly.Grevlex, "p", "q", "u")
	f := r.MustParse("(x + y + z + w + 1)^3 - 3*x^2*w")
	var vals []*Frac
	size := 0
	for _, e := range []string{"(p + q + u + 1)^4", "(p - 2*q + u)^4 - 1", "(p + q - u + 3)^4 + p", "(2*p + q + u - 1)^4"} {
		vals = append(vals, FromPoly(s.MustParse(e)))
		size += vals[len(vals)-1].Num().Len() + 1
	}
	if size*f.Len() < ParallelTerms {
		t.Fatalf("size %d: below ParallelTerms, the test would not run in parallel", size*f.Len())
	}
	got, err := SubstNumerator(context.Background(), f, vals)
	if err != nil {
		t.Fatal(err)
	}
	want, err := f.Compose(s, []*poly.Poly{vals[0].Num(), vals[1].Num(), vals[2].Num(), vals[3].Num()})
	if err != nil {
		t.Fatal(err)
	}
	if !got.Equal(want) {
		t.Errorf("SubstNumerator differs from Compose: %d terms, want %d", got.Len(), want.Len())
	}
	if c := SubstCost(f, vals); c < float64(f.Len()) {
		t.Errorf("SubstCost = %v, below the %d terms of f", c, f.Len())
	}
}

// TestErrors checks the errors: an identically zero denominator in
// Compose, an ended context, and a ring that lacks a variable.
func TestErrors(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y")
	s := poly.MustRing(poly.Grevlex, "p")
	f := New(r.MustParse("x"), r.MustParse("y - x"))
	at := []*Frac{FromPoly(s.MustParse("p")), FromPoly(s.MustParse("p"))}
	if _, err := Compose(context.Background(), f, at); !errors.Is(err, ErrZeroDenominator) {
		t.Errorf("Compose with y = x: %v, want ErrZeroDenominator", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a := New(r.MustParse("x^2 - y^2"), r.MustParse("x + 1"))
	b := New(r.MustParse("x + y"), r.MustParse("(x + 1)*y"))
	z := FromPoly(r.One())
	if out, err := z.QuoContext(ctx, a, b); !errors.Is(err, context.Canceled) || out != nil || !z.Num().IsConst() {
		t.Errorf("QuoContext on an ended context: %v, %v; z = %s", out, err, z.Num())
	}
	if _, err := NewContext(ctx, a.Num(), b.Num()); !errors.Is(err, context.Canceled) {
		t.Errorf("NewContext on an ended context: %v", err)
	}
	if _, err := SubstContext(ctx, r.MustParse("x*y + 1"), []*Frac{a, b}); !errors.Is(err, context.Canceled) {
		t.Errorf("SubstContext on an ended context: %v", err)
	}
	if _, err := a.ToRing(s); err == nil {
		t.Error("ToRing into a ring without x and y: no error")
	}
}

// TestDerivativeAt checks the quotient rule against a difference quotient
// that is exact for a function of degree one in u.
func TestDerivativeAt(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "u", "v")
	f := New(r.MustParse("u*v + 2"), r.MustParse("v^2 + 1"))
	pt := []*big.Rat{big.NewRat(1, 3), big.NewRat(2, 5)}
	got, ok := f.DerivativeAt(0, pt)
	// f is linear in u: f(u+1) - f(u) is the derivative.
	p1 := []*big.Rat{new(big.Rat).Add(pt[0], big.NewRat(1, 1)), pt[1]}
	a, _ := f.Eval(p1)
	b, _ := f.Eval(pt)
	if want := a.Sub(a, b); !ok || got.Cmp(want) != 0 {
		t.Errorf("d/du at %v = %v, want %v", pt, got, want)
	}
	g := New(r.One(), r.MustParse("u - v"))
	if _, ok := g.DerivativeAt(0, []*big.Rat{big.NewRat(1, 1), big.NewRat(1, 1)}); ok {
		t.Error("no pole reported")
	}
}
