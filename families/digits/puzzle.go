// Package digits solves letter-digit puzzles: lines such as
//
//	AB x C = DEA
//
// in which every letter stands for a digit, the same letter always for the
// same digit and distinct letters for distinct digits, and no word of two
// or more digits starts with 0. These are the digit puzzles of calcrostics
// (T. Wolf, "Calcrostics - a marathon test for the algebraic solution of
// polynomial systems", 2010 talk; Wolf 2010 below), of the ArithmoGraph
// solver and of the Migros cross-math (P. Lüscher).
// Lines are evaluated exactly over the rationals, under operator
// precedence or strictly left to right.
//
// Puzzle.Solve follows R. Typke's crossnumber solver (as W. Sit describes
// it): it keeps the set of digits still possible for each letter, prunes the sets until no
// rule changes them, and then branches on the letter with the fewest digits
// left. The rules:
//
//   - All different: the digit of a fixed letter leaves the other letters;
//     fewer digits than letters fails; with exactly as many digits as
//     letters, a digit left to one letter goes to it.
//   - Elimination: a line whose letters have at most "patience" (200)
//     assignments left is enumerated, with interval bounds cutting the
//     enumeration short, and every digit that appears in no satisfying
//     assignment goes.
//   - Units columns: a line without division also holds modulo 10^k, which
//     involves only the last k digits of each word. These relaxations are
//     eliminated the same way, pinning down the last letters of long words
//     early, as a person solves a cryptarithm from the units column.
//   - Bounds: a line with too many assignments left is evaluated over
//     intervals (float64, rounded outward, so the pruning is sound), and the
//     smallest and largest digits whose choice makes the sides' ranges
//     disjoint go.
//
// Exact evaluation uses int64 rationals with overflow detection and falls
// back to math/big. Puzzle.BruteForce is the ArithmoGraph baseline that tries
// every assignment; the tests hold Solve to it on hundreds of random
// puzzles.
package digits

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/families-project/families/families/grid"
)

// Op is an operator between two words of a line: the operator type of
// families/grid, of which a line uses Add, Sub, Mul, Div and Eq (grid.ParseOp
// reads them).
type Op = grid.Op

// The operators. Eq splits a line into sides that must be equal.
const (
	Add = grid.Add
	Sub = grid.Sub
	Mul = grid.Mul
	Div = grid.Div
	Eq  = grid.Eq
)

// Eval is an evaluation convention for a line: the type of families/grid,
// whose String gives "precedence" or "ltr".
type Eval = grid.Eval

// The conventions.
const (
	// Precedence lets x and / bind tighter than + and -, each level left to
	// right: 2 - 4 / 2 = 0 (Wolf 2010).
	Precedence = grid.Precedence
	// LTR evaluates strictly left to right: 9 - 6 x 1 = 3 (the Migros cross-math).
	LTR = grid.LeftToRight
)

// A Line is a sequence of words separated by operators: Ops[i] stands
// between Words[i] and Words[i+1], so len(Ops) = len(Words) - 1. A word is
// made of letters (unknown digits) and decimal digits (given digits): "AB",
// "20" and "A0" are words.
// A line with = holds when its sides are equal; a line without = holds when
// it evaluates to zero. Division by zero makes a line false.
type Line struct {
	Words []string
	Ops   []Op
}

