package poly

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// A ParseError reports where a polynomial failed to parse and why.
type ParseError struct {
	Line   int // 1-based line within a system, 0 for a single polynomial
	Column int // 1-based byte column
	Msg    string
}

// Error formats the position (line and column, or the column alone) and the
// reason.
func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("column %d: %s", e.Column, e.Msg)
}

// maxParseExponent bounds exponents written in the input so that a typo
// like x^99999999 is an error rather than an attempt to expand it.
const maxParseExponent = 10000

type tokKind uint8

const (
	tokEOF tokKind = iota
	tokNum
	tokIdent
	tokOp // one of + - * / ^ ( )
)

type token struct {
	kind tokKind
	text string
	pos  int // 0-based byte offset
}

func tokenize(s string) ([]token, error) {
	var toks []token
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j < len(s) && (isLetter(s[j]) || s[j] == '.') {
				return nil, &ParseError{Column: j + 1, Msg: fmt.Sprintf("unexpected %q after number %s (write 2*x for a product)", s[j], s[i:j])}
			}
			toks = append(toks, token{tokNum, s[i:j], i})
			i = j
		case isLetter(c):
			j := i
			for j < len(s) && (isLetter(s[j]) || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			toks = append(toks, token{tokIdent, s[i:j], i})
			i = j
		case strings.IndexByte("+-*/^()", c) >= 0:
			toks = append(toks, token{tokOp, s[i : i+1], i})
			i++
		default:
			return nil, &ParseError{Column: i + 1, Msg: fmt.Sprintf("unexpected character %q", rune(c))}
		}
	}
	return append(toks, token{tokEOF, "", len(s)}), nil
}

func isLetter(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

type parser struct {
	r    *Ring
	toks []token
	k    int
}

func (p *parser) peek() token { return p.toks[p.k] }

func (p *parser) errorf(t token, format string, args ...any) error {
	found := "end of input"
	if t.kind != tokEOF {
		found = strconv.Quote(t.text)
	}
	return &ParseError{Column: t.pos + 1, Msg: fmt.Sprintf(format, args...) + ", found " + found}
}

// Parse reads a polynomial in Singular's syntax over the variables of r:
// sums and differences of products of rational numbers, variables and
// parenthesized expressions, with ^ for nonnegative integer powers and / by
// nonzero constants. Variables are whole identifiers (x2 is a variable, not
// x^2). The error is a *ParseError that says where and what was expected.
func (r *Ring) Parse(s string) (*Poly, error) {
	toks, err := tokenize(s)
	if err != nil {
		return nil, err
	}
	p := &parser{r: r, toks: toks}
	f, err := p.expr()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tokEOF {
		return nil, p.errorf(t, "expected an operator")
	}
	return f, nil
}

// MustParse is like Parse but panics on error; for tests and literals.
func (r *Ring) MustParse(s string) *Poly {
	f, err := r.Parse(s)
	if err != nil {
		panic(fmt.Sprintf("poly: MustParse(%q): %v", s, err))
	}
	return f
}

func (p *parser) expr() (*Poly, error) {
	acc, err := p.term()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if t.kind != tokOp || (t.text != "+" && t.text != "-") {
			return acc, nil
		}
		p.k++
		f, err := p.term()
		if err != nil {
			return nil, err
		}
		if t.text == "+" {
			acc = new(Poly).Add(acc, f)
		} else {
			acc = new(Poly).Sub(acc, f)
		}
	}
}

func (p *parser) term() (*Poly, error) {
	acc, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if t.kind != tokOp || (t.text != "*" && t.text != "/") {
			return acc, nil
		}
		p.k++
		f, err := p.unary()
		if err != nil {
			return nil, err
		}
		if t.text == "*" {
			acc = new(Poly).Mul(acc, f)
			continue
		}
		if !f.IsConst() {
			return nil, &ParseError{Column: t.pos + 1, Msg: "division by a non-constant polynomial"}
		}
		if f.IsZero() {
			return nil, &ParseError{Column: t.pos + 1, Msg: "division by zero"}
		}
		acc = new(Poly).Scale(acc, new(big.Rat).Inv(f.coef[0]))
	}
}

