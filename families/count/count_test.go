package count

import (
	"context"
	"maps"
	"math/big"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/families-project/families/families/grid"
)

var z3 = grid.Size{Rows: 3, Cols: 3}

// numbersFirst counts like Wolf's program: for s = a + b + d + f, then
// f, b, d (a = s - f - b - d), then every operator setting of the pattern,
// the numbers follow line by line; a grid in standard form counts. The
// pattern must have the classic shape X=|XXXXX|X=|=====|X= (X an operator
// or a wildcard), where rows 1 and 2 and columns 1 and 2 give c, g, h, k
// and row 3 gives m; column 3 and the diagonals are then checked.
func numbersFirst(t *testing.T, pattern string, maxSum int) map[int][]string {
	t.Helper()
	p := grid.MustParseOps(pattern, z3)
	ops := p.Ops()
	choices := func(i int) []grid.Op {
		if ops[i] == grid.Any {
			return []grid.Op{grid.Add, grid.Sub, grid.Mul, grid.Div}
		}
		return []grid.Op{ops[i]}
	}
	// apply returns nil for a division by zero; positive() is then false.
	apply := func(x *big.Rat, o grid.Op, y *big.Rat) *big.Rat {
		r := new(big.Rat)
		if o == grid.Div && y.Sign() == 0 {
			return nil
		}
		switch o {
		case grid.Add:
			return r.Add(x, y)
		case grid.Sub:
			return r.Sub(x, y)
		case grid.Mul:
			return r.Mul(x, y)
		}
		return r.Quo(x, y)
	}
	pos := func(x *big.Rat) bool { return x != nil && x.IsInt() && x.Sign() > 0 }
	eq := func(x, y *big.Rat) bool { return x != nil && x.Cmp(y) == 0 }
	found := map[string]int{}
	r := func(n int) *big.Rat { return big.NewRat(int64(n), 1) }
	for s := 4; s <= maxSum; s++ {
		for f := 1; f <= s-3; f++ {
			for b := 1; b <= s-f-2; b++ {
				for d := 1; d <= s-f-b-1; d++ {
					a := s - f - b - d
					A, B, D, F := r(a), r(b), r(d), r(f)
					for _, o0 := range choices(0) {
						C := apply(A, o0, B)
						for _, o7 := range choices(7) {
							G := apply(D, o7, F)
							for _, o2 := range choices(2) {
								H := apply(A, o2, D)
								for _, o4 := range choices(4) {
									K := apply(B, o4, F)
									for _, o14 := range choices(14) {
										M := apply(H, o14, K)
										vals := []*big.Rat{A, B, C, D, F, G, H, K, M}
										if !slices.ContainsFunc(vals, func(x *big.Rat) bool { return !pos(x) }) {
											for _, o6 := range choices(6) {
												if !eq(apply(C, o6, G), M) {
													continue
												}
												for _, o3 := range choices(3) {
													if !eq(apply(A, o3, F), M) {
														continue
													}
													for _, o5 := range choices(5) {
														if !eq(apply(C, o5, F), H) {
															continue
														}
														set := slices.Clone(ops)
														set[0], set[7], set[2], set[4], set[14], set[6], set[3], set[5] = o0, o7, o2, o4, o14, o6, o3, o5
														st, err := grid.NewSetting(z3, set)
														if err != nil {
															t.Fatal(err)
														}
														sf, err := st.StandardForm(vals, 0, grid.Precedence)
														if err != nil {
															t.Fatal(err)
														}
														if slices.EqualFunc(sf.Values, vals, func(x, y *big.Rat) bool { return x.Cmp(y) == 0 }) {
															found[sf.Setting.String()+"  "+z3.FormatNumbers(vals)] = s
														}
													}
												}
											}
										}
									}
								}
							}
						}
					}
				}
			}
		}
	}
	out := map[int][]string{}
	for k, s := range found {
		out[s] = append(out[s], k)
	}
	for _, g := range out {
		slices.Sort(g)
	}
	return out
}

// TestCountMatchesNumbersFirst: operators first (families of every
// setting) and numbers first (Wolf's loops) find the same standard
// forms for every s.
func TestCountMatchesNumbersFirst(t *testing.T) {
	tests := []struct {
		pattern string
		maxSum  int
	}{
		{"+=|x-..-|.=|=====|/=", 16}, // around Wolf's one-parameter family
		{".=|x-+.-|+=|=====|/=", 18},
		{".=|x-++-|+=|=====|.=", 16},
		// Families whose formulas are undefined at some members: a = f = 1
		// and b = f = 1 make a denominator vanish.
		{".=|+x+/-|x=|=====|/=", 12},
		{"x=|x+x+x|.=|=====|x=", 12},
	}
	for _, tc := range tests {
		want := numbersFirst(t, tc.pattern, tc.maxSum)
		got, err := Count(context.Background(), grid.MustParseOps(tc.pattern, z3), Options{MaxSum: tc.maxSum})
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, s := range slices.Sorted(maps.Keys(want)) {
			total += len(want[s])
			if !slices.Equal(got.Grids[s], want[s]) {
				t.Errorf("%s, s = %d: operators first\n%q\nnumbers first\n%q", tc.pattern, s, got.Grids[s], want[s])
			}
		}
		for s := range got.Grids {
			if want[s] == nil {
				t.Errorf("%s, s = %d: operators first finds %q, numbers first nothing", tc.pattern, s, got.Grids[s])
			}
		}
		if total == 0 {
			t.Errorf("%s: nothing to compare", tc.pattern)
		}
		t.Logf("%s: %d grids up to s = %d, %d settings, %d orbits, %d families substituted", tc.pattern, total, tc.maxSum, got.Settings, got.Orbits, got.Substituted)
	}
}

