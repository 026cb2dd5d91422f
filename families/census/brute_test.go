package census

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/families-project/families/families/grid"
)

// The brute force below shares nothing with the census but the grid
// package's lines: it evaluates lines with math/big on its own, tries every
// grid of numbers in the box (rows that cannot be zero are skipped as a
// whole, which rejects exactly the grids they would) and every operator
// setting of the lines, and keeps the grids with a setting using all of
// + - x /, with the number of such settings.

var bruteOps = [4]grid.Op{grid.Add, grid.Sub, grid.Mul, grid.Div}

// bruteEval evaluates x[0] o[0] x[1] ... with big rationals, by the
// textbook rules: under precedence a sum of products and quotients.
func bruteEval(ev grid.Eval, x []int64, o []grid.Op) *big.Rat {
	r := func(v int64) *big.Rat { return big.NewRat(v, 1) }
	step := func(acc *big.Rat, op grid.Op, y *big.Rat) *big.Rat {
		z := new(big.Rat)
		switch op {
		case grid.Add:
			return z.Add(acc, y)
		case grid.Sub:
			return z.Sub(acc, y)
		case grid.Mul:
			return z.Mul(acc, y)
		}
		return z.Quo(acc, y)
	}
	if ev == grid.LeftToRight {
		acc := r(x[0])
		for k, op := range o {
			acc = step(acc, op, r(x[k+1]))
		}
		return acc
	}
	var terms []*big.Rat
	var signs []grid.Op
	cur, sign := r(x[0]), grid.Add
	for k, op := range o {
		if op == grid.Mul || op == grid.Div {
			cur = step(cur, op, r(x[k+1]))
			continue
		}
		terms, signs = append(terms, cur), append(signs, sign)
		cur, sign = r(x[k+1]), op
	}
	terms, signs = append(terms, cur), append(signs, sign)
	sum := new(big.Rat)
	for i, t := range terms {
		sum = step(sum, signs[i], t)
	}
	return sum
}

// bruteMemo remembers bruteZero's answers (the tests run one at a time).
var bruteMemo = map[string][][]grid.Op{}

// bruteZero lists the operator tuples that make a line of numbers x zero.
func bruteZero(ev grid.Eval, x []int64) [][]grid.Op {
	key := fmt.Sprint(ev, x)
	if out, ok := bruteMemo[key]; ok {
		return out
	}
	out := bruteZeroEval(ev, x)
	bruteMemo[key] = out
	return out
}

func bruteZeroEval(ev grid.Eval, x []int64) [][]grid.Op {
	var out [][]grid.Op
	n := len(x) - 1
	total := 1
	for range n {
		total *= 4
	}
	for code := range total {
		o := make([]grid.Op, n)
		c := code
		for k := range o {
			o[k] = bruteOps[c%4]
			c /= 4
		}
		if bruteEval(ev, x, o).Sign() == 0 {
			out = append(out, o)
		}
	}
	return out
}

type bruteLine struct {
	nums  []int
	cells []grid.Pos
}

// bruteCap bounds the settings bruteSettings counts.
const bruteCap = 5000

// bruteSettings counts the settings (all four operators) of a grid, up to
// bruteCap, by trying every tuple of every line, cells shared by two lines
// agreeing.
func bruteSettings(ev grid.Eval, lines []bruteLine, vals []int64) int {
	zero := make([][][]grid.Op, len(lines))
	for k, l := range lines {
		x := make([]int64, len(l.nums))
		for i, n := range l.nums {
			x[i] = vals[n]
		}
		if zero[k] = bruteZero(ev, x); len(zero[k]) == 0 {
			return 0
		}
	}
	cell := map[grid.Pos]grid.Op{}
	count := 0
	var walk func(k int)
	walk = func(k int) {
		if count >= bruteCap {
			return
		}
		if k == len(lines) {
			used := map[grid.Op]bool{}
			for _, o := range cell {
				used[o] = true
			}
			if len(used) == 4 {
				count++
			}
			return
		}
	tuples:
		for _, t := range zero[k] {
			var set []grid.Pos
			for i, p := range lines[k].cells {
				if o, ok := cell[p]; ok && o != t[i] {
					for _, q := range set {
						delete(cell, q)
					}
					continue tuples
				} else if !ok {
					cell[p] = t[i]
					set = append(set, p)
				}
			}
			walk(k + 1)
			for _, q := range set {
				delete(cell, q)
			}
		}
	}
	walk(0)
	return count
}

