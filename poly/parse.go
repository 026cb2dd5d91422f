package poly

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
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

// maxParseDepth bounds the nesting of parentheses and signs, so that a
// long run of "(" is an error rather than a deep recursion.
const maxParseDepth = 1000

// maxQuote is how many bytes of the input an error message quotes: enough
// to recognize the text, never the whole of a long line.
const maxQuote = 60

// quote returns s quoted for an error message, cut after about maxQuote
// bytes at a character boundary (with "..." and the length when cut), so
// that a message stays one readable line whatever the input.
func quote(s string) string {
	if len(s) <= maxQuote {
		return strconv.Quote(s)
	}
	cut := maxQuote
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d bytes)", strconv.Quote(s[:cut]), len(s))
}

// varList lists variable names for a message, the first few only when
// they are many.
func varList(vars []string) string {
	out := ""
	for i, v := range vars {
		if len(out)+len(v) > maxQuote {
			return fmt.Sprintf("%s ... (%d in all)", out, len(vars))
		}
		if i > 0 {
			out += " "
		}
		out += v
	}
	return out
}

// clip returns s as it is when short, or quoted and cut as quote does.
func clip(s string) string {
	if len(s) <= maxQuote {
		return s
	}
	return quote(s)
}

// QuoteInput quotes text from the input for an error message the way the
// parser does: at most about 60 bytes, cut at a character boundary, with
// the total length when cut. Cost: O(1) beyond the quoted bytes.
func QuoteInput(s string) string { return quote(s) }

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
				r, _ := utf8.DecodeRuneInString(s[j:])
				return nil, &ParseError{Column: j + 1, Msg: fmt.Sprintf("unexpected %q after number %s (write 2*x for a product)", r, clip(s[i:j]))}
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
			// Report the character, not its first byte: 'α', not 'Î'.
			r, _ := utf8.DecodeRuneInString(s[i:])
			return nil, &ParseError{Column: i + 1, Msg: fmt.Sprintf("unexpected character %q", r)}
		}
	}
	return append(toks, token{tokEOF, "", len(s)}), nil
}

