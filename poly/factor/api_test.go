package factor

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/families-project/families/poly"
)

func TestFactorEdgeCases(t *testing.T) {
	r := poly.MustRing(poly.Lex, "x", "y")
	ctx := context.Background()
	if _, err := Factor(ctx, r.ConstInt(0)); !errors.Is(err, ErrZero) {
		t.Errorf("zero: got %v, want ErrZero", err)
	}
	if _, err := Factor(ctx, new(poly.Poly)); !errors.Is(err, ErrZero) {
		t.Errorf("zero value: got %v, want ErrZero", err)
	}
	f, err := Factor(ctx, r.Const(big.NewRat(-3, 4)))
	if err != nil || len(f.Factors) != 0 || f.Const.Cmp(big.NewRat(-3, 4)) != 0 {
		t.Errorf("constant: got %v, %v", f, err)
	}
	// Rational coefficients and a negative leading coefficient.
	p := r.MustParse("-2/3*x^2 + 2/3*y^2")
	f, err = Factor(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.String(); got != "-2/3 * (x + y) * (x - y)" {
		t.Errorf("got %s", got)
	}
	if !product(f, r).Equal(p) {
		t.Errorf("product differs")
	}
	// Degree limit.
	big1 := r.MustParse("x^200*y^201 + 1")
	var de *DegreeError
	if _, err := Factor(ctx, big1); !errors.As(err, &de) || de.Degree != MaxDegree+1 || de.What != "total degree" {
		t.Errorf("degree limit: got %v", err)
	}
	if _, err := Factor(ctx, r.MustParse("x^300*y + 1")); !errors.As(err, &de) || de.What != "exponent" {
		t.Errorf("exponent limit: got %v", err)
	}
	// A univariate polynomial of high degree is fine.
	f, err = Factor(ctx, r.MustParse("x^300 - 1"))
	if err != nil || len(f.Factors) != 18 { // one cyclotomic factor per divisor of 300
		t.Errorf("x^300-1: %d factors, %v", len(f.Factors), err)
	}
	// Variables of the ring that do not occur keep their places.
	r3 := poly.MustRing(poly.Grevlex, "a", "b", "c")
	f, err = Factor(ctx, r3.MustParse("(c^2 - a^2)*(b + 1)"))
	if err != nil || f.String() != "-1 * (a + c) * (a - c) * (b + 1)" {
		t.Errorf("got %v, %v", f, err)
	}
}

func TestFactorContext(t *testing.T) {
	r := poly.MustRing(poly.Lex, "x")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// S_5: the recombination checks the context.
	p := r.MustParse(loadGolden(t)[3].src)
	if _, err := Factor(ctx, p); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
	// A deadline already in the past expires synchronously (a short
	// timeout would depend on the timer goroutine running in time).
	ctx, cancel = context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	rm := poly.MustRing(poly.Lex, "x", "y", "z")
	if _, err := Factor(ctx, rm.MustParse("(x^2*y + z)*(y^2*z + x + 1)")); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("got %v, want DeadlineExceeded", err)
	}
}

func TestGCD(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	cases := []struct{ a, b, want string }{
		{"0", "0", "0"},
		{"0", "-2*x + 4", "x - 2"},
		{"6*x^2 - 6", "4*x + 4", "x + 1"},
		{"x^2*y - x*y^2", "x^3 - x*y^2", "x^2 - x*y"},
		{"(x + y + z)^2*(x - 1)", "(x + y + z)*(x + 1)", "x + y + z"},
		{"1/2*x*y", "3*x^2", "x"},
		{"(x*y - z)^3*(y + 2)", "(x*y - z)^2*(y - 2)*z", "x^2*y^2 - 2*x*y*z + z^2"},
		{"x^2 + y^2", "x + y", "1"},
		{"5", "x", "1"},
	}
	for _, c := range cases {
		got := gcd(r.MustParse(c.a), r.MustParse(c.b))
		if got.String() != c.want {
			t.Errorf("gcd(%s, %s) = %s, want %s", c.a, c.b, got, c.want)
		}
	}
	// gcd(a*g, b*g) = g*gcd(a, b) on random inputs, with the careful
	// (trial-division) mode of the modular gcd cross-checked as well.
	rng := rand.New(rand.NewPCG(1, 2))
	all := []int{0, 1, 2}
	for i := 0; i < 60; i++ {
		g := randSparse(rng, r, all, 3, 4, 5)
		a := randSparse(rng, r, all, 3, 4, 5)
		b := randSparse(rng, r, all, 3, 4, 5)
		if g.IsZero() || a.IsZero() || b.IsZero() {
			continue
		}
		want := new(poly.Poly).Mul(g, gcd(a, b)).PrimitivePart()
		got := gcd(new(poly.Poly).Mul(a, g), new(poly.Poly).Mul(b, g))
		if !got.Equal(want) {
			t.Errorf("gcd(%s * g, %s * g) = %s, want %s", a, b, got, want)
		}
		ma, _ := multiInput(new(poly.Poly).Mul(a, g), all)
		mb, _ := multiInput(new(poly.Poly).Mul(b, g), all)
		p := bigPrime(3)
		h1 := pgcd(context.Background(), pfromM(ma, p), pfromM(mb, p), unionVars(ma, mb), p, true)
		h2 := pgcd(context.Background(), pfromM(ma, p), pfromM(mb, p), unionVars(ma, mb), p, false)
		if len(h1) != len(h2) || len(h1) > 0 && h1[0] != h2[0] {
			t.Errorf("careful and fast modular gcd differ on %s, %s", a, b)
		}
	}
}

