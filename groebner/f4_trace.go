package groebner

// The trace of an F4 run mod one prime, for the runs mod the other primes
// of a multi-modular basis (the design of msolve: J. Berthomieu, C. Eder,
// M. Safey El Din, "msolve: A Library for Solving Polynomial Systems",
// ISSAC 2021, §4). Most rows of an F4 matrix reduce to zero; which ones
// depends on the ideal, not on the prime, for all but finitely many primes.
// The first prime's run records, step by step, the halves of the S-pairs
// that gave a row that mattered (a reducer, or a row that did not reduce
// to zero) and the leading monomials of the new elements. The runs mod the
// other primes build only those rows, from the record: they keep no pairs
// at all (the pair bookkeeping depends on leading monomials only, and took
// 10% of reimer-6's candidate), and symbolic preprocessing brings in only
// the reducers those rows need, so that the matrix shrinks; a step whose new leading monomials differ, or a run that takes
// other steps, is reported as unsuitable. A row skipped that would not
// have reduced to zero mod the other prime leaves a wrong basis mod that
// prime, with the first prime's support: the candidate it feeds then fails
// to reconstruct, to agree with the next prime, or the exact proof, which
// trusts nothing computed mod p (arnold.go).

// f4Trace is the record of an F4 run: its steps in order.
type f4Trace struct {
	steps []f4TraceStep
}

// f4TraceStep is one step of an F4 run.
type f4TraceStep struct {
	sugar int
	// The pair halves t*basis[k] whose rows mattered, in the order the
	// step took them: the multipliers t (s words each) and the k.
	halves []uint16
	ks     []int32
	total  int      // the pair halves the step took, rows or not
	leads  []uint16 // the new elements' leading monomials, in the order added
}

// f4Tracer records a run into rec, or makes the run follow follow. A nil
// tracer does neither.
type f4Tracer struct {
	rec, follow *f4Trace
	step        int
}

// f4StepTrace is the tracer's state within one step.
type f4StepTrace struct {
	ok     bool // false: the followed run had no such step
	t      *f4Tracer
	cur    *f4TraceStep
	rows   []int32  // when recording: the row of each half, -1 for none
	halves []uint16 // when recording: the multiplier of each half
	ks     []int32  // and its element
}

// following reports whether the run replays a recorded one.
func (t *f4Tracer) following() bool { return t != nil && t.follow != nil }

// next returns the sugar of the followed run's next step, and false when
// it has none.
func (t *f4Tracer) next() (int, bool) {
	if t.step >= len(t.follow.steps) {
		return 0, false
	}
	return t.follow.steps[t.step].sugar, true
}

// begin starts a step of the given sugar.
func (t *f4Tracer) begin(sugar int) *f4StepTrace {
	if t == nil {
		return &f4StepTrace{ok: true}
	}
	if t.rec != nil {
		t.rec.steps = append(t.rec.steps, f4TraceStep{sugar: sugar})
		return &f4StepTrace{ok: true, t: t, cur: &t.rec.steps[len(t.rec.steps)-1]}
	}
	if t.step >= len(t.follow.steps) || t.follow.steps[t.step].sugar != sugar {
		return &f4StepTrace{}
	}
	return &f4StepTrace{ok: true, t: t, cur: &t.follow.steps[t.step]}
}

// row notes the row (-1: none) that the pair half t*basis[k] built.
func (st *f4StepTrace) row(r int32, t []uint16, k int) {
	if st.t != nil && st.t.rec != nil {
		st.rows = append(st.rows, r)
		st.halves = append(st.halves, t...)
		st.ks = append(st.ks, int32(k))
	}
}

// replay builds the rows of the followed step's pair halves in f4; false
// when the record does not fit the run (another ring, an element the run
// does not have).
func (st *f4StepTrace) replay(f4 *f4Step) (bool, error) {
	s := f4.e.s
	if len(st.cur.halves) != len(st.cur.ks)*s {
		return false, nil
	}
	for i, k := range st.cur.ks {
		if int(k) >= len(f4.e.basis) {
			return false, nil
		}
		if _, err := f4.addMultiple(st.cur.halves[i*s:(i+1)*s], int(k), true); err != nil {
			return true, err
		}
	}
	return true, nil
}

// end closes the step after its echelon form (f4 holds the matrix) with
// the new elements fresh, in the order they join the basis; false when
// following and the step differs from the followed one.
func (st *f4StepTrace) end(f4 *f4Step, fresh []*mpoly) bool {
	t := st.t
	if t == nil {
		return true
	}
	s := f4.e.s
	t.step++
	if t.rec != nil {
		st.cur.total = len(st.rows)
		for i, r := range st.rows {
			if r >= 0 && (f4.gave[r] || f4.pivot[f4.rows[r].cols[0]] == r) {
				st.cur.halves = append(st.cur.halves, st.halves[i*s:(i+1)*s]...)
				st.cur.ks = append(st.cur.ks, st.ks[i])
			}
		}
		for _, h := range fresh {
			st.cur.leads = append(st.cur.leads, h.m[:s]...)
		}
		return true
	}
	if len(fresh)*s != len(st.cur.leads) {
		return false
	}
	for k, h := range fresh {
		if !monoEqual(h.m[:s], st.cur.leads[k*s:(k+1)*s]) {
			return false
		}
	}
	return true
}

// done reports, at the end of a run, whether it took every step of the
// followed run (always true when recording or untraced).
func (t *f4Tracer) done() bool {
	return t == nil || t.follow == nil || t.step == len(t.follow.steps)
}
