package solve

import (
	"context"
	"errors"
	"math/big"
	"testing"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// parseAll reads the polynomials ps in r.
func parseAll(r *poly.Ring, ps ...string) []*poly.Poly {
	out := make([]*poly.Poly, len(ps))
	for i, p := range ps {
		out[i] = r.MustParse(p)
	}
	return out
}

// checkFamilyAt evaluates the rational family f at a few parameter values
// and checks that every equation of F vanishes there and no condition of
// nonzero does: a test of the family independent of verifyFamily.
func checkFamilyAt(t *testing.T, f *Family, F, nonzero []*poly.Poly) {
	t.Helper()
	tried := 0
	for k := int64(2); k <= 5; k++ {
		params := make([]*big.Rat, len(f.Parameters))
		for i := range params {
			params[i] = big.NewRat(k+int64(3*i), int64(1+i))
		}
		vals, ok := f.Eval(params)
		if !ok {
			continue
		}
		tried++
		for _, p := range F {
			if v := p.Eval(vals); v.Sign() != 0 {
				t.Errorf("%s = %s at %v, want 0", p, v, vals)
			}
		}
		for _, h := range nonzero {
			if v := h.Eval(vals); v.Sign() == 0 {
				t.Errorf("condition %s vanishes at %v", h, vals)
			}
		}
	}
	if tried == 0 {
		t.Errorf("family %v: no parameter value tried", f.Parameters)
	}
}

// TestReduceLift: Reduce eliminates the numbers that the equations give
// linearly with a monomial coefficient in nonzero numbers, and Lift writes
// the free family of what remains in all numbers; an inconsistent system
// is found by the substitution alone.
func TestReduceLift(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	nonzero := parseAll(r, "x", "y", "z")
	// z = x + y and x = 2/y: one number is left, free.
	F := parseAll(r, "x + y - z", "x*y - 2")
	red, err := Reduce(context.Background(), F, nonzero)
	if err != nil {
		t.Fatal(err)
	}
	if red.Inconsistent || len(red.F) != 0 || red.Sub.NumVars() != 1 || len(red.Eliminated) != 2 || len(red.Pivots) != 2 {
		t.Fatalf("Reduce: inconsistent %v, %d equations left in %s, %d eliminated, %d pivots; want a consistent system of one free number",
			red.Inconsistent, len(red.F), red.Sub, len(red.Eliminated), len(red.Pivots))
	}
	res, ok, err := red.Lift(red.Free(), F, nonzero)
	if err != nil || !ok {
		t.Fatalf("Lift: ok %v, %v", ok, err)
	}
	if len(res.Components) != 1 || res.Components[0].Family == nil || res.Components[0].Dimension != 1 {
		t.Fatalf("Lift: %+v, want one family of dimension 1", res.Components)
	}
	f := res.Components[0].Family
	if len(f.Values) != 3 || f.Kind != Rational {
		t.Fatalf("lifted family: %d values, kind %v; want the 3 numbers, rational", len(f.Values), f.Kind)
	}
	checkFamilyAt(t, f, F, nonzero)

	// x = y, then x + y = 2y = 0 with y nonzero: no solution.
	red, err = Reduce(context.Background(), parseAll(r, "x - y", "x + y"), nonzero)
	if err != nil {
		t.Fatal(err)
	}
	if !red.Inconsistent {
		t.Errorf("Reduce of x = y, x + y = 0 with x, y nonzero: consistent, %v left", red.F)
	}
}

// TestLiftWrapsErrInternal: a family that names a number the reduction
// does not have is a bug, reported with an error wrapping ErrInternal.
func TestLiftWrapsErrInternal(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y")
	F, nonzero := parseAll(r, "x - y"), parseAll(r, "x", "y")
	red, err := Reduce(context.Background(), F, nonzero)
	if err != nil {
		t.Fatal(err)
	}
	w := poly.MustRing(poly.Grevlex, "w")
	bad := &Result{Components: []*Component{{Dimension: 1, Family: &Family{Kind: Rational, Parameters: []string{"w"},
		Values: []*Value{{Name: "w", Parameter: true, Num: w.Var(0), Den: w.One()}}}}}}
	if _, _, err := red.Lift(bad, F, nonzero); !errors.Is(err, ErrInternal) {
		t.Errorf("Lift of a family in w: %v, want an error wrapping ErrInternal", err)
	}
}

// TestSolveCases: a system no monomial coefficient reduces, (x^2 + 1) y =
// x, is split on its coefficient: where x^2 + 1 != 0, y = x/(x^2 + 1) (a
// rational family); where x^2 + 1 = 0 the equation leaves x = 0, which
// contradicts it. Solve finds the same one curve.
func TestSolveCases(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y")
	F, nonzero := parseAll(r, "(x^2 + 1)*y - x"), parseAll(r, "x", "y")
	if red, err := Reduce(context.Background(), F, nonzero); err != nil || len(red.Eliminated) != 0 {
		t.Fatalf("Reduce: %v, %v; want nothing eliminated (the test needs a case split)", red, err)
	}
	res, err := SolveCases(context.Background(), F, nonzero, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Components) != 1 || res.Components[0].Family == nil || res.Components[0].Dimension != 1 {
		t.Fatalf("SolveCases: %+v, want one family of dimension 1", res.Components)
	}
	f := res.Components[0].Family
	if f.Kind != Rational || len(f.Parameters) != 1 || f.Parameters[0] != "x" || f.Polynomial {
		t.Errorf("family in %v, kind %v, polynomial %v; want rational in x, with a denominator", f.Parameters, f.Kind, f.Polynomial)
	}
	checkFamilyAt(t, f, F, nonzero)
	full, err := Solve(context.Background(), F, nonzero, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(full.Components) != 1 || full.Components[0].Dimension != 1 {
		t.Errorf("Solve: %d components, want the one curve", len(full.Components))
	}

	// (x^2 + 1) y - x is irreducible and prime to x^2 + 1, a nonzero
	// divisor modulo it, so the case x^2 + 1 = 0 is skipped: one case in
	// all. With a
	// second equation, (z^2 + 2) w = y, the substitution of y within the
	// cases (solveCases, which SolveCases runs after its own substitutions)
	// leaves a case of its own, and a limit of one case stops it with a
	// LimitError of kind LimitCases.
	r4 := poly.MustRing(poly.Grevlex, "x", "y", "z", "w")
	F4, nonzero4 := parseAll(r4, "(x^2 + 1)*y - x", "(z^2 + 2)*w - y"), parseAll(r4, "x", "y", "z", "w")
	if _, err := SolveCases(context.Background(), F, nonzero, Options{MaxCases: 1}); err != nil {
		t.Errorf("SolveCases of one case with MaxCases 1: %v", err)
	}
	_, err = solveCases(context.Background(), F4, nonzero4, nil, Options{MaxCases: 1})
	var le *groebner.LimitError
	if !errors.As(err, &le) || le.Limit != LimitCases {
		t.Errorf("SolveCases with MaxCases 1: %v, want a %q limit", err, LimitCases)
	}
}

// TestLiftAlgebraic: with z = x + y eliminated, x^2 = y^3 + 1 is a curve
// without rational parametrization, solved as an algebraic family (by the
// hypersurface case in SolveCases, by Solve after Reduce) and lifted with z
// written in the numbers. A component whose basis is another curve does
// not solve the original equations: Lift reports that as ErrInternal.
func TestLiftAlgebraic(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "z")
	F, nonzero := parseAll(r, "z - x - y", "x^2 - y^3 - 1"), parseAll(r, "x", "y", "z")
	checkZ := func(what string, res *Result) {
		t.Helper()
		if len(res.Components) != 1 || res.Components[0].Family == nil || res.Components[0].Dimension != 1 {
			t.Fatalf("%s: %+v, want one family of dimension 1", what, res.Components)
		}
		f := res.Components[0].Family
		if f.Kind != Algebraic || len(f.Values) != 3 {
			t.Fatalf("%s: family of kind %v with %d values, want algebraic in x, y, z", what, f.Kind, len(f.Values))
		}
		if z := f.Values[2]; z.Name != "z" || !z.InNumbers || z.Num.String() != "x + y" || !z.Den.IsConst() {
			t.Errorf("%s: z = (%v)/(%v) (in numbers %v), want x + y", what, z.Num, z.Den, z.InNumbers)
		}
		if b := res.Components[0].Basis; len(b) != 1 || b[0].String() != "y^3 - x^2 + 1" {
			t.Errorf("%s: basis %v, want [y^3 - x^2 + 1] in x, y", what, b)
		}
	}
	res, err := SolveCases(context.Background(), F, nonzero, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkZ("SolveCases", res)
	red, err := Reduce(context.Background(), F, nonzero)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := Solve(context.Background(), red.F, red.Nonzero, Options{})
	if err != nil {
		t.Fatal(err)
	}
	lifted, ok, err := red.Lift(sub, F, nonzero)
	if err != nil || !ok {
		t.Fatalf("Lift: ok %v, %v", ok, err)
	}
	checkZ("Solve and Lift", lifted)

	sub.Components[0].Basis = parseAll(red.Sub, "y^3 - x^2 + 2")
	if _, _, err := red.Lift(sub, F, nonzero); !errors.Is(err, ErrInternal) {
		t.Errorf("Lift of a component on another curve: %v, want an error wrapping ErrInternal", err)
	}

	// The tests' check of a lifted algebraic family (checkLifted): the
	// family passes, a wrong value or a vanishing condition does not.
	c := res.Components[0]
	if err := checkLifted(context.Background(), c, F, nonzero); err != nil {
		t.Errorf("checkLifted of the family: %v", err)
	}
	z := c.Family.Values[2]
	good := z.Num
	z.Num = r.MustParse("x + y + 1")
	if err := checkLifted(context.Background(), c, F, nonzero); !errors.Is(err, ErrInternal) {
		t.Errorf("checkLifted with z = x + y + 1: %v, want an error wrapping ErrInternal", err)
	}
	z.Num = good
	if err := checkLifted(context.Background(), c, F, append(nonzero, r.MustParse("z - x - y"))); !errors.Is(err, ErrInternal) {
		t.Errorf("checkLifted with the condition z - x - y: %v, want an error wrapping ErrInternal", err)
	}
}

// TestPickPivot: the pivot is the number whose substitution makes the other
// equations grow least. In u y = v, v has the lowest coefficient degree
// and the shortest formula (the order before), but it is in three other
// equations; y (coefficient u, formula v) is in one, so y goes first. x,
// free of coefficients, would put five terms into three equations.
func TestPickPivot(t *testing.T) {
	r := poly.MustRing(poly.Grevlex, "x", "y", "u", "v", "a", "b", "c", "d", "e")
	eqs := parseAll(r, "x - a - b - c - d - e", "u*y - v", "x*u^2 + v^2 + a^2", "x*v^2 + u^2 + b^2",
		"x*a^2*b^2 + y*c^2 + u^2*v^2 + d^2 + e^2")
	nzVar := make([]bool, r.NumVars())
	for i := range nzVar {
		nzVar[i] = true
	}
	if i, x := pickPivot(eqs, nzVar); i != 1 || x != 1 {
		t.Errorf("pickPivot: equation %d, number %s; want equation 1, y", i, r.VarName(x))
	}
}
