package digits

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"unicode"
	"unicode/utf8"
)

// A word is a compiled word, most significant digit first: an element v >= 0
// is the index of a letter, v < 0 the given digit -1-v.
type word []int8

// ins is one instruction of a side in reverse Polish notation: op 0 pushes
// words[w], any other op pops two values and pushes the result. Because x
// and / bind at least as tight as + and - under both conventions, the right
// operand of every x and / is a single word; so every divisor is a word, a
// non-negative integer, which the interval evaluator relies on.
type ins struct {
	op Op
	w  int
}

// maxStack bounds the evaluation stack: precedence needs the running sum,
// the running product and one word; left to right needs two.
const maxStack = 4

// cline is a compiled line.
type cline struct {
	src     Line
	eval    Eval
	words   []word
	sides   [][]ins
	hasDiv  bool
	letters []int // distinct letters, ascending
}

// prog is a compiled puzzle.
type prog struct {
	letters  []rune // in order of first appearance
	lines    []*cline
	allowed  uint16 // bit d: digit d is allowed
	lead     []bool // letter starts a word of two or more digits
	distinct bool
}

// maxLetters bounds the letters of a puzzle so that letter sets fit a uint64.
const maxLetters = 64

// compile checks p and translates it for the evaluators. Cost O(size of p).
func compile(p *Puzzle) (*prog, error) {
	if len(p.Lines) == 0 {
		return nil, fmt.Errorf("digits: puzzle has no lines")
	}
	if p.Eval != Precedence && p.Eval != LTR {
		return nil, fmt.Errorf("digits: unknown evaluation %d", int(p.Eval))
	}
	pr := &prog{distinct: !p.Repeat}
	if p.Digits == nil {
		pr.allowed = 1<<10 - 1
	}
	for _, d := range p.Digits {
		if d < 0 || d > 9 {
			return nil, fmt.Errorf("digits: allowed digit %d is not in 0..9", d)
		}
		if pr.allowed&(1<<d) != 0 {
			return nil, fmt.Errorf("digits: allowed digit %d is listed twice", d)
		}
		pr.allowed |= 1 << d
	}
	if pr.allowed == 0 {
		return nil, fmt.Errorf("digits: no digit is allowed")
	}
	// Size everything first so that one allocation per kind serves all lines:
	// Solve compiles on every call, and small puzzles solve in microseconds.
	var nWords, nRunes, nCode, nSides int
	for _, l := range p.Lines {
		if err := l.check(); err != nil {
			return nil, err
		}
		nWords += len(l.Words)
		nCode += 2 + 2*len(l.Ops)
		nSides++
		for _, w := range l.Words {
			nRunes += utf8.RuneCountInString(w)
		}
		for _, op := range l.Ops {
			if op == Eq {
				nSides++
			}
		}
	}
	lines := make([]cline, len(p.Lines))
	pr.lines = make([]*cline, len(p.Lines))
	words := make([]word, 0, nWords)
	digits := make([]int8, 0, nRunes)
	lineLetters := make([]int, 0, nRunes)
	code := make([]ins, 0, nCode)
	sides := make([][]ins, 0, nSides)
	for li, l := range p.Lines {
		cl := &lines[li]
		pr.lines[li] = cl
		cl.src, cl.eval = l, p.Eval
		start := len(lineLetters)
		seen := uint64(0)
		for _, w := range l.Words {
			first := len(digits)
			for _, r := range w {
				if !unicode.IsLetter(r) {
					digits = append(digits, int8(-1-(r-'0')))
					continue
				}
				i := slices.Index(pr.letters, r)
				if i < 0 {
					i = len(pr.letters)
					if i == maxLetters {
						return nil, fmt.Errorf("digits: more than %d distinct letters", maxLetters)
					}
					pr.letters = append(pr.letters, r)
					pr.lead = append(pr.lead, false)
				}
				if len(digits) == first && utf8.RuneCountInString(w) > 1 {
					pr.lead[i] = true
				}
				if seen&(1<<i) == 0 {
					seen |= 1 << i
					lineLetters = append(lineLetters, i)
				}
				digits = append(digits, int8(i))
			}
			words = append(words, digits[first:len(digits):len(digits)])
		}
		cl.words = words[len(words)-len(l.Words) : len(words) : len(words)]
		cl.letters = lineLetters[start:len(lineLetters):len(lineLetters)]
		slices.Sort(cl.letters)
		ns := len(sides)
		code, sides, cl.hasDiv = toRPN(code, sides, l.Ops, p.Eval)
		cl.sides = sides[ns:len(sides):len(sides)]
	}
	if n, m := len(pr.letters), bits.OnesCount16(pr.allowed); pr.distinct && n > m {
		return nil, fmt.Errorf("digits: %d distinct letters but only %d allowed digits", n, m)
	}
	return pr, nil
}

