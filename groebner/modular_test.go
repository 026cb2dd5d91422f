package groebner

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/families-project/families/poly"
)

func TestHilbertNumerator(t *testing.T) {
	tests := []struct {
		name string
		gens [][]uint16
		want []int64
	}{
		{"zero ideal", nil, []int64{1}},
		{"unit ideal", [][]uint16{{0, 0}}, []int64{0}},
		{"x^2, y^3", [][]uint16{{2, 0}, {0, 3}}, []int64{1, 0, -1, -1, 0, 1}}, // (1-t^2)(1-t^3)
		{"xy", [][]uint16{{1, 1}}, []int64{1, 0, -1}},
		{"x^2, xy", [][]uint16{{2, 0}, {1, 1}}, []int64{1, 0, -2, 1}},
		{"x^2, xy, y^2", [][]uint16{{2, 0}, {1, 1}, {0, 2}}, []int64{1, 0, -3, 2}},
		{"redundant xy^2", [][]uint16{{1, 1}, {1, 2}}, []int64{1, 0, -1}},
		{"xy, yz, zx", [][]uint16{{1, 1, 0}, {0, 1, 1}, {1, 0, 1}}, []int64{1, 0, -3, 2}},
	}
	for _, tc := range tests {
		got, ok := hilbertNumerator(tc.gens, 1000)
		if !ok || !slices.Equal(got, tc.want) {
			t.Errorf("%s: numerator %v (ok=%v), want %v", tc.name, got, ok, tc.want)
		}
	}
	if _, ok := hilbertNumerator([][]uint16{{2, 1, 0}, {0, 2, 1}, {1, 0, 2}}, 1); ok {
		t.Error("a budget of one step was not enforced")
	}
}

