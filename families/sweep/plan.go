package sweep

import (
	"fmt"
	"iter"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/families-project/families/families/grid"
)

// arith is the order of the four operators in a setting's index (grid.Nth).
var arith = [4]grid.Op{grid.Add, grid.Sub, grid.Mul, grid.Div}

// A Filter skips settings of a pattern before any algebra is done.
type Filter struct {
	// Positive skips a setting in which some selected line without = has
	// no -. With positive numbers every term of such a line (precedence:
	// products and quotients of positive numbers) or every partial result
	// (left to right: +, x and / of positives) is positive, so the line
	// cannot be zero. The rule is exact line by line: a line with a - can be
	// made zero on its own (make the subtracted term or number large
	// enough), and a line with = has positive sides and always can be made
	// to hold, so only the system as a whole decides the rest.
	Positive bool
	// RequireAllOps skips a setting in which one of + - x / does not appear
	// (Wolf 2010: "all operators have to appear").
	RequireAllOps bool
}

// A matcher decides the filters for the settings of one pattern, one
// wildcard digit at a time, so that enumeration prunes whole subtrees.
type matcher struct {
	pattern *grid.Setting
	sel     grid.LineSet
	ops     []grid.Op // the pattern's operator cells in layout order
	wild    []int     // positions in ops of the wildcards, in layout order
	filter  Filter
	// needSub[k] lists, for wildcard depth k, the lines (as lists of
	// wildcard depths) whose last wildcard is k and which need a - there.
	needSub [][][]int
	// subLines lists every line that needs a -, as its wildcard depths.
	subLines [][]int
	// impossible is set when a line with no wildcard fails the filter.
	impossible bool
	fixed      uint8 // bit o for each operator arith[o] in a fixed cell
}

func newMatcher(pattern *grid.Setting, sel grid.LineSet, f Filter) (*matcher, error) {
	m := &matcher{pattern: pattern, sel: sel, ops: pattern.Ops(), filter: f}
	z := pattern.Size()
	// Operator cells in row-major layout order, as Ops lists them.
	pos := map[grid.Pos]int{}
	for R := 0; R < z.LayoutRows(); R++ {
		for C := 0; C < z.LayoutCols(); C++ {
			if R%2 == 0 && C%2 == 0 {
				continue
			}
			pos[grid.Pos{R: R, C: C}] = len(pos)
		}
	}
	depth := make([]int, len(m.ops))
	for i, o := range m.ops {
		depth[i] = -1
		if o == grid.Any {
			depth[i] = len(m.wild)
			m.wild = append(m.wild, i)
		}
		for d, a := range arith {
			if o == a {
				m.fixed |= 1 << d
			}
		}
	}
	m.needSub = make([][][]int, len(m.wild))
	if !f.Positive {
		return m, nil
	}
	lines, err := pattern.Lines(sel)
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		if l.HasEq() || slices.Contains(l.Ops, grid.Sub) {
			continue
		}
		var ds []int
		for _, c := range l.Cells {
			if d := depth[pos[c]]; d >= 0 {
				ds = append(ds, d)
			}
		}
		if len(ds) == 0 {
			m.impossible = true
			continue
		}
		last := slices.Max(ds)
		m.needSub[last] = append(m.needSub[last], ds)
		m.subLines = append(m.subLines, ds)
	}
	return m, nil
}

// lineOK reports whether the lines completed at depth k hold a - under the
// digits chosen so far.
func (m *matcher) lineOK(k int, digits []uint8) bool {
	return linesHaveSub(m.needSub[k], digits)
}

// allOpsPossible reports whether the operators in used (bits) plus the
// remaining free wildcards can still show all four operators.
func (m *matcher) allOpsPossible(used uint8, free int) bool {
	return !m.filter.RequireAllOps || bits.OnesCount8(^used&0xF) <= free
}

// accept reports whether a complete choice of digits passes the filter.
func (m *matcher) accept(digits []uint8) bool {
	if m.impossible {
		return false
	}
	used := m.fixed
	for k, d := range digits {
		used |= 1 << d
		if !m.lineOK(k, digits) {
			return false
		}
	}
	return m.allOpsPossible(used, 0)
}

