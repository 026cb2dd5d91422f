package census

import (
	"errors"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/internal/checked"
)

// ErrOverflow reports that a line's exact value did not fit the search's
// 64-bit rationals. The search never rounds: it stops with this error
// instead (lower --max or --max-sum).
var ErrOverflow = errors.New("census: a line's exact value overflowed 64-bit rationals: lower --max or --max-sum")

// overflow is the panic value of the arithmetic below; Run turns it into
// ErrOverflow at the task boundary, so the inner loops need no error
// returns.
type overflow struct{}

// rat is an exact rational n/d in lowest terms with d > 0. Every operation
// is checked and panics with overflow{} rather than wrap around.
type rat struct{ n, d int64 }

// mul64 returns a*b, panicking with overflow{} when its magnitude passes
// 2^62 (headroom for the sums that follow).
func mul64(a, b int64) int64 {
	p, ok := checked.Mul(a, b)
	if !ok || p > 1<<62 || p < -(1<<62) {
		panic(overflow{})
	}
	return p
}

func add64(a, b int64) int64 {
	s := a + b
	if s > 1<<62 || s < -(1<<62) {
		panic(overflow{})
	}
	return s
}

func mkRat(n, d int64) rat {
	if d < 0 {
		n, d = -n, -d
	}
	if g := checked.GCD(n, d); g > 1 {
		n, d = n/g, d/g
	}
	return rat{n, d}
}

func intRat(n int64) rat { return rat{n, 1} }

func (a rat) add(b rat) rat {
	if a.d == 1 && b.d == 1 {
		return rat{add64(a.n, b.n), 1}
	}
	g := checked.GCD(a.d, b.d)
	return mkRat(add64(mul64(a.n, b.d/g), mul64(b.n, a.d/g)), mul64(a.d/g, b.d))
}

func (a rat) neg() rat { return rat{-a.n, a.d} }

func (a rat) mul(b rat) rat {
	g1, g2 := checked.GCD(a.n, b.d), checked.GCD(b.n, a.d)
	if g1 == 0 || g2 == 0 { // a zero numerator
		return rat{0, 1}
	}
	return rat{mul64(a.n/g1, b.n/g2), mul64(a.d/g2, b.d/g1)}
}

// inv returns 1/a; a must be nonzero.
func (a rat) inv() rat { return mkRat(a.d, a.n) }

func (a rat) quo(b rat) rat { return a.mul(b.inv()) }

// apply returns acc o y for an arithmetic operator (y nonzero for /).
func apply(acc rat, o grid.Op, y rat) rat {
	switch o {
	case grid.Add:
		return acc.add(y)
	case grid.Sub:
		return acc.add(y.neg())
	case grid.Mul:
		return acc.mul(y)
	}
	return acc.quo(y)
}

func multiplicative(o grid.Op) bool { return o == grid.Mul || o == grid.Div }

// evalLine returns the value of x[0] o[0] x[1] ... under ev: with
// Precedence x and / bind tighter, with LeftToRight everything folds from
// the left. Numbers are nonzero, so no division fails.
func evalLine(ev grid.Eval, x []int64, o []grid.Op) rat {
	if ev == grid.LeftToRight {
		acc := intRat(x[0])
		for k, op := range o {
			acc = apply(acc, op, intRat(x[k+1]))
		}
		return acc
	}
	sum, term, sign := rat{0, 1}, intRat(x[0]), grid.Add
	for k, op := range o {
		if multiplicative(op) {
			term = apply(term, op, intRat(x[k+1]))
			continue
		}
		sum = apply(sum, sign, term)
		term, sign = intRat(x[k+1]), op
	}
	return apply(sum, sign, term)
}