// String returns the line with single spaces between tokens, operators
// in their canonical spelling (grid.Op.String): "AB x C = DEA".
func (l Line) String() string {
	var b strings.Builder
	for i, w := range l.Words {
		if i > 0 {
			b.WriteByte(' ')
			if i-1 < len(l.Ops) {
				b.WriteString(l.Ops[i-1].String())
			}
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return b.String()
}

// Fill returns the line with every letter replaced by its digit in s, as in
// "24 x 8 = 192". Letters that s does not assign are kept.
func (l Line) Fill(s Solution) string {
	return strings.Map(func(r rune) rune {
		if d, ok := s[r]; ok && d >= 0 && d <= 9 {
			return rune('0' + d)
		}
		return r
	}, l.String())
}

// maxWordLen keeps every word value below 10^18, inside int64.
const maxWordLen = 18

// check reports what makes l malformed: no words, a wrong number of
// operators, an empty or bad word, a leading zero in a word of given digits,
// or a word too long for exact int64 word values.
func (l Line) check() error {
	if len(l.Words) == 0 {
		return fmt.Errorf("digits: empty line")
	}
	if len(l.Words) < 2 {
		return fmt.Errorf("digits: line %q has a single word; a line needs at least two", l.String())
	}
	if len(l.Ops) != len(l.Words)-1 {
		return fmt.Errorf("digits: line %q has %d words but %d operators", l.String(), len(l.Words), len(l.Ops))
	}
	for _, op := range l.Ops {
		switch op {
		case Add, Sub, Mul, Div, Eq:
		default:
			return fmt.Errorf("digits: line %q: unknown operator %q", l.String(), op.String())
		}
	}
	for _, w := range l.Words {
		if w == "" {
			return fmt.Errorf("digits: line %q has an empty word", l.String())
		}
		n := 0
		for _, r := range w {
			n++
			if r == '?' {
				return fmt.Errorf("digits: word %q: ? is not allowed in a digit puzzle", w)
			}
			if !unicode.IsLetter(r) && (r < '0' || r > '9') {
				return fmt.Errorf("digits: word %q: %q is neither a letter nor a digit", w, r)
			}
		}
		if n > maxWordLen {
			return fmt.Errorf("digits: word %q is longer than %d digits", w, maxWordLen)
		}
		if n > 1 && w[0] == '0' {
			return fmt.Errorf("digits: word %q starts with 0", w)
		}
	}
	return nil
}

// A Puzzle is a set of lines that must all hold. Its methods do not modify
// it, so several goroutines may solve the same puzzle at once.
type Puzzle struct {
	Lines []Line
	// Eval is the evaluation convention of every line.
	Eval Eval
	// Digits lists the digits a letter may take; nil means 0 to 9.
	Digits []int
	// Repeat lets distinct letters take the same digit. It is false for
	// letter puzzles; the Migros cross-math's "each digit once" is the default too.
	Repeat bool
}

// Solution maps every letter of a puzzle to its digit.
type Solution map[rune]int

// String returns the assignments sorted by letter, as in "A=2 B=4 C=8".
func (s Solution) String() string {
	keys := make([]rune, 0, len(s))
	for r := range s {
		keys = append(keys, r)
	}
	slices.Sort(keys)
	var b strings.Builder
	for i, r := range keys {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%c=%d", r, s[r])
	}
	return b.String()
}

// Status summarizes how many solutions a search found.
type Status int

const (
	// None: the puzzle has no solution.
	None Status = iota
	// Unique: the puzzle has exactly one solution.
	Unique
	// Many: the puzzle has at least two solutions.
	Many
	// Found: the puzzle has a solution; a limit of 1 stopped the search
	// before uniqueness was decided.
	Found
)

// String returns "none", "unique", "many" or "found".
func (s Status) String() string {
	switch s {
	case None:
		return "none"
	case Unique:
		return "unique"
	case Many:
		return "many"
	case Found:
		return "found"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Result is the outcome of a search.
type Result struct {
	Status Status
	// Solutions holds the solutions found, at most the limit, sorted by
	// the digits of the letters in order of first appearance.
	Solutions []Solution
	// Nodes counts the search nodes: propagated states for Solve, complete
	// assignments tried for BruteForce.
	Nodes int64
}

// Check reports whether s solves p: every letter of p has an allowed digit,
// distinct letters have distinct digits unless p.Repeat, no word of two or
// more digits starts with 0, and every line holds. It evaluates with
// math/big, independently of the solvers, and costs O(size of p) big-number
// operations. The error names the first rule broken.
func (p *Puzzle) Check(s Solution) error {
	pr, err := compile(p)
	if err != nil {
		return err
	}
	used := map[int]rune{}
	for _, r := range pr.letters {
		d, ok := s[r]
		if !ok {
			return fmt.Errorf("digits: letter %c has no digit", r)
		}
		if d < 0 || d > 9 || pr.allowed&(1<<d) == 0 {
			return fmt.Errorf("digits: letter %c has digit %d, which is not allowed", r, d)
		}
		if q, dup := used[d]; dup && !p.Repeat {
			return fmt.Errorf("digits: letters %c and %c both have digit %d", q, r, d)
		}
		used[d] = r
	}
	for _, l := range p.Lines {
		vals := make([]*big.Rat, len(l.Words))
		for i, w := range l.Words {
			v := new(big.Int)
			for j, r := range w {
				d := int(r - '0')
				if unicode.IsLetter(r) {
					d = s[r]
				}
				if j == 0 && d == 0 && utf8.RuneCountInString(w) > 1 {
					return fmt.Errorf("digits: word %s starts with 0 in %s", w, l.Fill(s))
				}
				v.Mul(v, big.NewInt(10))
				v.Add(v, big.NewInt(int64(d)))
			}
			vals[i] = new(big.Rat).SetInt(v)
		}
		if !holdsBig(vals, l.Ops, p.Eval) {
			return fmt.Errorf("digits: line %s is false: %s", l, l.Fill(s))
		}
	}
	return nil
}

// holdsBig evaluates a line from its word values with math/big. It is the
// reference the fast evaluators are tested against.
func holdsBig(vals []*big.Rat, ops []Op, e Eval) bool {
	var sides []*big.Rat
	start := 0
	for i := 0; i <= len(ops); i++ {
		if i < len(ops) && ops[i] != Eq {
			continue
		}
		v, ok := sideBig(vals[start:i+1], ops[start:i], e)
		if !ok {
			return false
		}
		sides = append(sides, v)
		start = i + 1
	}
	if len(sides) == 1 {
		return sides[0].Sign() == 0
	}
	for _, v := range sides[1:] {
		if v.Cmp(sides[0]) != 0 {
			return false
		}
	}
	return true
}

// sideBig evaluates one side; ok is false on division by zero.
func sideBig(vals []*big.Rat, ops []Op, e Eval) (*big.Rat, bool) {
	apply := func(acc *big.Rat, op Op, v *big.Rat) bool {
		switch op {
		case Add:
			acc.Add(acc, v)
		case Sub:
			acc.Sub(acc, v)
		case Mul:
			acc.Mul(acc, v)
		case Div:
			if v.Sign() == 0 {
				return false
			}
			acc.Quo(acc, v)
		}
		return true
	}
	if e == LTR {
		acc := new(big.Rat).Set(vals[0])
		for i, op := range ops {
			if !apply(acc, op, vals[i+1]) {
				return nil, false
			}
		}
		return acc, true
	}
	sum, term := new(big.Rat), new(big.Rat).Set(vals[0])
	sign := Add
	for i, op := range ops {
		if op == Mul || op == Div {
			if !apply(term, op, vals[i+1]) {
				return nil, false
			}
			continue
		}
		apply(sum, sign, term)
		term.Set(vals[i+1])
		sign = op
	}
	apply(sum, sign, term)
	return sum, true
}
