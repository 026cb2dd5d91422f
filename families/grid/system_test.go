package grid

import (
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/families-project/families/poly"
)

func polyStrings(ps []*poly.Poly) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

// TestSystemGolden checks the systems of the four example settings of the README
// against the equations Wolf (2010) prints (the one-parameter family: 0 =
// a+b-c = a*d-h = a-f-m; 0 = d+f-g = b+f-k = c+f-h; 0 = h-k*m = c-g-m) and
// the ones worked out by hand from its grids for the others.
func TestSystemGolden(t *testing.T) {
	tests := []struct {
		name, ops string
		polys     []string // in line order
		texts     []string
	}{
		{"one parameter", opsOneParam,
			[]string{"a+b-c", "d+f-g", "h-k*m", "a*d-h", "b+f-k", "c-g-m", "a-f-m", "c+f-h"},
			[]string{"a + b = c", "d + f = g", "h / k = m", "a * d = h", "b + f = k", "c - g = m", "a - f = m", "c + f = h"}},
		{"P1", opsP1,
			[]string{"a*b-c", "d*f-g", "h*k-m", "a+d-h", "b-f*k", "c-g-m", "a*f-m", "c-f*h"},
			[]string{"a * b = c", "d * f = g", "h * k = m", "a + d = h", "b / f = k", "c - g = m", "a * f = m", "c / f = h"}},
		{"two parameters", opsTwoParam,
			[]string{"a-b-c", "d*f-g", "h*k-m", "a-d-h", "b*f-k", "c+g-m", "a*f-m", "c-f*h"},
			[]string{"a - b = c", "d * f = g", "h * k = m", "a - d = h", "b * f = k", "c + g = m", "a * f = m", "c / f = h"}},
		{"all lines zero", opsAllZero,
			[]string{"a-b-c", "d*g-f", "h+k-m", "a-d*h", "b-f+k", "c-g-m", "a-f-m", "c-f-h", "b-g", "d-k", "b-d", "g-k"},
			[]string{"a - b - c = 0", "d - f / g = 0", "h + k - m = 0", "a - d * h = 0", "b - f + k = 0", "c - g - m = 0",
				"a - f - m = 0", "c - f - h = 0", "b - g = 0", "d - k = 0", "b - d = 0", "g - k = 0"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := MustParseOps(tc.ops, size3)
			sys, err := s.System(0, Precedence, poly.Grevlex)
			if err != nil {
				t.Fatal(err)
			}
			if len(sys.Equations) != len(tc.polys) {
				t.Fatalf("%d equations, want %d", len(sys.Equations), len(tc.polys))
			}
			for i, e := range sys.Equations {
				if want := sys.Ring.MustParse(tc.polys[i]); !e.Poly.Equal(want) {
					t.Errorf("%s: %s, want %s", e.Line.Name, e.Poly, want)
				}
				if e.Text != tc.texts[i] {
					t.Errorf("%s: text %q, want %q", e.Line.Name, e.Text, tc.texts[i])
				}
			}
			if got := strings.Join(polyStrings(sys.Nonzero), " "); got != "a b c d f g h k m" {
				t.Errorf("nonzero: %s", got)
			}
		})
	}
}

// TestSystemFiles compares with the systems of testdata/systems, written by
// an independent generator (scripts/golden/gen_systems.py).
func TestSystemFiles(t *testing.T) {
	files := map[string]string{"grid_p1.sys": opsP1, "grid_oneparam.sys": opsOneParam, "grid_twoparam.sys": opsTwoParam, "grid_allzero.sys": opsAllZero}
	for file, ops := range files {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "systems", file))
		if err != nil {
			t.Fatalf("golden systems: %v", err)
		}
		r, want, err := poly.ParseSystem(string(b), poly.Grevlex)
		if err != nil {
			t.Fatal(err)
		}
		sys, err := MustParseOps(ops, size3).System(0, Precedence, poly.Grevlex)
		if err != nil {
			t.Fatal(err)
		}
		if len(sys.Equations) != len(want) {
			t.Fatalf("%s: %d equations, want %d", file, len(sys.Equations), len(want))
		}
		for i, e := range sys.Equations {
			p, err := e.Poly.ToRing(r)
			if err != nil {
				t.Fatal(err)
			}
			if !p.Equal(want[i]) {
				t.Errorf("%s: %s is %s, want %s", file, e.Line.Name, p, want[i])
			}
		}
	}
}

