package solve

import (
	"context"
	"errors"
	"testing"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// TestSplitCases: SolveCases decides by factoring, before any basis, the
// cases that a product of equations makes, and agrees with Solve's
// decomposition on them.
func TestSplitCases(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	const f1 = "x^2*y + y^2*z + z^2*x + 1" // irreducible, no number linear
	tests := []struct {
		name     string
		F        []string
		nonzero  []string
		wantDims []int // of the components, largest first
	}{
		{"multiple of another equation", []string{f1, "(" + f1 + ")*(x + y + z + 5)"}, []string{"x", "y", "z"}, []int{2}},
		{"repeated factor", []string{"(" + f1 + ")^2"}, []string{"x", "y", "z"}, []int{2}},
		{"every factor nonzero", []string{"(" + f1 + ")*(x + y)"}, []string{"x", "y", "z", f1, "x + y"}, nil},
		{"equation divides a condition", []string{f1}, []string{"x", "y", "(" + f1 + ")*(z + 1)"}, nil},
		{"two factors, two components", []string{"(" + f1 + ")*(x^2 + y^2 - z^2)"}, []string{"x", "y", "z"}, []int{2, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			F, nonzero := parseAll(r, tt.F...), parseAll(r, tt.nonzero...)
			res, err := SolveCases(context.Background(), F, nonzero, Options{})
			if err != nil {
				t.Fatal(err)
			}
			full, err := Solve(context.Background(), F, nonzero, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for name, got := range map[string]*Result{"SolveCases": res, "Solve": full} {
				var dims []int
				for _, c := range got.Components {
					dims = append(dims, c.Dimension)
				}
				if len(dims) != len(tt.wantDims) {
					t.Fatalf("%s: dimensions %v, want %v", name, dims, tt.wantDims)
				}
				for i := range dims {
					if dims[i] != tt.wantDims[i] {
						t.Fatalf("%s: dimensions %v, want %v", name, dims, tt.wantDims)
					}
				}
			}
		})
	}
}

// TestSplit: split drops the factors that are conditions, removes
// repeated equations, and names the shortest equation with several
// factors.
func TestSplit(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	c := &caser{ctx: context.Background()}
	F := parseAll(r, "(x*y + z + 1)*(x - y)*(x + 2)", "x^2 + y^2 + z^2 - 1", "(x*y*z + 3)*(y + 1)", "x^2 + y^2 + z^2 - 1")
	sp, err := c.split(F, parseAll(r, "x + 2", "y + 1"))
	if err != nil {
		t.Fatal(err)
	}
	if sp.empty || !sp.changed || len(sp.F) != 3 {
		t.Fatalf("split = %+v, want 3 equations, changed", sp)
	}
	if got := sp.F[2].String(); got != "x*y*z + 3" {
		t.Errorf("third equation %s, want x*y*z + 3 (the condition y + 1 dropped)", got)
	}
	if sp.at != 0 || len(sp.factors) != 2 {
		t.Errorf("split at %d on %v, want equation 0 on its two factors", sp.at, sp.factors)
	}
}

// TestFactorsOfRings: factorizations are remembered per ring, so that a
// case in a ring with the same names as another (Reduce makes one per
// substitution) gets factors of its own ring.
func TestFactorsOfRings(t *testing.T) {
	c := &caser{ctx: context.Background()}
	r1 := poly.MustRing(poly.Grevlex, "x", "y")
	r2 := poly.MustRing(poly.Grevlex, "x", "y")
	for _, r := range []*poly.Ring{r1, r2} {
		fz, err := c.factorsOf(r.MustParse("x^2 - y^2"))
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range fz.factors {
			if q.Ring() != r {
				t.Errorf("factor %s of another ring", q)
			}
		}
	}
}

// TestHypersurfaceUnknownFactors: a hypersurface whose factorization the
// factorizer refuses (here: total degree 401, above factor's limit) may be
// reducible, so it is not written as one algebraic family; the case
// reports a LimitFactorSize limit and the other strategy decides.
func TestHypersurfaceUnknownFactors(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y")
	h := r.MustParse("x^401 + x*y + y^2")
	c := &caser{ctx: context.Background(), bases: &sharedBases{m: map[string]*basisCall{}}}
	res, err := c.hypersurface(h, nil, []*poly.Poly{h})
	var le *groebner.LimitError
	if !errors.As(err, &le) || le.Limit != LimitFactorSize {
		t.Fatalf("hypersurface of an unfactored h: %v, %v; want a %q limit", res, err, LimitFactorSize)
	}
	// The same polynomial of a degree the factorizer takes is decided.
	h = r.MustParse("x^5 + x*y + y^2")
	if res, err := c.hypersurface(h, nil, []*poly.Poly{h}); err != nil || len(res.Components) != 1 {
		t.Fatalf("hypersurface of an irreducible h: %v, %v; want one component", res, err)
	}
}

// TestComponentsInside: a case q = 0 of a linear split is skipped only when
// q is proved a nonzero divisor modulo the basis. <xy, xz> is the plane
// x = 0 and the line y = z = 0: y vanishes on the line, x + y + 1 on
// neither. A principal ideal is decided by a gcd.
func TestComponentsInside(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	c := &caser{ctx: context.Background()}
	for _, tc := range []struct {
		G, qs  []string
		inside bool
	}{
		{[]string{"x*y", "x*z"}, []string{"y"}, true},
		{[]string{"x*y", "x*z"}, []string{"x + y + 1"}, false},
		{[]string{"x*y", "x*z"}, []string{"x + y + 1", "z"}, true},
		{[]string{"x^2 + y^2 - 1"}, []string{"x", "y - 2"}, false},
		{[]string{"(x - 1)*(y - 2)"}, []string{"y - 2"}, true},
		{[]string{"x^2 + y^2 - 1"}, nil, false},
	} {
		G, err := groebner.Basis(context.Background(), parseAll(r, tc.G...), groebner.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		inside, err := c.componentsInside(G, parseAll(r, tc.qs...))
		if err != nil || inside != tc.inside {
			t.Errorf("componentsInside(%v, %v) = %v, %v; want %v", tc.G, tc.qs, inside, err, tc.inside)
		}
	}
}
