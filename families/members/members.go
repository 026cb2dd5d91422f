package members

import (
	"context"
	"math"
	"math/big"

	"github.com/families-project/families/families/grid"
)

// DefaultBudget is the number of parameter tuples Source.EachMember tries
// per family when Filter.Budget is 0: enough for tens of thousands of
// members of a good family, and a bound on the time spent on a family whose
// members are rare or absent.
const DefaultBudget = 1 << 20

// A Filter selects members.
type Filter struct {
	// Min is the smallest allowed number; values below 1 mean 1, so that
	// members are positive. Wolf (2010) uses 2 (no number is 0 or 1).
	Min int64
	// MaxDigits is the largest number of decimal digits of a number; 0
	// means no limit.
	MaxDigits int
	// Distinct requires all numbers of a member to be different.
	Distinct bool
	// AllOps requires the lines to use all four operators + - x /; a
	// setting without one of them has no members.
	AllOps bool
	// Budget is the number of parameter tuples tried per family; 0 means
	// DefaultBudget.
	Budget int64
}

func (f Filter) lo() int64 { return max(f.Min, 1) }

// hi returns the largest allowed number that fits in an int64: beyond
// 18 digits every int64 passes, and passesBig applies the limit.
func (f Filter) hi() int64 {
	if f.MaxDigits <= 0 || f.MaxDigits >= 19 {
		return math.MaxInt64
	}
	h := int64(1)
	for range f.MaxDigits {
		h *= 10
	}
	return h - 1
}

// Members returns the first n members (n <= 0: all within the budget) of
// the families in the order of EachMember.
func (src *Source) Members(ctx context.Context, f Filter, n int) ([]*Member, error) {
	var out []*Member
	err := src.EachMember(ctx, f, func(m *Member) bool {
		out = append(out, m)
		return n <= 0 || len(out) < n
	})
	return out, err
}

// MembersWithin is Members that also reports whether the budget stopped
// the search: some family had tuples left when it had tried f.Budget of
// them, so members beyond those returned may exist. Its cost is that of
// Members.
func (src *Source) MembersWithin(ctx context.Context, f Filter, n int) (ms []*Member, stopped bool, err error) {
	err = src.eachMember(ctx, f, nil, &stopped, func(m *Member) bool {
		ms = append(ms, m)
		return n <= 0 || len(ms) < n
	})
	return ms, stopped, err
}

// EachMember calls yield with the positive-integer members of the families
// that pass f, until yield returns false or every family is done. Members
// come in order of the sum of their parameters (a family without
// parameters, a point, has sum 0), as Wolf's loop over s = a + b + d +
// f, so that no parameter runs off while the others stay small; within one
// sum the parameters run lexicographically, and families with the same
// sum in their order. Every parameter ranges over the allowed numbers
// themselves, so no member is missed below the budget. A member equivalent
// under a symmetry of the grid to one listed before is skipped. Every
// member is checked against the system exactly before it is yielded.
//
// The sums start at the smallest one that the parameters allow (d * Min
// for d parameters), so a large Min costs nothing before its first tuple.
// Parameters are int64 and so are their sums: a family whose parameters
// cannot sum to at most math.MaxInt64 (d * Min beyond it) has no tuple to
// try. A family is done when its parameters pass the largest allowed
// number or it has tried f.Budget tuples. The error is ctx's, checked at
// every sum and every 4096 tuples. Cost: per tuple, one exact evaluation
// of each number (int64 with overflow detection, big.Int beyond).
func (src *Source) EachMember(ctx context.Context, f Filter, yield func(*Member) bool) error {
	return src.eachMember(ctx, f, nil, nil, yield)
}

// EachMemberKept is EachMember with members whose numbers (ring order,
// see NumberIndex) keep rejects left out before the symmetries are
// applied: a member equivalent to a rejected one is still listed. A nil
// keep keeps every member. Cost: EachMember's plus one call of keep per
// member found.
func (src *Source) EachMemberKept(ctx context.Context, f Filter, keep func([]*big.Int) bool, yield func(*Member) bool) error {
	return src.eachMember(ctx, f, keep, nil, yield)
}

