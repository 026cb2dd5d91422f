package census

import (
	"slices"

	"github.com/families-project/families/families/grid"
)

// A step assigns one number: either it is free (gen < 0) and takes every
// value in range, or it is the last unknown of line gen and takes only the
// values that make that line zero under some operators.
type step struct {
	num   int   // number index
	gen   int   // determining line, or -1
	pos   int   // position of num in line gen
	check []int // lines this step completes (gen among them)
}

// order returns the steps of the search: greedily, a number that completes
// a line whenever there is one (the one completing most lines, then the one
// whose shortest completed line has fewest operator tuples), otherwise the
// free number that leaves most lines one number short of complete, so that
// lines complete early and most numbers are solved for rather than tried.
// It depends only on the geometry, never on values.
func (g *geometry) order() []step {
	n := g.size.Numbers()
	assigned := make([]bool, n)
	missing := make([]int, len(g.lines))
	for k, l := range g.lines {
		missing[k] = len(l.nums)
	}
	var steps []step
	for len(steps) < n {
		best, bestGen, bestScore, bestLen := -1, -1, -1, 0
		for c := range n {
			if assigned[c] {
				continue
			}
			done, gen, short := 0, -1, 1<<30
			for _, k := range g.byNum[c] {
				if missing[k] == 1 {
					done++
					if len(g.lines[k].nums) < short {
						gen, short = k, len(g.lines[k].nums)
					}
				}
			}
			if done > 0 && (bestGen < 0 || done > bestScore || done == bestScore && short < bestLen) {
				best, bestGen, bestScore, bestLen = c, gen, done, short
			}
		}
		if best < 0 {
			for c := range n {
				if assigned[c] {
					continue
				}
				score := 0
				for _, k := range g.byNum[c] {
					if missing[k] == 2 {
						score++
					}
				}
				if score > bestScore {
					best, bestScore = c, score
				}
			}
		}
		st := step{num: best, gen: bestGen}
		assigned[best] = true
		for _, k := range g.byNum[best] {
			missing[k]--
			if missing[k] == 0 {
				st.check = append(st.check, k)
			}
		}
		if st.gen >= 0 {
			st.pos = slices.Index(g.lines[st.gen].nums, best)
		}
		steps = append(steps, st)
	}
	return steps
}

// A searcher runs the depth-first search of one task. It is not safe for
// concurrent use; each worker has its own.
type searcher struct {
	g      *geometry
	steps  []step
	hi     int64 // largest number
	maxSum int64 // 0: no bound on the sum
	vals   []int64
	sum    int64
	masks  [][]uint8 // masks[d][cell]: operators still possible in a shared cell at depth d
	xs     []int64   // a line's numbers
	ops    []grid.Op // a line's operators
	cands  [][]int64 // candidate values per depth
	nodes  int64     // numbers assigned
	leaf   func(vals []int64) error
	// stop, when set, is asked every stopEvery nodes whether to stop (a
	// task may run for minutes between two complete grids).
	stop func() error
	err  error
}

// stopEvery is how many numbers the search assigns between two calls of
// searcher.stop: some milliseconds at the rates measured.
const stopEvery = 1 << 12

func newSearcher(g *geometry, steps []step, hi, maxSum int64, leaf func([]int64) error) *searcher {
	s := &searcher{g: g, steps: steps, hi: hi, maxSum: maxSum, leaf: leaf,
		vals: make([]int64, g.size.Numbers()), xs: make([]int64, g.maxLen), ops: make([]grid.Op, g.maxLen),
		masks: make([][]uint8, len(steps)+1), cands: make([][]int64, len(steps))}
	for d := range s.masks {
		s.masks[d] = make([]uint8, g.ncells)
	}
	return s
}

// run searches every grid whose first number is v.
func (s *searcher) run(v int64) error {
	for i := range s.masks[0] {
		s.masks[0][i] = allOps
	}
	clear(s.vals)
	s.sum = 0
	s.try(0, v)
	return s.err
}

// room returns the largest value step d may take under the bounds.
func (s *searcher) room(d int) int64 {
	hi := s.hi
	if s.maxSum > 0 {
		// Every later number is at least 1.
		hi = min(hi, s.maxSum-s.sum-int64(len(s.steps)-d-1))
	}
	return hi
}