func TestSystemDenominators(t *testing.T) {
	z := Size{2, 4} // a b c d / f g h k
	tests := []struct {
		name, ops string
		sel       LineSet
		ev        Eval
		polys     []string
		texts     []string
		dens      []string
	}{
		{"chain of divisions", "//=|_______|++=", 0, Precedence,
			[]string{"a-b*c*d", "f+g+h-k"}, []string{"a / b / c = d", "f + g + h = k"}, []string{"b*c", "1"}},
		{"fractions on both sides", "/=/|_______|x=x", 0, Precedence,
			[]string{"a*d-b*c", "f*g-h*k"}, []string{"a / b = c / d", "f * g = h * k"}, []string{"b*d", "1"}},
		{"shared divisor", "/=/|_______|-=-", 0, LeftToRight,
			[]string{"a*d-b*c", "f-g-h+k"}, []string{"a / b = c / d", "f - g = h - k"}, []string{"b*d", "1"}},
		{"zero line with fractions", "/-/|_______|+--", Rows, Precedence,
			[]string{"a*d-b*c", "f+g-h-k"}, []string{"a / b - c / d = 0", "f + g - h - k = 0"}, []string{"b*d", "1"}},
		{"left to right", "-x/|_______|+x=", 0, LeftToRight,
			[]string{"a*c-b*c", "f*h+g*h-k"}, []string{"(a - b) * c / d = 0", "(f + g) * h = k"}, []string{"d", "1"}},
		{"several =", "x==|_______|=x=", 0, Precedence,
			[]string{"a*b-c", "c-d", "f-g*h", "g*h-k"}, []string{"a * b = c", "c = d", "f = g * h", "g * h = k"}, []string{"1", "1", "1", "1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sys, err := MustParseOps(tc.ops, z).System(tc.sel, tc.ev, poly.Grevlex)
			if err != nil {
				t.Fatal(err)
			}
			var texts, dens []string
			for i, e := range sys.Equations {
				if i < len(tc.polys) && !e.Poly.Equal(sys.Ring.MustParse(tc.polys[i])) {
					t.Errorf("equation %d: %s, want %s", i, e.Poly, tc.polys[i])
				}
				texts = append(texts, e.Text)
				dens = append(dens, e.Denominator.String())
			}
			if !slices.Equal(texts, tc.texts) || !slices.Equal(dens, tc.dens) {
				t.Errorf("texts %q dens %q, want %q %q", texts, dens, tc.texts, tc.dens)
			}
			want := "a b c d f g h k"
			if tc.dens[0] != "1" && strings.Contains(tc.dens[0], "*") {
				want += " " + tc.dens[0]
			}
			if got := strings.Join(polyStrings(sys.Nonzero), " "); got != want {
				t.Errorf("nonzero: %s, want %s", got, want)
			}
		})
	}
}

// TestSystemAtSolutions evaluates the systems at solved grids: every
// equation and no nonzero condition vanishes.
func TestSystemAtSolutions(t *testing.T) {
	for _, tc := range []struct {
		file string
		ev   Eval
	}{{"s1.txt", Precedence}, {"s5.txt", Precedence}, {"allzero.txt", Precedence}, {"crossmath.txt", LeftToRight}} {
		s, vals := loadGrid(t, tc.file)
		sys, err := s.System(0, tc.ev, poly.Lex)
		if err != nil {
			t.Fatal(err)
		}
		var x []*big.Rat
		for i, v := range vals {
			if s.Present(i) {
				x = append(x, v)
			}
		}
		for _, e := range sys.Equations {
			if v := e.Poly.Eval(x); v.Sign() != 0 {
				t.Errorf("%s: %s (%s) is %s", tc.file, e.Text, e.Poly, v)
			}
		}
		for _, p := range sys.Nonzero {
			if p.Eval(x).Sign() == 0 {
				t.Errorf("%s: nonzero condition %s vanishes", tc.file, p)
			}
		}
	}
	// Under the other convention the Migros cross-math's grid is no solution.
	s, vals := loadGrid(t, "crossmath.txt")
	sys, _ := s.System(0, Precedence, poly.Grevlex)
	var x []*big.Rat
	for i, v := range vals {
		if s.Present(i) {
			x = append(x, v)
		}
	}
	bad := 0
	for _, e := range sys.Equations {
		if e.Poly.Eval(x).Sign() != 0 {
			bad++
		}
	}
	if bad != 2 {
		t.Errorf("%d equations fail under precedence, want 2", bad)
	}
	if sys.Ring.NumVars() != 15 {
		t.Errorf("the absent corner is a variable: %v", sys.Ring)
	}
}

func TestSystemErrors(t *testing.T) {
	if _, err := MustParseOps(".=|+x//-|x=|=====|x=", size3).System(0, Precedence, poly.Grevlex); err == nil {
		t.Error("system of a pattern")
	}
	if _, err := MustParseOps(opsP1, size3).System(AllLines, Precedence, poly.Grevlex); err == nil {
		t.Error("system with an all-= line")
	}
}
