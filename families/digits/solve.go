package digits

import (
	"cmp"
	"context"
	"math/bits"
	"slices"
)

// defaultPatience is the number of assignments the solver is willing to
// enumerate to prune with one constraint (Typke's "patience"). Above it a
// constraint prunes by interval reasoning only, until branching has
// shrunk its letters' digit sets. Measured on the published puzzles (see
// BenchmarkPatience): large enough to prune hard early, small enough not to
// enumerate whole lines at the root.
const defaultPatience = 200

// A constraint is a line, or a relaxation of a line to its last k digits
// modulo 10^k. The relaxations reach the last letters of long words early,
// as a person solving a cryptarithm works from the units column.
type constraint struct {
	line    *cline
	words   []word // line.words, cut to their last k digits when mod != 0
	mod     int64  // 0 for the line itself, else 10^k
	letters []int
}

func (c *constraint) holds(val []int8) bool {
	if c.mod == 0 {
		return c.line.holds(val)
	}
	return c.line.holdsMod(c.words, c.mod, val)
}

// constraints returns the lines of pr and, for each line without
// division, its relaxations modulo 10^k, keeping for each set of letters
// only the strongest (largest k) and none with all the line's letters,
// which the line itself prunes at least as well.
func constraints(pr *prog) []constraint {
	nc, nw, nl := 0, 0, 0
	for _, l := range pr.lines {
		nc++
		if !l.hasDiv {
			k := min(l.maxLen()-1, 9)
			nc, nw, nl = nc+k, nw+k*len(l.words), nl+k*len(l.letters)
		}
	}
	cs := make([]constraint, 0, nc)
	words := make([]word, 0, nw)
	letters := make([]int, 0, nl)
	for _, l := range pr.lines {
		cs = append(cs, constraint{line: l, words: l.words, letters: byWeight(l)})
		if l.hasDiv {
			continue
		}
		var prev uint64
		for k := min(l.maxLen()-1, 9); k >= 1; k-- {
			var set uint64
			for _, w := range l.words {
				for _, x := range w[max(0, len(w)-k):] {
					if x >= 0 {
						set |= 1 << x
					}
				}
			}
			if set == 0 || set == prev || bits.OnesCount64(set) == len(l.letters) {
				prev = set
				continue
			}
			prev = set
			w0, l0 := len(words), len(letters)
			for _, w := range l.words {
				words = append(words, w[max(0, len(w)-k):])
			}
			for u := set; u != 0; u &= u - 1 {
				letters = append(letters, bits.TrailingZeros64(u))
			}
			cs = append(cs, constraint{line: l, mod: pow10(k),
				words: words[w0:len(words):len(words)], letters: letters[l0:len(letters):len(letters)]})
		}
	}
	return cs
}

// byWeight returns the letters of l, those in the highest decimal place
// first: enumerating them first narrows the line's range fastest.
func byWeight(l *cline) []int {
	var place [maxLetters]int
	for _, w := range l.words {
		for i, x := range w {
			if x >= 0 {
				place[x] = max(place[x], len(w)-i)
			}
		}
	}
	letters := slices.Clone(l.letters)
	slices.SortStableFunc(letters, func(a, b int) int { return cmp.Compare(place[b], place[a]) })
	return letters
}

func (l *cline) maxLen() int {
	n := 0
	for _, w := range l.words {
		n = max(n, len(w))
	}
	return n
}

func pow10(k int) int64 {
	m := int64(1)
	for range k {
		m *= 10
	}
	return m
}

// solver holds the state of one search. Domains are bit sets: bit d of
// dom[L] is set while letter L may still be digit d.
type solver struct {
	pr       *prog
	cons     []constraint
	watch    [][]int // watch[L]: the constraints on letter L
	degree   []int   // lines on each letter, to break ties between letters
	patience int
	limit    int
	ctx      context.Context
	err      error
	nodes    int64
	evals    int64 // exact and interval line evaluations, a noise-free cost measure
	sols     [][]int8

	queue  []int
	queued []bool
	val    []int8
	free   []int
	sup    []uint16
	orig   []uint16
	wiv    []iv
	stack  [][]uint16
}

