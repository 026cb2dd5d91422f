package families_test

import (
	"context"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// goldenRow is one line of a table of testdata/solve: Singular's class,
// dimension and degree of a setting's saturated system, and its reduced
// saturated basis (from the table's .basis file).
type goldenRow struct {
	ops, class string
	dim        int
	degree     int    // -1 when not finite
	basis      string // Singular's basis, "p1,p2,..."
}

// A goldenTable is a table of testdata/solve with the grid size,
// evaluation and lines of its header.
type goldenTable struct {
	name string
	size grid.Size
	opt  families.Options
	rows []goldenRow
}

// goldenTables lists the tables of testdata/solve (singular_golden.sh).
var goldenTables = []struct {
	name string
	n    int // settings
	// decompose also runs the family solver; the larger grids check the
	// saturated system only, as their families take a second each.
	decompose bool
	// kinds are what the table must reach (the keys of TestGoldenSingular's
	// tally), so that it cannot lose its variety unnoticed.
	kinds []string
}{
	{"pattern_eq", 300, true, []string{"inconsistent", "family rational", "family algebraic"}},
	{"pattern_zero", 300, true, []string{"inconsistent", "finite"}},
	{"finite_zero", 60, true, []string{"solution rational", "solution real_algebraic", "solution complex"}},
	{"ltr_eq", 100, true, []string{"inconsistent", "family rational", "family algebraic"}},
	{"grid_3x4", 100, false, []string{"positive_dimensional"}},
	{"eqs_3x4", 100, false, []string{"inconsistent", "positive_dimensional"}},
	{"grid_4x4", 13, false, []string{"positive_dimensional"}},
}

func readGolden(t testing.TB, name string) *goldenTable {
	t.Helper()
	path := filepath.Join("..", "testdata", "solve", name)
	data, err := os.ReadFile(path + ".golden")
	if err != nil {
		t.Fatal(err)
	}
	tab := &goldenTable{name: name, size: grid.Size{Rows: 3, Cols: 3}}
	// The tables check families/grid's System only if Singular's systems
	// came from the independent reader.
	if !strings.Contains(string(data), "\n# systems read by scripts/solve/reader.py, not by families/grid.\n") {
		t.Fatalf("%s: the header does not say that scripts/solve/reader.py read the systems", name)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "# size: "); ok {
			if tab.size, err = grid.ParseSize(v); err != nil {
				t.Fatal(err)
			}
		}
		if v, ok := strings.CutPrefix(line, "# eval: "); ok {
			if tab.opt.Eval, err = grid.ParseEval(v); err != nil {
				t.Fatal(err)
			}
		}
		if v, ok := strings.CutPrefix(line, "# lines: "); ok && v != "default" {
			if tab.opt.Lines, err = grid.ParseLineSet(v); err != nil {
				t.Fatal(err)
			}
		}
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) != 4 {
			t.Fatalf("%s: bad line %q", name, line)
		}
		r := goldenRow{ops: f[0], class: f[1], degree: -1}
		if f[2] != "-" {
			r.dim, _ = strconv.Atoi(f[2])
		} else {
			r.dim = -1
		}
		if f[3] != "-" {
			r.degree, _ = strconv.Atoi(f[3])
		}
		tab.rows = append(tab.rows, r)
	}
	bases, err := os.ReadFile(path + ".basis")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(bases), "\n"), "\n")
	if len(lines) != len(tab.rows) {
		t.Fatalf("%s: %d bases for %d settings", name, len(lines), len(tab.rows))
	}
	for i, l := range lines {
		ops, basis, _ := strings.Cut(l, " ")
		if ops != tab.rows[i].ops {
			t.Fatalf("%s: basis %d is of %s, want %s", name, i+1, ops, tab.rows[i].ops)
		}
		tab.rows[i].basis = basis
	}
	return tab
}

// canonicalBasis writes a basis so that two reduced bases of one ideal
// compare equal: every element monic, sorted.
func canonicalBasis(G []*poly.Poly) string {
	out := make([]string, len(G))
	for i, g := range G {
		if !g.IsZero() {
			g = g.Monic()
		}
		out[i] = g.String()
	}
	slices.Sort(out)
	return strings.Join(out, "; ")
}