func TestRationalRoots(t *testing.T) {
	r := poly.MustRing(poly.Lex, "t", "s")
	ctx := context.Background()
	cases := []struct {
		p    string
		want string
	}{
		{"t^2*(2*t - 3)^3*(t^2 + 1)*(t + 5)", "-5:1 0:2 3/2:3"},
		{"t^4 + 1", ""},
		{"6*t^3 - 11*t^2 + 6*t - 1", "1/3:1 1/2:1 1:1"},
		// Large end coefficients: the factorization path.
		{"(1000000007*t - 1000000009)*(t^2 - 2)*(t + 12345678901)", "-12345678901:1 1000000009/1000000007:1"},
		{"3", ""},
	}
	for _, c := range cases {
		roots, err := RationalRoots(ctx, r.MustParse(c.p))
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for i, x := range roots {
			if i > 0 {
				got += " "
			}
			got += x.Value.RatString() + ":" + big.NewInt(int64(x.Mult)).String()
		}
		if got != c.want {
			t.Errorf("RationalRoots(%s) = %q, want %q", c.p, got, c.want)
		}
	}
	if _, err := RationalRoots(ctx, r.MustParse("t*s - 1")); !errors.Is(err, ErrNotUnivariate) {
		t.Errorf("got %v, want ErrNotUnivariate", err)
	}
}

// TestWangFallbacks drives the imposed-leading-coefficient lifting directly,
// which the evaluation-point search only reaches when Wang's condition
// keeps failing.
func TestWangFallbacks(t *testing.T) {
	r := poly.MustRing(poly.Lex, "x", "y", "z")
	ctx := context.Background()
	for _, s := range []string{
		"((y + 1)*x^2 + z)*((y - 1)*x + y*z)",
		"(y*z*x^3 + y + z)*(y^2*x^2 + z^2)",
		"(6*y*x^2 + 5*z)*(3*z*x - 2*y + 1)*(x + y + z)",
	} {
		p := r.MustParse(s)
		m, _ := multiInput(p, []int{0, 1, 2})
		_, m = mprimitive(m)
		others := []int{1, 2}
		lcf := mlc(m, 0)
		ct, T, err := mfactorFull(ctx, lcf)
		if err != nil {
			t.Fatal(err)
		}
		var done bool
		for a := int64(2); a < 30 && !done; a++ {
			A := []*big.Int{big.NewInt(a), big.NewInt(a*a%7 + 3)}
			cfg, ok := wangTestPoint(m, 0, others, A, lcf, T, ct, false)
			if !ok {
				continue
			}
			if cfg.H, err = ufactorSqf(ctx, cfg.s); err != nil {
				t.Fatal(err)
			}
			res, ok, err := wangLiftImposed(ctx, m, 0, others, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				done = verifyProduct(m, res)
			}
		}
		if !done {
			t.Errorf("imposed lifting never succeeded on %s", s)
		}
	}
}

