package sweep

import (
	"context"
	"fmt"

	"github.com/families-project/families/families/grid"
)

// maxMembersTried bounds the member counts tried when looking for a
// sweep's options from its ID; the command line allows at most 100,000.
const maxMembersTried = 100000

// sweepOptions finds the options of the sweep that wrote the record v from
// its ID, trying those a command line can give (the two filters, the
// member count, OncePerOrbit; the other options at their defaults). ok is
// false for a sample (its seed cannot be tried) and for options no command
// line gives. Cost: up to 8 * maxMembersTried hashes, about 0.5 s, and
// usually a few.
func sweepOptions(pat *grid.Setting, v *view) (opt Options, sel grid.LineSet, ok bool) {
	sel, err := grid.ParseLineSet(v.Lines)
	if err != nil {
		return opt, 0, false
	}
	eval, err := grid.ParseEval(v.Eval)
	if err != nil {
		return opt, 0, false
	}
	for members := 0; members <= maxMembersTried; members++ {
		for k := range 8 {
			o := Options{Filter: Filter{Positive: k&1 != 0, RequireAllOps: k&2 != 0}, Members: members, OncePerOrbit: k&4 != 0}
			o.Analysis.Lines, o.Analysis.Eval = sel, eval
			o.MemberFilter.Budget, o.MemberFilter.Min = DefaultMemberBudget, 1
			if sweepID(pat, sel, o) == v.Sweep.ID {
				return o, sel, true
			}
		}
	}
	return opt, 0, false
}

// checkPlan checks merged records, sorted by index, against the settings
// their sweep plans, as resuming checks a checkpoint: when the sweep's
// options can be found from its ID (sweepOptions), the records must be
// exactly the settings of the pattern that pass its filters, in index
// order (with OncePerOrbit, one record per orbit, each of those settings,
// and together with their equivalent settings all of them). It is silent
// when the options cannot be found; checkIndex has checked each record.
// Cost: the enumeration of the settings (see Settings), without any
// algebra; it stops with ctx's cause once ctx is done.
func checkPlan(ctx context.Context, all []mergeRec, pat *grid.Setting) error {
	if len(all) == 0 || all[0].v.Sweep == nil {
		return nil
	}
	first := all[0].v
	opt, sel, ok := sweepOptions(pat, first)
	if !ok {
		return nil
	}
	k, n := 0, 0
	for idx, s := range Settings(pat, sel, opt.Filter) {
		if n++; n%mergePoll == 0 && ctx.Err() != nil {
			return context.Cause(ctx)
		}
		if k == len(all) {
			if opt.OncePerOrbit {
				continue
			}
			return fmt.Errorf("the sweep plans setting %s (index %s), which no input holds", s, idx)
		}
		r := all[k]
		c := r.v.Index.Cmp(idx)
		switch {
		case c == 0:
			k++
		case c < 0:
			return fmt.Errorf("%s: setting %s (index %s) is not one the sweep plans (pattern %s, filters %+v): the record was altered", r.where(), r.v.Ops, r.v.Index, pat, opt.Filter)
		case !opt.OncePerOrbit:
			return fmt.Errorf("the sweep plans setting %s (index %s), which no input holds", s, idx)
		}
	}
	if k < len(all) {
		r := all[k]
		return fmt.Errorf("%s: setting %s (index %s) is not one the sweep plans (pattern %s, filters %+v): the record was altered", r.where(), r.v.Ops, r.v.Index, pat, opt.Filter)
	}
	if n != first.Sweep.Settings {
		return fmt.Errorf("the sweep %s plans %d settings, but its records say %d: the records were altered", first.Sweep.ID, n, first.Sweep.Settings)
	}
	return nil
}
