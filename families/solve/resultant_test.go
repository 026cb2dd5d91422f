package solve

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/families-project/families/poly"
)

// TestResultantSplit checks the split of a case that neither factors nor
// has a linear element: x^2 + y^2 - 2z^2 and x^2 + 2y^2 - 3z^2 have the
// resultant (z^2 - y^2)^2 in x, so the case splits on y - z and y + z, and
// the cases together hold the four lines x = ±z, y = ±z that Solve finds
// for the whole system. A factor that is a condition is dropped, and a
// resultant that does not split gives no split.
func TestResultantSplit(t *testing.T) {
	ps, c := splitFixture(t)
	ctx := c.ctx
	F := ps("x^2 + y^2 - 2*z^2", "x^2 + 2*y^2 - 3*z^2")
	nonzero := ps("x", "y", "z")
	qs, _, err := c.resultantSplit(F, nonzero)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := monicStrings(qs), monicStrings(ps("y - z", "y + z")); !slices.Equal(got, want) {
		t.Fatalf("split factors %v, want %v", got, want)
	}
	res, err := c.factorCases(F, nonzero, qs)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := Solve(ctx, F, nonzero, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Components) != 4 || len(whole.Components) != 4 {
		t.Fatalf("%d components from the split, %d from Solve; want 4 lines", len(res.Components), len(whole.Components))
	}
	for _, comp := range res.Components {
		if comp.Dimension != 1 || comp.Family == nil || comp.Family.Kind != Rational {
			t.Fatalf("component of dimension %d, family %v; want a rational line", comp.Dimension, comp.Family)
		}
		if err := verifyFamily(ctx, comp.Family, nil, F, nonzero); err != nil {
			t.Fatal(err)
		}
	}

	// y - z a condition: only y + z is left, linear, and still splits.
	qs, _, err = c.resultantSplit(F, ps("x", "y", "z", "y - z"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := monicStrings(qs), monicStrings(ps("y + z")); !slices.Equal(got, want) {
		t.Fatalf("with y - z nonzero: split factors %v, want %v", got, want)
	}

	// A factor that is an equation of the case vanishes on all of it: no
	// split, rather than one that drops it.
	R := ps("(y^2 - z^2)^2")[0]
	var eqs poly.Set
	eqs.Add(ps("y - z")[0].Monic())
	if qs, err := c.newResultantFactors(ctx, R, &poly.Set{}, map[int]bool{}, &eqs); err != nil || qs != nil {
		t.Fatalf("factors %v (err %v) of a resultant with an equation y - z as factor, want none", monicStrings(qs), err)
	}

	// x^2 + y^2 - 2 and x^3 - y^3 + 3 have an irreducible resultant in
	// either number: no split.
	qs, _, err = c.resultantSplit(ps("x^2 + y^2 - 2", "x^3 - y^3 + 3"), nonzero)
	if err != nil {
		t.Fatal(err)
	}
	if qs != nil {
		t.Fatalf("split factors %v of an irreducible resultant", monicStrings(qs))
	}
}

// splitFixture returns a parser of polynomials in x, y, z and a caser
// for the split tests.
func splitFixture(t *testing.T) (func(...string) []*poly.Poly, *caser) {
	r, err := poly.NewRing([]string{"x", "y", "z"}, poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	ps := func(ss ...string) []*poly.Poly { return parseAll(r, ss...) }
	return ps, &caser{ctx: context.Background(), opt: Options{MaxCases: 100}}
}

func monicStrings(ps []*poly.Poly) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Monic().String())
	}
	slices.Sort(out)
	return out
}

