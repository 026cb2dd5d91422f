package census

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/poly/mod61"
)

// The shortcuts of the ranking and of the standard form are checked
// against the slow ways they replace: gradientMod against the big.Rat
// gradient reduced modulo P, the stacked elimination against mod61.Rank,
// standardForm against grid.Setting.StandardForm.

func TestGradientMod(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, ev := range []grid.Eval{grid.Precedence, grid.LeftToRight} {
		for n := 2; n <= 5; n++ {
			for range 200 {
				x := make([]int64, n)
				for i := range x {
					x[i] = 1 + rng.Int64N(1000)
				}
				o := make([]grid.Op, n-1)
				for i := range o {
					o[i] = arith[rng.IntN(4)]
				}
				want := gradient(ev, x, o)
				got := gradientMod(ev, x, o)
				for i := range want {
					if w := modOf(want[i]); got[i] != w {
						t.Fatalf("%s %v %v: d/dx%d = %d mod P, want %d (%s)", ev, x, o, i, got[i], w, want[i].RatString())
					}
				}
			}
		}
	}
}

func TestEchelonRank(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n, lines = 6, 9
	// Rows from a small pool, some dependent, so that ranks vary.
	pool := make([][]uint64, 12)
	for i := range pool {
		pool[i] = make([]uint64, n)
		for j := range pool[i] {
			if rng.IntN(3) > 0 {
				pool[i][j] = rng.Uint64N(5)
			}
		}
	}
	for i := 8; i < 12; i++ { // sums of two others: dependent
		for j := range pool[i] {
			pool[i][j] = mod61.Add(pool[i-8][j], pool[i-7][j])
		}
	}
	e := newEchelon(n, lines)
	ids := make([]int, lines)
	for step := range 2000 {
		// Change a suffix of the rows, as settings.list does.
		from := lines - 1 - rng.IntN(lines)
		if step == 0 {
			from = 0
		}
		for i := from; i < lines; i++ {
			ids[i] = rng.IntN(len(pool))
		}
		d := 0
		for d < len(e.ids) && d < lines && e.ids[d] == ids[d] {
			d++
		}
		e.truncate(d)
		for i := d; i < lines; i++ {
			e.push(ids[i], pool[ids[i]])
		}
		rows := make([][]uint64, lines)
		for i, id := range ids {
			rows[i] = pool[id]
		}
		if got, want := e.rank(), mod61.Rank(rows); got != want {
			t.Fatalf("step %d, rows %v: rank %d, mod61.Rank %d", step, ids, got, want)
		}
	}
}

// TestStandardFormMatchesGrid compares standardForm with
// grid.Setting.StandardForm on the first settings of every 4x4 grid up to
// 2 and every 3x4 grid up to 3, and on the first candidate of the 4x4
// grids up to 3 of no full rank, the setting the census analyzes.
func TestStandardFormMatchesGrid(t *testing.T) {
	for _, tc := range []struct {
		z    grid.Size
		max  int64
		per  int
		fams bool // only the grids the Jacobian does not decide
	}{
		{grid.Size{Rows: 4, Cols: 4}, 2, 3, false},
		{grid.Size{Rows: 3, Cols: 4}, 3, 3, false},
		{grid.Size{Rows: 4, Cols: 4}, 3, 1, true},
	} {
		recs, _ := runCensus(t, Options{Size: tc.z, Max: tc.max, Rank: 64})
		c, err := New(Options{Size: tc.z, Max: tc.max})
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for _, r := range recs {
			if tc.fams && r.TangentDimension == 0 {
				continue
			}
			vals := numbersOf(tc.z, r)
			st := c.valid(vals)
			cands := c.g.rankSettings(t.Context(), vals, st, false, tc.per, false)
			for _, cd := range cands {
				s, err := grid.NewSetting(tc.z, cd.ops)
				if err != nil {
					t.Fatal(err)
				}
				want, err := s.StandardForm(ratVals(vals), c.g.sel, c.g.ev)
				if err != nil {
					t.Fatal(err)
				}
				got, gotVals, err := c.standardForm(s, vals)
				if err != nil {
					t.Fatal(err)
				}
				if got.String() != want.Setting.String() || !slices.EqualFunc(ratVals(gotVals), want.Values, func(a, b *big.Rat) bool { return a.Cmp(b) == 0 }) {
					t.Fatalf("%s under %s: standardForm %s %s, StandardForm %s (%s)", r.Grid, s, got, gridText(tc.z, gotVals), want.Setting, want.Symmetry)
				}
				checked++
			}
		}
		if checked < 20 {
			t.Fatalf("%s to %d: only %d settings compared", tc.z, tc.max, checked)
		}
		t.Logf("%s to %d: %d settings, standard forms equal", tc.z, tc.max, checked)
	}
}

// TestLineZero compares lineZero with evalLine on every operator tuple of
// random lines of small numbers (so that many are zero), both
// conventions.
func TestLineZero(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	zeros := 0
	for _, ev := range []grid.Eval{grid.Precedence, grid.LeftToRight} {
		for n := 2; n <= 5; n++ {
			for range 300 {
				x := make([]int64, n)
				for i := range x {
					x[i] = 1 + rng.Int64N(6)
				}
				o := make([]grid.Op, n-1)
				for tup := uint32(0); tup < 1<<(2*(n-1)); tup++ {
					tupleOps(tup, o)
					want := evalLine(ev, x, o).n == 0
					if got := lineZero(ev, x, o); got != want {
						t.Fatalf("%s %v %v: lineZero %v, evalLine %v", ev, x, o, got, want)
					}
					if want {
						zeros++
					}
				}
			}
		}
	}
	if zeros < 1000 {
		t.Fatalf("only %d zero lines: the test sees too few", zeros)
	}
}

// TestHasSetting compares hasSetting with countSettings' count on random
// grids of small numbers (many of whose lines are zero) and on every
// grid a small census finds.
func TestHasSetting(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	yes := [2]int{}
	for _, z := range []grid.Size{{Rows: 3, Cols: 3}, {Rows: 3, Cols: 4}, {Rows: 4, Cols: 4}} {
		g, err := newGeometry(z, grid.AllLines, grid.Precedence)
		if err != nil {
			t.Fatal(err)
		}
		grids := [][]int64{}
		for range 3000 {
			v := make([]int64, z.Numbers())
			for i := range v {
				v[i] = 1 + rng.Int64N(2)
			}
			grids = append(grids, v)
		}
		recs, _ := runCensus(t, Options{Size: z, Max: 3, Rank: 1, AnyOps: true})
		for _, r := range recs {
			grids = append(grids, numbersOf(z, r))
		}
		for _, v := range grids {
			st := g.countSettings(v)
			for i, anyOps := range []bool{false, true} {
				want := st.count(anyOps).Sign() > 0
				if got := g.hasSetting(v, anyOps); got != want {
					t.Fatalf("%s any-ops %v: hasSetting %v, %s settings", gridText(z, v), anyOps, got, st.count(anyOps))
				}
				if want {
					yes[i]++
				}
			}
		}
	}
	if yes[0] < 20 || yes[1] < 40 {
		t.Fatalf("only %v grids with settings: the test sees too few", yes)
	}
	t.Logf("grids with settings (all four operators, any): %v", yes)
}
