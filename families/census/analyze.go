package census

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/internal/work"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/mod61"
)

// An Analysis is the engine's answer for one setting of a grid.
type Analysis struct {
	Ops string `json:"ops"`
	// TangentDimension is the number of numbers minus the rank of the
	// Jacobian of the lines at the grid, exactly: an upper bound on the
	// dimension of the solutions through the grid, 0 when the grid is a
	// nonsingular isolated solution. Settings are analyzed in its order.
	TangentDimension int `json:"tangent_dimension"`
	// Class and Dimension are families.Analyze's for the setting.
	Class     string `json:"class"`
	Dimension *int   `json:"dimension,omitempty"`
	// Isolated: the grid is a point of a zero-dimensional component (the
	// setting alone forces the numbers near it: a rigid puzzle).
	Isolated bool `json:"isolated"`
	// Family is the smallest-dimensional family through the grid when it
	// is not isolated.
	Family *Family `json:"family,omitempty"`
	Error  string  `json:"error,omitempty"`
}

// A Family is a family of solutions containing a grid: its formulas
// (families.FamilyReport's) and the parameter values giving the grid.
type Family struct {
	Dimension  int               `json:"dimension"`
	Kind       string            `json:"kind"`
	Parameters []string          `json:"parameters"`
	Solution   map[string]string `json:"solution"`
	Values     map[string]int64  `json:"parameter_values"`
	// Key names the family (with Options.Families): a hash of the
	// setting in standard form and the family's formulas, the same for
	// every grid on it.
	Key string `json:"key,omitempty"`
	// Grid is the image of the grid on which the family is stated (the
	// setting's standard form moves the numbers too), when it is not the
	// grid itself; Values are its parameters' values there.
	Grid string `json:"grid,omitempty"`
}

// Formulas writes the family's numbers in the parameters, in the order
// of the grid's names ("a = u, b = 1, ..."), parameters included.
func (f *Family) Formulas() string {
	names := make([]string, 0, len(f.Solution))
	for nm := range f.Solution {
		names = append(names, nm)
	}
	slices.Sort(names)
	parts := make([]string, len(names))
	for i, nm := range names {
		parts[i] = nm + " = " + f.Solution[nm]
	}
	return strings.Join(parts, ", ")
}

// An Answer sums up the analyzes of a grid's settings.
type Answer struct {
	// Kind is "isolated" (some setting forces the grid), "family" (no
	// analyzed setting does; Family is the smallest family through the
	// grid found) or "unknown" (every analysis timed out or failed, or
	// none was asked for).
	Kind string `json:"kind"`
	// Ops is the setting of the answer.
	Ops string `json:"ops,omitempty"`
	// By says how isolation was shown: "engine" (families.Analyze) or,
	// when the engine timed out, "jacobian" (full rank at the grid).
	By     string  `json:"by,omitempty"`
	Family *Family `json:"family,omitempty"`
	// StoppedEarly: the --analyze bound was reached before a setting
	// showing the grid isolated; settings not analyzed might.
	StoppedEarly bool `json:"stopped_early,omitempty"`
	// Timeouts counts the analyzes that spent their work budget
	// (Options.SystemWork): class timeout, the same on every run.
	Timeouts int `json:"timeouts,omitempty"`
}

// A candidate is one setting of a grid with its tangent dimension.
type candidate struct {
	ops []grid.Op
	dim int
}

// unranked is the dim of a candidate that rankSettings listed but did not
// rank (after a setting of full rank, with stopAtFull).
const unranked = 1 << 30

// rankSettings lists up to limit settings of the grid and sorts them by
// tangent dimension (stable, so ties keep the listing order).
//
// With stopAtFull the settings after the first of full rank (tangent
// dimension 0, which the sort puts first) are listed but not ranked: their
// dim is unranked, and they sort last.
func (g *geometry) rankSettings(ctx context.Context, vals []int64, st *settings, anyOps bool, limit int, stopAtFull bool) []candidate {
	n := g.size.Numbers()
	// Rows are normalized (first nonzero entry 1) and numbered by content
	// per line: settings that pick the same rows have the same rank.
	type mrow struct {
		id int
		v  []uint64
	}
	rows := make([]map[uint32]mrow, len(g.lines))
	ids := make([]map[string]int, len(g.lines))
	for k := range rows {
		rows[k], ids[k] = map[uint32]mrow{}, map[string]int{}
	}
	row := func(k int, ops []grid.Op) mrow {
		l := &g.lines[k]
		var t uint32
		for p, c := range l.cells {
			t |= uint32(ops[c]-grid.Add) << (2 * p)
		}
		if r, ok := rows[k][t]; ok {
			return r
		}
		lo := make([]grid.Op, len(l.cells))
		for p, c := range l.cells {
			lo[p] = ops[c]
		}
		xs := make([]int64, len(l.nums))
		for i, m := range l.nums {
			xs[i] = vals[m]
		}
		gr := gradientMod(g.ev, xs, lo)
		rm := make([]uint64, n)
		for i, m := range l.nums {
			rm[m] = mod61.Add(rm[m], gr[i])
		}
		var inv uint64
		for i := range rm {
			if inv == 0 && rm[i] != 0 {
				inv = mod61.Inv(rm[i])
			}
		}
		for i := range rm {
			rm[i] = mod61.Mul(rm[i], inv)
		}
		txt := fmt.Sprint(rm)
		id, ok := ids[k][txt]
		if !ok {
			id = len(ids[k])
			ids[k][txt] = id
		}
		rows[k][t] = mrow{id, rm}
		return rows[k][t]
	}
	// Rows go into the elimination in the order settings.list varies
	// them, slowest first: the diagonals (fixed by one joint assignment),
	// then the rows and columns, so that consecutive settings share the
	// elimination of their common first rows (echelon).
	order := slices.Concat(st.shared(), st.free)
	e := newEchelon(n, len(order))
	var out []candidate
	full := false
	rs := make([]mrow, len(order))
	st.list(anyOps, limit, func(ops []grid.Op) bool {
		if full && stopAtFull {
			// Only the first setting of full rank is used: count the rest.
			out = append(out, candidate{ops: ops, dim: unranked})
			return ctx.Err() == nil
		}
		d := 0
		for i, k := range order {
			rs[i] = row(k, ops)
			if d == i && i < len(e.ids) && e.ids[i] == rs[i].id {
				d++
			}
		}
		e.truncate(d)
		for i := d; i < len(order); i++ {
			e.push(rs[i].id, rs[i].v)
		}
		dim := n - e.rank()
		full = full || dim == 0
		out = append(out, candidate{ops: ops, dim: dim})
		return ctx.Err() == nil
	})
	slices.SortStableFunc(out, func(a, b candidate) int { return a.dim - b.dim })
	return out
}