func newSolver(ctx context.Context, pr *prog, limit, patience int) *solver {
	n := len(pr.letters)
	s := &solver{pr: pr, cons: constraints(pr), patience: patience, limit: limit, ctx: ctx}
	ints := make([]int, 2*n)
	s.degree, s.free = ints[:n:n], ints[n:n]
	s.val = make([]int8, n)
	s.queued = make([]bool, len(s.cons))
	s.queue = make([]int, 0, 2*len(s.cons))
	// watch[L] lists the constraints on L, all in one backing array.
	count := make([]int, n+1)
	for _, c := range s.cons {
		for _, L := range c.letters {
			count[L+1]++
		}
	}
	for L := range n {
		count[L+1] += count[L]
	}
	all := make([]int, count[n])
	s.watch = make([][]int, n)
	for L := range n {
		s.watch[L] = all[count[L]:count[L]:count[L+1]]
	}
	for i, c := range s.cons {
		for _, L := range c.letters {
			s.watch[L] = append(s.watch[L], i)
		}
	}
	maxWords := 0
	for _, l := range pr.lines {
		for _, L := range l.letters {
			s.degree[L]++
		}
		maxWords = max(maxWords, len(l.words))
	}
	s.wiv = make([]iv, maxWords)
	doms := make([]uint16, (n+3)*n)
	s.sup, s.orig, doms = doms[:n:n], doms[n:2*n:2*n], doms[2*n:]
	s.stack = make([][]uint16, n+1)
	for i := range s.stack {
		s.stack[i] = doms[i*n : (i+1)*n : (i+1)*n]
	}
	return s
}

// Solve finds the solutions of p, stopping once it has limit of them
// (limit <= 0: no limit); a limit of 2 decides uniqueness. Every solution
// is checked exactly against every line before it is returned.
//
// The search keeps a set of possible digits per letter, prunes the sets
// through each line as the package documentation describes, and branches
// on the letter with the fewest digits left. Its worst case is
// exponential, as for any search, but the published puzzles take 1 to 5 nodes
// and tens of microseconds where BruteForce tries up to 10! assignments.
//
// Solve checks ctx at the first node and every 256 nodes after; once ctx
// is done it returns the solutions found so far with ctx's error. A
// malformed puzzle gives an error and no search.
func (p *Puzzle) Solve(ctx context.Context, limit int) (Result, error) {
	r, _, err := p.solve(ctx, limit, defaultPatience)
	return r, err
}

// solve is Solve with a given patience; it also returns the number of line
// evaluations, for tuning.
func (p *Puzzle) solve(ctx context.Context, limit, patience int) (Result, int64, error) {
	pr, err := compile(p)
	if err != nil {
		return Result{}, 0, err
	}
	s := newSolver(ctx, pr, limit, patience)
	dom := s.stack[0]
	for L := range dom {
		dom[L] = pr.allowed
		if pr.lead[L] {
			dom[L] &^= 1
		}
		if dom[L] == 0 { // only 0 allowed, for a leading letter
			return pr.result(nil, 0, limit, nil), 0, nil
		}
	}
	// Cheap constraints first: they prune before the expensive ones run.
	for i := range s.cons {
		s.queue = append(s.queue, i)
		s.queued[i] = true
	}
	slices.SortStableFunc(s.queue, func(a, b int) int { return cmp.Compare(len(s.cons[a].letters), len(s.cons[b].letters)) })
	s.search(dom, 1)
	return pr.result(s.sols, s.nodes, limit, s.err), s.evals, s.err
}

// result sorts the solutions and summarizes them.
func (pr *prog) result(sols [][]int8, nodes int64, limit int, err error) Result {
	slices.SortFunc(sols, slices.Compare)
	r := Result{Nodes: nodes}
	for _, v := range sols {
		sol := make(Solution, len(v))
		for L, d := range v {
			sol[pr.letters[L]] = int(d)
		}
		r.Solutions = append(r.Solutions, sol)
	}
	switch n := len(sols); {
	case n == 0:
		r.Status = None
	case n >= 2:
		r.Status = Many
	case limit == 1 || err != nil:
		r.Status = Found
	default:
		r.Status = Unique
	}
	return r
}

