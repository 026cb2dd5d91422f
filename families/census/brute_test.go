package census

import (
	"fmt"
	"math/big"
	"slices"
	"testing"

	"github.com/families-project/families/families/grid"
)

// The brute force below shares nothing with the census: it lays out the
// lines of the grid itself (rows, columns and every diagonal of two or more
// numbers in both directions, read top to bottom, with the operator cells
// between their numbers), evaluates lines with math/big by the textbook
// rules, tries every grid of numbers in the box (a row or column that
// cannot be zero under any operators is skipped as a whole, which rejects
// exactly the grids it would) and every operator setting of the lines, and
// keeps the grids with a setting using all of + - x / (any operators with
// anyOps), with the number of such settings (up to bruteCap).

var bruteOps = [4]grid.Op{grid.Add, grid.Sub, grid.Mul, grid.Div}

// bruteCap bounds the settings a brute force counts per grid.
const bruteCap = 5000

// bruteCell is an operator cell by its place in the layout, where number
// (r, c) sits at (2r, 2c) and the operator between two neighbouring
// numbers halfway between them.
type bruteCell struct{ r, c int }

// bruteLine is one line: its numbers (r*cols + c) in reading order and
// the operator cells between them.
type bruteLine struct {
	nums  []int
	cells []bruteCell
}

// bruteLines lays out every line of a rows x cols grid.
func bruteLines(rows, cols int) []bruteLine {
	var out []bruteLine
	walk := func(r, c, dr, dc int) {
		var l bruteLine
		for ; r >= 0 && r < rows && c >= 0 && c < cols; r, c = r+dr, c+dc {
			if len(l.nums) > 0 {
				l.cells = append(l.cells, bruteCell{2*r - dr, 2*c - dc})
			}
			l.nums = append(l.nums, r*cols+c)
		}
		if len(l.nums) >= 2 {
			out = append(out, l)
		}
	}
	for r := range rows {
		walk(r, 0, 0, 1)
	}
	for c := range cols {
		walk(0, c, 1, 0)
	}
	for r := range rows {
		for c := range cols {
			if r == 0 || c == 0 {
				walk(r, c, 1, 1) // down-right, from the top row or left column
			}
			if r == 0 || c == cols-1 {
				walk(r, c, 1, -1) // down-left, from the top row or right column
			}
		}
	}
	return out
}

// bruteEval evaluates x[0] o[0] x[1] ... with big rationals: strictly left
// to right, or under precedence as a sum of products and quotients.
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

// brute is one brute-force census.
type brute struct {
	rows, cols int
	max        int64
	ev         grid.Eval
	anyOps     bool
	lines      []bruteLine
	memo       map[string][][]grid.Op
}

// zero lists the operator tuples that make a line of numbers x zero.
func (b *brute) zero(x []int64) [][]grid.Op {
	key := make([]byte, len(x))
	for i, v := range x {
		key[i] = byte(v) // the boxes tested are below 256
	}
	if out, ok := b.memo[string(key)]; ok {
		return out
	}
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
		if bruteEval(b.ev, x, o).Sign() == 0 {
			out = append(out, o)
		}
	}
	b.memo[string(key)] = out
	return out
}

