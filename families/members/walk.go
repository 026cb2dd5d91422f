package members

import (
	"context"
	"math"
	"math/bits"
	"slices"

	"github.com/families-project/families/internal/checked"
)

// A walker finds the tuples of one family's parameters with a given sum
// whose numbers pass the plan's checks, choosing the parameters in the
// plan's order, depth first. A tuple it returns is a candidate only: the
// caller evaluates it exactly (Source.member), which also checks the
// system and the filter's other conditions. Every check it makes is exact
// in int64; where a value would overflow it makes none, and the candidate
// goes on to the exact evaluation.
type walker struct {
	p      *plan
	lo, hi int64
	x      []int64 // parameter values by position (index into Family.Params)
	// num[c][j] and den[c][j] hold the coefficients of stage j of check
	// c at the current choice (see staged); ok[c][j] is false when one
	// overflowed, and the check is then left to the exact evaluation.
	num, den [][][]int64
	ok       [][]bool
	at, live [][]int // per depth: the checks made there, and those made deeper
	// pow[j] holds the powers of the value of depth j, up to maxExp[j];
	// powOK[j][k] is false from the first power that overflows.
	pow    [][]int64
	powOK  [][]bool
	maxExp []int
	// uniN and uniD hold, per check, its polynomial in y at its depth
	// (for a pair check, with z = rest - y substituted); uniOK says it
	// fits in int64.
	uniN, uniD [][]int64
	uniOK      []bool
	// validTo[c] is the last stage of check c made for the current
	// choice of the parameters before it.
	validTo []int
	hits    [][]int64

	ctx   context.Context
	steps int64 // values tried, over every level
	limit int64 // steps allowed
	tick  int
	err   error // ctx's error
	spent bool  // the limit was reached
	// exhausted is set when no level beyond the current one can have a
	// tuple (a single parameter that its checks bound below the sum).
	exhausted bool
}

func newWalker(ctx context.Context, p *plan, lo, hi, limit int64) *walker {
	n := len(p.checks)
	w := &walker{p: p, lo: lo, hi: hi, x: make([]int64, p.d), ctx: ctx, limit: limit,
		num: make([][][]int64, n), den: make([][][]int64, n), ok: make([][]bool, n),
		at: make([][]int, p.d), live: make([][]int, p.d),
		pow: make([][]int64, p.d), powOK: make([][]bool, p.d), maxExp: make([]int, p.d),
		uniN: make([][]int64, n), uniD: make([][]int64, n), uniOK: make([]bool, n), validTo: make([]int, n)}
	for c, ch := range p.checks {
		w.at[ch.at] = append(w.at[ch.at], c)
		for j := range ch.at {
			w.live[j] = append(w.live[j], c)
			for _, st := range []*staged{&ch.num, &ch.den} {
				for _, e := range st.exp[j] {
					w.maxExp[j] = max(w.maxExp[j], int(e))
				}
			}
		}
		w.ok[c] = make([]bool, ch.at+1)
		w.ok[c][0] = ch.num.ok0 && ch.den.ok0
		for _, q := range []struct {
			st  *staged
			buf *[][]int64
			uni *[]int64
		}{{&ch.num, &w.num[c], &w.uniN[c]}, {&ch.den, &w.den[c], &w.uniD[c]}} {
			*q.buf = make([][]int64, ch.at+1)
			for j := range ch.at + 1 {
				(*q.buf)[j] = make([]int64, q.st.size[j])
			}
			copy((*q.buf)[0], q.st.coef0)
			if ch.pair {
				*q.uni = make([]int64, 2*q.st.deg+1)
			}
		}
	}
	for j := range p.d {
		w.pow[j] = make([]int64, w.maxExp[j]+1)
		w.powOK[j] = make([]bool, w.maxExp[j]+1)
	}
	return w
}

// level returns the candidate tuples (parameter values by position, in
// no particular order) with sum s, and false when the step limit or ctx
// stopped the walk before the level was done (the tuples found so far are
// returned).
func (w *walker) level(s int64) ([][]int64, bool) {
	w.hits = nil
	done := w.node(0, s)
	return w.hits, done
}

