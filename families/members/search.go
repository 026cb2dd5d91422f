package members

import (
	"context"
	"math"
	"math/big"
	"slices"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/internal/checked"
)

// Stop says why a member search ended.
type Stop int

const (
	// StopDone: every parameter sum up to Filter.MaxSum was searched, or
	// the search was complete (SearchReport.Complete).
	StopDone Stop = iota
	// StopYield: yield asked for no more members.
	StopYield
	// StopBudget: the search took Filter.Budget steps.
	StopBudget
	// StopContext: the context ended the search; Search returns its
	// error too.
	StopContext
)

// String names the reason: "done", "enough members", "budget" or
// "deadline".
func (s Stop) String() string {
	return [...]string{"done", "enough members", "budget", "deadline"}[s]
}

// A SearchReport says how far a member search went and what it proved.
// Counts are of members as the search lists them: one per class of the
// grid's symmetries (the first in the search's order), passing the
// filter.
type SearchReport struct {
	// Listed is the number of members passed to yield.
	Listed int64
	// Finished is the largest parameter sum S such that every member
	// with parameter sum at most S was passed to yield: Listed counts
	// them exactly when the search did not stop at yield's request. It is
	// -1 when the search ended before the points (sum 0) were done, and
	// math.MaxInt64 when the search is Complete.
	Finished int64
	// Complete is set when no member lies beyond the members listed:
	// every family is a point, was proved to have no member (Empty), has
	// run past the largest allowed number (Filter.MaxDigits), or has one
	// parameter that its numbers bound below the sums searched.
	Complete bool
	// Stop says why the search ended.
	Stop Stop
	// Steps is the work done: values tried for one parameter, each an
	// exact integer evaluation of the numbers that it completes, and
	// choices of the parameters before one, each the substitution of
	// their values into the numbers still open.
	Steps int64
	// Empty holds, per family (Source.Families), a proof that it has no
	// member passing the filter's bounds, or "" when none was found (the
	// family may still have none).
	Empty []string
}

