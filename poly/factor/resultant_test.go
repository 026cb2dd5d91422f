package factor

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/families-project/families/poly"
)

// TestResultant checks Resultant against values known in closed form and
// against its defining properties on random polynomials: Res(x - s, g) is
// g(s), Res(f, g) = (-1)^(mn) Res(g, f), Res(f1 f2, g) = Res(f1, g)
// Res(f2, g), and the resultant of two polynomials with a common factor
// vanishes.
func TestResultant(t *testing.T) {
	r := mustRing(t, "x", "y", "z")
	ctx := context.Background()
	p := parser(t, r)
	for _, tc := range []struct{ f, g, v, want string }{
		{"x^2 + y*x + z", "2*x + y", "x", "-y^2 + 4*z"}, // the discriminant, up to -lc
		{"x - y", "x^3 + z", "x", "y^3 + z"},
		{"y*x^2 - 1", "x^2 - z", "x", "y^2*z^2 - 2*y*z + 1"},
		{"x^2 + y^2 - 1", "x - y", "y", "2*x^2 - 1"},
		{"y^2 + 1", "x^3 - 2", "x", "y^6 + 3*y^4 + 3*y^2 + 1"}, // degree 0 in x: f^3
		{"1/2*x - y", "x^2 - 3", "x", "y^2 - 3/4"},
		{"x*y - 1", "x*z - 1", "x", "z - y"},
	} {
		v, _ := r.VarIndex(tc.v)
		got, err := Resultant(ctx, p(tc.f), p(tc.g), v)
		if err != nil {
			t.Fatalf("Res_%s(%s, %s): %v", tc.v, tc.f, tc.g, err)
		}
		if want := p(tc.want); !got.Equal(want) {
			t.Errorf("Res_%s(%s, %s) = %s, want %s", tc.v, tc.f, tc.g, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(7, 11))
	x := 0
	for range 20 {
		f1 := randomIn(rng, r, 2)
		f2 := randomIn(rng, r, 2)
		g := randomIn(rng, r, 3)
		m, n := f1.Degree(x)+f2.Degree(x), g.Degree(x)
		f := new(poly.Poly).Mul(f1, f2)
		fg := mustRes(t, f, g, x)
		gf := mustRes(t, g, f, x)
		if m*n%2 == 1 {
			gf.Neg(gf)
		}
		if !fg.Equal(gf) {
			t.Fatalf("Res(f, g) = %s but (-1)^(mn) Res(g, f) = %s for f = %s, g = %s", fg, gf, f, g)
		}
		prod := new(poly.Poly).Mul(mustRes(t, f1, g, x), mustRes(t, f2, g, x))
		if !fg.Equal(prod) {
			t.Fatalf("Res(f1 f2, g) = %s, Res(f1, g) Res(f2, g) = %s for f1 = %s, f2 = %s, g = %s", fg, prod, f1, f2, g)
		}
		if common := mustRes(t, f, new(poly.Poly).Mul(g, f2), x); !common.IsZero() && f2.Degree(x) > 0 {
			t.Fatalf("Res(f1 f2, g f2) = %s, want 0 for f2 = %s", common, f2)
		}
		s := randomIn(rng, r, 1).Subst(x, r.Zero())
		lin := new(poly.Poly).Sub(r.Var(x), s)
		if got, want := mustRes(t, lin, g, x), g.Subst(x, s); !got.Equal(want) {
			t.Fatalf("Res(x - s, g) = %s, want g(s) = %s for s = %s, g = %s", got, want, s, g)
		}
	}
}

// TestResultantTooLarge checks that exponents that could overflow the
// internal representation give ErrResultantTooLarge, not a wrong answer.
func TestResultantTooLarge(t *testing.T) {
	r := mustRing(t, "x", "y")
	f, _ := r.Parse("x^9 + y^100")
	g, _ := r.Parse("x^8 + y^100 + 1")
	if _, err := Resultant(context.Background(), f, g, 0); !errors.Is(err, ErrResultantTooLarge) {
		t.Fatalf("err = %v, want ErrResultantTooLarge", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f, _ = r.Parse("x^3 + y*x + 1")
	g, _ = r.Parse("x^2 + y^2")
	if _, err := Resultant(ctx, f, g, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("canceled: err = %v, want context.Canceled", err)
	}
}

func mustRing(t *testing.T, vars ...string) *poly.Ring {
	t.Helper()
	r, err := poly.NewRing(vars, poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustRes(t *testing.T, f, g *poly.Poly, v int) *poly.Poly {
	t.Helper()
	R, err := Resultant(context.Background(), f, g, v)
	if err != nil {
		t.Fatal(err)
	}
	return R
}

// randomIn returns a random polynomial of total degree at most d with
// small integer coefficients.
func randomIn(rng *rand.Rand, r *poly.Ring, d int) *poly.Poly {
	p := r.Zero()
	for range 4 {
		e := make([]int, r.NumVars())
		left := d
		for i := range e {
			e[i] = rng.IntN(left + 1)
			left -= e[i]
		}
		c := big.NewRat(int64(rng.IntN(7)-3), 1)
		p.Add(p, r.FromTerms([]*big.Rat{c}, []poly.Monomial{r.NewMonomial(e...)}))
	}
	return p
}

// TestSubresultant1 checks the first subresultant against its closed form
// for two quadratics (a2 b - b2 a, a linear combination that drops the
// quadratic terms), against the subresultant theorem (at a point where the
// resultant vanishes, S1 is the common linear factor up to a constant), and
// the rejection of degrees below 2.
func TestSubresultant1(t *testing.T) {
	r := mustRing(t, "x", "y", "z", "a2", "a1", "a0", "b2", "b1", "b0")
	ctx := context.Background()
	p := parser(t, r)
	x, _ := r.VarIndex("x")
	s1, s0, err := Subresultant1(ctx, p("a2*x^2 + a1*x + a0"), p("b2*x^2 + b1*x + b0"), x)
	if err != nil {
		t.Fatal(err)
	}
	if want := p("a2*b1 - a1*b2"); !s1.Equal(want) {
		t.Errorf("s1 = %s, want %s", s1, want)
	}
	if want := p("a2*b0 - a0*b2"); !s0.Equal(want) {
		t.Errorf("s0 = %s, want %s", s0, want)
	}
	// a and b share the root x = 1 exactly where y = 0 (degrees 3 and 2,
	// rational coefficients): there S1 is a multiple of x - 1.
	a, b := p("(x - 1)*(x^2 + z*x + 2) + y*x"), p("1/3*(x - 1)*(x + z + 5) + y^2")
	if s1, s0, err = Subresultant1(ctx, a, b, x); err != nil {
		t.Fatal(err)
	}
	y, _ := r.VarIndex("y")
	at0 := func(f *poly.Poly) *poly.Poly { return f.Subst(y, r.Zero()) }
	S1 := new(poly.Poly).Add(new(poly.Poly).Mul(at0(s1), r.Var(x)), at0(s0))
	if at0(s1).IsZero() {
		t.Fatalf("s1 vanishes at y = 0: %s", s1)
	}
	if q, rem := poly.DivMod(S1, []*poly.Poly{p("x - 1")}); !rem.IsZero() || !q[0].Equal(at0(s1)) {
		t.Errorf("S1 at y = 0 is %s, not a multiple of x - 1", S1)
	}
	res, err := Resultant(ctx, a, b, x)
	if err != nil {
		t.Fatal(err)
	}
	if !at0(res).IsZero() {
		t.Errorf("the resultant does not vanish at y = 0: %s", at0(res))
	}
	if _, _, err := Subresultant1(ctx, p("x^2 + y"), p("x - z"), x); err == nil {
		t.Error("a linear b: no error")
	}
}

// parser returns a function that parses a polynomial of r, failing t on
// bad input.
func parser(t *testing.T, r *poly.Ring) func(string) *poly.Poly {
	return func(s string) *poly.Poly {
		q, err := r.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
}