// TestGoldenSingular compares class, dimension, degree and the saturated
// basis itself with Singular's on every table of testdata/solve: random
// settings of two 3x3 patterns (the all-lines-zero one reads short
// lines too), settings of the all-lines-zero pattern with finite solution
// sets (rational, irrational and complex points), left-to-right
// evaluation, 3x4 and 4x4 grids, and rows with two =. Singular's systems come from scripts/solve/reader.py, an
// independent reading of the settings, so equal bases also check
// families/grid's System. It checks that every setting's decomposition
// succeeds too: families are verified by substitution inside Solve, and
// the rational members tried here must be true grids.
func TestGoldenSingular(t *testing.T) {
	for _, gt := range goldenTables {
		t.Run(gt.name, func(t *testing.T) {
			tab := readGolden(t, gt.name)
			if len(tab.rows) != gt.n {
				t.Fatalf("%s: %d settings, want %d", gt.name, len(tab.rows), gt.n)
			}
			stats := map[string]int{}
			for i, row := range tab.rows {
				if testing.Short() && i%10 != 0 {
					continue
				}
				s := grid.MustParseOps(row.ops, tab.size)
				opt := tab.opt
				// The basis in all numbers, which the golden holds, is
				// compared: no elimination by substitution first (the
				// default on grids of more than 9 numbers; reduced_test.go
				// checks that path).
				opt.Substitute = families.SubstituteNever
				opt.Limits = groebner.Limits{Timeout: time.Minute}
				opt.NoFamilies = !gt.decompose
				rep, err := families.Analyze(context.Background(), s, opt)
				if err != nil {
					t.Fatalf("%s: %v", row.ops, err)
				}
				if rep.Error != "" {
					t.Errorf("%s: %s: %s", row.ops, rep.Class, rep.Error)
					continue
				}
				dim, degree := *rep.Dimension, -1
				if rep.Degree != nil {
					degree = *rep.Degree
				}
				if rep.Class != row.class || dim != row.dim || degree != row.degree {
					t.Errorf("%s: %s dim %d degree %d; Singular %s dim %d degree %d",
						row.ops, rep.Class, dim, degree, row.class, row.dim, row.degree)
				}
				r := rep.System().Ring
				var want []*poly.Poly
				for _, p := range strings.Split(row.basis, ",") {
					g, err := r.Parse(p)
					if err != nil {
						t.Fatalf("%s: Singular's basis: %v", row.ops, err)
					}
					want = append(want, g)
				}
				if got, w := canonicalBasis(rep.BasisPolys()), canonicalBasis(want); got != w {
					t.Errorf("%s: saturated basis\n%s\nSingular's (from reader.py's system)\n%s", row.ops, got, w)
				}
				stats[rep.Class]++
				if gt.decompose {
					checkMembers(t, s, rep, tab.opt)
				}
				for _, f := range rep.Families {
					stats["family "+f.Kind]++
				}
				for _, p := range rep.Solutions {
					stats["solution "+p.Class]++
				}
				if gt.decompose && row.class == families.ClassFinite {
					checkPoints(t, s, rep, tab.opt, row.degree)
				}
			}
			t.Logf("%s: %v", gt.name, stats)
			for _, k := range gt.kinds {
				if stats[k] == 0 && !testing.Short() {
					t.Errorf("%s: no %s among its settings", gt.name, k)
				}
			}
		})
	}
}

// checkPoints checks the solutions of a finite setting: one report per
// point, as many as Singular's vdim (the tables' ideals are radical), and
// every rational one a true grid.
func checkPoints(t *testing.T, s *grid.Setting, rep *families.Report, opt families.Options, degree int) {
	t.Helper()
	for _, p := range rep.Solutions {
		if p.Class != "rational" {
			continue
		}
		vals := make([]*big.Rat, len(s.Size().Names()))
		for i, name := range s.Size().Names() {
			v, ok := new(big.Rat).SetString(p.Values[name])
			if !ok {
				t.Fatalf("%s: rational solution %v: %s is %q", s, p.Values, name, p.Values[name])
			}
			vals[i] = v
		}
		chk, err := s.Check(vals, opt.Lines, opt.Eval)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if !chk.OK {
			t.Errorf("%s: rational solution %v is no grid: %s", s, p.Values, chk)
		}
	}
	if len(rep.Solutions) != degree {
		t.Errorf("%s: %d solutions, Singular's vdim %d", s, len(rep.Solutions), degree)
	}
}

