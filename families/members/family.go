package members

import (
	"fmt"
	"math"
	"math/big"
	"slices"

	"github.com/families-project/families/internal/checked"
	"github.com/families-project/families/poly"
)

// A Family gives every number of a grid as a rational function of its
// parameters, which are some of the numbers themselves (a maximal
// independent set, as the family solver chooses them). A family without
// parameters is one rational point of a finite system.
type Family struct {
	// Ring is the ring of the grid's numbers, one variable per present
	// number in row-major order, as grid.Setting.System makes it.
	Ring *poly.Ring
	// Params holds the ring indices of the parameters, ascending.
	Params []int
	// Num[v]/Den[v] is number v, for every variable v of Ring: polynomials
	// of Ring in the parameters only. A parameter is its own variable over 1.
	Num, Den []*poly.Poly

	ev *evaluator
	// whole is set by FromSolve when its families and points are every
	// solution of the system (no algebraic family, no irrational point):
	// a symmetry that maps them all to solutions then maps every solution
	// to a solution.
	whole bool
}

// NewFamily returns the family whose number v (ring order) is num[v]/den[v]
// in the named parameters; a nil den, or a nil entry of it, stands for 1.
// It checks that the expressions use the parameters only and that a
// parameter is given as itself, and prepares exact integer evaluation.
// Cost: O(total terms).
func NewFamily(ring *poly.Ring, params []string, num, den []*poly.Poly) (*Family, error) {
	n := ring.NumVars()
	if len(num) != n || (den != nil && len(den) != n) {
		return nil, fmt.Errorf("members: a family needs %d numerators and denominators, got %d and %d", n, len(num), len(den))
	}
	f := &Family{Ring: ring, Num: make([]*poly.Poly, n), Den: make([]*poly.Poly, n)}
	isParam := make([]bool, n)
	for _, name := range params {
		v, ok := ring.VarIndex(name)
		if !ok {
			return nil, fmt.Errorf("members: parameter %q is not a number of the grid", name)
		}
		if isParam[v] {
			return nil, fmt.Errorf("members: parameter %q given twice", name)
		}
		isParam[v] = true
		f.Params = append(f.Params, v)
	}
	slices.Sort(f.Params)
	for v := range n {
		f.Num[v] = num[v]
		f.Den[v] = ring.One()
		if den != nil && den[v] != nil {
			f.Den[v] = den[v]
		}
		if f.Num[v] == nil || f.Num[v].Ring() != ring || f.Den[v].Ring() != ring {
			return nil, fmt.Errorf("members: number %s of the family is missing or of another ring", ring.VarName(v))
		}
		if f.Den[v].IsZero() {
			return nil, fmt.Errorf("members: number %s of the family has denominator 0", ring.VarName(v))
		}
		for _, p := range []*poly.Poly{f.Num[v], f.Den[v]} {
			for _, w := range p.Vars() {
				if !isParam[w] {
					return nil, fmt.Errorf("members: number %s of the family uses %s, which is no parameter", ring.VarName(v), ring.VarName(w))
				}
			}
		}
		if isParam[v] {
			// A parameter that were anything but itself would make the
			// enumeration by parameter values incomplete.
			q := new(poly.Poly).Mul(ring.Var(v), f.Den[v])
			if !q.Equal(f.Num[v]) {
				return nil, fmt.Errorf("members: parameter %s of the family must map to itself, not %s / (%s)", ring.VarName(v), f.Num[v], f.Den[v])
			}
		}
	}
	f.ev = newEvaluator(f)
	return f, nil
}

// NewPoint returns the family without parameters whose numbers are vals
// (ring order), a rational point of a finite system. Cost: O(n).
func NewPoint(ring *poly.Ring, vals []*big.Rat) (*Family, error) {
	if len(vals) != ring.NumVars() {
		return nil, fmt.Errorf("members: a point needs %d numbers, got %d", ring.NumVars(), len(vals))
	}
	num := make([]*poly.Poly, len(vals))
	for v, x := range vals {
		if x == nil {
			return nil, fmt.Errorf("members: number %s of the point is missing", ring.VarName(v))
		}
		num[v] = ring.Const(x)
	}
	return NewFamily(ring, nil, num, nil)
}

// ParamNames returns the names of the parameters, in ring order.
func (f *Family) ParamNames() []string {
	out := make([]string, len(f.Params))
	for i, v := range f.Params {
		out[i] = f.Ring.VarName(v)
	}
	return out
}

// An evaluator computes a family's numbers at integer parameter values:
// every number as N/D with N and D integer polynomials in the parameters,
// evaluated in int64 with overflow detection and in big.Int when that
// overflows. A number is kept only when D divides N exactly.
type evaluator struct {
	nparam int
	param  []int // per number: its index among the parameters, or -1
	num    []intPoly
	den    []intPoly
}