// toRPN splits a line at = and translates each side to reverse Polish
// notation under e, appending the instructions to code and the sides,
// which alias code, to sides. The caller sizes both so that they do not
// grow: at most 2 + 2 len(ops) instructions and 1 + (number of =) sides.
func toRPN(code []ins, sides [][]ins, ops []Op, e Eval) ([]ins, [][]ins, bool) {
	hasDiv := false
	start := len(code)
	code = append(code, ins{w: 0})
	var pending Op // additive operator waiting for its right term
	for i, op := range ops {
		w := i + 1
		switch {
		case op == Eq:
			if pending != 0 {
				code = append(code, ins{op: pending})
			}
			sides = append(sides, code[start:len(code):len(code)])
			start, pending = len(code), 0
			code = append(code, ins{w: w})
		case e == LTR || op == Mul || op == Div:
			hasDiv = hasDiv || op == Div
			code = append(code, ins{w: w}, ins{op: op})
		default:
			if pending != 0 {
				code = append(code, ins{op: pending})
			}
			code, pending = append(code, ins{w: w}), op
		}
	}
	if pending != 0 {
		code = append(code, ins{op: pending})
	}
	return code, append(sides, code[start:len(code):len(code)]), hasDiv
}

// value returns the value of w under the letter digits val.
func (w word) value(val []int8) int64 {
	var v int64
	for _, c := range w {
		if c >= 0 {
			v = v*10 + int64(val[c])
		} else {
			v = v*10 + int64(-1-c)
		}
	}
	return v
}

// rat is a rational in lowest terms with d > 0; equal rationals are equal
// structs.
type rat struct{ n, d int64 }

// outcome of a fast evaluation.
const (
	evalOK = iota
	evalZeroDiv
	evalOverflow
)

// holds reports exactly whether l holds when letter i has digit val[i]. It
// evaluates in int64 rationals and falls back to math/big on overflow.
func (l *cline) holds(val []int8) bool {
	var first rat
	for i, side := range l.sides {
		v, st := l.sideRat(side, val)
		switch st {
		case evalZeroDiv:
			return false
		case evalOverflow:
			return l.holdsSlow(val)
		}
		if i == 0 {
			first = v
		} else if v != first {
			return false
		}
	}
	return len(l.sides) > 1 || first.n == 0
}

func (l *cline) sideRat(side []ins, val []int8) (rat, int) {
	var st [maxStack]rat
	sp := 0
	for _, in := range side {
		if in.op == 0 {
			st[sp] = rat{l.words[in.w].value(val), 1}
			sp++
			continue
		}
		sp--
		v, s := ratOp(st[sp-1], in.op, st[sp])
		if s != evalOK {
			return rat{}, s
		}
		st[sp-1] = v
	}
	return st[0], evalOK
}

func (l *cline) holdsSlow(val []int8) bool {
	vals := make([]*big.Rat, len(l.words))
	for i, w := range l.words {
		vals[i] = new(big.Rat).SetInt64(w.value(val))
	}
	return holdsBig(vals, l.src.Ops, l.eval)
}

// ratOp returns x op y. Operands never hold math.MinInt64, so negation is
// safe; results that would are reported as overflow.
func ratOp(x rat, op Op, y rat) (rat, int) {
	switch op {
	case Sub:
		y.n = -y.n
		fallthrough
	case Add:
		if x.d == 1 && y.d == 1 {
			n, ok := add64(x.n, y.n)
			return rat{n, 1}, okStatus(ok)
		}
		g := gcd(x.d, y.d)
		a, ok1 := mul64(x.n, y.d/g)
		b, ok2 := mul64(y.n, x.d/g)
		n, ok3 := add64(a, b)
		d, ok4 := mul64(x.d/g, y.d)
		if !(ok1 && ok2 && ok3 && ok4) {
			return rat{}, evalOverflow
		}
		return reduce(n, d), evalOK
	case Div:
		if y.n == 0 {
			return rat{}, evalZeroDiv
		}
		y.n, y.d = y.d, y.n
		if y.d < 0 {
			y.n, y.d = -y.n, -y.d
		}
		fallthrough
	case Mul:
		if x.d == 1 && y.d == 1 {
			n, ok := mul64(x.n, y.n)
			return rat{n, 1}, okStatus(ok)
		}
		if x.n == 0 || y.n == 0 {
			return rat{0, 1}, evalOK
		}
		g1, g2 := gcd(abs(x.n), y.d), gcd(abs(y.n), x.d)
		n, ok1 := mul64(x.n/g1, y.n/g2)
		d, ok2 := mul64(x.d/g2, y.d/g1)
		if !(ok1 && ok2) {
			return rat{}, evalOverflow
		}
		return rat{n, d}, evalOK
	}
	panic("digits: bad operator in compiled line")
}

func okStatus(ok bool) int {
	if ok {
		return evalOK
	}
	return evalOverflow
}