// solveLine returns the value of x[j] that makes the line zero under ev,
// the others being given (x[j] is not read), and false when no nonzero
// value does. The line is a Möbius function of x[j], so there is at most
// one such value, unless it does not depend on x[j] at all: then all
// reports whether it is zero for every x[j]. That happens only left to
// right, where 0 x x[j] and 0 / x[j] are 0 whatever x[j] (as in
// (2 - 2) x 7); under precedence the term of x[j] is never 0.
func solveLine(ev grid.Eval, x []int64, o []grid.Op, j int) (v rat, ok, all bool) {
	if ev == grid.LeftToRight {
		return solveLTR(x, o, j)
	}
	// The term holding x[j] is sign * c * x[j]^e; rest is every other term.
	lo := j
	for lo > 0 && multiplicative(o[lo-1]) {
		lo--
	}
	hi := j
	for hi < len(o) && multiplicative(o[hi]) {
		hi++
	}
	rest := rat{0, 1}
	if lo > 0 || hi < len(x)-1 {
		// Evaluate the line with the term of x[j] replaced by 0: the
		// other terms with their signs.
		sum, term, sign := rat{0, 1}, rat{0, 1}, grid.Add
		inTerm := func(k int) bool { return k >= lo && k <= hi }
		if !inTerm(0) {
			term = intRat(x[0])
		}
		for k, op := range o {
			if multiplicative(op) {
				if !inTerm(k + 1) {
					term = apply(term, op, intRat(x[k+1]))
				}
				continue
			}
			sum = apply(sum, sign, term)
			sign = op
			if inTerm(k + 1) {
				term = rat{0, 1}
			} else {
				term = intRat(x[k+1])
			}
		}
		rest = apply(sum, sign, term)
	}
	c, e := rat{1, 1}, 1
	for k := lo; k <= hi; k++ {
		var op grid.Op = grid.Mul
		if k > lo {
			op = o[k-1]
		}
		if k == j {
			if op == grid.Div {
				e = -1
			}
			continue
		}
		c = apply(c, op, intRat(x[k]))
	}
	if lo > 0 && o[lo-1] == grid.Sub {
		c = c.neg()
	}
	// c x^e + rest = 0.
	if e == 1 {
		if rest.n == 0 {
			return rat{}, false, false
		}
		return rest.neg().quo(c), true, false
	}
	if rest.n == 0 {
		return rat{}, false, false
	}
	return c.neg().quo(rest), true, false
}

// solveLTR solves for x[j] under LeftToRight: the value after x[j] must be
// t, found by undoing the later operators from 0; then P o x[j] = t with P
// the value before x[j]. When P is 0 and o is x or /, P o x[j] is 0 for
// every x[j]: all reports whether that is t.
func solveLTR(x []int64, o []grid.Op, j int) (v rat, ok, all bool) {
	t := rat{0, 1}
	for k := len(o) - 1; k >= j; k-- {
		y := intRat(x[k+1])
		switch o[k] {
		case grid.Add:
			t = t.add(y.neg())
		case grid.Sub:
			t = t.add(y)
		case grid.Mul:
			t = t.quo(y)
		case grid.Div:
			t = t.mul(y)
		}
	}
	if j == 0 {
		return t, t.n != 0, false
	}
	p := intRat(x[0])
	for k := 0; k < j-1; k++ {
		p = apply(p, o[k], intRat(x[k+1]))
	}
	switch o[j-1] {
	case grid.Add:
		v = t.add(p.neg())
	case grid.Sub:
		v = p.add(t.neg())
	case grid.Mul:
		if p.n == 0 {
			return rat{}, false, t.n == 0
		}
		v = t.quo(p)
	case grid.Div:
		if p.n == 0 {
			return rat{}, false, t.n == 0
		}
		if t.n == 0 {
			return rat{}, false, false
		}
		v = p.quo(t)
	}
	return v, v.n != 0, false
}

// lineZero reports whether evalLine(ev, x, o) is zero, without reducing
// fractions: the value is carried as a numerator and a denominator whose
// terms are products of distinct numbers of the line, so they stay
// within the bound of the cleared numerator that checkBounds enforces
// (L x N^L for a line of L numbers at most N), and the checked products
// panic with overflow{} past 2^62 as evalLine's do. A handful of
// multiplications per operator instead of evalLine's gcds: the tests of
// every operator tuple of every line (lineTuples, lineHolds) are most of
// the census's arithmetic.
func lineZero(ev grid.Eval, x []int64, o []grid.Op) bool {
	if ev == grid.LeftToRight {
		n, d := x[0], int64(1)
		for k, op := range o {
			y := x[k+1]
			switch op {
			case grid.Add:
				n = add64(n, mul64(y, d))
			case grid.Sub:
				n = add64(n, -mul64(y, d))
			case grid.Mul:
				n = mul64(n, y)
			case grid.Div:
				d = mul64(d, y)
			}
		}
		return n == 0
	}
	// sn/sd is the sum of the finished terms, tn/td the term being
	// multiplied, sign its operator.
	sn, sd := int64(0), int64(1)
	tn, td := x[0], int64(1)
	sign := grid.Add
	fold := func() {
		a := mul64(tn, sd)
		if sign == grid.Sub {
			a = -a
		}
		sn = add64(mul64(sn, td), a)
		sd = mul64(sd, td)
	}
	for k, op := range o {
		y := x[k+1]
		switch op {
		case grid.Mul:
			tn = mul64(tn, y)
			continue
		case grid.Div:
			td = mul64(td, y)
			continue
		}
		fold()
		tn, td, sign = y, 1, op
	}
	fold()
	return sn == 0
}