// An intPoly is a polynomial with integer coefficients in the parameters.
type intPoly struct {
	small []int64    // coefficients, when all fit in int64
	big   []*big.Int // coefficients
	exps  [][]int    // exponent of each parameter, per term
	// factors lists, per term, the parameter of each factor of its
	// monomial (x^2 y is x, x, y): what eval64 multiplies, set by
	// compile.
	factors [][]int32
}

// compile sets p.factors from p.exps. Cost: O(terms * degree).
func (p *intPoly) compile() {
	p.factors = make([][]int32, len(p.exps))
	for i, e := range p.exps {
		for j, k := range e {
			for range k {
				p.factors[i] = append(p.factors[i], int32(j))
			}
		}
	}
}

func newEvaluator(f *Family) *evaluator {
	n := f.Ring.NumVars()
	ev := &evaluator{nparam: len(f.Params), param: make([]int, n), num: make([]intPoly, n), den: make([]intPoly, n)}
	for v := range n {
		ev.param[v] = slices.Index(f.Params, v)
		// Clearing the coefficients' denominators of N and D together
		// keeps N/D and makes both integer polynomials.
		l := big.NewInt(1)
		for _, p := range []*poly.Poly{f.Num[v], f.Den[v]} {
			for i := range p.Len() {
				d := p.Coef(i).Denom()
				g := new(big.Int).GCD(nil, nil, l, d)
				l.Mul(l, new(big.Int).Quo(d, g))
			}
		}
		ev.num[v] = toIntPoly(f.Num[v], f.Params, l)
		ev.den[v] = toIntPoly(f.Den[v], f.Params, l)
	}
	return ev
}

func toIntPoly(p *poly.Poly, params []int, l *big.Int) intPoly {
	var q intPoly
	small := true
	for i := range p.Len() {
		c := new(big.Rat).Mul(p.Coef(i), new(big.Rat).SetInt(l))
		q.big = append(q.big, new(big.Int).Set(c.Num()))
		small = small && c.Num().IsInt64()
		e := make([]int, len(params))
		for j, v := range params {
			e[j] = p.Exp(i, v)
		}
		q.exps = append(q.exps, e)
	}
	if small {
		for _, c := range q.big {
			q.small = append(q.small, c.Int64())
		}
	}
	q.compile()
	return q
}

// eval64 returns p at x, or false on overflow.
func (p *intPoly) eval64(x []int64) (int64, bool) {
	if p.small == nil && len(p.big) > 0 {
		return 0, false
	}
	var sum int64
	for i, c := range p.small {
		t := c
		for _, j := range p.factors[i] {
			var ok bool
			if t, ok = checked.Mul(t, x[j]); !ok {
				return 0, false
			}
		}
		var ok bool
		if sum, ok = add64(sum, t); !ok {
			return 0, false
		}
	}
	return sum, true
}

func (p *intPoly) evalBig(x []*big.Int) *big.Int {
	sum, t := new(big.Int), new(big.Int)
	for i, c := range p.big {
		t.Set(c)
		for j, e := range p.exps[i] {
			if e > 0 {
				t.Mul(t, new(big.Int).Exp(x[j], big.NewInt(int64(e)), nil))
			}
		}
		sum.Add(sum, t)
	}
	return sum
}

func add64(a, b int64) (int64, bool) {
	c := a + b
	if (b > 0 && c < a) || (b < 0 && c > a) {
		return 0, false
	}
	return c, true
}

// values writes the family's numbers at the parameter values x into out
// (ring order) and reports whether every one is an integer; a vanishing
// denominator is no member either. It allocates nothing; overflow reports
// that int64 did not suffice, and valuesBig must decide.
func (ev *evaluator) values(x []int64, out []int64) (ok, overflow bool) {
	for v := range ev.num {
		if j := ev.param[v]; j >= 0 {
			out[v] = x[j]
			continue
		}
		n, ok1 := ev.num[v].eval64(x)
		d, ok2 := ev.den[v].eval64(x)
		if !ok1 || !ok2 || (d == -1 && n == math.MinInt64) {
			return false, true
		}
		if d == 0 || n%d != 0 {
			return false, false
		}
		out[v] = n / d
	}
	return true, false
}

// valuesBig is values in big.Int: nil unless every number is an integer.
func (ev *evaluator) valuesBig(x []int64) []*big.Int {
	bx := make([]*big.Int, len(x))
	for i, xi := range x {
		bx[i] = big.NewInt(xi)
	}
	out := make([]*big.Int, len(ev.num))
	for v := range ev.num {
		if j := ev.param[v]; j >= 0 {
			out[v] = bx[j]
			continue
		}
		n, d := ev.num[v].evalBig(bx), ev.den[v].evalBig(bx)
		if d.Sign() == 0 {
			return nil
		}
		q, r := new(big.Int).QuoRem(n, d, new(big.Int))
		if r.Sign() != 0 {
			return nil
		}
		out[v] = q
	}
	return out
}