// search propagates dom and branches on one letter; it reports true when
// the search must stop (limit reached or ctx done). stack[depth] is the
// scratch domain for the children.
func (s *solver) search(dom []uint16, depth int) bool {
	s.nodes++
	if s.nodes&255 == 1 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return true
		}
	}
	if !s.propagate(dom) {
		return false
	}
	L := s.choose(dom)
	if L < 0 {
		s.record(dom)
		return s.limit > 0 && len(s.sols) >= s.limit
	}
	child := s.stack[depth]
	for m := dom[L]; m != 0; m &= m - 1 {
		copy(child, dom)
		child[L] = m & -m
		s.touch(L)
		if s.search(child, depth+1) {
			return true
		}
	}
	return false
}

// choose returns the unfixed letter with the fewest digits left, the one
// in most lines among those, or -1 when every letter is fixed.
func (s *solver) choose(dom []uint16) int {
	best, bestN := -1, 99
	for L, m := range dom {
		n := bits.OnesCount16(m)
		if n < 2 {
			continue
		}
		if n < bestN || n == bestN && s.degree[L] > s.degree[best] {
			best, bestN = L, n
		}
	}
	return best
}

// record stores a fully fixed domain as a solution after checking it
// against every line once more, so that no propagation rule can let a
// wrong solution through.
func (s *solver) record(dom []uint16) {
	v := make([]int8, len(dom))
	var used uint16
	for L, m := range dom {
		if s.pr.distinct && used&m != 0 {
			return
		}
		used |= m
		v[L] = int8(bits.TrailingZeros16(m))
	}
	for _, l := range s.pr.lines {
		if !l.holds(v) {
			return
		}
	}
	s.sols = append(s.sols, v)
}

func (s *solver) enqueue(ci int) {
	if !s.queued[ci] {
		s.queued[ci] = true
		s.queue = append(s.queue, ci)
	}
}

// touch queues the constraints on letter L after its digits changed.
func (s *solver) touch(L int) {
	for _, ci := range s.watch[L] {
		s.enqueue(ci)
	}
}

// propagate prunes dom to a fixed point of the queued constraints and the
// all-different rule; false means dom holds no solution.
func (s *solver) propagate(dom []uint16) bool {
	ok := true
	for head := 0; ok; {
		if ok = s.alldiff(dom); !ok || head == len(s.queue) {
			break
		}
		ci := s.queue[head]
		head++
		if !s.queued[ci] {
			continue // revised since it was queued
		}
		s.queued[ci] = false
		ok = s.revise(ci, dom)
	}
	for _, ci := range s.queue {
		s.queued[ci] = false
	}
	s.queue = s.queue[:0]
	return ok
}

// set narrows dom[L] to m, queueing L's constraints when that changes it.
func (s *solver) set(dom []uint16, L int, m uint16) bool {
	if m != dom[L] {
		dom[L] = m
		s.touch(L)
	}
	return m != 0
}

// alldiff removes the digits of fixed letters from the other letters and
// checks that the letters have enough digits between them. When there are
// exactly as many digits as letters, a digit left to a single letter fixes
// that letter.
func (s *solver) alldiff(dom []uint16) bool {
	if !s.pr.distinct {
		return true
	}
	for again := true; again; {
		again = false
		var fixed, union uint16
		for _, m := range dom {
			if m&(m-1) == 0 {
				if fixed&m != 0 {
					return false
				}
				fixed |= m
			}
			union |= m
		}
		for L, m := range dom {
			if m&(m-1) != 0 && m&fixed != 0 {
				m &^= fixed
				if !s.set(dom, L, m) {
					return false
				}
				again = again || m&(m-1) == 0
			}
		}
		if again {
			continue
		}
		n := bits.OnesCount16(union)
		if n < len(dom) {
			return false
		}
		if n > len(dom) {
			break
		}
		for u := union &^ fixed; u != 0; u &= u - 1 {
			d, owner := u&-u, -1
			for L, m := range dom {
				if m&d != 0 {
					if owner >= 0 {
						owner = -2
						break
					}
					owner = L
				}
			}
			if owner >= 0 {
				s.set(dom, owner, d)
				again = true
			}
		}
	}
	return true
}

