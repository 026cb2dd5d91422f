package members

import (
	"context"
	"math"
	"math/big"
)

// DefaultBudget is the number of steps (values tried for one parameter,
// see Search) a member search takes when Filter.Budget is 0: enough for
// tens of thousands of members of a good family, and a bound, of about a
// second, on the time spent on a setting whose members are rare or
// absent.
const DefaultBudget = 1 << 22

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
	// Budget is the number of steps the search takes over all families
	// (values tried for one parameter, see Search); 0 means DefaultBudget.
	Budget int64
	// MaxSum is the largest sum of the parameters searched; 0 means no
	// bound. Every member with parameter sum at most MaxSum is listed
	// unless the budget, the context or yield stops the search first.
	MaxSum int64
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
	rep, err := src.Search(ctx, f, nil, func(m *Member) bool {
		ms = append(ms, m)
		return n <= 0 || len(ms) < n
	})
	return ms, rep.Stop == StopBudget, err
}

// EachMember calls yield with the positive-integer members of the families
// that pass f, until yield returns false or every family is done. Members
// come in order of the sum of their parameters (a family without
// parameters, a point, has sum 0), as Wolf's loop over s = a + b + d +
// f, so that no parameter runs off while the others stay small; within one
// sum the parameters run lexicographically, and families with the same
// sum in their order. Every parameter ranges over the allowed numbers
// themselves, so no member is missed within the budget. A member
// equivalent under a symmetry of the grid to one listed before is skipped.
// Every member is checked against the system exactly before it is yielded.
//
// The sums start at the smallest one that the parameters allow (d * Min
// for d parameters), so a large Min costs nothing before its first tuple.
// Parameters are int64 and so are their sums: a family whose parameters
// cannot sum to at most math.MaxInt64 (d * Min beyond it) has no tuple to
// try. The search ends when every family's parameters pass the largest
// allowed number, the sums pass f.MaxSum, or it has taken f.Budget steps
// (see Search, which also says how far it went). The error is ctx's.
// Cost: see Search.
func (src *Source) EachMember(ctx context.Context, f Filter, yield func(*Member) bool) error {
	_, err := src.Search(ctx, f, nil, yield)
	return err
}

// EachMemberKept is EachMember with members whose numbers (ring order,
// see NumberIndex) keep rejects left out before the symmetries are
// applied: a member equivalent to a rejected one is still listed. A nil
// keep keeps every member. Cost: EachMember's plus one call of keep per
// member found.
func (src *Source) EachMemberKept(ctx context.Context, f Filter, keep func([]*big.Int) bool, yield func(*Member) bool) error {
	_, err := src.Search(ctx, f, keep, yield)
	return err
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