func reduce(n, d int64) rat {
	if n == 0 {
		return rat{0, 1}
	}
	g := gcd(abs(n), d)
	return rat{n / g, d / g}
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// add64 and mul64 report false when the result leaves (MinInt64, MaxInt64].
func add64(a, b int64) (int64, bool) {
	s := a + b
	if (a > 0 && b > 0 && s < 0) || (a < 0 && b < 0 && s >= 0) || s == math.MinInt64 {
		return 0, false
	}
	return s, true
}

func mul64(a, b int64) (int64, bool) {
	const small = 1 << 31
	if a > -small && a < small && b > -small && b < small {
		return a * b, true
	}
	hi, lo := bits.Mul64(uint64(abs(a)), uint64(abs(b)))
	if hi != 0 || lo > math.MaxInt64 {
		return 0, false
	}
	if (a < 0) != (b < 0) {
		return -int64(lo), true
	}
	return int64(lo), true
}

// holdsMod reports whether l holds modulo m = 10^k when its words are
// replaced by words, their last k digits. Only for lines without division, where every
// side is a polynomial with integer coefficients in the word values, so a
// line that holds also holds modulo m. Requires m <= 10^9 so that products
// of residues fit int64.
func (l *cline) holdsMod(words []word, m int64, val []int8) bool {
	var first int64
	for i, side := range l.sides {
		var st [maxStack]int64
		sp := 0
		for _, in := range side {
			if in.op == 0 {
				st[sp] = words[in.w].value(val) // below m: at most k digits
				sp++
				continue
			}
			sp--
			a, b := st[sp-1], st[sp]
			switch in.op { // residues stay in [0, m); % only where needed, it is slow
			case Add:
				if a += b; a >= m {
					a -= m
				}
			case Sub:
				if a -= b; a < 0 {
					a += m
				}
			case Mul:
				a = a * b % m
			}
			st[sp-1] = a
		}
		if i == 0 {
			first = st[0]
		} else if st[0] != first {
			return false
		}
	}
	return len(l.sides) > 1 || first == 0
}

// iv is a closed interval of reals. The evaluator rounds every bound
// outward, so each computed interval contains the exact value of every
// assignment it stands for: pruning with it is sound.
type iv struct{ lo, hi float64 }

func down(x float64) float64 { return math.Nextafter(x, math.Inf(-1)) }
func up(x float64) float64   { return math.Nextafter(x, math.Inf(1)) }

// wordIv returns the interval of w when each letter ranges over its
// domain; ranging each position independently gives the exact range
// because a repeated letter has positive weight in every position.
func wordIv(w word, dom []uint16) iv {
	var lo, hi int64
	for _, c := range w {
		if c >= 0 {
			m := dom[c]
			lo = lo*10 + int64(bits.TrailingZeros16(m))
			hi = hi*10 + int64(15-bits.LeadingZeros16(m))
		} else {
			lo = lo*10 + int64(-1-c)
			hi = hi*10 + int64(-1-c)
		}
	}
	if hi > 1<<53 { // float64 rounds here
		return iv{down(float64(lo)), up(float64(hi))}
	}
	return iv{float64(lo), float64(hi)}
}

// ivOp returns an interval holding x op y for every x in a and y in b; ok
// is false when b is surely zero under /. A divisor is always a word, a
// non-negative integer, so a divisor interval [0, h] shrinks to [1, h].
// Bounds may overflow to ±Inf, which stays sound; a NaN bound (from Inf -
// Inf or 0 x Inf) widens to the whole line.
func ivOp(a iv, op Op, b iv) (iv, bool) {
	var r iv
	switch op {
	case Add:
		r = iv{down(a.lo + b.lo), up(a.hi + b.hi)}
	case Sub:
		r = iv{down(a.lo - b.hi), up(a.hi - b.lo)}
	case Mul:
		p, q, u, v := a.lo*b.lo, a.lo*b.hi, a.hi*b.lo, a.hi*b.hi
		r = iv{down(min(p, q, u, v)), up(max(p, q, u, v))}
	case Div:
		if b.hi < 1 {
			return iv{}, false
		}
		lo := max(b.lo, 1)
		p, q, u, v := a.lo/lo, a.lo/b.hi, a.hi/lo, a.hi/b.hi
		r = iv{down(min(p, q, u, v)), up(max(p, q, u, v))}
	default:
		panic("digits: bad operator in compiled line")
	}
	if math.IsNaN(r.lo) {
		r.lo = math.Inf(-1)
	}
	if math.IsNaN(r.hi) {
		r.hi = math.Inf(1)
	}
	return r, true
}

// feasible reports whether l may hold when its words range over wiv: false
// means it surely fails.
func (l *cline) feasible(wiv []iv) bool {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, side := range l.sides {
		var st [maxStack]iv
		sp := 0
		for _, in := range side {
			if in.op == 0 {
				st[sp] = wiv[in.w]
				sp++
				continue
			}
			sp--
			v, ok := ivOp(st[sp-1], in.op, st[sp])
			if !ok {
				return false
			}
			st[sp-1] = v
		}
		lo, hi = max(lo, st[0].lo), min(hi, st[0].hi)
	}
	if len(l.sides) == 1 {
		return lo <= 0 && hi >= 0
	}
	return lo <= hi
}
