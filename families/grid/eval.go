package grid

import (
	"fmt"
	"math/big"
	"strings"
)

// Eval is an evaluation convention for the sides of a line.
type Eval uint8

const (
	// Precedence lets x and / bind tighter than + and -, each level from
	// left to right: 2 - 4 / 2 = 0 (Wolf 2010).
	Precedence Eval = iota
	// LeftToRight applies the operators strictly from left to right:
	// (9 - 6) x 1 = 3 (the Migros cross-math).
	LeftToRight
)

// ParseEval reads "precedence" or "ltr" (also "left-to-right").
func ParseEval(s string) (Eval, error) {
	switch strings.TrimSpace(s) {
	case "precedence", "":
		return Precedence, nil
	case "ltr", "left-to-right":
		return LeftToRight, nil
	}
	return 0, fmt.Errorf("grid: eval: unknown convention %q: expected precedence or ltr", s)
}

// String returns "precedence" or "ltr".
func (e Eval) String() string {
	if e == LeftToRight {
		return "ltr"
	}
	return "precedence"
}

// side is a part of a line between two = (or an end): numbers lo..hi of the
// line and the operators between them.
type side struct{ lo, hi int }

// sides cuts l at its = operators.
func (l *Line) sides() []side {
	var out []side
	lo := 0
	for k, o := range l.Ops {
		if o == Eq {
			out = append(out, side{lo, k})
			lo = k + 1
		}
	}
	return append(out, side{lo, len(l.Nums) - 1})
}

// Format writes l with label(i) for number i, operators as + - * / = (x
// would read as a name) and, under LeftToRight, the parentheses that make
// the usual precedence give the same value: "(9 - 6) * 1 = 3". It costs
// O(len(l.Nums)) plus the labels.
func (l *Line) Format(ev Eval, label func(i int) string) string {
	var parts []string
	for _, sd := range l.sides() {
		parts = append(parts, l.formatSide(sd, ev, label))
	}
	return strings.Join(parts, " = ")
}

func (l *Line) formatSide(sd side, ev Eval, label func(int) string) string {
	var b strings.Builder
	b.WriteString(label(l.Nums[sd.lo]))
	additive := false // the text so far has + or - outside parentheses
	for k := sd.lo; k < sd.hi; k++ {
		o := l.Ops[k]
		if ev == LeftToRight && o.multiplicative() && additive {
			s := b.String()
			b.Reset()
			b.WriteString("(" + s + ")")
			additive = false
		}
		if !o.multiplicative() {
			additive = true
		}
		b.WriteString(" " + o.symbol() + " " + label(l.Nums[k+1]))
	}
	return b.String()
}

// Equation returns l as an equation in the names of the numbers of a grid of
// size z, as Format writes it, with " = 0" added when l has no =:
// "a + b = c", "a - f - m = 0".
func (l *Line) Equation(z Size, ev Eval) string {
	s := l.Format(ev, z.Name)
	if !l.HasEq() {
		s += " = 0"
	}
	return s
}

// evalSide evaluates one side. On division by zero it returns nil and the
// index into l.Nums of the zero divisor.
func (l *Line) evalSide(sd side, vals []*big.Rat, ev Eval) (*big.Rat, int) {
	v := func(k int) *big.Rat { return vals[l.Nums[k]] }
	if ev == LeftToRight {
		acc := new(big.Rat).Set(v(sd.lo))
		for k := sd.lo; k < sd.hi; k++ {
			if !apply(acc, l.Ops[k], v(k+1)) {
				return nil, k + 1
			}
		}
		return acc, -1
	}
	sum := new(big.Rat)
	term := new(big.Rat).Set(v(sd.lo))
	sign := Add
	for k := sd.lo; k < sd.hi; k++ {
		o := l.Ops[k]
		if o.multiplicative() {
			if !apply(term, o, v(k+1)) {
				return nil, k + 1
			}
			continue
		}
		apply(sum, sign, term)
		term.Set(v(k + 1))
		sign = o
	}
	apply(sum, sign, term)
	return sum, -1
}

// apply sets acc to acc o y; it reports false for a division by zero.
func apply(acc *big.Rat, o Op, y *big.Rat) bool {
	switch o {
	case Add:
		acc.Add(acc, y)
	case Sub:
		acc.Sub(acc, y)
	case Mul:
		acc.Mul(acc, y)
	case Div:
		if y.Sign() == 0 {
			return false
		}
		acc.Quo(acc, y)
	}
	return true
}