// TestDropEquationMultiples checks the rewrite of an equation a x + b
// whose coefficient a has an equation of the case as a factor into b
// (the same ideal), the removal of one that becomes zero, and that other
// equations are left alone.
func TestDropEquationMultiples(t *testing.T) {
	r, err := poly.NewRing([]string{"x", "y", "z", "t"}, poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	ps := func(ss ...string) []*poly.Poly { return parseAll(r, ss...) }
	c := &caser{ctx: context.Background()}
	for _, tc := range []struct {
		in, want []string
		changed  bool
	}{
		{[]string{"x^2 + y^2 - 2", "(x^2 + y^2 - 2)*z*t + y^3 - 1"}, []string{"x^2 + y^2 - 2", "y^3 - 1"}, true},
		// z goes first, leaving the multiple (x^2 + y^2 - 2) t, whose t a
		// second rewrite removes.
		{[]string{"x^2 + y^2 - 2", "(x^2 + y^2 - 2)*(z + 1)*t"}, []string{"x^2 + y^2 - 2", "(x^2 + y^2 - 2)*t"}, true},
		{[]string{"x^2 + y^2 - 2", "(x^2 + y^2 - 2)*t"}, []string{"x^2 + y^2 - 2"}, true},
		{[]string{"x^2 + y^2 - 2", "(x^2 + y^2 - 3)*t + y^3 - 1"}, []string{"x^2 + y^2 - 2", "(x^2 + y^2 - 3)*t + y^3 - 1"}, false},
		{[]string{"x^2 + y^2 - 2", "x*t^2 + y"}, []string{"x^2 + y^2 - 2", "x*t^2 + y"}, false},
	} {
		got, changed, err := c.dropEquationMultiples(ps(tc.in...))
		if err != nil {
			t.Fatal(err)
		}
		if changed != tc.changed || !slices.EqualFunc(got, ps(tc.want...), (*poly.Poly).Equal) {
			t.Errorf("%v: got %v (changed %v), want %v (changed %v)", tc.in, got, changed, tc.want, tc.changed)
		}
	}
}

// TestTriangularSplit checks the triangular split of a pair whose
// resultant does not factor into small pieces: f = x^2 y + y^2 z + z^2 x
// - 3 and g = x^2 + y^2 + z^2 - 4 (a curve). Its first case holds the first
// subresultant, of degree 1 in the pair's number; solved, the cases give
// the components that Solve gives for the whole system, each family
// verified against f and g.
func TestTriangularSplit(t *testing.T) {
	ps, c := splitFixture(t)
	ctx := c.ctx
	F := ps("x^2*y + y^2*z + z^2*x - 3", "x^2 + y^2 + z^2 - 4")
	nonzero := ps("x", "y", "z")
	qs, tri, err := c.resultantSplit(F, nonzero)
	if err != nil {
		t.Fatal(err)
	}
	if qs != nil || len(tri) < 2 {
		t.Fatalf("split factors %v and %d triangular cases, want only triangular ones", monicStrings(qs), len(tri))
	}
	first := tri[0].F
	if len(first) != 2 || !slices.ContainsFunc(first[1].Vars(), func(v int) bool { return first[1].Degree(v) == 1 }) {
		t.Fatalf("first case %v: want the resultant and a subresultant linear in a number", first)
	}
	res, err := c.solveCases(tri)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := Solve(ctx, F, nonzero, Options{})
	if err != nil {
		t.Fatal(err)
	}
	shape := func(res *Result) []string {
		var out []string
		for _, comp := range res.Components {
			out = append(out, fmt.Sprintf("dim %d degree %d", comp.Dimension, comp.Degree))
		}
		slices.Sort(out)
		return out
	}
	if got, want := shape(res), shape(whole); !slices.Equal(got, want) {
		t.Fatalf("triangular cases give %v, Solve %v", got, want)
	}
	for _, comp := range res.Components {
		f := comp.Family
		switch {
		case f == nil:
			t.Fatalf("a component without a family: %+v", comp)
		case f.Kind == Rational:
			err = verifyFamily(ctx, f, nil, F, nonzero)
		case lifted(f):
			err = checkLifted(ctx, comp, F, nonzero)
		default:
			err = verifyFamily(ctx, f, comp.Basis, F, nonzero)
		}
		if err != nil {
			t.Fatalf("%v: %v", f.Parameters, err)
		}
	}
}