// checkMembers evaluates every rational family at a few small parameter
// values and checks the grids that come out exactly.
func checkMembers(t *testing.T, s *grid.Setting, rep *families.Report, opt families.Options) {
	t.Helper()
	res := rep.Result()
	if res == nil {
		if rep.Class == families.ClassFinite || rep.Class == families.ClassPositiveDim {
			t.Errorf("%s: no decomposition", s)
		}
		return
	}
	for _, f := range res.Families() {
		if f.Kind != solve.Rational {
			continue
		}
		for k := int64(2); k <= 4; k++ {
			params := make([]*big.Rat, len(f.Parameters))
			for i := range params {
				params[i] = big.NewRat(k+int64(i), int64(1+i))
			}
			vals, ok := f.Eval(params)
			if !ok {
				continue
			}
			chk, err := s.Check(vals, opt.Lines, opt.Eval)
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			// A special point may make a number or a divisor zero, but no
			// line may be false.
			for _, l := range chk.Failed() {
				if l.Sides != nil && len(chk.Zero) == 0 {
					t.Errorf("%s: the family in %v at %v gives %v: %s", s, f.Parameters, params, vals, chk)
					break
				}
			}
		}
	}
}

// TestReportJSON checks the families and solutions keys of the JSON report (README).
func TestReportJSON(t *testing.T) {
	tests := []struct {
		ops  string
		want []string // fragments of the JSON
	}{
		{"+=|x-++-|+=|=====|/=", []string{`"families": [`, `"parameters": [`, `"kind": "rational"`, `"c": "k + 2"`, `"polynomial": true`}},
		{"-=|-xx/+|x=|=====|x=", []string{`"parameters": [`, `"f": "b*(h - 1)/h"`, `"dimension": 2`}},
		{"--|-----|-/|x-+--|+-", []string{`"solutions": [`, `"class": "rational"`, `"a": "12"`}},
		{"/+|+-/-x|/+|+-+--|+-", []string{`"class": "complex"`, `"b": "(-1 - sqrt(7)*I)/4"`, `"minimal_polynomials"`, `"numeric"`}},
		{"-=|x/x+/|/=|=====|/=", []string{`"kind": "algebraic"`, `"a": "RootOf(f^2*a^2 - f^3 - f*a - a^2, a)"`, `"degree": 2`}},
	}
	for _, tc := range tests {
		s := grid.MustParseOps(tc.ops, grid.Size{Rows: 3, Cols: 3})
		rep, err := families.Analyze(context.Background(), s, families.Options{})
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(string(data), w) {
				t.Errorf("%s: JSON lacks %s:\n%s", tc.ops, w, data)
			}
		}
	}
}

// TestNoFamilies checks that the decomposition can be skipped.
func TestNoFamilies(t *testing.T) {
	s := grid.MustParseOps("+=|x-++-|+=|=====|/=", grid.Size{Rows: 3, Cols: 3})
	rep, err := families.Analyze(context.Background(), s, families.Options{NoFamilies: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Result() != nil || rep.Families != nil || rep.Class != families.ClassPositiveDim {
		t.Errorf("NoFamilies: class %s, families %v", rep.Class, rep.Families)
	}
}

// BenchmarkAnalyzeGolden times the analysis of every setting of the golden
// tables, as `families --ops` does it, and reports the median and 99th
// percentile per setting.
func BenchmarkAnalyzeGolden(b *testing.B) {
	for _, gt := range goldenTables {
		b.Run(gt.name, func(b *testing.B) {
			tab := readGolden(b, gt.name)
			var ds []time.Duration
			for b.Loop() {
				for _, row := range tab.rows {
					s := grid.MustParseOps(row.ops, tab.size)
					t0 := time.Now()
					if _, err := families.Analyze(context.Background(), s, tab.opt); err != nil {
						b.Fatal(err)
					}
					ds = append(ds, time.Since(t0))
				}
			}
			slices.Sort(ds)
			b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, "ms-median")
			b.ReportMetric(float64(ds[len(ds)*99/100].Microseconds())/1000, "ms-p99")
		})
	}
}