// check re-checks the grid under a setting exactly, with the grid
// package's own evaluation.
func (g *geometry) check(s *grid.Setting, vals []int64) error {
	res, err := s.Check(ratVals(vals), g.sel, g.ev)
	if err != nil {
		return err
	}
	if !res.OK {
		return fmt.Errorf("census: internal error: grid %s fails setting %s: %s", gridText(g.size, vals), s, res)
	}
	return nil
}

// analyze runs the engine on one setting of the grid and says whether the
// grid is isolated, or which smallest family holds it.
func (g *geometry) analyze(ctx context.Context, s *grid.Setting, vals []int64, units int64) Analysis {
	a := Analysis{Ops: s.String()}
	rep, err := g.analyzeWithin(ctx, s, units)
	if err != nil {
		a.Class, a.Error = families.ClassError, err.Error()
		return a
	}
	a.Class, a.Dimension, a.Error = rep.Class, rep.Dimension, rep.Error
	res := rep.Result()
	switch {
	case rep.Class == families.ClassInconsistent:
		a.Class, a.Error = families.ClassError, "census: internal error: the engine finds no solution, but the grid is one"
		return a
	case res == nil:
		return a
	}
	names := g.size.Names()
	value := map[string]*big.Rat{}
	for i, nm := range names {
		value[nm] = new(big.Rat).SetInt64(vals[i])
	}
	fam := 0
	on := false
	for _, c := range res.Components {
		if c.Family != nil {
			fam++
		}
		if !onComponent(c.Basis, value) {
			continue
		}
		on = true
		if c.Dimension == 0 {
			a.Isolated, a.Family = true, nil
			break
		}
		if c.Family != nil && (a.Family == nil || c.Dimension < a.Family.Dimension) {
			fr := rep.Families[fam-1]
			f := &Family{Dimension: c.Dimension, Kind: fr.Kind, Parameters: fr.Parameters, Solution: fr.Solution, Values: map[string]int64{}}
			for _, p := range fr.Parameters {
				f.Values[p] = vals[slices.Index(names, p)]
			}
			a.Family = f
		}
	}
	if !on {
		a.Class, a.Error = families.ClassError, "census: internal error: the grid lies on no component the engine found"
	}
	return a
}

// analyzeWithin runs families.Analyze on s within a work budget of units
// (internal/work; 0: none). A budget spent gives the class timeout, no
// result and a message that says so; the caller's own end (a deadline of the whole
// run) gives what Analyze gives, and the caller discards it.
func (g *geometry) analyzeWithin(ctx context.Context, s *grid.Setting, units int64) (*families.Report, error) {
	bctx := ctx
	if units > 0 {
		var cancel context.CancelFunc
		bctx, cancel = work.WithBudget(ctx, units)
		defer cancel()
	}
	rep, err := families.Analyze(bctx, s, families.Options{Lines: g.sel, Eval: g.ev})
	if err == nil && units > 0 && ctx.Err() == nil && work.Spent(bctx) {
		// Whatever a stage made of the cancellation, the answer is the
		// budget's: no result.
		rep = &families.Report{Class: families.ClassTimeout, Error: fmt.Sprintf("census: the analysis spent its work budget of %d units (--system-work)", units)}
	}
	return rep, err
}

// onComponent reports whether every polynomial of basis vanishes at the
// point given by name.
func onComponent(basis []*poly.Poly, value map[string]*big.Rat) bool {
	for _, p := range basis {
		vars := p.Ring().Vars()
		x := make([]*big.Rat, len(vars))
		for i, v := range vars {
			x[i] = value[v]
			if x[i] == nil {
				return false
			}
		}
		if p.Eval(x).Sign() != 0 {
			return false
		}
	}
	return true
}