// try assigns v at step d, checks the lines it completes and goes on.
func (s *searcher) try(d int, v int64) {
	if s.err != nil {
		return
	}
	st := &s.steps[d]
	s.nodes++
	if s.nodes%stopEvery == 0 && s.stop != nil {
		if err := s.stop(); err != nil {
			s.err = err
			return
		}
	}
	s.vals[st.num] = v
	s.sum += v
	copy(s.masks[d+1], s.masks[d])
	ok := true
	for _, k := range st.check {
		if !s.lineHolds(k, s.masks[d+1]) {
			ok = false
			break
		}
	}
	if ok {
		s.descend(d + 1)
	}
	s.sum -= v
	s.vals[st.num] = 0
}

func (s *searcher) descend(d int) {
	if d == len(s.steps) {
		if err := s.leaf(s.vals); err != nil && s.err == nil {
			s.err = err
		}
		return
	}
	hi := s.room(d)
	if hi < 1 {
		return
	}
	st := &s.steps[d]
	all := st.gen < 0
	if !all {
		s.cands[d], all = s.candidates(st, s.masks[d], hi, s.cands[d][:0])
	}
	if all {
		for v := int64(1); v <= hi && s.err == nil; v++ {
			s.try(d, v)
		}
		return
	}
	for _, v := range s.cands[d] {
		s.try(d, v)
	}
}

// load copies line k's numbers into s.xs.
func (s *searcher) load(k int) []int64 {
	l := &s.g.lines[k]
	xs := s.xs[:len(l.nums)]
	for i, n := range l.nums {
		xs[i] = s.vals[n]
	}
	return xs
}

// allowed reports whether tuple t fits the cell masks of a shared line.
func allowed(l *cline, t uint32, masks []uint8) bool {
	if !l.shared {
		return true
	}
	for k, c := range l.cells {
		if masks[c]&(1<<((t>>(2*k))&3)) == 0 {
			return false
		}
	}
	return true
}

// candidates appends to out the values in 1..hi that step st's number can
// take: for each operator tuple of its line allowed by masks, the one value
// that makes the line zero, when it is a whole number in range. It reports
// all instead when some tuple makes the line zero whatever the number
// (left to right, a 0 multiplied or divided by it): then every value in
// 1..hi is a candidate, which the caller runs through without a list (hi
// may be large).
func (s *searcher) candidates(st *step, masks []uint8, hi int64, out []int64) (_ []int64, all bool) {
	start := len(out)
	l := &s.g.lines[st.gen]
	xs := s.load(st.gen)
	ops := s.ops[:len(l.cells)]
	n := uint32(1) << (2 * len(l.cells))
	for t := uint32(0); t < n; t++ {
		if !allowed(l, t, masks) {
			continue
		}
		tupleOps(t, ops)
		x, ok, all := solveLine(s.g.ev, xs, ops, st.pos)
		if all {
			return out[:start], true
		}
		if !ok || x.d != 1 || x.n < 1 || x.n > hi || slices.Contains(out, x.n) {
			continue
		}
		out = append(out, x.n)
	}
	return out, false
}

// lineHolds reports whether complete line k is zero under some operator
// tuple allowed by masks; for a shared line it narrows masks to the
// operators that some such tuple uses in each cell.
func (s *searcher) lineHolds(k int, masks []uint8) bool {
	l := &s.g.lines[k]
	xs := s.load(k)
	ops := s.ops[:len(l.cells)]
	n := uint32(1) << (2 * len(l.cells))
	var seen [64]uint8
	found := false
	for t := uint32(0); t < n; t++ {
		if !allowed(l, t, masks) {
			continue
		}
		tupleOps(t, ops)
		if !lineZero(s.g.ev, xs, ops) {
			continue
		}
		found = true
		if !l.shared {
			return true
		}
		for i := range l.cells {
			seen[i] |= 1 << ((t >> (2 * i)) & 3)
		}
	}
	if !found {
		return false
	}
	for i, c := range l.cells {
		masks[c] &= seen[i]
	}
	return true
}
