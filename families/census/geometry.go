package census

import (
	"fmt"
	"math/big"

	"github.com/families-project/families/families/grid"
)

// A cline is a selected line of the grid: its numbers in reading order and
// the operator cells between them, as indices into a setting's operator
// list (grid.NewSetting's order).
type cline struct {
	name   string
	nums   []int
	cells  []int
	shared bool // a diagonal: its cells may lie on a second selected line
}

// geometry is what the search needs to know about a grid size and line
// selection: the lines, which lines pass through each number, and which
// operator cells lie on a selected line at all.
type geometry struct {
	size   grid.Size
	sel    grid.LineSet
	ev     grid.Eval
	lines  []cline
	byNum  [][]int // lines through each number
	onLine []bool  // operator cell lies on a selected line
	ncells int     // operator cells (len(onLine))
	maxLen int     // numbers in the longest line
	tuples tupleMemo
}

func newGeometry(z grid.Size, sel grid.LineSet, ev grid.Eval) (*geometry, error) {
	if err := z.Validate(); err != nil {
		return nil, err
	}
	if sel == 0 {
		sel = grid.AllLines
	}
	ops := make([]grid.Op, z.NumOps())
	for i := range ops {
		ops[i] = grid.Sub
	}
	s, err := grid.NewSetting(z, ops)
	if err != nil {
		return nil, err
	}
	ls, err := s.Lines(sel)
	if err != nil {
		return nil, err
	}
	if len(ls) == 0 {
		return nil, fmt.Errorf("census: no lines of kind %s in a %s grid", sel, z)
	}
	idx := opIndex(z)
	g := &geometry{size: z, sel: sel, ev: ev, byNum: make([][]int, z.Numbers()), onLine: make([]bool, z.NumOps()), ncells: z.NumOps()}
	for k, l := range ls {
		cl := cline{name: l.Name, nums: l.Nums, shared: l.Kind == grid.Diag || l.Kind == grid.Short}
		for _, p := range l.Cells {
			c := idx[p.R*z.LayoutCols()+p.C]
			cl.cells = append(cl.cells, c)
			g.onLine[c] = true
		}
		for _, n := range l.Nums {
			g.byNum[n] = append(g.byNum[n], k)
		}
		g.maxLen = max(g.maxLen, len(l.Nums))
		g.lines = append(g.lines, cl)
	}
	for i, ls := range g.byNum {
		if len(ls) == 0 {
			return nil, fmt.Errorf("census: number %s lies on no selected line (%s): it could be anything", z.Name(i), sel)
		}
	}
	return g, nil
}

// opIndex maps a layout index to the index of its operator cell in a
// setting's operator list (-1 for number cells).
func opIndex(z grid.Size) []int {
	idx := make([]int, z.LayoutRows()*z.LayoutCols())
	k := 0
	for r := range z.LayoutRows() {
		for c := range z.LayoutCols() {
			if (grid.Pos{R: r, C: c}).Kind() == grid.NumberCell {
				idx[r*z.LayoutCols()+c] = -1
				continue
			}
			idx[r*z.LayoutCols()+c] = k
			k++
		}
	}
	return idx
}

// arith lists the operators a line may use, in the order of tuple codes.
var arith = [4]grid.Op{grid.Add, grid.Sub, grid.Mul, grid.Div}

// opBit is the bit of an arithmetic operator in a 4-bit mask.
func opBit(o grid.Op) uint8 { return 1 << (o - grid.Add) }

// allOps is the mask of + - x /.
const allOps = 0xf

// tupleOps writes the operators of tuple code t into o (two bits a cell).
func tupleOps(t uint32, o []grid.Op) {
	for k := range o {
		o[k] = arith[(t>>(2*k))&3]
	}
}

// tupleMask returns the mask of the operators tuple code t uses on n cells.
func tupleMask(t uint32, n int) uint8 {
	var m uint8
	for k := 0; k < n; k++ {
		m |= 1 << ((t >> (2 * k)) & 3)
	}
	return m
}

// ratVals converts a grid's numbers to rationals.
func ratVals(v []int64) []*big.Rat {
	out := make([]*big.Rat, len(v))
	for i, x := range v {
		out[i] = new(big.Rat).SetInt64(x)
	}
	return out
}