// bruteCensus returns every all-lines-zero grid of the box [1, max]^mn
// (not up to symmetry) with its settings.
func bruteCensus(t *testing.T, z grid.Size, max int64, ev grid.Eval) map[string]int {
	ops := make([]grid.Op, z.NumOps())
	for i := range ops {
		ops[i] = grid.Sub
	}
	s, err := grid.NewSetting(z, ops)
	if err != nil {
		t.Fatal(err)
	}
	ls, err := s.Lines(grid.AllLines)
	if err != nil {
		t.Fatal(err)
	}
	var lines []bruteLine
	for _, l := range ls {
		lines = append(lines, bruteLine{l.Nums, l.Cells})
	}
	// Rows whose numbers can be zero at all.
	var rows [][]int64
	row := make([]int64, z.Cols)
	var fill func(i int)
	fill = func(i int) {
		if i == z.Cols {
			if len(bruteZero(ev, row)) > 0 {
				rows = append(rows, append([]int64(nil), row...))
			}
			return
		}
		for v := int64(1); v <= max; v++ {
			row[i] = v
			fill(i + 1)
		}
	}
	fill(0)
	out := map[string]int{}
	vals := make([]int64, z.Numbers())
	var pick func(r int)
	pick = func(r int) {
		if r == z.Rows {
			if n := bruteSettings(ev, lines, vals); n > 0 {
				out[fmt.Sprint(vals)] = n
			}
			return
		}
		for _, rw := range rows {
			copy(vals[r*z.Cols:], rw)
			pick(r + 1)
		}
	}
	pick(0)
	return out
}

// TestBruteForce compares the census with the brute force: the images the
// census lists are exactly the grids the brute force finds, each with the
// same number of settings, each class once, in standard form.
func TestBruteForce(t *testing.T) {
	cases := []struct {
		z   grid.Size
		max int64
	}{
		{grid.Size{Rows: 3, Cols: 3}, 6},
		{grid.Size{Rows: 3, Cols: 4}, 3},
		{grid.Size{Rows: 4, Cols: 3}, 3},
	}
	if !testing.Short() {
		cases = append(cases, struct {
			z   grid.Size
			max int64
		}{grid.Size{Rows: 3, Cols: 4}, 4})
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s-%d", tc.z, tc.max), func(t *testing.T) {
			want := bruteCensus(t, tc.z, tc.max, grid.Precedence)
			recs, _ := runCensus(t, Options{Size: tc.z, Max: tc.max})
			got := map[string]int{}
			for _, r := range recs {
				if len(r.Images) == 0 || r.Images[0].Grid != r.Grid {
					t.Errorf("%s: the first image is not the grid itself: %+v", r.Grid, r.Images)
				}
				rv := numbersOf(tc.z, r)
				for _, im := range r.Images {
					iv := parseGrid(t, tc.z, im.Grid)
					key := fmt.Sprint(iv)
					if _, dup := got[key]; dup {
						t.Errorf("grid %s listed twice", im.Grid)
					}
					got[key] = int(im.Settings.Int64())
					if keyLess(formKey(tc.z, iv), formKey(tc.z, rv)) {
						t.Errorf("%s is listed, but its image %s comes first in standard form", r.Grid, im.Grid)
					}
				}
			}
			if len(got) != len(want) {
				t.Errorf("census covers %d grids, brute force finds %d", len(got), len(want))
			}
			for k, n := range want {
				if g := got[k]; g != n && (n < bruteCap || g < bruteCap) {
					t.Errorf("grid %s: brute force %d settings, census %d", k, n, got[k])
				}
			}
			for k := range got {
				if _, ok := want[k]; !ok {
					t.Errorf("census lists %s, which the brute force does not find", k)
				}
			}
			t.Logf("%s up to %d: %d grids, %d up to symmetry", tc.z, tc.max, len(want), len(recs))
		})
	}
}

func numbersOf(z grid.Size, r *Record) []int64 {
	v := make([]int64, z.Numbers())
	for i, nm := range z.Names() {
		v[i] = r.Numbers[nm]
	}
	return v
}

func parseGrid(t *testing.T, z grid.Size, s string) []int64 {
	var v []int64
	for _, f := range splitFields(s) {
		var x int64
		if _, err := fmt.Sscan(f, &x); err != nil {
			t.Fatalf("grid %q: %v", s, err)
		}
		v = append(v, x)
	}
	if len(v) != z.Numbers() {
		t.Fatalf("grid %q: %d numbers", s, len(v))
	}
	return v
}