// node tries every value of the parameter of depth j, given the sum rest
// of the parameters from depth j on; false stops the walk.
func (w *walker) node(j int, rest int64) bool {
	p := w.p
	// A node is a step too: its checks' coefficients and bounds are work,
	// and a level whose every node is cut must still spend the budget.
	if w.steps >= w.limit {
		w.spent = true
		return false
	}
	w.steps++
	k := int64(p.d - j) // parameters left, this one included
	var ylo, yhi int64
	if k == 1 {
		if rest < w.lo || rest > w.hi {
			return true
		}
		ylo, yhi = rest, rest
	} else {
		ylo = w.lo
		if w.hi < math.MaxInt64 {
			if m, ok := checked.Mul(k-1, w.hi); ok && rest-m > ylo {
				ylo = rest - m
			}
		}
		m, ok := checked.Mul(k-1, w.lo)
		if !ok || rest < m {
			return true
		}
		yhi = min(w.hi, rest-m)
	}
	if ylo > yhi {
		return true
	}
	var r congruence
	if p.d == 1 {
		for _, c := range w.at[j] {
			w.prepare(c, j, rest)
		}
		// The checks of a single parameter do not depend on the sum: when
		// they bound it below the sum, no later level has a member.
		var r1 congruence
		blo, bhi, feasible := w.lo, w.hi, true
		for _, c := range w.at[j] {
			if w.uniOK[c] && feasible {
				blo, bhi, feasible = w.bounds(w.uniN[c], w.uniD[c], blo, bhi, &r1)
			}
		}
		if !feasible || bhi < rest {
			w.exhausted = true
		}
	}
	// The checks are prepared one at a time, cheapest first: a check that
	// leaves no value saves preparing the others, and from the first one
	// of degree 2 or more (which gives no bound) they are prepared only
	// when a value passes the ones before (see passes).
	prepared := len(w.at[j])
	for i, c := range w.at[j] {
		if p.d > 1 {
			w.prepare(c, j, rest)
		}
		if !w.uniOK[c] {
			continue
		}
		var feasible bool
		if ylo, yhi, feasible = w.bounds(w.uniN[c], w.uniD[c], ylo, yhi, &r); !feasible {
			return true
		}
		if degree(w.uniN[c]) > 1 || degree(w.uniD[c]) > 1 {
			prepared = i + 1
			break
		}
	}
	first, step := ylo, int64(1)
	if r.mod > 1 {
		step = r.mod
		off := (r.res - ylo%r.mod + r.mod) % r.mod
		if ylo > math.MaxInt64-off {
			return true
		}
		first = ylo + off
	}
	y := p.order[j]
	for v := first; v <= yhi; v += step {
		if w.steps >= w.limit {
			w.spent = true
			return false
		}
		w.steps++
		if w.tick++; w.tick&4095 == 0 {
			if w.err = w.ctx.Err(); w.err != nil {
				return false
			}
		}
		w.x[y] = v
		if w.passes(j, v, &prepared, rest) {
			if j == p.d-1 {
				w.hits = append(w.hits, slices.Clone(w.x))
			} else {
				w.chose(j, v)
				if !w.node(j+1, rest-v) {
					return false
				}
			}
		}
		if v > math.MaxInt64-step {
			break
		}
	}
	return true
}

// univariate sets uniN[c] and uniD[c] to check c's polynomials in the
// parameter of its depth, from its last stage; false on overflow.
func (w *walker) univariate(c int, rest int64) bool {
	ch := &w.p.checks[c]
	j := ch.at
	if !ch.pair {
		w.uniN[c], w.uniD[c] = w.num[c][j], w.den[c][j]
		return true
	}
	return substLast(w.num[c][j], ch.num.deg, rest, w.uniN[c]) && substLast(w.den[c][j], ch.den.deg, rest, w.uniD[c])
}

// substLast writes sum c[b*(deg+1) + a] y^a z^b with z = rest - y as a
// polynomial in y into out (length 2*deg + 1); false on overflow.
func substLast(c []int64, deg int, rest int64, out []int64) bool {
	clear(out)
	// zb holds the coefficients of (rest - y)^b, b = 0, 1, ...
	var zbuf [2][16]int64
	zb := zbuf[0][:1]
	zb[0] = 1
	for b := range deg + 1 {
		if b > 0 {
			var next []int64
			if b < 16 {
				next = zbuf[b%2][:b+1]
			} else {
				next = make([]int64, b+1)
			}
			clear(next)
			for i, v := range zb {
				t, ok1 := checked.Mul(v, rest)
				u, ok2 := add64(next[i], t)
				s, ok3 := add64(next[i+1], -v)
				if !ok1 || !ok2 || !ok3 || v == math.MinInt64 {
					return false
				}
				next[i], next[i+1] = u, s
			}
			zb = next
		}
		for a := range deg + 1 {
			ca := c[b*(deg+1)+a]
			if ca == 0 {
				continue
			}
			for i, v := range zb {
				t, ok1 := checked.Mul(ca, v)
				u, ok2 := add64(out[a+i], t)
				if !ok1 || !ok2 {
					return false
				}
				out[a+i] = u
			}
		}
	}
	return true
}