func (p *parser) unary() (*Poly, error) {
	t := p.peek()
	if t.kind == tokOp && (t.text == "-" || t.text == "+") {
		p.k++
		f, err := p.unary()
		if err != nil || t.text == "+" {
			return f, err
		}
		return new(Poly).Neg(f), nil
	}
	return p.power()
}

func (p *parser) power() (*Poly, error) {
	base, err := p.atom()
	if err != nil {
		return nil, err
	}
	t := p.peek()
	if t.kind != tokOp || t.text != "^" {
		return base, nil
	}
	p.k++
	e := p.peek()
	if e.kind != tokNum {
		return nil, p.errorf(e, "expected a nonnegative integer exponent")
	}
	p.k++
	n, err := strconv.Atoi(e.text)
	if err != nil || n > maxParseExponent {
		return nil, &ParseError{Column: e.pos + 1, Msg: fmt.Sprintf("exponent %s is too large (at most %d)", e.text, maxParseExponent)}
	}
	if base.TotalDegree()*n > maxDegree {
		return nil, &ParseError{Column: e.pos + 1, Msg: "degree too large"}
	}
	if t := p.peek(); t.kind == tokOp && t.text == "^" {
		return nil, &ParseError{Column: t.pos + 1, Msg: "ambiguous power: write (x^a)^b"}
	}
	if expansionBits(base, n) > maxParseExpansionBits {
		return nil, &ParseError{Column: e.pos + 1, Msg: fmt.Sprintf("power %s of a polynomial of %d terms is too large to expand", e.text, base.Len())}
	}
	return new(Poly).Pow(base, n), nil
}

// maxParseExpansionBits bounds the estimated size of a power written in
// the input (some megabytes), so that a short text like (x+44700)^7700
// is refused at once instead of being expanded for minutes.
const maxParseExpansionBits = 1 << 26

// expansionBits estimates the bits of f^n: its number of terms (at most
// the number of monomials of n factors from f's terms, and of monomials of
// the result's degree) times the size of its coefficients.
func expansionBits(f *Poly, n int) float64 {
	t := f.Len()
	if t <= 1 || n <= 1 {
		return 0
	}
	// C(n+t-1, t-1) and C(d+v, v), in floating point: only the size matters.
	choose := func(a, b int) float64 {
		c := 1.0
		for i := 1; i <= b; i++ {
			c = c * float64(a-b+i) / float64(i)
		}
		return c
	}
	terms := min(choose(n+t-1, t-1), choose(f.TotalDegree()*n+f.ring.NumVars(), f.ring.NumVars()))
	bits := 1
	for i := 0; i < t; i++ {
		c := f.Coef(i)
		bits = max(bits, c.Num().BitLen()+c.Denom().BitLen())
	}
	return terms * float64(n) * (float64(bits) + math.Log2(float64(t)))
}

func (p *parser) atom() (*Poly, error) {
	t := p.peek()
	switch t.kind {
	case tokNum:
		p.k++
		n, _ := new(big.Int).SetString(t.text, 10)
		return p.r.Const(new(big.Rat).SetInt(n)), nil
	case tokIdent:
		p.k++
		v := p.r.VarNamed(t.text)
		if v == nil {
			return nil, &ParseError{Column: t.pos + 1, Msg: fmt.Sprintf("unknown variable %q (ring variables: %s)", t.text, strings.Join(p.r.vars, " "))}
		}
		return v, nil
	case tokOp:
		if t.text == "(" {
			p.k++
			f, err := p.expr()
			if err != nil {
				return nil, err
			}
			if c := p.peek(); c.kind != tokOp || c.text != ")" {
				return nil, p.errorf(c, "expected \")\"")
			}
			p.k++
			return f, nil
		}
	}
	return nil, p.errorf(t, "expected a number, a variable or \"(\"")
}