// TestModularBasisMatchesTrace runs the multi-modular method with its
// proof on systems the trace algorithm handles too, in grevlex (through the
// homogenization) and in lex and a block order (against the grevlex
// basis): the reduced bases must agree.
func TestModularBasisMatchesTrace(t *testing.T) {
	systems := map[string]string{"cyclic5": cyclic(5), "katsura4": katsura(4)}
	for name, sys := range systems {
		for _, ord := range []poly.Order{poly.Grevlex, poly.Lex, poly.Block(2), poly.Grlex} {
			r, F, err := poly.ParseSystem(sys, ord)
			if err != nil {
				t.Fatal(err)
			}
			want, err := Basis(context.Background(), F, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			l, cancel := newLimits(context.Background(), Limits{})
			ops := newMonoOps(r)
			G, ok, err := modularBasis(r, ops, &l, nonzeroSorted(r, F))
			cancel()
			if err != nil || !ok {
				t.Fatalf("%s %v: modular basis ok=%v err=%v", name, ord, ok, err)
			}
			got := newEngine(r, ops, nil).output(G)
			if !slices.EqualFunc(got, want, (*poly.Poly).Equal) {
				t.Errorf("%s %v: modular basis differs from the trace algorithm's", name, ord)
			}
		}
	}
}

// TestNonZeroDivisor checks the Hilbert-series proof both ways: it proves
// what holds and never what does not.
func TestNonZeroDivisor(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	tests := []struct {
		basis []string
		v     int
		nzd   bool
	}{
		{[]string{"y^2 - 1"}, 0, true},
		{[]string{"x*y"}, 0, false},
		{[]string{"x*y - x", "y^2 - y"}, 1, false}, // y*(x) in I, x not
		{[]string{"x*y - 1"}, 0, true},
		{[]string{"x^2 - z", "y - 1"}, 2, true},
		{[]string{"x^2", "x*z"}, 2, false},
	}
	for _, tc := range tests {
		var F []*poly.Poly
		for _, s := range tc.basis {
			F = append(F, r.MustParse(s))
		}
		G, err := Basis(context.Background(), F, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		l, cancel := newLimits(context.Background(), Limits{})
		got, err := nonZeroDivisor(r, G, tc.v, &l)
		cancel()
		if err != nil || got != tc.nzd {
			t.Errorf("%v, variable %s: nonzero divisor %v (err %v), want %v", tc.basis, r.VarName(tc.v), got, err, tc.nzd)
		}
	}
}

// TestSaturateMatchesRabinowitsch compares Saturate with the textbook
// route, eliminating t from I + <t*f - 1>, on the grid systems for
// monomial and other f.
func TestSaturateMatchesRabinowitsch(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"grid_oneparam", "grid_twoparam", "grid_p1", "grid_allzero"} {
		r, F, nonzero := loadSystem(t, "../testdata/systems/"+name+".sys")
		fs := []*poly.Poly{r.VarNamed(nonzero[0]), r.MustParse(nonzero[1] + " + " + nonzero[2]), r.MustParse(nonzero[0] + "*" + nonzero[3])}
		for _, f := range fs {
			got, err := Saturate(ctx, F, f, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			want := rabinowitsch(t, r, F, f)
			if !slices.EqualFunc(got, want, (*poly.Poly).Equal) {
				t.Errorf("%s : (%v)^∞: got %v, want %v", name, f, got, want)
			}
		}
	}
}

// TestSaturatePrincipal checks the gcd route of Saturate for one
// generator (any order, f a product, a power or coprime) against the
// textbook route.
func TestSaturatePrincipal(t *testing.T) {
	ctx := context.Background()
	for _, order := range []poly.Order{poly.Grevlex, poly.Lex} {
		r := poly.MustRing(order, "x", "y", "z")
		cases := []struct{ g, f string }{
			{"x^2*(x + y)^3*(y*z + 1)", "x*(x + y)"},
			{"(x*y - z)^2*(z - 1)", "x*y - z"},
			{"x^2 + y^2 - z^2", "x + y"},
			{"(x - 1)*(y - 2)*(z - 3)", "(x - 1)^3*(z - 3)"},
		}
		for _, c := range cases {
			F := []*poly.Poly{r.MustParse(c.g)}
			f := r.MustParse(c.f)
			got, err := Saturate(ctx, F, f, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			want := rabinowitsch(t, r, F, f)
			if !slices.EqualFunc(got, want, (*poly.Poly).Equal) {
				t.Errorf("%v: <%s> : (%s)^∞: got %v, want %v", order, c.g, c.f, got, want)
			}
		}
	}
}

func rabinowitsch(t *testing.T, r *poly.Ring, F []*poly.Poly, f *poly.Poly) []*poly.Poly {
	t.Helper()
	big := poly.MustRing(poly.Grevlex, append([]string{"t_rab"}, r.Vars()...)...)
	moved := mustMove(t, append(slices.Clone(F), f), big)
	ft := moved[len(moved)-1]
	moved[len(moved)-1] = new(poly.Poly).Sub(new(poly.Poly).Mul(big.Var(0), ft), big.One())
	_, E, err := Eliminate(context.Background(), moved, []string{"t_rab"}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	G, err := Basis(context.Background(), mustMove(t, E, r), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return G
}

// TestEliminateZeroDimMatchesBlock compares the zero-dimensional fast
// path of Eliminate with the basis in the block order.
func TestEliminateZeroDimMatchesBlock(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		sys  string
		elim []string
	}{{katsura(4), []string{"u1", "u2", "u3"}}, {cyclic(5), []string{"x0", "x1", "x2"}}, {katsura(4), []string{"u0"}}} {
		_, F, err := poly.ParseSystem(tc.sys, poly.Grevlex)
		if err != nil {
			t.Fatal(err)
		}
		small, E, err := Eliminate(ctx, F, tc.elim, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		var rest []string
		for _, v := range F[0].Ring().Vars() {
			if !slices.Contains(tc.elim, v) {
				rest = append(rest, v)
			}
		}
		big := poly.MustRing(poly.Block(len(tc.elim)), append(slices.Clone(tc.elim), rest...)...)
		if _, ok, err := eliminateFast(ctx, big, small, mustMove(t, F, big), Limits{}); !ok || err != nil {
			t.Fatalf("eliminate %v: the fast path gave up (err %v)", tc.elim, err)
		}
		B, err := Basis(ctx, mustMove(t, F, big), Limits{})
		if err != nil {
			t.Fatal(err)
		}
		var want []*poly.Poly
		for _, b := range B {
			if h, err := b.ToRing(small); err == nil {
				want = append(want, h)
			}
		}
		if !slices.EqualFunc(E, want, (*poly.Poly).Equal) {
			t.Errorf("eliminate %v: fast path %v, block order %v", tc.elim, E, want)
		}
	}
}

func TestIndependentModP(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y")
	G, err := Basis(context.Background(), []*poly.Poly{r.MustParse("x^2 - y"), r.MustParse("y^2 - 2")}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	ry := poly.MustRing(poly.Grevlex, "y")
	// 1, y, y^2 are dependent modulo I (y^2 = 2); 1, y are not.
	for _, tc := range []struct {
		exps []int
		full bool
	}{{[]int{0, 1}, true}, {[]int{0, 1, 2}, false}} {
		var S []poly.Monomial
		for _, e := range tc.exps {
			S = append(S, ry.NewMonomial(e))
		}
		full, suits, err := independentModP(r, G, ry, S, fglmPrime(0), nil)
		if err != nil || !suits || full != tc.full {
			t.Errorf("monomials y^%v: independent %v (suits %v), want %v", tc.exps, full, suits, tc.full)
		}
	}
}

// TestExactPathsHonourLimits: the multi-modular basis, Eliminate and
// Saturate stop with a *LimitError at a deadline that has passed and at a
// coefficient bound below their results'.
func TestExactPathsHonourLimits(t *testing.T) {
	ctx := context.Background()
	_, R, _ := loadSystem(t, "../testdata/systems/reimer5.sys")
	_, K, _ := loadSystem(t, "../testdata/systems/katsura5.sys")
	r, S, nonzero := loadSystem(t, "../testdata/systems/grid44_2.sys")
	prod := r.One()
	for _, v := range nonzero {
		prod = new(poly.Poly).Mul(prod, r.MustParse(v))
	}
	for _, lim := range []Limits{{Timeout: time.Nanosecond}, {MaxCoeffBits: 40}} {
		if _, err := Basis(ctx, R, lim); !IsLimit(err) {
			t.Errorf("reimer-5 under %+v: %v, want a limit error", lim, err)
		}
		if _, _, err := Eliminate(ctx, K, []string{"u1", "u2", "u3", "u4"}, lim); !IsLimit(err) {
			t.Errorf("katsura-5 elimination under %+v: %v, want a limit error", lim, err)
		}
	}
	if _, err := Saturate(ctx, S, prod, Limits{Timeout: time.Nanosecond}); !IsLimit(err) {
		t.Errorf("grid44_2 saturation under a passed deadline: %v, want a limit error", err)
	}
}

// TestKnownBasis: a reduced basis passed back to Basis comes back equal,
// as copies that changes on the caller's side cannot reach.
func TestKnownBasis(t *testing.T) {
	F, G := systemBasis(t, katsura(3))
	if knownBasis(G) == nil {
		t.Fatal("a basis just proved is not remembered")
	}
	want := make([]*poly.Poly, len(G))
	for i, g := range G {
		want[i] = g.Clone()
	}
	G2, err := Basis(context.Background(), G, Limits{})
	if err != nil || !slices.EqualFunc(G2, want, (*poly.Poly).Equal) {
		t.Fatalf("basis of a basis: %v (err %v)", G2, err)
	}
	G2[0].Mul(G2[0], G2[0]) // the caller's copy changes
	if got := knownBasis(want); got == nil || !got[0].Equal(want[0]) {
		t.Fatal("a caller's change reached the remembered basis")
	}
	if knownBasis(F) != nil {
		t.Fatal("the generators of katsura-3 taken for a reduced basis")
	}
}

// TestSwellCause checks that a replay context cancelled with errSwell
// reports errSwell, which sends the trace to the multi-modular method,
// while other cancellations stay limit errors of the caller.
func TestSwellCause(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cause error
		swell bool
	}{
		{"swell", errSwell, true},
		{"caller", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			cancel(tc.cause)
			l := limits{ctx: ctx}
			err := l.check()
			if got := errors.Is(err, errSwell); got != tc.swell {
				t.Fatalf("check() = %v, errSwell %v, want %v", err, got, tc.swell)
			}
			if !tc.swell && !IsLimit(err) {
				t.Fatalf("check() = %v, want a limit error", err)
			}
		})
	}
}

func TestHilbertExceeds(t *testing.T) {
	cases := []struct {
		num, want []int64
		n, k      int
		exceeds   bool
	}{
		{[]int64{1}, []int64{1, -1}, 2, 0, false},       // 1 against 1
		{[]int64{1}, []int64{1, -1}, 2, 1, true},        // k[x,y]: 2 against 1
		{[]int64{1, -1}, []int64{1}, 2, 3, false},       // 1 against 4
		{[]int64{1, 0, -1}, []int64{1, -1}, 3, 1, true}, // quadric: 3 against 2
		{[]int64{1, 0, -1}, []int64{1, 0, -1}, 3, 7, false},
	}
	for _, c := range cases {
		if got := hilbertExceeds(c.num, c.want, c.n, c.k); got != c.exceeds {
			t.Errorf("hilbertExceeds(%v, %v, n=%d, k=%d) = %v, want %v", c.num, c.want, c.n, c.k, got, c.exceeds)
		}
	}
}