// eachMember is EachMemberKept that also sets *stopped, when stopped is
// not nil, once a family runs out of budget with tuples left.
func (src *Source) eachMember(ctx context.Context, f Filter, keep func([]*big.Int) bool, stopped *bool, yield func(*Member) bool) error {
	if f.AllOps && !grid.UsesAllOps(src.lines) {
		return nil
	}
	autos, err := src.automorphisms(ctx)
	if err != nil {
		return err
	}
	budget := f.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	lo, hi := f.lo(), f.hi()
	type state struct {
		fam   *Family
		d     int64
		tries int64
		done  bool
	}
	states := make([]*state, len(src.Families))
	// start is the least sum of any family with parameters: below d*lo
	// a family has no tuple, and counting up to it would take as long as
	// lo is large.
	start := int64(math.MaxInt64)
	for i, fam := range src.Families {
		st := &state{fam: fam, d: int64(len(fam.Params))}
		states[i] = st
		if st.d == 0 {
			continue
		}
		if least, ok := mul64(st.d, lo); ok {
			start = min(start, least)
		} else {
			st.done = true // every tuple's sum overflows int64
		}
	}
	seen := map[string]bool{}
	n := src.System.Ring.NumVars()
	x := make([]int64, 0, n)
	out := make([]int64, n)
	stop := false
	var ctxErr error
	tick := 0
	// try evaluates one parameter tuple of family i; it returns false to
	// stop the enumeration.
	try := func(i int, st *state, params []int64) bool {
		st.tries++
		if tick++; tick&4095 == 0 {
			if ctxErr = ctx.Err(); ctxErr != nil {
				return false
			}
		}
		vals := src.member(st.fam, params, out, f, lo, hi)
		if vals == nil || keep != nil && !keep(vals) {
			return true
		}
		k := src.key(autos, vals)
		if seen[k] {
			return true
		}
		seen[k] = true
		m := &Member{Size: src.Setting.Size(), Values: make([]*big.Int, src.Setting.Size().Numbers()), Family: i}
		for v, idx := range src.num {
			m.Values[idx] = vals[v]
		}
		if !yield(m) {
			stop = true
			return false
		}
		return true
	}
	// Points first: a point's only tuple is the empty one, at sum 0, before
	// every tuple of a family.
	for i, st := range states {
		if st.d == 0 {
			st.done = true
			if !try(i, st, nil) {
				return ctxErr
			}
		}
	}
	for s := start; ; s++ {
		if ctxErr = ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		// waiting is the least d*lo of the families whose tuples start
		// after s: when no family has a tuple at s, the sums jump there.
		active, worked := false, false
		waiting := int64(math.MaxInt64)
		for i, st := range states {
			if st.done {
				continue
			}
			if s < st.d*lo {
				active = true
				waiting = min(waiting, st.d*lo)
				continue
			}
			if hi < math.MaxInt64/st.d && s > st.d*hi {
				st.done = true
				continue
			}
			active, worked = true, true
			x = x[:st.d]
			if !compositions(x, 0, s, lo, hi, func() bool {
				if st.tries >= budget {
					st.done = true
					if stopped != nil {
						*stopped = true
					}
					return false
				}
				return try(i, st, x)
			}) {
				if stop || ctxErr != nil {
					return ctxErr
				}
			}
		}
		if !active || s == math.MaxInt64 {
			return nil
		}
		if !worked {
			s = waiting - 1
		}
	}
}

// compositions sets x[k:] to every tuple of numbers in [lo, hi] with sum
// s, lexicographically, calling fn on each; it returns false as soon as fn
// does.
func compositions(x []int64, k int, s, lo, hi int64, fn func() bool) bool {
	rest := int64(len(x) - k - 1)
	if rest == 0 {
		if s < lo || s > hi {
			return true
		}
		x[k] = s
		return fn()
	}
	// The remaining rest entries need between rest*lo and rest*hi.
	first := max(lo, s-satMul(rest, hi))
	last := min(hi, s-rest*lo)
	for v := first; v <= last; v++ {
		x[k] = v
		if !compositions(x, k+1, s-v, lo, hi, fn) {
			return false
		}
		if v == math.MaxInt64 {
			break // v++ would wrap around
		}
	}
	return true
}

func satMul(a, b int64) int64 {
	if c, ok := mul64(a, b); ok {
		return c
	}
	return math.MaxInt64
}

// member evaluates family fam at params and returns its numbers (ring
// order) when they are integers passing f and satisfy the system, nil
// otherwise.
func (src *Source) member(fam *Family, params []int64, out []int64, f Filter, lo, hi int64) []*big.Int {
	ok, overflow := fam.ev.values(params, out)
	if overflow {
		vals := fam.ev.valuesBig(params)
		if vals == nil || !passesBig(vals, f, lo, hi) || !src.holdsBig(vals) {
			return nil
		}
		return vals
	}
	if !ok || !passes(out, f, lo, hi) || !src.holds(out) {
		return nil
	}
	vals := make([]*big.Int, len(out))
	for v, x := range out {
		vals[v] = big.NewInt(x)
	}
	return vals
}

func passes(x []int64, f Filter, lo, hi int64) bool {
	for i, v := range x {
		if v < lo || v > hi {
			return false
		}
		if f.Distinct {
			for _, w := range x[:i] {
				if w == v {
					return false
				}
			}
		}
	}
	return true
}

func passesBig(x []*big.Int, f Filter, lo, hi int64) bool {
	blo, bhi := big.NewInt(lo), big.NewInt(hi)
	for i, v := range x {
		if v.Cmp(blo) < 0 || (hi != math.MaxInt64 && v.Cmp(bhi) > 0) || tooManyDigits(v, f.MaxDigits) {
			return false
		}
		if f.Distinct {
			for _, w := range x[:i] {
				if w.Cmp(v) == 0 {
					return false
				}
			}
		}
	}
	return true
}

// tooManyDigits reports whether the positive v has more than d decimal
// digits, for a limit d of 19 or more, beyond what hi can say; d <= 18 is
// hi's. A number of at most 3d bits is below 8^d, so it has at most d
// digits and needs no decimal conversion.
func tooManyDigits(v *big.Int, d int) bool {
	if d < 19 || v.BitLen() <= 3*d {
		return false
	}
	return len(v.Text(10)) > d
}
