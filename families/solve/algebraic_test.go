package solve_test

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/poly"
)

// residual returns max |p(x)| over the equations at the numeric point, in
// big.Float complex arithmetic at the numbers' precision.
func residual(eqs []*poly.Poly, p *solve.Point) *big.Float {
	prec := p.Numbers[0].Re.Prec()
	worst := new(big.Float).SetPrec(prec)
	for _, e := range eqs {
		sumRe, sumIm := new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec)
		for i := 0; i < e.Len(); i++ {
			re := new(big.Float).SetPrec(prec).SetRat(e.Coef(i))
			im := new(big.Float).SetPrec(prec)
			for v, x := range p.Numbers {
				for range e.Exp(i, v) {
					nr := new(big.Float).Sub(new(big.Float).Mul(re, x.Re), new(big.Float).Mul(im, x.Im))
					ni := new(big.Float).Add(new(big.Float).Mul(re, x.Im), new(big.Float).Mul(im, x.Re))
					re, im = nr, ni
				}
			}
			sumRe.Add(sumRe, re)
			sumIm.Add(sumIm, im)
		}
		abs := new(big.Float).Add(new(big.Float).Mul(sumRe, sumRe), new(big.Float).Mul(sumIm, sumIm))
		abs.Sqrt(abs)
		if abs.Cmp(worst) > 0 {
			worst = abs
		}
	}
	return worst
}

var tiny = new(big.Float).SetMantExp(big.NewFloat(1), -160) // about 1e-48

// checkPoints checks every solution numerically against the system and
// the consistency of its class and degree with its numbers.
func checkPoints(t *testing.T, ops string, sys *grid.System, pts []*solve.Point) {
	t.Helper()
	for i, p := range pts {
		if r := residual(sys.Polys(), p); r.Cmp(tiny) > 0 {
			t.Errorf("%s solution %d: residual %s", ops, i, r.Text('g', 5))
		}
		real := true
		for _, x := range p.Numbers {
			real = real && x.Real
			if x.Degree > p.Degree || p.Degree%x.Degree != 0 {
				t.Errorf("%s: %s has degree %d in a solution of degree %d", ops, x.Name, x.Degree, p.Degree)
			}
			if x.Degree > 1 && x.MinPoly.Degree(0) != x.Degree {
				t.Errorf("%s: %s's minimal polynomial %s has not degree %d", ops, x.Name, x.MinPoly, x.Degree)
			}
		}
		want := solve.ClassComplex
		switch {
		case p.Degree == 1:
			want = solve.ClassRational
		case real:
			want = solve.ClassRealAlgebraic
		}
		if p.Class != want {
			t.Errorf("%s solution %d: class %s, want %s", ops, i, p.Class, want)
		}
	}
}

func TestAlgebraicSolutions(t *testing.T) {
	tests := []struct {
		ops     string
		classes string // the classes and degrees of the solutions
		values  string // the first solution, exact or to 10 digits
	}{
		// square roots: a = -sqrt(2), h = 1 + sqrt(2), ...
		{"/+|--+--|/+|+-/-+|+/", "real_algebraic2 real_algebraic2",
			"a=-sqrt(2) b=1 c=sqrt(2) d=1 f=-1 g=1 h=1 + sqrt(2) k=1 m=1 - sqrt(2)"},
		// complex: b = (-1 - sqrt(7) i)/4, ...
		{"/+|+-/-x|/+|+-+--|+-", "complex2 complex2",
			"a=-1/2 b=(-1 - sqrt(7)*I)/4 c=(-1 + sqrt(7)*I)/4 d=(-1 - sqrt(7)*I)/4 f=-1 g=(-1 - sqrt(7)*I)/4 h=(3 + sqrt(7)*I)/4 k=(-1 - sqrt(7)*I)/4 m=1/2"},
		// a cubic field: one real and two complex solutions
		{"++|--+-+|++|+-+-/|x+", "real_algebraic3 complex3 complex3",
			"a=-1.047487324 b=0.3118167623 c=0.7356705614 d=0.3118167623 f=-0.6236335246 g=0.3118167623 h=1.359304086 k=0.3118167623 m=-0.4238537991"},
		{"--|-----|-/|x-+--|+-", "rational1", "a=12 b=2 c=10 d=2 f=4 g=2 h=6 k=2 m=8"},
	}
	for _, tc := range tests {
		_, sys, res := solveOps(t, tc.ops)
		pts := res.Points()
		var classes []string
		for _, p := range pts {
			classes = append(classes, string(p.Class)+string(rune('0'+p.Degree)))
		}
		if got := strings.Join(classes, " "); got != tc.classes {
			t.Errorf("%s: classes %s, want %s", tc.ops, got, tc.classes)
		}
		var vals []string
		for _, x := range pts[0].Numbers {
			v := x.String()
			if x.Exact == "" {
				v = x.Re.Text('g', 10)
			}
			vals = append(vals, x.Name+"="+v)
		}
		if got := strings.Join(vals, " "); got != tc.values {
			t.Errorf("%s: first solution\n got %s\nwant %s", tc.ops, got, tc.values)
		}
		checkPoints(t, tc.ops, sys, pts)
	}
}

// TestFindAlgebraicInPattern draws settings of Wolf's all-lines-zero
// pattern with a fixed seed until it has met a grid with square roots and
// one with complex solutions, and checks them.
func TestFindAlgebraicInPattern(t *testing.T) {
	pattern := grid.MustParseOps("..|.-.-.|..|.-.-.|..", grid.Size{Rows: 3, Cols: 3})
	rng := rand.New(rand.NewPCG(42, 1))
	var sqrtOps, complexOps string
	for try := 0; try < 20000 && (sqrtOps == "" || complexOps == ""); try++ {
		s, err := pattern.Nth(big.NewInt(rng.Int64N(pattern.Count().Int64())))
		if err != nil {
			t.Fatal(err)
		}
		sys, _, res := solveSetting(t, s)
		pts := res.Points()
		if len(pts) == 0 {
			continue
		}
		checkPoints(t, s.String(), sys, pts)
		for _, p := range pts {
			switch {
			case p.Class == solve.ClassRealAlgebraic && p.Degree == 2 && sqrtOps == "":
				sqrtOps = s.String()
				if !strings.Contains(pointText(p), "sqrt(") {
					t.Errorf("%s: square roots not written as such: %s", s, pointText(p))
				}
			case p.Class == solve.ClassComplex && complexOps == "":
				complexOps = s.String()
				if p.Degree == 2 && !strings.Contains(pointText(p), "*I") {
					t.Errorf("%s: complex numbers not written with I: %s", s, pointText(p))
				}
			}
		}
	}
	if sqrtOps == "" || complexOps == "" {
		t.Fatalf("no square roots (%q) or no complex solutions (%q) found", sqrtOps, complexOps)
	}
	t.Logf("square roots: %s, complex: %s", sqrtOps, complexOps)
}

func pointText(p *solve.Point) string {
	var parts []string
	for _, x := range p.Numbers {
		parts = append(parts, x.Name+" = "+x.String())
	}
	return strings.Join(parts, ", ")
}