// classicGolden reads testdata/sweep/classic_count_20.txt, "families count
// --ops .=|.....|.=|=====|.= --max-sum 20 --list": the grids by s.
func classicGolden(t *testing.T) map[int][]string {
	t.Helper()
	data, err := os.ReadFile("../../testdata/sweep/classic_count_20.txt")
	if err != nil {
		t.Fatal(err)
	}
	golden := map[int][]string{}
	s, total := 0, 0
	for _, line := range strings.Split(string(data), "\n") {
		if g, ok := strings.CutPrefix(line, "  "); ok {
			golden[s] = append(golden[s], g)
			total++
		} else if f := strings.Fields(line); len(f) == 2 {
			s, _ = strconv.Atoi(f[0])
		}
	}
	if total != 2828 {
		t.Fatalf("%d grids in the golden file, want 2828", total)
	}
	return golden
}

// compareGrids reports the sums up to maxSum at which got and want (the
// grids whose setting matches pattern) differ.
func compareGrids(t *testing.T, what string, got, want map[int][]string, pattern *grid.Setting, maxSum int) {
	t.Helper()
	for s := 0; s <= maxSum; s++ {
		var w []string
		for _, g := range want[s] {
			ops, _, _ := strings.Cut(g, "  ")
			st, err := grid.ParseOps(ops, pattern.Size())
			if err != nil {
				t.Fatal(err)
			}
			if matches(pattern, st) {
				w = append(w, g)
			}
		}
		if !slices.Equal(got[s], w) {
			t.Errorf("%s, s = %d: %d grids, the golden file %d\ngot  %q\nwant %q", what, s, len(got[s]), len(w), got[s], w)
		}
	}
	for s := range got {
		if s > maxSum {
			t.Errorf("%s: grids at s = %d beyond the maximum %d", what, s, maxSum)
		}
	}
}

// matches reports whether setting st is one of the pattern's.
func matches(pattern, st *grid.Setting) bool {
	p, o := pattern.Ops(), st.Ops()
	for i := range p {
		if p[i] != grid.Any && p[i] != o[i] {
			return false
		}
	}
	return true
}

// TestClassicCountGolden: Count of a sub-pattern of the classic pattern
// (four of its eight operators fixed, 468 of the file's grids) finds
// exactly the grids of the golden file whose setting it matches, up to
// s = 20; and the talk's numbers-first loops, independent of Count,
// reproduce the whole file up to s = 9. The file's other settings are
// checked by TestClassicCountFull.
func TestClassicCountGolden(t *testing.T) {
	golden := classicGolden(t)
	sub := grid.MustParseOps("+=|+...-|.=|=====|-=", z3)
	got, err := Count(context.Background(), sub, Options{MaxSum: 20})
	if err != nil {
		t.Fatal(err)
	}
	compareGrids(t, "Count of "+sub.String(), got.Grids, golden, sub, 20)
	if n := len(slices.Concat(slices.Collect(maps.Values(got.Grids))...)); n != 468 {
		t.Errorf("Count of %s: %d grids, want 468", sub, n)
	}
	const upTo = 9
	classic := grid.MustParseOps(".=|.....|.=|=====|.=", z3)
	compareGrids(t, "numbers first", numbersFirst(t, classic.String(), upTo), golden, classic, upTo)
}

// TestClassicCountFull compares Count of the whole classic pattern and the
// numbers-first loops with the golden file up to s =
// FAMILIES_CLASSIC_COUNT (at most 20): several minutes, so only when that
// is set.
func TestClassicCountFull(t *testing.T) {
	maxSum, _ := strconv.Atoi(os.Getenv("FAMILIES_CLASSIC_COUNT"))
	if maxSum == 0 {
		t.Skip("several minutes: set FAMILIES_CLASSIC_COUNT to the largest s (at most 20)")
	}
	if maxSum > 20 {
		t.Fatalf("FAMILIES_CLASSIC_COUNT=%d: the golden file stops at 20", maxSum)
	}
	golden := classicGolden(t)
	classic := grid.MustParseOps(".=|.....|.=|=====|.=", z3)
	got, err := Count(context.Background(), classic, Options{MaxSum: maxSum})
	if err != nil {
		t.Fatal(err)
	}
	compareGrids(t, "Count", got.Grids, golden, classic, maxSum)
	compareGrids(t, "numbers first", numbersFirst(t, classic.String(), maxSum), golden, classic, maxSum)
}

// TestCountJobs: the counts do not depend on how many orbits are counted
// at once (run under -race in CI, it also checks the workers' sharing).
func TestCountJobs(t *testing.T) {
	p := grid.MustParseOps("+=|x-.+-|.=|=====|/=", z3)
	var first *Counts
	for _, jobs := range []int{1, 4} {
		got, err := Count(context.Background(), p, Options{MaxSum: 16, Jobs: jobs})
		if err != nil {
			t.Fatal(err)
		}
		if got.Orbits < 2 || len(got.BySum) == 0 {
			t.Fatalf("jobs %d: %d orbits, %d sums: too small to share work", jobs, got.Orbits, len(got.BySum))
		}
		if first == nil {
			first = got
			continue
		}
		if !maps.EqualFunc(got.Grids, first.Grids, slices.Equal) {
			t.Errorf("jobs %d: %v, jobs 1: %v", jobs, got.Grids, first.Grids)
		}
	}
}