// revise prunes the letters of constraint ci. A constraint with all its
// letters fixed is checked exactly. One with at most patience assignments
// left is enumerated, and every digit that appears in no satisfying
// assignment is removed (Typke's elimination). A larger line is pruned by
// interval reasoning: a digit goes when fixing it makes some side's range
// miss the others'.
func (s *solver) revise(ci int, dom []uint16) bool {
	c := &s.cons[ci]
	s.free = s.free[:0]
	size := 1
	for _, L := range c.letters {
		m := dom[L]
		if m&(m-1) == 0 {
			s.val[L] = int8(bits.TrailingZeros16(m))
			continue
		}
		s.free = append(s.free, L)
		size = min(size*bits.OnesCount16(m), s.patience+1)
	}
	if len(s.free) == 0 {
		return c.holds(s.val)
	}
	if size <= s.patience {
		ok := s.eliminate(c, dom)
		s.queued[ci] = false // its own pruning leaves it consistent
		return ok
	}
	if c.mod == 0 {
		return s.shave(c.line, dom)
	}
	return true
}

// eliminate enumerates the assignments of the free letters of c.
func (s *solver) eliminate(c *constraint, dom []uint16) bool {
	sup := s.sup[:len(s.free)]
	clear(sup)
	for j, L := range s.free {
		s.orig[j] = dom[L]
	}
	s.enumerate(c, dom, 0, 0)
	for j, L := range s.free {
		dom[L] = s.orig[j]
		if !s.set(dom, L, dom[L]&sup[j]) {
			return false
		}
	}
	return true
}

// enumerate assigns free letters i, i+1, ... and marks the digits of each
// satisfying assignment as supported. It returns true, ending the
// enumeration early, once every digit left is supported. While it runs,
// dom holds the assigned letters fixed so that interval reasoning on a
// line can cut off a partial assignment that no completion satisfies.
func (s *solver) enumerate(c *constraint, dom []uint16, i int, used uint16) bool {
	if i == len(s.free) {
		s.evals++
		if !c.holds(s.val) {
			return false
		}
		done := true
		for j, L := range s.free {
			s.sup[j] |= 1 << s.val[L]
			done = done && s.sup[j] == s.orig[j]
		}
		return done
	}
	if i > 0 && c.mod == 0 && i+1 < len(s.free) {
		s.evals++
		wiv := s.wiv[:len(c.line.words)]
		for k, w := range c.line.words {
			wiv[k] = wordIv(w, dom)
		}
		if !c.line.feasible(wiv) {
			return false
		}
	}
	L := s.free[i]
	m := s.orig[i]
	if s.pr.distinct {
		m &^= used
	}
	for ; m != 0; m &= m - 1 {
		d := bits.TrailingZeros16(m)
		s.val[L] = int8(d)
		dom[L] = 1 << d
		if s.enumerate(c, dom, i+1, used|1<<d) {
			dom[L] = s.orig[i]
			return true
		}
	}
	dom[L] = s.orig[i]
	return false
}

// shave removes digits whose choice makes line l infeasible under
// interval evaluation, one free letter at a time. It tests from the
// smallest digit up and from the largest down, stopping at the first that
// may hold on each side (bounds consistency): the interval test is coarse
// enough that digits between two feasible ones are rarely infeasible.
func (s *solver) shave(l *cline, dom []uint16) bool {
	wiv := s.wiv[:len(l.words)]
	feasible := func() bool {
		s.evals++
		for i, w := range l.words {
			wiv[i] = wordIv(w, dom)
		}
		return l.feasible(wiv)
	}
	if !feasible() {
		return false
	}
	for _, L := range s.free {
		m := dom[L]
		keep := m
		for u := m; u != 0; u &= u - 1 {
			if dom[L] = u & -u; feasible() {
				break
			}
			keep &^= u & -u
		}
		for keep != 0 {
			top := uint16(1) << (15 - bits.LeadingZeros16(keep))
			if dom[L] = top; feasible() {
				break
			}
			keep &^= top
		}
		dom[L] = m
		if !s.set(dom, L, keep) {
			return false
		}
	}
	return true
}