// setting builds the setting and its index (grid.Nth's numbering) of a
// choice of digits. It costs O(mn + w).
func (m *matcher) setting(digits []uint8) (*big.Int, *grid.Setting, error) {
	ops := slices.Clone(m.ops)
	idx := new(big.Int)
	var d big.Int
	for k, c := range m.wild {
		ops[c] = arith[digits[k]]
		idx.Lsh(idx, 2)
		idx.Or(idx, d.SetUint64(uint64(digits[k])))
	}
	s, err := grid.NewSetting(m.pattern.Size(), ops)
	return idx, s, err
}

// Settings returns the settings of the pattern that pass the filter, with
// their indices (as grid.Setting.Nth numbers them), in index order. The
// search assigns wildcards from the first and prunes as soon as a line
// lacks its - or too few wildcards remain to show every operator, so its
// cost is about that of the settings it yields (times the lines), not the
// 4^w settings of the pattern: Wolf's all-lines-zero sweep (16.7
// million settings, 72,960 kept) takes well under a second. sel selects the
// lines the Positive rule looks at (0 for the pattern's default).
func Settings(pattern *grid.Setting, sel grid.LineSet, f Filter) iter.Seq2[*big.Int, *grid.Setting] {
	return func(yield func(*big.Int, *grid.Setting) bool) {
		m, err := newMatcher(pattern, sel, f)
		if err != nil {
			return
		}
		m.each(func(digits []uint8) bool {
			idx, s, err := m.setting(digits)
			return err == nil && yield(idx, s)
		})
	}
}

// count returns the number of settings that pass the filter, or limit+1
// when there are more than limit. Without a filter it is 4^w at once;
// otherwise it walks the search of each without building settings, so its
// cost is about min(count, limit) steps.
func (m *matcher) count(limit int) int {
	if m.impossible {
		return 0
	}
	if !m.filter.Positive && !m.filter.RequireAllOps {
		if n := m.pattern.Count(); n.IsInt64() && n.Int64() <= int64(limit) {
			return int(n.Int64())
		}
		return limit + 1
	}
	n := 0
	m.each(func([]uint8) bool {
		n++
		return n <= limit
	})
	return n
}

// each calls yield with the digits of each setting that passes the filter,
// in index order, until yield returns false. yield must not keep digits,
// which is reused.
func (m *matcher) each(yield func(digits []uint8) bool) {
	if m.impossible {
		return
	}
	w := len(m.wild)
	digits := make([]uint8, w)
	var rec func(k int, used uint8) bool
	rec = func(k int, used uint8) bool {
		if k == w {
			return !m.allOpsPossible(used, 0) || yield(digits)
		}
		for d := range uint8(4) {
			digits[k] = d
			u := used | 1<<d
			if !m.lineOK(k, digits) || !m.allOpsPossible(u, w-k-1) {
				continue
			}
			if !rec(k+1, u) {
				return false
			}
		}
		return true
	}
	rec(0, m.fixed)
}

// maxDraws bounds the random draws Sample makes in a row without a new
// setting, and per block of cells, so that a filter almost nothing passes
// ends the search.
const maxDraws = 100_000

// maxListed bounds the settings Sample lists to choose from, at 2*maxListed
// (some 40 bytes each), when the pattern may have fewer than 2n.
const maxListed = 1 << 20

