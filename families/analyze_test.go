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
)

// goldenRow is one line of a table of testdata/solve: Singular's class,
// dimension and degree of a setting's saturated system.
type goldenRow struct {
	ops, class string
	dim        int
	degree     int // -1 when not finite
}

func readGolden(t *testing.T, name string) []goldenRow {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "solve", name))
	if err != nil {
		t.Fatal(err)
	}
	var rows []goldenRow
	for _, line := range strings.Split(string(data), "\n") {
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
		rows = append(rows, r)
	}
	return rows
}

// TestGoldenSingular compares class, dimension and degree with Singular's
// (saturation, std, dim, vdim) on 300 random settings of each of two
// patterns, and checks that every setting's decomposition succeeds:
// families are verified by substitution inside Solve, and the rational
// members tried here must be true grids.
func TestGoldenSingular(t *testing.T) {
	for _, name := range []string{"pattern_eq.golden", "pattern_zero.golden"} {
		rows := readGolden(t, name)
		if len(rows) != 300 {
			t.Fatalf("%s: %d settings, want 300", name, len(rows))
		}
		stats := map[string]int{}
		for i, row := range rows {
			if testing.Short() && i%10 != 0 {
				continue
			}
			s := grid.MustParseOps(row.ops, grid.Size{Rows: 3, Cols: 3})
			rep, err := families.Analyze(context.Background(), s, families.Options{Limits: groebner.Limits{Timeout: time.Minute}})
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
			stats[rep.Class]++
			checkMembers(t, s, rep)
			for _, f := range rep.Families {
				stats["family "+f.Kind]++
			}
			for _, p := range rep.Solutions {
				stats["solution "+p.Class]++
			}
		}
		t.Logf("%s: %v", name, stats)
	}
}

// checkMembers evaluates every rational family at a few small parameter
// values and checks the grids that come out exactly.
func checkMembers(t *testing.T, s *grid.Setting, rep *families.Report) {
	t.Helper()
	checkMembersLines(t, s, 0, rep)
}

// checkMembersLines is checkMembers for the lines sel (0: the default).
func checkMembersLines(t *testing.T, s *grid.Setting, sel grid.LineSet, rep *families.Report) {
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
			chk, err := s.Check(vals, sel, grid.Precedence)
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

// TestReportJSON checks the families and solutions keys of DESIGN.md.
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
	for _, name := range []string{"pattern_eq.golden", "pattern_zero.golden"} {
		b.Run(strings.TrimSuffix(name, ".golden"), func(b *testing.B) {
			rows := readGoldenB(b, name)
			var ds []time.Duration
			for b.Loop() {
				for _, row := range rows {
					s := grid.MustParseOps(row, grid.Size{Rows: 3, Cols: 3})
					t0 := time.Now()
					if _, err := families.Analyze(context.Background(), s, families.Options{}); err != nil {
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

func readGoldenB(b *testing.B, name string) []string {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "solve", name))
	if err != nil {
		b.Fatal(err)
	}
	var ops []string
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			ops = append(ops, f[0])
		}
	}
	return ops
}
