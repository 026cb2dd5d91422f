package census

import "github.com/families-project/families/poly/mod61"

// echelon is the rank of a Jacobian built one line's row at a time,
// modulo mod61.P, kept as a stack so that settings which share their
// first lines' rows share the elimination of those rows. settings.list
// varies the last line fastest, so consecutive settings mostly differ in
// one or two rows: each costs a row or two reduced against at most n
// pivots (O(n^2) products) instead of a whole elimination (O(lines x
// n^2) products and n inverses), the bulk of ranking a grid's settings.
//
// The rank is the same as mod61.Rank's of the same rows (a row space's
// dimension does not depend on the order its rows are reduced in).
type echelon struct {
	n     int
	ids   []int      // row id pushed at each depth
	after []int      // pivots after each depth
	piv   []int      // pivot column of each pivot row
	rows  [][]uint64 // pivot rows (pivot entry 1, zero at earlier pivots' columns)
	spare []uint64   // scratch row
}

func newEchelon(n, depth int) *echelon {
	e := &echelon{n: n, spare: make([]uint64, n)}
	e.ids = make([]int, 0, depth)
	e.after = make([]int, 0, depth)
	for range min(n, depth) {
		e.rows = append(e.rows, make([]uint64, n))
	}
	e.rows = e.rows[:0]
	return e
}

// truncate pops the rows pushed at depth d and later.
func (e *echelon) truncate(d int) {
	if d >= len(e.ids) {
		return
	}
	e.ids = e.ids[:d]
	e.after = e.after[:d]
	np := 0
	if d > 0 {
		np = e.after[d-1]
	}
	e.piv = e.piv[:np]
	e.rows = e.rows[:np]
}

// push adds a row (not modified) with its id at the next depth.
func (e *echelon) push(id int, row []uint64) {
	e.ids = append(e.ids, id)
	if len(e.piv) < e.n {
		v := e.spare
		copy(v, row)
		for i, p := range e.piv {
			if f := v[p]; f != 0 {
				b := e.rows[i]
				for j := range v {
					if b[j] != 0 {
						v[j] = mod61.Sub(v[j], mod61.Mul(f, b[j]))
					}
				}
			}
		}
		for p, x := range v {
			if x == 0 {
				continue
			}
			inv := mod61.Inv(x)
			var r []uint64
			if k := len(e.rows); k < cap(e.rows) {
				r = e.rows[:k+1][k]
			} else {
				r = make([]uint64, e.n)
			}
			for j := range v {
				r[j] = mod61.Mul(v[j], inv)
			}
			e.rows = append(e.rows, r)
			e.piv = append(e.piv, p)
			break
		}
	}
	e.after = append(e.after, len(e.piv))
}

// rank returns the rank of the rows pushed.
func (e *echelon) rank() int { return len(e.piv) }