// chose records the value v of depth j: its powers, and that the stages
// after j of the checks made deeper are stale (see ensure).
func (w *walker) chose(j int, v int64) {
	pw, pok := w.pow[j], w.powOK[j]
	if len(pw) > 0 {
		pw[0], pok[0] = 1, true
		for k := 1; k < len(pw); k++ {
			pw[k], pok[k] = checked.Mul(pw[k-1], v)
			pok[k] = pok[k] && pok[k-1]
		}
	}
	for _, c := range w.live[j] {
		w.validTo[c] = min(w.validTo[c], j)
	}
}

// prepare brings check c's stages up to depth j and sets its polynomial
// in the parameter of depth j (uniN, uniD, uniOK).
func (w *walker) prepare(c, j int, rest int64) {
	w.ensure(c, j)
	w.uniOK[c] = w.ok[c][j] && w.univariate(c, rest)
}

// ensure computes the stages of check c from the last one valid for the
// current choice up to stage k. Stages are made when a node needs them,
// not when a value is chosen: a node that an earlier check cuts never
// pays for the later ones, and siblings deeper share what their parent
// made.
func (w *walker) ensure(c, k int) {
	ch := &w.p.checks[c]
	for s := w.validTo[c]; s < k; s++ {
		w.ok[c][s+1] = w.ok[c][s] &&
			substitute(w.num[c][s], w.num[c][s+1], ch.num.exp[s], ch.num.to[s], w.pow[s], w.powOK[s]) &&
			substitute(w.den[c][s], w.den[c][s+1], ch.den.exp[s], ch.den.to[s], w.pow[s], w.powOK[s])
	}
	w.validTo[c] = max(w.validTo[c], k)
}

// substitute writes into out the terms of in with their exponents exp
// of a parameter replaced by its powers pw, each term going to to[i];
// false on overflow.
func substitute(in, out []int64, exp, to []int32, pw []int64, pok []bool) bool {
	clear(out)
	for i, c := range in {
		if c == 0 {
			continue
		}
		e := exp[i]
		if !pok[e] {
			return false
		}
		t, ok1 := checked.Mul(c, pw[e])
		u, ok2 := add64(out[to[i]], t)
		if !ok1 || !ok2 {
			return false
		}
		out[to[i]] = u
	}
	return true
}

// passes reports whether every check of depth j whose coefficients fit
// in int64 gives, at y = v, an integer between lo and hi, preparing the
// checks from *prepared on as it reaches them. A check whose value
// overflows passes: the exact evaluation decides.
func (w *walker) passes(j int, v int64, prepared *int, rest int64) bool {
	for i, c := range w.at[j] {
		if i == *prepared {
			w.prepare(c, j, rest)
			*prepared++
		}
		if !w.uniOK[c] {
			continue
		}
		n, ok1 := horner(w.uniN[c], v)
		d, ok2 := horner(w.uniD[c], v)
		if !ok1 || !ok2 || d == -1 && n == math.MinInt64 {
			continue
		}
		if d == 0 || n%d != 0 {
			return false
		}
		if q := n / d; q < w.lo || q > w.hi {
			return false
		}
	}
	return true
}

// horner evaluates sum c[k] y^k; false on overflow.
func horner(c []int64, y int64) (int64, bool) {
	if len(c) == 0 {
		return 0, true
	}
	v := c[len(c)-1]
	for k := len(c) - 2; k >= 0; k-- {
		var ok bool
		if v, ok = checked.Mul(v, y); !ok {
			return 0, false
		}
		if v, ok = add64(v, c[k]); !ok {
			return 0, false
		}
	}
	return v, true
}

// A congruence y = res (mod mod) that every value of a parameter must
// satisfy; mod 0 or 1 is none.
type congruence struct{ res, mod int64 }

// degree returns the degree of sum c[k] y^k, -1 for the zero polynomial.
func degree(c []int64) int {
	for k := len(c) - 1; k >= 0; k-- {
		if c[k] != 0 {
			return k
		}
	}
	return -1
}