// Search calls yield with the members of the families that pass f, in
// order of the sum of their parameters, until yield returns false, the
// sums pass f.MaxSum, the search is complete, f.Budget steps are spent or
// ctx ends. keep, when not nil, rejects members (numbers in ring order,
// see NumberIndex) before the symmetries are applied, as for
// EachMemberKept.
//
// The order is that of EachMember: points first (sum 0), then by the sum
// of the parameters, within one sum family by family, within a family the
// parameter tuples lexicographically with the parameters in ring order.
// Within one sum the search chooses the parameters in the order of a plan
// (see newPlan) and gives up a partial choice as soon as a number that it
// determines is no integer between the smallest and largest allowed
// numbers, or a number linear in the next parameter bounds it or fixes
// its residue (see walker.bounds); the tuples of the sum are sorted before
// they are listed. Nothing the plan cuts can be a member, so every member
// of a finished sum is listed: the report's Finished and Listed are
// proved counts. A family whose formulas cannot give a member (sign
// conditions, see emptyProof) is not searched.
//
// The error is ctx's, checked at every sum and every 4096 steps; the
// report is valid with it. Cost: at most f.Budget steps (DefaultBudget
// when 0), each an int64 evaluation of the numbers the step completes
// (coefficients once per choice of the parameters before it), and one
// exact evaluation of every number at each tuple that passes; the tuples
// of one sum are held until the sum is done.
func (src *Source) Search(ctx context.Context, f Filter, keep func([]*big.Int) bool, yield func(*Member) bool) (SearchReport, error) {
	rep := SearchReport{Finished: -1, Empty: make([]string, len(src.Families))}
	if f.AllOps && !grid.UsesAllOps(src.lines) {
		rep.Finished, rep.Complete = math.MaxInt64, true
		return rep, nil
	}
	autos, err := src.automorphisms(ctx)
	if err != nil {
		rep.Stop = StopContext
		return rep, err
	}
	budget := f.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	lo, hi := f.lo(), f.hi()
	type state struct {
		w     *walker
		d     int64
		least int64 // the least sum of a tuple: d * lo
		done  bool
	}
	states := make([]*state, len(src.Families))
	// steps is shared: every family's walker counts into it.
	var steps int64
	start := int64(math.MaxInt64)
	for i, fam := range src.Families {
		st := &state{d: int64(len(fam.Params))}
		states[i] = st
		if why := emptyProof(fam, lo, hi); why != "" {
			rep.Empty[i], st.done = why, true
			continue
		}
		if st.d == 0 {
			continue
		}
		least, ok := checked.Mul(st.d, lo)
		if !ok {
			st.done = true // every tuple's sum overflows int64
			continue
		}
		st.least = least
		start = min(start, least)
	}
	seen := map[string]bool{}
	out := make([]int64, src.System.Ring.NumVars())
	// emit evaluates one candidate tuple of family i exactly and yields
	// it when it is a new member; false stops the search.
	emit := func(i int, params []int64, sum int64) bool {
		vals := src.member(src.Families[i], params, out, f, lo, hi)
		if vals == nil || keep != nil && !keep(vals) {
			return true
		}
		k := src.key(autos, vals)
		if seen[k] {
			return true
		}
		seen[k] = true
		m := &Member{Size: src.Setting.Size(), Values: make([]*big.Int, src.Setting.Size().Numbers()), Family: i, Sum: sum}
		for v, idx := range src.num {
			m.Values[idx] = vals[v]
		}
		rep.Listed++
		return yield(m)
	}
	finish := func(stop Stop, err error) (SearchReport, error) {
		rep.Stop, rep.Steps = stop, steps
		return rep, err
	}
	// Points first: a point's only tuple is the empty one, at sum 0.
	for i, st := range states {
		if st.d == 0 && !st.done {
			st.done = true
			if !emit(i, nil, 0) {
				return finish(StopYield, nil)
			}
		}
	}
	rep.Finished = 0
	for s := start; ; s++ {
		if slices.IndexFunc(states, func(st *state) bool { return !st.done }) < 0 {
			rep.Finished, rep.Complete = math.MaxInt64, true
			return finish(StopDone, nil)
		}
		if f.MaxSum > 0 && s > f.MaxSum {
			rep.Finished = f.MaxSum
			return finish(StopDone, nil)
		}
		if err := ctx.Err(); err != nil {
			return finish(StopContext, err)
		}
		// Sums below s are done; no family has a tuple at a sum below its
		// least, so the sums jump to the least sum of a family left.
		rep.Finished = s - 1
		next := int64(math.MaxInt64)
		for i, st := range states {
			if st.done {
				continue
			}
			if s < st.least {
				next = min(next, st.least)
				continue
			}
			if hi < math.MaxInt64/st.d && s > st.d*hi {
				st.done = true // every parameter is past the largest number
				continue
			}
			next = s
			if st.w == nil {
				st.w = newWalker(ctx, newPlan(src.Families[i], lo, hi), lo, hi, budget)
			}
			st.w.steps, st.w.limit = steps, budget
			hits, complete := st.w.level(s)
			steps = st.w.steps
			slices.SortFunc(hits, slices.Compare)
			for _, h := range hits {
				if !emit(i, h, s) {
					return finish(StopYield, nil)
				}
			}
			if st.w.exhausted {
				st.done = true
			}
			if !complete {
				if st.w.err != nil {
					return finish(StopContext, st.w.err)
				}
				return finish(StopBudget, nil)
			}
		}
		if next == math.MaxInt64 {
			continue // every family is done: the check above ends the search
		}
		if next > s {
			s = next - 1
		}
		if s == math.MaxInt64 {
			rep.Finished, rep.Complete = math.MaxInt64, true
			return finish(StopDone, nil)
		}
	}
}
