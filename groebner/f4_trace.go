package groebner

// The trace of an F4 run mod one prime, for the runs mod the other primes
// of a multi-modular basis (the design of msolve: J. Berthomieu, C. Eder,
// M. Safey El Din, "msolve: A Library for Solving Polynomial Systems",
// ISSAC 2021, §4). Most rows of an F4 matrix reduce to zero; which ones
// depends on the ideal, not on the prime, for all but finitely many primes.
// The first prime's run records, step by step, which halves of the
// S-pairs gave a row that mattered (a reducer, or a row that did not
// reduce to zero) and the leading monomials of the new elements. The runs
// mod the other primes take the same pairs (the pair bookkeeping depends
// on leading monomials only) but build only those rows, so that symbolic
// preprocessing brings in only the reducers they need and the matrix
// shrinks; a step whose new leading monomials differ, or a run that takes
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
	used  []bool   // by pair half, in the order the step takes them: its row mattered
	leads []uint16 // the new elements' leading monomials, in the order added
}

// f4Tracer records a run into rec, or makes the run follow follow. A nil
// tracer does neither.
type f4Tracer struct {
	rec, follow *f4Trace
	step        int
}

// f4StepTrace is the tracer's state within one step.
type f4StepTrace struct {
	ok   bool // false: the followed run had no such step
	bad  bool // a step of more pair halves than the followed one
	t    *f4Tracer
	cur  *f4TraceStep
	half int
	rows []int32 // when recording: the row of each half, -1 for none
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

// wanted reports whether the next pair half is to be built: always when
// recording, when its row mattered when following.
func (st *f4StepTrace) wanted() bool {
	if st.t == nil || st.t.rec != nil {
		return true
	}
	i := st.half
	st.half++
	if i >= len(st.cur.used) {
		st.bad = true
		return false
	}
	return st.cur.used[i]
}

// row notes the row (-1: none) that the last pair half built.
func (st *f4StepTrace) row(r int32) {
	if st.t != nil && st.t.rec != nil {
		st.rows = append(st.rows, r)
	}
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
		st.cur.used = make([]bool, len(st.rows))
		for i, r := range st.rows {
			st.cur.used[i] = r >= 0 && (f4.gave[r] || f4.pivot[f4.rows[r].cols[0]] == r)
		}
		for _, h := range fresh {
			st.cur.leads = append(st.cur.leads, h.m[:s]...)
		}
		return true
	}
	if st.bad || st.half != len(st.cur.used) || len(fresh)*s != len(st.cur.leads) {
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