// settings counts the settings of a grid, up to bruteCap, by trying every
// zero tuple of every line, a cell shared by two lines agreeing.
func (b *brute) settings(vals []int64) int {
	zero := make([][][]grid.Op, len(b.lines))
	for k, l := range b.lines {
		x := make([]int64, len(l.nums))
		for i, n := range l.nums {
			x[i] = vals[n]
		}
		if zero[k] = b.zero(x); len(zero[k]) == 0 {
			return 0
		}
	}
	cell := map[bruteCell]grid.Op{}
	count := 0
	// The diagonals first: they share cells, so a grid whose diagonals
	// agree on no operators fails before the rows' and columns' tuples
	// (independent of each other) multiply the walk.
	var order []int
	for k := len(b.lines) - 1; k >= 0; k-- {
		order = append(order, k)
	}
	var walk func(i int)
	walk = func(i int) {
		if count >= bruteCap {
			return
		}
		if i == len(b.lines) {
			used := map[grid.Op]bool{}
			for _, o := range cell {
				used[o] = true
			}
			if b.anyOps || len(used) == 4 {
				count++
			}
			return
		}
		k := order[i]
	tuples:
		for _, t := range zero[k] {
			var set []bruteCell
			for i, p := range b.lines[k].cells {
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
			walk(i + 1)
			for _, q := range set {
				delete(cell, q)
			}
		}
	}
	walk(0)
	return count
}

// run returns every grid of the box [1, max]^(rows x cols) (not up to
// symmetry) with a setting that makes every line zero, keyed by its
// numbers in reading order, with its settings. The rows but the last run
// over every row that can be zero; the last row's numbers run over the
// values that let their column be zero.
func (b *brute) run() map[string]int {
	b.lines, b.memo = bruteLines(b.rows, b.cols), map[string][][]grid.Op{}
	var rowList [][]int64
	row := make([]int64, b.cols)
	var fill func(i int)
	fill = func(i int) {
		if i == b.cols {
			if len(b.zero(row)) > 0 {
				rowList = append(rowList, append([]int64(nil), row...))
			}
			return
		}
		for v := int64(1); v <= b.max; v++ {
			row[i] = v
			fill(i + 1)
		}
	}
	fill(0)
	out := map[string]int{}
	vals := make([]int64, b.rows*b.cols)
	last := (b.rows - 1) * b.cols
	var lastRow func(c int)
	lastRow = func(c int) {
		if c == b.cols {
			if n := b.settings(vals); n > 0 {
				out[fmt.Sprint(vals)] = n
			}
			return
		}
		col := make([]int64, b.rows)
		for r := range b.rows - 1 {
			col[r] = vals[r*b.cols+c]
		}
		for v := int64(1); v <= b.max; v++ {
			col[b.rows-1] = v
			if len(b.zero(col)) > 0 {
				vals[last+c] = v
				lastRow(c + 1)
			}
		}
	}
	var pick func(r int)
	pick = func(r int) {
		if r == b.rows-1 {
			lastRow(0)
			return
		}
	rows:
		for _, rw := range rowList {
			copy(vals[r*b.cols:], rw)
			// A line whose numbers are all placed must be zero under some
			// operators (the short diagonals within the rows so far).
			for _, l := range b.lines {
				if m := slices.Max(l.nums); m >= (r+1)*b.cols || m < r*b.cols {
					continue
				}
				x := make([]int64, len(l.nums))
				for i, n := range l.nums {
					x[i] = vals[n]
				}
				if len(b.zero(x)) == 0 {
					continue rows
				}
			}
			pick(r + 1)
		}
	}
	pick(0)
	return out
}

// TestBruteLines: the brute force's own layout has as many lines as the
// grid package selects with all lines, covering every operator cell, so
// that the two censuses answer the same question.
func TestBruteLines(t *testing.T) {
	for _, z := range []grid.Size{{Rows: 3, Cols: 3}, {Rows: 3, Cols: 4}, {Rows: 4, Cols: 3}, {Rows: 4, Cols: 4}} {
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
		bl := bruteLines(z.Rows, z.Cols)
		if want := z.Rows + z.Cols + 2*(z.Rows+z.Cols-3); len(bl) != len(ls) || len(bl) != want {
			t.Errorf("%s: the brute force lays out %d lines, the grid package %d, want %d", z, len(bl), len(ls), want)
		}
		cells := map[bruteCell]bool{}
		for _, l := range bl {
			for _, c := range l.cells {
				cells[c] = true
			}
		}
		if len(cells) != z.NumOps() {
			t.Errorf("%s: the brute force's lines cover %d operator cells, the grid has %d", z, len(cells), z.NumOps())
		}
	}
}

// TestBruteForce compares the census with the brute force: the images the
// census lists are exactly the grids the brute force finds, each with the
// same number of settings, each class once, in standard form. 3x3 has no
// all-four-operators grid below 12, so it is also compared at 12 (Wolf's
// grid and its mirror image), with any operators and left to right.
func TestBruteForce(t *testing.T) {
	s33, s34, s43, s44 := grid.Size{Rows: 3, Cols: 3}, grid.Size{Rows: 3, Cols: 4}, grid.Size{Rows: 4, Cols: 3}, grid.Size{Rows: 4, Cols: 4}
	cases := []struct {
		z      grid.Size
		max    int64
		ev     grid.Eval
		anyOps bool
		want   int // grids the brute force must find (-1: any number)
	}{
		{s33, 6, grid.Precedence, false, 0},
		{s33, 12, grid.Precedence, false, 2},
		{s33, 6, grid.Precedence, true, -1},
		{s33, 6, grid.LeftToRight, false, -1},
		{s34, 4, grid.Precedence, false, 39},
		{s43, 4, grid.Precedence, false, -1},
		{s44, 1, grid.Precedence, false, 1},
		{s44, 2, grid.Precedence, false, -1},
		{s44, 3, grid.Precedence, false, -1},
	}
	for _, tc := range cases {
		name := fmt.Sprintf("%s-%d-%s", tc.z, tc.max, tc.ev)
		if tc.anyOps {
			name += "-anyops"
		}
		t.Run(name, func(t *testing.T) {
			b := &brute{rows: tc.z.Rows, cols: tc.z.Cols, max: tc.max, ev: tc.ev, anyOps: tc.anyOps}
			want := b.run()
			if tc.want >= 0 && len(want) != tc.want {
				t.Errorf("the brute force finds %d grids, want %d", len(want), tc.want)
			}
			recs, _ := runCensus(t, Options{Size: tc.z, Max: tc.max, Eval: tc.ev, AnyOps: tc.anyOps})
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
			t.Logf("%s: %d grids, %d up to symmetry", name, len(want), len(recs))
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

// TestSolveLineBrute checks the search's line solver against the brute
// force's evaluation: for every line of 2 to 4 numbers up to 4 (3 for
// four numbers), every operator tuple, both evaluations and every
// position, the values 1..12 that make the line zero are exactly the one
// the solver returns, or all of them when it says the line does not
// depend on that number. (Small boxes alone can miss a wrong solution: a
// value lost under one tuple is often given by another.)
func TestSolveLineBrute(t *testing.T) {
	for _, ev := range []grid.Eval{grid.Precedence, grid.LeftToRight} {
		for n := 2; n <= 4; n++ {
			top := int64(4)
			if n == 4 {
				top = 3
			}
			x := make([]int64, n)
			o := make([]grid.Op, n-1)
			var fill func(i int)
			check := func() {
				for j := range n {
					v, ok, all := solveLine(ev, x, o, j)
					keep := x[j]
					for y := int64(1); y <= 12; y++ {
						x[j] = y
						zero := bruteEval(ev, x, o).Sign() == 0
						if want := all || ok && v.d == 1 && v.n == y; zero != want {
							t.Fatalf("%s %v %v, number %d: solver %v %t %t, but %d makes the line zero: %t", ev, x, o, j, v, ok, all, y, zero)
						}
					}
					x[j] = keep
				}
			}
			fill = func(i int) {
				if i == n {
					for code := range 1 << (2 * (n - 1)) {
						for k := range o {
							o[k] = bruteOps[(code>>(2*k))&3]
						}
						check()
					}
					return
				}
				for y := int64(1); y <= top; y++ {
					x[i] = y
					fill(i + 1)
				}
			}
			fill(0)
		}
	}
}
