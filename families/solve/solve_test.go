package solve_test

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/poly"
)

// solveOps solves a 3x3 setting with its default lines.
func solveOps(t *testing.T, ops string) (*grid.Setting, *grid.System, *solve.Result) {
	t.Helper()
	s := grid.MustParseOps(ops, grid.Size{Rows: 3, Cols: 3})
	sys, _, res := solveSetting(t, s)
	return s, sys, res
}

func solveSetting(t *testing.T, s *grid.Setting) (*grid.System, *grid.Setting, *solve.Result) {
	t.Helper()
	sys, err := s.System(0, grid.Precedence, poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	res, err := solve.Solve(context.Background(), sys.Polys(), sys.Nonzero, solve.Options{})
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return sys, s, res
}

func rats(xs ...int64) []*big.Rat {
	out := make([]*big.Rat, len(xs))
	for i, x := range xs {
		out[i] = big.NewRat(x, 1)
	}
	return out
}

// member evaluates a rational family where its parameters take the values
// of the grid vals (row-major), and reports whether it gives vals.
func member(f *solve.Family, r *poly.Ring, vals []*big.Rat) bool {
	var params []*big.Rat
	for _, p := range f.Parameters {
		i, _ := r.VarIndex(p)
		params = append(params, vals[i])
	}
	got, ok := f.Eval(params)
	if !ok {
		return false
	}
	for i := range got {
		if got[i].Cmp(vals[i]) != 0 {
			return false
		}
	}
	return true
}

func TestSeedGrids(t *testing.T) {
	tests := []struct {
		name, ops  string
		families   int
		dim        int
		kind       solve.Kind
		polynomial bool
		members    [][]*big.Rat // grids that must lie in the (first) family
		points     [][]*big.Rat // the rational solutions of a finite grid
	}{
		{name: "one parameter", ops: "+=|x-++-|+=|=====|/=", families: 1, dim: 1, kind: solve.Rational, polynomial: true,
			members: [][]*big.Rat{rats(5, 2, 7, 2, 3, 5, 10, 5, 2), rats(12, 2, 14, 2, 10, 12, 24, 12, 2)}},
		{name: "two parameters", ops: "-=|-xx/+|x=|=====|x=", families: 1, dim: 2, kind: solve.Rational,
			// Wolf's formula at b = 2, h = 3
			members: [][]*big.Rat{rats(18, 6, 12, 15, 4, 60, 3, 24, 72)}},
		{name: "P1", ops: "x=|+x//-|x=|=====|x=", families: 1, dim: 2, kind: solve.Rational, polynomial: true,
			members: [][]*big.Rat{rats(24, 8, 192, 24, 4, 96, 48, 2, 96)}}, // S1
		{name: "all lines zero", ops: "--|-----|-/|x-+--|+-",
			points: [][]*big.Rat{rats(12, 2, 10, 2, 4, 2, 6, 2, 8)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, sys, res := solveOps(t, tc.ops)
			fams := res.Families()
			if len(fams) != tc.families {
				t.Fatalf("%d families, want %d", len(fams), tc.families)
			}
			if tc.families > 0 {
				f := fams[0]
				if len(f.Parameters) != tc.dim || f.Kind != tc.kind || f.Polynomial != tc.polynomial {
					t.Errorf("family in %v, kind %s, polynomial %v; want %d parameters, %s, %v",
						f.Parameters, f.Kind, f.Polynomial, tc.dim, tc.kind, tc.polynomial)
				}
				for _, m := range tc.members {
					if !member(f, sys.Ring, m) {
						t.Errorf("%v is not a member of the family", m)
					}
					if chk, err := s.Check(m, 0, grid.Precedence); err != nil || !chk.OK {
						t.Errorf("member %v: %v %v", m, chk, err)
					}
				}
			}
			pts := res.Points()
			if len(pts) != len(tc.points) {
				t.Fatalf("%d solutions, want %d", len(pts), len(tc.points))
			}
			for i, p := range pts {
				if p.Class != solve.ClassRational || p.Degree != 1 {
					t.Errorf("solution %d: class %s degree %d", i, p.Class, p.Degree)
				}
				for j, x := range p.Numbers {
					if x.Rat.Cmp(tc.points[i][j]) != 0 {
						t.Errorf("solution %d: %s = %s, want %s", i, x.Name, x.Rat, tc.points[i][j])
					}
				}
			}
		})
	}
}

// TestTwoParameterSeedFormula substitutes Wolf's two-parameter formula
// (parameters B, H: a = B H^2, b = B H, c = B H (H-1), d = H (B H - 1),
// f = B (H-1), g = B H (H-1)(B H - 1), h = H, k = B^2 H (H-1),
// m = B^2 H^2 (H-1)) into our family, written in the grid's own numbers,
// and lists its positive-integer members for small parameters.
func TestTwoParameterSeedFormula(t *testing.T) {
	s, sys, res := solveOps(t, "-=|-xx/+|x=|=====|x=")
	fams := res.Families()
	if len(fams) != 1 {
		t.Fatalf("%d families", len(fams))
	}
	f := fams[0]
	rBH := poly.MustRing(poly.Grevlex, "B", "H")
	seed := map[string]*poly.Poly{}
	for name, e := range map[string]string{
		"a": "B*H^2", "b": "B*H", "c": "B*H*(H-1)", "d": "H*(B*H-1)", "f": "B*(H-1)",
		"g": "B*H*(H-1)*(B*H-1)", "h": "H", "k": "B^2*H*(H-1)", "m": "B^2*H^2*(H-1)",
	} {
		seed[name] = rBH.MustParse(e)
	}
	// our parameters are numbers of the grid: their values in B, H
	images := make([]*poly.Poly, sys.Ring.NumVars())
	for i, name := range sys.Ring.Vars() {
		images[i] = seed[name]
	}
	for _, v := range f.Values {
		num, err := v.Num.Compose(rBH, images)
		if err != nil {
			t.Fatal(err)
		}
		den, err := v.Den.Compose(rBH, images)
		if err != nil {
			t.Fatal(err)
		}
		if !num.Equal(new(poly.Poly).Mul(seed[v.Name], den)) {
			t.Errorf("%s = %s does not give Wolf's %s", v.Name, v, seed[v.Name])
		}
	}
	// positive-integer members for small parameters, each a true grid
	var members [][]*big.Rat
	for p := int64(1); p <= 12; p++ {
		for q := int64(1); q <= 6; q++ {
			vals, ok := f.Eval(rats(p, q))
			if !ok || !positiveIntegers(vals) {
				continue
			}
			if chk, err := s.Check(vals, 0, grid.Precedence); err != nil || !chk.OK {
				t.Errorf("member %v: %v %v", vals, chk, err)
			}
			members = append(members, vals)
		}
	}
	found := false
	for _, m := range members {
		found = found || ratsEqual(m, rats(18, 6, 12, 15, 4, 60, 3, 24, 72))
	}
	if !found || len(members) < 3 {
		t.Errorf("members %v lack Wolf's b = 2, h = 3", members)
	}
}

func positiveIntegers(vals []*big.Rat) bool {
	for _, v := range vals {
		if !v.IsInt() || v.Sign() <= 0 {
			return false
		}
	}
	return true
}

func ratsEqual(a, b []*big.Rat) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Cmp(b[i]) != 0 {
			return false
		}
	}
	return true
}