// A LineResult is the outcome of checking one line.
type LineResult struct {
	Line   Line
	Text   string     // the line with the numbers filled in, as Format writes it
	Sides  []*big.Rat // the value of each side; nil after a division by zero
	OK     bool
	Reason string // why the line fails; empty when it holds
}

// A CheckResult is the outcome of checking a numeric grid against a setting.
type CheckResult struct {
	Lines []LineResult
	Zero  []string // names of numbers that are 0: every number must be nonzero
	OK    bool     // every line holds and no number is 0
}

// Failed returns the lines that do not hold.
func (r *CheckResult) Failed() []LineResult {
	var out []LineResult
	for _, l := range r.Lines {
		if !l.OK {
			out = append(out, l)
		}
	}
	return out
}

// String summarizes r in one line: "ok: 8 lines hold" or the failures,
// separated by "; ".
func (r *CheckResult) String() string {
	if r.OK {
		return fmt.Sprintf("ok: %d lines hold", len(r.Lines))
	}
	var msgs []string
	for _, l := range r.Failed() {
		msgs = append(msgs, l.Line.Name+": "+l.Reason)
	}
	if len(r.Zero) > 0 {
		msgs = append(msgs, "zero numbers: "+strings.Join(r.Zero, " "))
	}
	return "failed: " + strings.Join(msgs, "; ")
}

// Check evaluates every line of s selected by sel (0 for the default) with
// the numbers vals (row-major, one per number cell; absent cells are not
// read) under convention ev, exactly. A division by zero or a false line is
// a failure with its reason, never a panic. The error reports what makes the
// check impossible: wildcards, an all-= line, a wrong number of values or a
// missing value of a present number. It costs O(mn) rational operations.
func (s *Setting) Check(vals []*big.Rat, sel LineSet, ev Eval) (*CheckResult, error) {
	if s.Wildcards() > 0 {
		return nil, fmt.Errorf("grid: check: setting %s has wildcards", s)
	}
	if len(vals) != s.size.Numbers() {
		return nil, fmt.Errorf("grid: check: expected %d numbers for a %s grid, got %d", s.size.Numbers(), s.size, len(vals))
	}
	res := &CheckResult{OK: true}
	for i, v := range vals {
		if s.absent[i] {
			continue
		}
		if v == nil {
			return nil, fmt.Errorf("grid: check: number %s has no value", s.size.Name(i))
		}
		if v.Sign() == 0 {
			res.Zero = append(res.Zero, s.size.Name(i))
			res.OK = false
		}
	}
	lines, err := s.Lines(sel)
	if err != nil {
		return nil, err
	}
	label := func(i int) string { return vals[i].RatString() }
	for _, l := range lines {
		lr := LineResult{Line: l, Text: l.Format(ev, label), OK: true}
		for _, sd := range l.sides() {
			v, zero := l.evalSide(sd, vals, ev)
			if v == nil {
				lr.OK, lr.Sides = false, nil
				lr.Reason = fmt.Sprintf("division by zero in %s: the divisor %s is 0", lr.Text, s.size.Name(l.Nums[zero]))
				break
			}
			lr.Sides = append(lr.Sides, v)
		}
		if lr.OK {
			lr.OK, lr.Reason = judge(lr.Text, lr.Sides, l.HasEq())
		}
		if !lr.OK {
			res.OK = false
		}
		res.Lines = append(res.Lines, lr)
	}
	return res, nil
}

// judge decides a line from the values of its sides.
func judge(text string, sides []*big.Rat, hasEq bool) (bool, string) {
	if !hasEq {
		if sides[0].Sign() != 0 {
			return false, fmt.Sprintf("%s is %s, not 0", text, sides[0].RatString())
		}
		return true, ""
	}
	for _, v := range sides[1:] {
		if v.Cmp(sides[0]) != 0 {
			vs := make([]string, len(sides))
			for i, v := range sides {
				vs[i] = v.RatString()
			}
			return false, fmt.Sprintf("%s is false: the sides are %s", text, strings.Join(vs, ", "))
		}
	}
	return true, ""
}
