package census

import (
	"math/big"
	"slices"
	"sync"

	"github.com/families-project/families/families/grid"
)

// A solved grid's operator settings, factored: each line of its own cells
// (a row or a column) takes any of its zero tuples, independently, and the
// shared diagonal cells take one of the joint assignments that make every
// diagonal zero. A setting is one choice of each.
type settings struct {
	g       *geometry
	tuples  [][]uint32 // zero tuples of each line (for shared lines: alone)
	joint   [][]grid.Op
	jointN  uint64     // joint assignments (all counted, at most maxJoint kept)
	jointM  [16]uint64 // joint assignments by the mask of operators they use
	free    []int      // lines with cells of their own
	Any     *big.Int   // settings
	All     *big.Int   // settings using all of + - x /
	byMask  [16]*big.Int
	overCap bool // more joint assignments than were kept
}

// maxJoint bounds the joint diagonal assignments kept for listing
// settings; all of them are counted.
const maxJoint = 1 << 16

// maxListed bounds the settings list looks at, so that a grid whose first
// settings all lack an operator cannot stall it.
const maxListed = 1 << 22

// lineTuples returns the tuple codes that make complete line k zero
// (shared: not to be modified). They depend only on the line's numbers
// in reading order, and a census meets the same few lines over and over
// (a grid, its images, its neighbours in the search), so they are kept
// (tupleMemo).
func (g *geometry) lineTuples(k int, vals []int64) []uint32 {
	l := &g.lines[k]
	var key lineKey
	key.n = len(l.nums)
	for i, n := range l.nums {
		key.x[i] = vals[n]
	}
	if out, ok := g.tuples.get(key); ok {
		return out
	}
	xs := key.x[:key.n]
	ops := make([]grid.Op, len(l.cells))
	var out []uint32
	for t := uint32(0); t < 1<<(2*len(l.cells)); t++ {
		tupleOps(t, ops)
		if lineZero(g.ev, xs, ops) {
			out = append(out, t)
		}
	}
	g.tuples.put(key, out)
	return out
}

// lineKey is a line's numbers in reading order.
type lineKey struct {
	n int
	x [MaxLine]int64
}

// maxTupleMemo bounds the lines tupleMemo keeps; past it the memo starts
// again empty (an entry is some 100 bytes: at most about 25 MB). It
// changes the time a run takes, never its answers.
const maxTupleMemo = 1 << 18

// tupleMemo keeps the zero tuples of lines, safe for concurrent use.
type tupleMemo struct {
	mu sync.Mutex
	m  map[lineKey][]uint32
}

func (tm *tupleMemo) get(k lineKey) ([]uint32, bool) {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	out, ok := tm.m[k]
	return out, ok
}

func (tm *tupleMemo) put(k lineKey, out []uint32) {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	if tm.m == nil || len(tm.m) >= maxTupleMemo {
		tm.m = map[lineKey][]uint32{}
	}
	tm.m[k] = out
}

// countSettings finds every setting under which vals makes every selected
// line zero, counted by the operators they use. Cost: every tuple of every
// line, and a search over the joint assignments of the shared cells.
func (g *geometry) countSettings(vals []int64) *settings {
	st := &settings{g: g, tuples: make([][]uint32, len(g.lines))}
	var shared []int
	for k := range g.lines {
		st.tuples[k] = g.lineTuples(k, vals)
		if g.lines[k].shared {
			shared = append(shared, k)
		} else {
			st.free = append(st.free, k)
		}
	}
	for i := range st.byMask {
		st.byMask[i] = new(big.Int)
	}
	st.Any, st.All = new(big.Int), new(big.Int)
	g.walkJoint(shared, st.tuples, nil, func(cell []grid.Op, mask uint8) bool {
		st.jointN++
		st.jointM[mask]++
		if len(st.joint) < maxJoint {
			st.joint = append(st.joint, append([]grid.Op(nil), cell...))
		} else {
			st.overCap = true
		}
		return false
	})
	// Combine the independent lines with the joint part by the union of
	// the operators used.
	hist := [16]*big.Int{}
	for m := range hist {
		hist[m] = new(big.Int).SetUint64(st.jointM[m])
	}
	for _, k := range st.free {
		var lh [16]int64
		n := len(g.lines[k].cells)
		for _, t := range st.tuples[k] {
			lh[tupleMask(t, n)]++
		}
		var next [16]*big.Int
		for m := range next {
			next[m] = new(big.Int)
		}
		p := new(big.Int)
		for a := range hist {
			if hist[a].Sign() == 0 {
				continue
			}
			for b, c := range lh {
				if c != 0 {
					next[a|b].Add(next[a|b], p.Mul(hist[a], big.NewInt(c)))
				}
			}
		}
		hist = next
	}
	for m, h := range hist {
		st.byMask[m] = h
		st.Any.Add(st.Any, h)
	}
	st.All.Set(hist[allOps])
	return st
}

