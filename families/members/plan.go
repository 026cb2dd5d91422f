package members

import (
	"fmt"

	"slices"
)

// A plan is the order in which the member search chooses a family's
// parameters, with the numbers whose formulas each choice completes. The
// members are still listed with the parameters in ring order (see
// Source.Search); the plan only decides which partial choices to give up
// early: a number whose formula uses only the parameters chosen so far is
// checked at once (an integer between the smallest and largest allowed
// numbers), so one failing number cuts every tuple that extends the
// choice, where the plain enumeration tried each of them.
type plan struct {
	fam    *Family
	d      int
	order  []int   // order[j]: the parameter (index into fam.Params) chosen at depth j
	checks []check // by the depth that completes them
}

// A check is one number's formula N/D (integer polynomials, as the
// evaluator clears them), checked at depth at: the depth of the last of
// its parameters in the plan's order, or d-2 for a number that uses the
// last one (pair), since the sum of a level fixes the last parameter
// once the one before is chosen (z = rest - y). Its polynomials are
// staged: each choice of a parameter is substituted once into the
// coefficients of the formula's terms in the parameters still open, so a
// deep choice costs as many operations as the formula has terms in the
// few parameters left, not a whole evaluation. At its depth the formula
// is a polynomial in one parameter y: every value of y is a Horner
// evaluation, and a number linear in y bounds y or fixes its residue
// (see walker.bounds).
type check struct {
	v        int // ring variable of the number
	at       int
	pair     bool
	num, den staged
}

// A staged polynomial holds, for each depth j up to its check's depth,
// the terms of the polynomial in the parameters chosen from depth j on:
// stage j+1 is stage j with the parameter of depth j substituted. The
// last stage (the check's depth) is dense: index k for y^k, y =
// order[at], or for a pair check b*(deg+1) + a for y^a z^b, z =
// order[d-1].
type staged struct {
	coef0 []int64 // the coefficients of stage 0
	ok0   bool    // every coefficient fits in int64
	size  []int   // size[j]: the terms of stage j
	// exp[j][i] is the exponent of order[j] in term i of stage j, and
	// to[j][i] the term of stage j+1 it goes to.
	exp [][]int32
	to  [][]int32
	deg int // the largest exponent of y (and of z) at the last stage
}

// newPlan makes the plan of fam's search for members with numbers
// between lo and hi: the order of the parameters is the one that makes
// the fewest choices by a cost model (see costOrder), or for more than
// maxOrderDP parameters a greedy one (see greedyOrder). The order changes
// no member and no order of members, only how early a failing number is
// seen. Cost: the order's, plus the staging of each formula's terms (see
// stage).
func newPlan(fam *Family, lo, hi int64) *plan {
	d := len(fam.Params)
	p := &plan{fam: fam, d: d}
	if d == 0 {
		return p
	}
	ev := fam.ev
	var fs []formula
	for v := range ev.num {
		if ev.param[v] >= 0 {
			continue
		}
		used := map[int]bool{}
		for _, q := range []*intPoly{&ev.num[v], &ev.den[v]} {
			for _, e := range q.exps {
				for j, k := range e {
					if k > 0 {
						used[j] = true
					}
				}
			}
		}
		if len(used) == 0 {
			continue // a constant: the leaf's exact check decides it
		}
		f := formula{v: v, weight: formulaWeight(&ev.num[v], &ev.den[v])}
		for j := range d {
			if used[j] {
				f.vars = append(f.vars, j)
			}
		}
		fs = append(fs, f)
	}
	if d <= maxOrderDP {
		p.order = costOrder(fs, d, passRates(ev, fs, d, lo, hi))
	} else {
		p.order = greedyOrder(fs, d)
	}
	depth := make([]int, d)
	for k, j := range p.order {
		depth[j] = k
	}
	for _, f := range fs {
		at := 0
		for _, j := range f.vars {
			at = max(at, depth[j])
		}
		c := check{v: f.v, at: at}
		if d >= 2 && at == d-1 {
			c.at, c.pair = d-2, true
		}
		c.num = p.stage(&ev.num[f.v], c.at, c.pair)
		c.den = p.stage(&ev.den[f.v], c.at, c.pair)
		p.checks = append(p.checks, c)
	}
	// Cheaper checks first within a depth: a failing one saves the rest.
	slices.SortStableFunc(p.checks, func(a, b check) int {
		if a.at != b.at {
			return a.at - b.at
		}
		return len(a.num.coef0) + len(a.den.coef0) - len(b.num.coef0) - len(b.den.coef0)
	})
	return p
}

// stage builds the staged form of q for a check at depth at (see
// staged). Cost: O(terms * d * at).
func (p *plan) stage(q *intPoly, at int, pair bool) staged {
	st := staged{ok0: true}
	for _, c := range q.big {
		if c.IsInt64() {
			st.coef0 = append(st.coef0, c.Int64())
		} else {
			st.coef0, st.ok0 = append(st.coef0, 0), false
		}
	}
	y, z := p.order[at], -1
	if pair {
		z = p.order[p.d-1]
	}
	for _, e := range q.exps {
		st.deg = max(st.deg, e[y])
		if z >= 0 {
			st.deg = max(st.deg, e[z])
		}
	}
	// dense is the index of a monomial at the last stage.
	dense := func(e []int) int32 {
		if z >= 0 {
			return int32(e[z]*(st.deg+1) + e[y])
		}
		return int32(e[y])
	}
	last := st.deg + 1
	if z >= 0 {
		last *= st.deg + 1
	}
	if at == 0 {
		// Stage 0 is the last: its coefficients go to their dense
		// places (the monomials are distinct, so nothing adds up).
		c := make([]int64, last)
		for i, e := range q.exps {
			c[dense(e)] = st.coef0[i]
		}
		st.coef0, st.size = c, []int{last}
		return st
	}
	terms := q.exps // the exponent vectors of the current stage's terms
	st.size = []int{len(terms)}
	for j := range at {
		yj := p.order[j]
		to := make([]int32, len(terms))
		exp := make([]int32, len(terms))
		index := map[string]int32{}
		var next [][]int
		for i, e := range terms {
			exp[i] = int32(e[yj])
			e2 := slices.Clone(e)
			e2[yj] = 0
			if j+1 == at {
				to[i] = dense(e2)
				continue
			}
			key := fmt.Sprint(e2)
			k, ok := index[key]
			if !ok {
				k = int32(len(next))
				index[key] = k
				next = append(next, e2)
			}
			to[i] = k
		}
		st.to, st.exp = append(st.to, to), append(st.exp, exp)
		if j+1 == at {
			st.size = append(st.size, last)
		} else {
			st.size = append(st.size, len(next))
			terms = next
		}
	}
	return st
}