func isLetter(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

type parser struct {
	ctx   context.Context
	r     *Ring
	toks  []token
	k     int
	depth int
	// cost counts the coefficient products the expansion has done or will
	// do, estimated before each product or power; see maxParseProducts.
	cost float64
}

func (p *parser) peek() token { return p.toks[p.k] }

func (p *parser) errorf(t token, format string, args ...any) error {
	found := "end of input"
	if t.kind != tokEOF {
		found = quote(t.text)
	}
	return &ParseError{Column: t.pos + 1, Msg: fmt.Sprintf(format, args...) + ", found " + found}
}

// Parse reads a polynomial in Singular's syntax over the variables of r:
// sums and differences of products of rational numbers, variables and
// parenthesized expressions, with ^ for nonnegative integer powers and / by
// nonzero constants. Variables are whole identifiers (x2 is a variable, not
// x^2). The error is a *ParseError that says where and what was expected.
// Products and powers whose expansion would exceed about a million
// coefficient products or 8 MB are refused with a *ParseError before they
// are expanded. Cost: linear in s plus the expansion.
func (r *Ring) Parse(s string) (*Poly, error) {
	return r.ParseContext(context.Background(), s)
}

// ParseContext is Parse that stops expanding products and powers when ctx
// is done, returning ctx's error (not a *ParseError).
func (r *Ring) ParseContext(ctx context.Context, s string) (*Poly, error) {
	toks, err := tokenize(s)
	if err != nil {
		return nil, err
	}
	p := &parser{ctx: ctx, r: r, toks: toks}
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

// expr parses a sum of terms. The terms are added in pairs, then the sums
// in pairs, and so on: adding each term to a running sum merged the whole
// sum once per term, quadratic in its length (a 5 MB system of long sums
// took 17 s to parse).
func (p *parser) expr() (*Poly, error) {
	first, err := p.term()
	if err != nil {
		return nil, err
	}
	terms := []*Poly{first}
	for {
		t := p.peek()
		if t.kind != tokOp || (t.text != "+" && t.text != "-") {
			return sumInPairs(terms), nil
		}
		p.k++
		f, err := p.term()
		if err != nil {
			return nil, err
		}
		if t.text == "-" {
			f = new(Poly).Sub(new(Poly), f)
		}
		terms = append(terms, f)
	}
}

// sumInPairs returns the sum of the (nonempty) terms, adding them in a
// balanced tree: each term takes part in about log2(len(terms)) merges.
func sumInPairs(terms []*Poly) *Poly {
	for len(terms) > 1 {
		n := 0
		for i := 0; i < len(terms); i += 2 {
			if i+1 < len(terms) {
				terms[n] = new(Poly).Add(terms[i], terms[i+1])
			} else {
				terms[n] = terms[i]
			}
			n++
		}
		terms = terms[:n]
	}
	return terms[0]
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
			if err := p.charge(t, float64(acc.Len())*float64(f.Len()), "product"); err != nil {
				return nil, err
			}
			if acc, err = p.mul(acc, f); err != nil {
				return nil, err
			}
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

// nest counts one more level of nesting at t, refusing more than
// maxParseDepth; the caller undoes it with p.depth--.
func (p *parser) nest(t token) error {
	p.depth++
	if p.depth > maxParseDepth {
		return &ParseError{Column: t.pos + 1, Msg: fmt.Sprintf("nested more than %d deep", maxParseDepth)}
	}
	return nil
}

func (p *parser) unary() (*Poly, error) {
	t := p.peek()
	if t.kind == tokOp && (t.text == "-" || t.text == "+") {
		p.k++
		if err := p.nest(t); err != nil {
			return nil, err
		}
		f, err := p.unary()
		p.depth--
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
	if err := p.charge(e, powerProducts(base, n), "power "+e.text+" of a polynomial of "+strconv.Itoa(base.Len())+" terms"); err != nil {
		return nil, err
	}
	return p.pow(base, n)
}

// maxParseExpansionBits bounds the estimated size of a power written in
// the input (some megabytes), so that a short text like (x+44700)^7700
// is refused at once instead of being expanded for minutes.
const maxParseExpansionBits = 1 << 26

// maxParseProducts bounds the coefficient products one parse may do to
// expand products and powers (estimated before each one): about 2.5 s of
// work on a loaded 2-core machine (BENCHMARKS.md), so that a short text like (x+y+z)^200, whose expansion has 20,301
// terms but takes 29 million products by squaring, is refused at once.
// Systems met in practice need far fewer ((x+y+z)^60 needs 300,000).
const maxParseProducts = 1 << 20

// mulChunk is how many coefficient products p.mul does between looks at
// the context; it also bounds the memory of the unsorted products.
const mulChunk = 1 << 16

// charge adds n estimated coefficient products to the parse's cost and
// refuses, at token t, what would exceed maxParseProducts.
func (p *parser) charge(t token, n float64, what string) error {
	p.cost += n
	if p.cost > maxParseProducts {
		return &ParseError{Column: t.pos + 1, Msg: fmt.Sprintf("%s is too large to expand (about %.3g coefficient products; at most %d in one polynomial)", what, p.cost, maxParseProducts)}
	}
	return nil
}

// mul returns x*y, computed a few rows of the shorter factor at a time so
// that the context is honoured and the unsorted products stay few.
func (p *parser) mul(x, y *Poly) (*Poly, error) {
	if x.Len()*y.Len() <= mulChunk {
		return new(Poly).Mul(x, y), nil
	}
	if x.Len() > y.Len() {
		x, y = y, x
	}
	s := x.ring.stride()
	rows := max(1, mulChunk/y.Len())
	acc := x.ring.Zero()
	for i := 0; i < x.Len(); i += rows {
		if err := p.ctx.Err(); err != nil {
			return nil, err
		}
		j := min(i+rows, x.Len())
		part := &Poly{ring: x.ring, coef: x.coef[i:j], mono: x.mono[i*s : j*s]}
		acc = new(Poly).Add(acc, new(Poly).Mul(part, y))
	}
	return acc, nil
}

// pow returns f^n by repeated squaring with p.mul.
func (p *parser) pow(f *Poly, n int) (*Poly, error) {
	acc, base := f.ring.One(), f
	var err error
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			if acc, err = p.mul(acc, base); err != nil {
				return nil, err
			}
		}
		if n > 1 {
			if base, err = p.mul(base, base); err != nil {
				return nil, err
			}
		}
	}
	return acc, nil
}

// choose returns the binomial coefficient C(a, b) in floating point: only
// its size matters.
func choose(a, b int) float64 {
	c := 1.0
	for i := 1; i <= b; i++ {
		c = c * float64(a-b+i) / float64(i)
	}
	return c
}

// powTerms bounds the number of terms of f^k: the monomials of k factors
// from f's t terms, C(k+t-1, t-1), and those of the result's degree in v
// variables, C(dk+v, v).
func powTerms(f *Poly, k int) float64 {
	t, v := f.Len(), f.ring.NumVars()
	if k == 0 {
		return 1
	}
	if t <= 1 {
		return float64(t)
	}
	return min(choose(k+t-1, t-1), choose(f.TotalDegree()*k+v, v))
}

// powerProducts estimates the coefficient products of f^n by the repeated
// squaring of pow, each factor's size bounded by powTerms.
func powerProducts(f *Poly, n int) float64 {
	total := 0.0
	acc, base := 0, 1 // exponents of the accumulator (0: the constant 1) and of the base
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			if acc > 0 {
				total += powTerms(f, acc) * powTerms(f, base)
			}
			acc += base
		}
		if n > 1 {
			total += powTerms(f, base) * powTerms(f, base)
			base *= 2
		}
	}
	return total
}

// expansionBits estimates the bits of f^n: its number of terms (at most
// the number of monomials of n factors from f's terms, and of monomials of
// the result's degree) times the size of its coefficients. A single term's
// power grows only its coefficient, n times the bits.
func expansionBits(f *Poly, n int) float64 {
	t := f.Len()
	if t == 0 || n <= 1 {
		return 0
	}
	bits := 1
	for i := 0; i < t; i++ {
		c := f.Coef(i)
		bits = max(bits, c.Num().BitLen()+c.Denom().BitLen())
	}
	return powTerms(f, n) * float64(n) * (float64(bits) + math.Log2(float64(t)))
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
			return nil, &ParseError{Column: t.pos + 1, Msg: fmt.Sprintf("unknown variable %s (ring variables: %s)", quote(t.text), varList(p.r.vars))}
		}
		return v, nil
	case tokOp:
		if t.text == "(" {
			p.k++
			if err := p.nest(t); err != nil {
				return nil, err
			}
			f, err := p.expr()
			p.depth--
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
