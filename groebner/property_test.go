package groebner

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/families-project/families/poly"
)

// randomIdeal returns n polynomials in the variables of r with small
// coefficients and total degree at most deg.
func randomIdeal(rng *rand.Rand, r *poly.Ring, n, deg int) []*poly.Poly {
	var F []*poly.Poly
	for len(F) < n {
		terms := 2 + rng.IntN(4)
		c := make([]*big.Rat, terms)
		m := make([]poly.Monomial, terms)
		for i := range c {
			c[i] = big.NewRat(int64(rng.IntN(11)-5), int64(1+rng.IntN(2)))
			e := make([]int, r.NumVars())
			for d := rng.IntN(deg + 1); d > 0; d-- {
				e[rng.IntN(len(e))]++
			}
			m[i] = r.NewMonomial(e...)
		}
		if f := r.FromTerms(c, m); !f.IsZero() {
			F = append(F, f)
		}
	}
	return F
}

// sPoly returns the S-polynomial of f and g over Q.
func sPoly(f, g *poly.Poly) *poly.Poly {
	r := f.Ring()
	l := make(poly.Monomial, r.NumVars()+1).LCM(f.LeadMonomial(), g.LeadMonomial())
	mf := make(poly.Monomial, len(l)).Quo(l, f.LeadMonomial())
	mg := make(poly.Monomial, len(l)).Quo(l, g.LeadMonomial())
	a := new(poly.Poly).MulTerm(f, new(big.Rat).Inv(f.LeadCoef()), mf)
	b := new(poly.Poly).MulTerm(g, new(big.Rat).Inv(g.LeadCoef()), mg)
	return new(poly.Poly).Sub(a, b)
}

func TestRandomIdealProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	ctx := context.Background()
	lim := Limits{Timeout: time.Minute}
	dims := map[int]int{}
	defer func() { t.Logf("dimensions of the random ideals: %v", dims) }()
	for it := 0; it < 60; it++ {
		// Lex Buchberger on random dense systems swells quickly, so the
		// systems stay small: 2 or 3 variables, degree 2 or 3.
		nv := 2 + it%2
		names := []string{"x", "y", "z"}[:nv]
		r := poly.MustRing(poly.Grevlex, names...)
		F := randomIdeal(rng, r, nv-1+rng.IntN(2), 2+rng.IntN(2))
		G, err := Basis(ctx, F, lim)
		if err != nil {
			t.Fatal(err)
		}
		checkReducedBasis(t, F, G)
		d, _ := Dimension(G)
		dims[d]++

		// Normal form is idempotent and kills exactly the ideal.
		h := randomIdeal(rng, r, 1, 3)[0]
		nf := NormalForm(h, G)
		if !NormalForm(nf, G).Equal(nf) {
			t.Fatalf("normal form not idempotent on %v", h)
		}
		if !IsMember(new(poly.Poly).Sub(h, nf), G) {
			t.Fatal("h - NF(h) is not in the ideal")
		}
		if IsMember(h, G) != nf.IsZero() {
			t.Fatalf("IsMember(%v) = %v, but its normal form is %v", h, IsMember(h, G), nf)
		}

		// A basis in another order generates the same ideal: each basis
		// reduces to zero modulo the other. Lex goes through FGLM for
		// zero-dimensional ideals, as the command does; Buchberger directly
		// in lex is the slow path that FGLM exists to avoid.
		lr := poly.MustRing(poly.Lex, names...)
		FL := mustMove(t, F, lr)
		var GL []*poly.Poly
		if d, _ := Dimension(G); d == 0 {
			GL, err = FGLM(ctx, G, lr, lim)
		} else {
			GL, err = Basis(ctx, FL, lim)
		}
		if err != nil {
			t.Fatal(err)
		}
		checkReducedBasis(t, FL, GL)
		for _, g := range G {
			gl, _ := g.ToRing(lr)
			if !IsMember(gl, GL) {
				t.Fatalf("grevlex element %v is not in the lex ideal", g)
			}
		}
		for _, g := range GL {
			gg, _ := g.ToRing(r)
			if !IsMember(gg, G) {
				t.Fatalf("lex element %v is not in the grevlex ideal", g)
			}
		}
		// The reduced basis is unique: shuffling and scaling the input
		// does not change it.
		shuffled := make([]*poly.Poly, len(F))
		for i, j := range rng.Perm(len(F)) {
			shuffled[i] = new(poly.Poly).Scale(F[j], big.NewRat(int64(j+2), 3))
		}
		G2, err := Basis(ctx, append(shuffled, new(poly.Poly).Mul(F[0], F[len(F)-1])), lim)
		if err != nil {
			t.Fatal(err)
		}
		if len(G2) != len(G) {
			t.Fatalf("reduced basis not unique: %d vs %d elements", len(G2), len(G))
		}
		for i := range G {
			if !G[i].Equal(G2[i]) {
				t.Fatalf("reduced basis not unique: %v vs %v", G[i], G2[i])
			}
		}
	}
}