// hasSetting reports whether some setting makes every selected line of
// vals zero (using all four operators unless anyOps): countSettings'
// count is positive, found without counting. countSettings lists every
// joint assignment of the shared diagonal cells, which on 5x5 grids of
// small numbers runs to millions for each grid the search completes;
// here the walk stops at the first assignment that the independent
// lines' operators complete. Cost: the lines' zero tuples (kept) and the
// walk up to the first setting.
func (g *geometry) hasSetting(vals []int64, anyOps bool) bool {
	tuples := make([][]uint32, len(g.lines))
	var shared []int
	// reach[m]: the independent lines can use exactly the operators m.
	var reach [16]bool
	reach[0] = true
	for k := range g.lines {
		tuples[k] = g.lineTuples(k, vals)
		if len(tuples[k]) == 0 {
			return false
		}
		if g.lines[k].shared {
			shared = append(shared, k)
			continue
		}
		var next [16]bool
		n := len(g.lines[k].cells)
		for a, ok := range reach {
			if ok {
				for _, t := range tuples[k] {
					next[a|int(tupleMask(t, n))] = true
				}
			}
		}
		reach = next
	}
	completes := func(m uint8) bool {
		if anyOps {
			return true
		}
		for f, ok := range reach {
			if ok && m|uint8(f) == allOps {
				return true
			}
		}
		return false
	}
	// Every operator a setting can still use past shared line i: the
	// independent lines' and those of the shared lines' tuples from i on.
	// A walk whose operators with these lack one of + - x / has no
	// setting below it (most grids that have none are refused at once).
	var reachAll uint8
	for f, ok := range reach {
		if ok {
			reachAll |= uint8(f)
		}
	}
	later := make([]uint8, len(shared)+1)
	later[len(shared)] = reachAll
	for i := len(shared) - 1; i >= 0; i-- {
		later[i] = later[i+1]
		n := len(g.lines[shared[i]].cells)
		for _, t := range tuples[shared[i]] {
			later[i] |= tupleMask(t, n)
		}
	}
	cut := func(i int, mask uint8) bool { return !anyOps && mask|later[i] != allOps }
	return g.walkJoint(shared, tuples, cut, func(_ []grid.Op, mask uint8) bool { return completes(mask) })
}

// walkJoint walks the joint assignments of the cells of the shared lines
// (line shared[i] takes one of tuples[shared[i]], agreeing with the cells
// the earlier lines fixed), with mask the operators used so far. It calls
// leaf with the cells and mask of each complete assignment and stops, true,
// at the first leaf that returns true; a non-nil cut(i, mask) returning
// true abandons the walk below line i. cell is reused: leaf copies what it
// keeps. Cost: one step per partial assignment visited.
func (g *geometry) walkJoint(shared []int, tuples [][]uint32, cut func(i int, mask uint8) bool, leaf func(cell []grid.Op, mask uint8) bool) bool {
	cell := make([]grid.Op, g.ncells)
	var walk func(i int, mask uint8) bool
	walk = func(i int, mask uint8) bool {
		if cut != nil && cut(i, mask) {
			return false
		}
		if i == len(shared) {
			return leaf(cell, mask)
		}
		l := &g.lines[shared[i]]
		var set [64]bool
	tuples:
		for _, t := range tuples[shared[i]] {
			for k, c := range l.cells {
				if o := arith[(t>>(2*k))&3]; cell[c] != grid.Absent && cell[c] != o {
					continue tuples
				}
			}
			m := mask
			for k, c := range l.cells {
				if cell[c] == grid.Absent {
					cell[c], set[k] = arith[(t>>(2*k))&3], true
				}
				m |= opBit(cell[c])
			}
			found := walk(i+1, m)
			for k, c := range l.cells {
				if set[k] {
					cell[c], set[k] = grid.Absent, false
				}
			}
			if found {
				return true
			}
		}
		return false
	}
	return walk(0, 0)
}

// shared returns the lines whose cells the joint assignments fix (the
// lines not in free), in line order.
func (st *settings) shared() []int {
	var out []int
	for k := range st.g.lines {
		if !slices.Contains(st.free, k) {
			out = append(out, k)
		}
	}
	return out
}

// count returns the settings that count: all, or those with all four
// operators.
func (st *settings) count(anyOps bool) *big.Int {
	if anyOps {
		return st.Any
	}
	return st.All
}

// list calls f with up to limit settings (operator lists in grid.NewSetting's
// order; cells on no selected line are absent), those with all four
// operators unless anyOps, in a fixed order: the joint diagonal assignments
// outermost, then the tuples of the independent lines, last line fastest.
// It stops when f returns false.
func (st *settings) list(anyOps bool, limit int, f func(ops []grid.Op) bool) {
	g := st.g
	ops := make([]grid.Op, g.ncells)
	odo := make([]int, len(st.free))
	produced, tried := 0, 0
	for _, j := range st.joint {
		for i := range odo {
			odo[i] = 0
			if len(st.tuples[st.free[i]]) == 0 {
				return
			}
		}
		for {
			copy(ops, j)
			for i, k := range st.free {
				l := &g.lines[k]
				t := st.tuples[k][odo[i]]
				for p, c := range l.cells {
					ops[c] = arith[(t>>(2*p))&3]
				}
			}
			var m uint8
			for c, o := range ops {
				if g.onLine[c] && o != grid.Absent {
					m |= opBit(o)
				}
			}
			if tried++; tried > maxListed {
				return
			}
			if anyOps || m == allOps {
				if !f(append([]grid.Op(nil), ops...)) {
					return
				}
				produced++
				if produced >= limit {
					return
				}
			}
			i := len(odo) - 1
			for ; i >= 0; i-- {
				odo[i]++
				if odo[i] < len(st.tuples[st.free[i]]) {
					break
				}
				odo[i] = 0
			}
			if i < 0 {
				break
			}
		}
	}
}
