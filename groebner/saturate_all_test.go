package groebner

import (
	"context"
	"slices"
	"testing"

	"github.com/families-project/families/poly"
)

// saturateInTurn is the reference SaturateAll must agree with: the basis
// of F saturated by each condition in the order given.
func saturateInTurn(t *testing.T, F, fs []*poly.Poly) []*poly.Poly {
	t.Helper()
	G, err := Basis(context.Background(), F, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		if G, err = Saturate(context.Background(), G, f, Limits{}); err != nil {
			t.Fatal(err)
		}
	}
	return G
}

// TestSaturateAll checks SaturateAll against saturations one condition at
// a time and, for the small ideals, against Rabinowitsch's trick with the
// product of the conditions: conditions that change the ideal before,
// between and after ones that do not (so a proof made before a saturation
// is kept through it), monomials, a principal ideal, a lex ring, a result
// that is the unit ideal, and grid systems with a condition per number
// and sums of numbers.
func TestSaturateAll(t *testing.T) {
	ctx := context.Background()
	type tc struct {
		name    string
		r       *poly.Ring
		F, fs   []string
		product bool // also compare with Rabinowitsch on the product
	}
	g3 := poly.MustRing(poly.Grevlex, "x", "y", "z")
	l3 := poly.MustRing(poly.Lex, "x", "y", "z")
	cases := []tc{
		{"changes first", g3, []string{"(x + y)*(x - 1)", "(x + y)*z"}, []string{"x + y", "y - 2", "x*y + z + 1"}, true},
		{"changes between", g3, []string{"(x + y)*(x - 1)", "(x + y)*z"}, []string{"y - 2", "x + y", "z - 5"}, true},
		{"changes last", g3, []string{"(x*y - 1)*(z - 2)", "(x*y - 1)*(y + z)"}, []string{"y + 3", "x - y", "x*y - 1"}, true},
		{"monomials", g3, []string{"x*y*(z - 1)", "x*(y - z)"}, []string{"z + 1", "x", "y*z"}, true},
		{"principal", g3, []string{"x^2*(x + y)^3*(y*z + 1)"}, []string{"x*(x + y)", "z - 1"}, true},
		{"lex", l3, []string{"(x + y)*(x - 1)", "(x + y)*z"}, []string{"y - 2", "x + y"}, true},
		{"unit", g3, []string{"(x + y)*(x - 1)", "(x + y)*(x - 2)"}, []string{"y - 7", "x + y", "z"}, true},
	}
	for _, c := range cases {
		F := make([]*poly.Poly, len(c.F))
		for i, s := range c.F {
			F[i] = c.r.MustParse(s)
		}
		fs := make([]*poly.Poly, len(c.fs))
		for i, s := range c.fs {
			fs[i] = c.r.MustParse(s)
		}
		got, err := SaturateAll(ctx, F, fs, Limits{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if want := saturateInTurn(t, F, fs); !slices.EqualFunc(got, want, (*poly.Poly).Equal) {
			t.Errorf("%s: got %v, want %v", c.name, got, want)
		}
		if c.product {
			prod := c.r.One()
			for _, f := range fs {
				prod = new(poly.Poly).Mul(prod, f)
			}
			if want := rabinowitsch(t, c.r, F, prod); !slices.EqualFunc(got, want, (*poly.Poly).Equal) {
				t.Errorf("%s: got %v, Rabinowitsch %v", c.name, got, want)
			}
		}
	}
	for _, name := range []string{"grid_oneparam", "grid_twoparam", "grid_p1", "grid44_1"} {
		r, F, names := loadSystem(t, "../testdata/systems/"+name+".sys")
		var fs []*poly.Poly
		for i, v := range names {
			fs = append(fs, r.VarNamed(v))
			if i > 0 {
				fs = append(fs, r.MustParse(names[i-1]+" + "+v), r.MustParse(names[i-1]+" - "+v))
			}
		}
		got, err := SaturateAll(ctx, F, fs, Limits{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if want := saturateInTurn(t, F, fs); !slices.EqualFunc(got, want, (*poly.Poly).Equal) {
			t.Errorf("%s: got %d elements, want %d", name, len(got), len(want))
		}
	}
}

// TestIsNonZeroDivisor checks proofs that must hold and claims that must
// not be made: a zero divisor, an element of the ideal, a factor that is
// one, a constant, and a condition proved through its normal form.
func TestIsNonZeroDivisor(t *testing.T) {
	ctx := context.Background()
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	cases := []struct {
		F    []string
		f    string
		want bool
	}{
		{[]string{"x^2 - y", "y*z - 1"}, "x + z", true},
		{[]string{"x^2 - y", "y*z - 1"}, "3", true},
		{[]string{"x*y", "z - 1"}, "x", false},             // y * x = 0, y not in I
		{[]string{"x*y", "z - 1"}, "x + z - 1", false},     // the same x modulo I
		{[]string{"x*y", "z - 1"}, "x - 1", true},          // x - 1 avoids the lines x = 0 and y = 0
		{[]string{"x^2 - y", "y*z - 1"}, "x^2 - y", false}, // in I
		{[]string{"(x - 1)*(y - 2)", "z"}, "(x + 3)*(x - 1)", false},
		{[]string{"(x - 1)*(y - 2)", "z"}, "(x + 3)*(x + y)^2", true},
		{[]string{"x^3 - y^2", "z^2 - x"}, "x^3 + z - y^2 + 1", true}, // z + 1 modulo I
		// A principal ideal, by a gcd: f shares a prime factor with h or not.
		{[]string{"(x^2 + y^2 - 1)*(x - z)"}, "(x - z)*(y + 3)", false},
		{[]string{"(x^2 + y^2 - 1)*(x - z)"}, "x^2 + y^2 + 1", true},
		{[]string{"(x^2 + y^2 - 1)^2"}, "x^2 + y^2 - 1", false},
	}
	for _, c := range cases {
		F := make([]*poly.Poly, len(c.F))
		for i, s := range c.F {
			F[i] = r.MustParse(s)
		}
		G, err := Basis(ctx, F, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		f := r.MustParse(c.f)
		got, err := IsNonZeroDivisor(ctx, G, f, Limits{})
		if err != nil {
			t.Fatalf("%v, %s: %v", c.F, c.f, err)
		}
		if got != c.want {
			t.Errorf("%v, %s: got %v, want %v", c.F, c.f, got, c.want)
		}
		if got {
			// A proof must agree with the saturation.
			S, err := Saturate(ctx, G, f, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(S, G, (*poly.Poly).Equal) {
				t.Errorf("%v, %s: proved, but the saturation is %v", c.F, c.f, S)
			}
		}
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	G, err := Basis(ctx, []*poly.Poly{r.MustParse("x^2 - y"), r.MustParse("y*z - 1")}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := IsNonZeroDivisor(done, G, r.MustParse("x + z"), Limits{}); !IsLimit(err) {
		t.Errorf("done context: err = %v, want a *LimitError", err)
	}
}