// bounds narrows [ylo, yhi] to the values y for which the number N(y) /
// D(y) can be an integer between lo and hi, for N and D of degree at most
// one, and returns false when no y can. For a constant denominator e, N =
// a y + b must lie between lo*e and hi*e, and e must divide it: a
// congruence for y, kept in r when its modulus is the largest so far. For
// D = c y + e, D divides c N - a D = c b - a e, a constant K: |D| <= |K|
// bounds y (K = 0: the number is the constant a / c). Everything else,
// and every bound whose arithmetic would overflow, is left to the check
// of each value, which the walk makes anyway: the bounds only skip values
// that would fail it.
func (w *walker) bounds(num, den []int64, ylo, yhi int64, r *congruence) (int64, int64, bool) {
	dn, dd := degree(num), degree(den)
	at := func(c []int64, k int) int64 {
		if k < len(c) {
			return c[k]
		}
		return 0
	}
	a, b := at(num, 1), at(num, 0)
	c, e := at(den, 1), at(den, 0)
	var ok bool
	switch {
	case dd < 0, dn < 0:
		return ylo, yhi, false // no denominator, or the number is 0
	case dd == 0 && dn == 0:
		if e == -1 && b == math.MinInt64 {
			break // the quotient is beyond int64: the exact evaluation decides
		}
		if b%e != 0 || b/e < w.lo || b/e > w.hi {
			return ylo, yhi, false
		}
	case dd == 0 && dn == 1:
		// lo <= (a y + b) / e <= hi.
		for _, bound := range []int64{w.lo, w.hi} {
			if bound == math.MaxInt64 {
				continue
			}
			be, ok1 := checked.Mul(bound, e)
			t, ok2 := add64(be, -b)
			if !ok1 || !ok2 || b == math.MinInt64 {
				continue
			}
			// The lower bound asks a y >= t for e > 0, the upper a y <= t.
			geq := (bound == w.lo) == (e > 0)
			if ylo, yhi, ok = linear(a, t, geq, ylo, yhi); !ok {
				return ylo, yhi, false
			}
		}
		if m := abs64(e); m > 1 {
			cg, feasible := solveCongruence(a, b, m)
			if !feasible {
				return ylo, yhi, false
			}
			if cg.mod > r.mod {
				*r = cg
			}
		}
	case dd == 1 && dn <= 1:
		cb, ok1 := checked.Mul(c, b)
		ae, ok2 := checked.Mul(a, e)
		K, ok3 := add64(cb, -ae)
		if !ok1 || !ok2 || !ok3 || ae == math.MinInt64 || K == math.MinInt64 {
			break
		}
		if K == 0 {
			if c == -1 && a == math.MinInt64 {
				break
			}
			if a%c != 0 || a/c < w.lo || a/c > w.hi {
				return ylo, yhi, false
			}
			break
		}
		// -|K| <= c y + e <= |K|.
		K = abs64(K)
		t1, ok1 := add64(-K, -e)
		t2, ok2 := add64(K, -e)
		if !ok1 || !ok2 || e == math.MinInt64 {
			break
		}
		if ylo, yhi, ok = linear(c, t1, true, ylo, yhi); !ok {
			return ylo, yhi, false
		}
		if ylo, yhi, ok = linear(c, t2, false, ylo, yhi); !ok {
			return ylo, yhi, false
		}
	}
	return ylo, yhi, ylo <= yhi
}

// linear narrows [ylo, yhi] by a y >= t (geq) or a y <= t; false when
// nothing is left.
func linear(a, t int64, geq bool, ylo, yhi int64) (int64, int64, bool) {
	if a == 0 {
		return ylo, yhi, geq && t <= 0 || !geq && t >= 0
	}
	if a == -1 && t == math.MinInt64 {
		return ylo, yhi, true // the quotient overflows: no bound
	}
	if geq == (a > 0) {
		ylo = max(ylo, ceilDiv(t, a))
	} else {
		yhi = min(yhi, floorDiv(t, a))
	}
	return ylo, yhi, ylo <= yhi
}

func floorDiv(t, a int64) int64 {
	q := t / a
	if (t%a != 0) && ((t < 0) != (a < 0)) {
		q--
	}
	return q
}

func ceilDiv(t, a int64) int64 {
	q := t / a
	if (t%a != 0) && ((t < 0) == (a < 0)) {
		q++
	}
	return q
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// solveCongruence returns the values y with m | a y + b as a congruence
// modulo m / gcd(a, m), and false when there are none. m >= 2 and fits
// in int64 as a positive number.
func solveCongruence(a, b, m int64) (congruence, bool) {
	am, bm := mod(a, m), mod(-b, m)
	if b == math.MinInt64 {
		bm = mod(-(b % m), m)
	}
	g := gcd64(am, m)
	if bm%g != 0 {
		return congruence{}, false
	}
	M := m / g
	if M == 1 {
		return congruence{}, true
	}
	inv := modInverse((am/g)%M, M)
	return congruence{res: mulMod(bm/g, inv, M), mod: M}, true
}

func mod(a, m int64) int64 {
	r := a % m
	if r < 0 {
		r += m
	}
	return r
}

func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// modInverse returns the inverse of a modulo m, for gcd(a, m) = 1.
func modInverse(a, m int64) int64 {
	// Extended Euclid on (a, m); the coefficients stay below m in
	// absolute value.
	r0, r1 := m, a
	t0, t1 := int64(0), int64(1)
	for r1 != 0 {
		q := r0 / r1
		r0, r1 = r1, r0-q*r1
		t0, t1 = t1, t0-q*t1
	}
	return mod(t0, m)
}

// mulMod returns a b mod m for 0 <= a, b < m, without overflow.
func mulMod(a, b, m int64) int64 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	_, r := bits.Div64(hi, lo, uint64(m))
	return int64(r)
}