// Sample draws n distinct settings of the pattern that pass the filter,
// uniformly at random, with a pseudo-random generator seeded by seed, and
// returns them in index order. The same arguments give the same settings.
//
// Plain rejection would almost never succeed on a large grid (a 4x4
// all-lines-zero setting passes Positive with probability about 1e-5), so
// the wildcards are split into blocks that share no line needing a -: each
// row, each column (rows, columns and diagonals use different cells) and
// the diagonal cells linked by the diagonals through them. Each block is
// drawn uniformly among its choices that give each of its lines a -, by
// rejection within the block; the blocks are independent, so the whole is
// uniform on the settings passing Positive, and a draw without all four
// operators is rejected as a whole for RequireAllOps.
//
// When at most 2n settings pass the filter (n capped at maxListed) they
// are listed (Settings) and n of them chosen as a uniformly random subset,
// or all of them when n is at least their number: rejection would need
// ever more draws for the last new settings, and never ends when there are
// fewer than n. Otherwise each draw is a new setting with probability
// above 1/2 once it passes the filter (below n = maxListed), and Sample
// fails only after maxDraws draws in a row without a new setting (a filter
// that almost nothing passes). A sample larger than a run can hold
// (maxPlan) from a pattern larger than that is refused. Cost: the listing
// of up to 2*min(n, maxListed) + 1 settings, plus O(n * draws * (mn +
// lines)).
func Sample(pattern *grid.Setting, sel grid.LineSet, f Filter, n int, seed uint64) ([]*big.Int, []*grid.Setting, error) {
	m, err := newMatcher(pattern, sel, f)
	if err != nil {
		return nil, nil, err
	}
	if m.impossible {
		return nil, nil, fmt.Errorf("sweep: no setting of %s passes the filter", pattern)
	}
	rng := rand.New(rand.NewPCG(seed, 0xca1c2057))
	// The listing is bounded by memory, not by n alone: n may be as large
	// as an int (2n would overflow), and a pattern smaller than n is listed
	// whole.
	listed := 2 * min(n, maxListed)
	var few [][]uint8
	m.each(func(digits []uint8) bool {
		few = append(few, slices.Clone(digits))
		return len(few) <= listed
	})
	if len(few) == 0 {
		return nil, nil, fmt.Errorf("sweep: no setting of %s passes the filter", pattern)
	}
	if len(few) <= listed {
		// A partial Fisher-Yates shuffle draws a uniform subset.
		for i := range min(n, len(few)) {
			j := i + rng.IntN(len(few)-i)
			few[i], few[j] = few[j], few[i]
		}
		return m.settings(few[:min(n, len(few))])
	}
	if n > maxPlan {
		return nil, nil, fmt.Errorf("sweep: a sample of %d settings is more than one run holds (%d): draw fewer, or sweep the pattern with --shard", n, maxPlan)
	}
	blocks, blockLines := m.blocks()
	digits := make([]uint8, len(m.wild))
	draw := func() error {
		for b, cells := range blocks {
			for tries := 0; ; tries++ {
				if tries == maxDraws {
					return fmt.Errorf("sweep: %d random draws found no operators for the cells %v of %s with a - on each of their lines", tries, cells, pattern)
				}
				for _, d := range cells {
					digits[d] = uint8(rng.IntN(4))
				}
				if linesHaveSub(blockLines[b], digits) {
					break
				}
			}
		}
		return nil
	}
	seen := map[string]bool{}
	var got [][]uint8
	for stale := 0; len(got) < n; {
		if stale == maxDraws {
			return nil, nil, fmt.Errorf("sweep: %d random draws in a row from %s gave no new setting passing the filter (%d of %d found)", stale, pattern, len(got), n)
		}
		if err := draw(); err != nil {
			return nil, nil, err
		}
		if !m.accept(digits) || seen[string(digits)] {
			stale++
			continue
		}
		seen[string(digits)] = true
		got = append(got, slices.Clone(digits))
		stale = 0
	}
	return m.settings(got)
}

// settings builds the settings of choices of digits, in index order.
func (m *matcher) settings(choices [][]uint8) ([]*big.Int, []*grid.Setting, error) {
	type drawn struct {
		idx *big.Int
		s   *grid.Setting
	}
	got := make([]drawn, len(choices))
	for i, digits := range choices {
		idx, s, err := m.setting(digits)
		if err != nil {
			return nil, nil, err
		}
		got[i] = drawn{idx, s}
	}
	slices.SortFunc(got, func(a, b drawn) int { return a.idx.Cmp(b.idx) })
	idx := make([]*big.Int, len(got))
	ss := make([]*grid.Setting, len(got))
	for i, d := range got {
		idx[i], ss[i] = d.idx, d.s
	}
	return idx, ss, nil
}

// blocks splits the wildcard depths into the connected parts of the
// relation "on a common line that needs a -", with the lines of each.
func (m *matcher) blocks() ([][]int, [][][]int) {
	parent := make([]int, len(m.wild))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	for _, ds := range m.subLines {
		for _, d := range ds[1:] {
			parent[find(d)] = find(ds[0])
		}
	}
	id := map[int]int{}
	var blocks [][]int
	for d := range m.wild {
		r := find(d)
		if _, ok := id[r]; !ok {
			id[r] = len(blocks)
			blocks = append(blocks, nil)
		}
		blocks[id[r]] = append(blocks[id[r]], d)
	}
	lines := make([][][]int, len(blocks))
	for _, ds := range m.subLines {
		b := id[find(ds[0])]
		lines[b] = append(lines[b], ds)
	}
	return blocks, lines
}

// linesHaveSub reports whether each line, given by the digits of its
// operator cells, has a - among them.
func linesHaveSub(lines [][]int, digits []uint8) bool {
	for _, ds := range lines {
		ok := false
		for _, d := range ds {
			if arith[digits[d]] == grid.Sub {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}