func TestEliminateAndSaturate(t *testing.T) {
	ctx := context.Background()
	r := poly.MustRing(poly.Grevlex, "t", "x", "y")
	// The twisted cubic x = t^2, y = t^3: eliminating t gives x^3 - y^2.
	F := []*poly.Poly{r.MustParse("x - t^2"), r.MustParse("y - t^3")}
	small, E, err := Eliminate(ctx, F, []string{"t"}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(E) != 1 || E[0].String() != "x^3 - y^2" || small.NumVars() != 2 {
		t.Fatalf("eliminate: %v", E)
	}
	// (x*y, x^2) : x^∞ = (1); (x*(y-1), y*(y-1)) : (y)^∞ = (y - 1).
	q := poly.MustRing(poly.Grevlex, "x", "y")
	S, err := Saturate(ctx, []*poly.Poly{q.MustParse("x*y"), q.MustParse("x^2")}, q.MustParse("x"), Limits{})
	if err != nil || len(S) != 1 || S[0].String() != "1" {
		t.Fatalf("saturate to unit: %v %v", S, err)
	}
	S, err = Saturate(ctx, []*poly.Poly{q.MustParse("x*y - x"), q.MustParse("y^2 - y")}, q.MustParse("y"), Limits{})
	if err != nil || len(S) != 1 || S[0].String() != "y - 1" {
		t.Fatalf("saturate: %v %v", S, err)
	}
}

func TestDimensionAndDegree(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	tests := []struct {
		basis  []string
		dim    int
		indep  int
		degree int // -1: not zero-dimensional
	}{
		{[]string{"x^2", "y^3", "z"}, 0, 0, 6},
		{[]string{"x*y", "z"}, 1, 1, -1},
		{[]string{"x"}, 2, 2, -1},
		{[]string{"1"}, -1, 0, 0},
		{[]string{"x - y", "y^2 - 1", "z^2 + 1"}, 0, 0, 4},
	}
	for _, tc := range tests {
		var G []*poly.Poly
		for _, s := range tc.basis {
			G = append(G, r.MustParse(s))
		}
		d, S := Dimension(G)
		if d != tc.dim || len(S) != tc.indep {
			t.Errorf("%v: dimension %d with %v, want %d", tc.basis, d, S, tc.dim)
		}
		deg, ok := Degree(G, 1000)
		if tc.degree >= 0 && (!ok || deg != tc.degree) || tc.degree < 0 && ok {
			t.Errorf("%v: degree %d ok=%v, want %d", tc.basis, deg, ok, tc.degree)
		}
	}
}

func TestLimits(t *testing.T) {
	_, F, _ := poly.ParseSystem(cyclic(7), poly.Grevlex)
	start := time.Now()
	_, err := Basis(context.Background(), F, Limits{Timeout: 200 * time.Millisecond})
	if !IsLimit(err) {
		t.Fatalf("cyclic-7 in 200ms: err = %v, want a limit error", err)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("time limit honoured only after %v", el)
	}
	_, err = Basis(context.Background(), F, Limits{MaxBasis: 5})
	if le, ok := err.(*LimitError); !ok || le.Limit != LimitBasisSize {
		t.Fatalf("basis limit: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err = Basis(ctx, F, Limits{}); !IsLimit(err) {
		t.Fatalf("canceled context: %v", err)
	}
}

// TestFGLMAgreesWithLexBuchberger compares the two routes to a lex basis
// on small zero-dimensional systems where Buchberger in lex is quick.
func TestFGLMAgreesWithLexBuchberger(t *testing.T) {
	ctx := context.Background()
	systems := [][]string{
		{"x^2 + y^2 - 5", "x*y - 2", "z^2 - x"},
		{"x^2 - 2", "y^2 - 3", "z - x*y"},
		{"x^3 - y", "y^2 - x*y + 1", "z^2 - x"},
		{"x + y + z - 6", "x*y + y*z + z*x - 11", "x*y*z - 6"},
	}
	for _, sys := range systems {
		r := poly.MustRing(poly.Grevlex, "x", "y", "z")
		lr := poly.MustRing(poly.Lex, "x", "y", "z")
		var F []*poly.Poly
		for _, s := range sys {
			F = append(F, r.MustParse(s))
		}
		G, err := Basis(ctx, F, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		GF, err := FGLM(ctx, G, lr, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		GL, err := Basis(ctx, mustMove(t, F, lr), Limits{Timeout: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		if len(GF) != len(GL) {
			t.Fatalf("%v: FGLM gives %d elements, lex Buchberger %d", sys, len(GF), len(GL))
		}
		for i := range GF {
			if !GF[i].Equal(GL[i]) {
				t.Fatalf("%v: FGLM %v vs lex Buchberger %v", sys, GF[i], GL[i])
			}
		}
	}
}