// TestFamilyFormulas pins the text of Wolf's families.
func TestFamilyFormulas(t *testing.T) {
	tests := []struct {
		ops   string
		style solve.Style
		want  string
	}{
		{"+=|x-++-|+=|=====|/=", solve.Person, "a = k; b = 2; c = k + 2; d = 2; f = k - 2; g = k; h = 2 k; k = k; m = 2"},
		{"-=|-xx/+|x=|=====|x=", solve.Person, "a = b h; b = b; c = b (h - 1); d = h (b - 1); f = b (h - 1)/h; g = b (b - 1)(h - 1); h = h; k = b^2 (h - 1)/h; m = b^2 (h - 1)"},
		{"-=|-xx/+|x=|=====|x=", solve.Singular, "a = b*h; b = b; c = b*(h - 1); d = h*(b - 1); f = b*(h - 1)/h; g = b*(b - 1)*(h - 1); h = h; k = b^2*(h - 1)/h; m = b^2*(h - 1)"},
		{"x=|+x//-|x=|=====|x=", solve.Person, "a = a; b = k^3; c = a k^3; d = a (k - 1); f = k^2; g = a k^2 (k - 1); h = a k; k = k; m = a k^2"},
		{"-=|x/x+/|/=|=====|/=", solve.Person, "a = root of (f^2 - 1) a^2 - f a - f^3 = 0; b = root of (f^2 - 1) b^2 + f b - f^3 = 0; c = f/(f^2 - 1); d = root of (f^2 - 1) d^2 + f d - f^3 = 0; f = f; g = root of (f^2 - 1) g^2 + g - f = 0; h = f^3/(f^2 - 1); k = root of (f^2 - 1) k^2 + f^2 k - f^5 = 0; m = root of (f^2 - 1) m^2 - m - f = 0"},
	}
	for _, tc := range tests {
		_, _, res := solveOps(t, tc.ops)
		var parts []string
		for _, v := range res.Families()[0].Values {
			parts = append(parts, v.Name+" = "+v.Format(tc.style))
		}
		if got := strings.Join(parts, "; "); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.ops, got, tc.want)
		}
	}
}