func TestCoprimePart(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	cases := []struct{ g, f, want string }{
		{"x^2*(x + y)^3*(y + 1)", "x*(x + y)", "y + 1"},
		{"x^2*(x + y)^3*(y + 1)", "x*z", "x^3*y + 3*x^2*y^2 + 3*x*y^3 + y^4 + x^3 + 3*x^2*y + 3*x*y^2 + y^3"},
		{"6*(x - y)^2", "3", "x^2 - 2*x*y + y^2"},
		{"x*y + 1", "x", "x*y + 1"},
		{"(x*y - z)^3*z^2", "(x*y - z)*(y + 2)*z", "1"},
		{"(x^2 + y^2)*(z - 1)", "(x + y)*(x - y)", "x^2*z + y^2*z - x^2 - y^2"},
		{"0", "x", "0"},
		{"x + 1", "0", "1"},
	}
	for _, c := range cases {
		got, err := CoprimePart(context.Background(), r.MustParse(c.g), r.MustParse(c.f))
		if err != nil {
			t.Errorf("CoprimePart(%s, %s): %v", c.g, c.f, err)
			continue
		}
		if got.String() != c.want {
			t.Errorf("CoprimePart(%s, %s) = %s, want %s", c.g, c.f, got, c.want)
		}
	}
	// On random inputs: CoprimePart(a^2*b*c, b*d) has no factor in common
	// with b*d and divides a^2*b*c; with a, c coprime to b*d it is a^2*c.
	rng := rand.New(rand.NewPCG(3, 4))
	all := []int{0, 1, 2}
	checked := 0
	for i := 0; i < 40; i++ {
		a := randSparse(rng, r, all, 3, 3, 4)
		b := randSparse(rng, r, all, 3, 3, 4)
		c := randSparse(rng, r, all, 3, 3, 4)
		d := randSparse(rng, r, all, 3, 3, 4)
		if a.IsConst() || b.IsConst() || c.IsConst() || d.IsConst() {
			continue
		}
		bd := new(poly.Poly).Mul(b, d)
		if !gcd(a, bd).IsConst() || !gcd(c, bd).IsConst() {
			continue
		}
		g := new(poly.Poly).Mul(new(poly.Poly).Mul(a, a), new(poly.Poly).Mul(b, c))
		got, err := CoprimePart(context.Background(), g, bd)
		if err != nil {
			t.Fatal(err)
		}
		want := positiveLead(new(poly.Poly).Mul(new(poly.Poly).Mul(a, a), c).PrimitivePart())
		if !got.Equal(want) {
			t.Errorf("CoprimePart(a^2*b*c, b*d) = %s, want %s", got, want)
		}
		checked++
	}
	if checked < 20 {
		t.Errorf("only %d random cases checked", checked)
	}
}

func TestGCDContextStops(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	a := r.MustParse("(x*y - z)^3*(y + 2)*(x + z + 1)")
	b := r.MustParse("(x*y - z)^2*(y - 2)*z*(x + z + 1)")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := GCDContext(ctx, a, b); !errors.Is(err, context.Canceled) {
		t.Errorf("GCDContext with a canceled context: %v, want context.Canceled", err)
	}
	if _, err := CoprimePart(ctx, a, b); !errors.Is(err, context.Canceled) {
		t.Errorf("CoprimePart with a canceled context: %v, want context.Canceled", err)
	}
	g, err := GCDContext(context.Background(), a, b)
	if err != nil || g.String() != r.MustParse("(x*y - z)^2*(x + z + 1)").String() {
		t.Errorf("GCDContext = %v, %v", g, err)
	}
}

func TestShiftCapped(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y")
	f, err := multiInput(r.MustParse("x^3*y^2 + y"), []int{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	two := big.NewInt(2)
	full := mshift(f, 0, two) // (x+2)^3 y^2 + y: 5 terms
	if len(full) != 5 {
		t.Fatalf("shift has %d terms, want 5", len(full))
	}
	for _, c := range []struct{ limit, terms int }{{0, 5}, {5, 5}, {4, -1}, {1, -1}} {
		g, ok := mshiftCapped(f, 0, two, c.limit)
		switch {
		case c.terms < 0 && ok:
			t.Errorf("limit %d: %d terms, want a refusal", c.limit, len(g))
		case c.terms >= 0 && (!ok || !mequal(g, full)):
			t.Errorf("limit %d: ok %v, %d terms, want the full shift", c.limit, ok, len(g))
		}
	}
}

// gcd is GCDContext without a deadline, failing loudly.
func gcd(a, b *poly.Poly) *poly.Poly {
	g, err := GCDContext(context.Background(), a, b)
	if err != nil {
		panic(err)
	}
	return g
}

// product multiplies a factorization out (Const times the powers) in ring
// r, the invariant every factorization must meet.
func product(f Factorization, r *poly.Ring) *poly.Poly {
	p := r.Const(f.Const)
	for _, g := range f.Factors {
		p = new(poly.Poly).Mul(p, new(poly.Poly).Pow(g.Poly, g.Mult))
	}
	return p
}
