package solve

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"sync"

	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/factor"
	"github.com/families-project/families/poly/roots"
)

// A Style is a way of writing formulas.
type Style int

// The styles.
const (
	// Singular writes formulas as Singular reads them, with * and
	// parentheses: b*h*(h - 1), (f + 2)/(f - 1). Polynomials parse back
	// with poly.Parse.
	Singular Style = iota
	// Person writes them the way a person does, with juxtaposition:
	// b h (h - 1), (f + 2)/(f - 1).
	Person
)

// String returns the value as an expression in the parameters in the
// Singular style: the rational function, or RootOf(minpoly, name) for an
// algebraic number. Products are shown factored when that is shorter.
func (v *Value) String() string { return v.Format(Singular) }

// Format returns the value in style s.
func (v *Value) Format(s Style) string { return v.FormatContext(context.Background(), s) }

// FormatContext is Format within ctx: the factorizations that choose the
// displayed form stop when ctx is done, and the polynomials left are
// written expanded (the same value, only longer). Cost: one factorization
// per polynomial of the value.
func (v *Value) FormatContext(ctx context.Context, s Style) string {
	if v.Degree > 1 {
		if s == Person {
			return "root of " + formatMinPoly(ctx, v.MinPoly, v.Name, s) + " = 0"
		}
		p, _ := formatPoly(ctx, v.MinPoly, s)
		return fmt.Sprintf("RootOf(%s, %s)", p, v.Name)
	}
	return formatRational(ctx, v.Num, v.Den, s)
}

// FormatMinPoly writes the polynomial m collected by powers of its
// variable x, each coefficient (a polynomial in the other variables)
// written as FormatPoly does: (f^2 - 1) a^2 - f a - f^3. A name that is
// not a variable of m's ring gives FormatPoly's form.
func FormatMinPoly(m *poly.Poly, x string, s Style) string {
	return formatMinPoly(context.Background(), m, x, s)
}

func formatMinPoly(ctx context.Context, m *poly.Poly, x string, s Style) string {
	r := m.Ring()
	v, ok := r.VarIndex(x)
	if !ok {
		out, _ := formatPoly(ctx, m, s)
		return out
	}
	deg := m.Degree(v)
	coef := make([]*poly.Poly, deg+1)
	for k := range coef {
		coef[k] = r.Zero()
	}
	exps := make([]int, r.NumVars())
	for i := 0; i < m.Len(); i++ {
		for j := range exps {
			exps[j] = m.Exp(i, j)
		}
		k := exps[v]
		exps[v] = 0
		t := r.FromTerms([]*big.Rat{m.Coef(i)}, []poly.Monomial{r.NewMonomial(exps...)})
		coef[k].Add(coef[k], t)
	}
	if lc := coef[deg].LeadCoef(); lc != nil && lc.Sign() < 0 {
		for k := range coef {
			coef[k].Neg(coef[k]) // the equation m = 0 reads better with a positive top coefficient
		}
	}
	mul, pow := "*", "^"
	if s == Person {
		mul = " "
	}
	var sb strings.Builder
	for k := deg; k >= 0; k-- {
		c := coef[k]
		if c.IsZero() {
			continue
		}
		neg := c.LeadCoef().Sign() < 0
		if neg {
			c = new(poly.Poly).Neg(c)
		}
		switch {
		case sb.Len() == 0 && neg:
			sb.WriteString("-")
		case sb.Len() > 0 && neg:
			sb.WriteString(" - ")
		case sb.Len() > 0:
			sb.WriteString(" + ")
		}
		xk := x
		if k > 1 {
			xk = fmt.Sprintf("%s%s%d", x, pow, k)
		}
		cs, product := formatPoly(ctx, c, s)
		switch {
		case k == 0:
			if c.Len() > 1 && !product && sb.Len() > 0 && neg {
				cs = "(" + cs + ")"
			}
			sb.WriteString(cs)
		case c.IsConst() && c.LeadCoef().Cmp(big.NewRat(1, 1)) == 0:
			sb.WriteString(xk)
		case c.Len() > 1 && !product:
			sb.WriteString("(" + cs + ")" + mul + xk)
		default:
			sb.WriteString(cs + mul + xk)
		}
	}
	return sb.String()
}

// FormatRational writes num/den (den 1 for a polynomial) in style s, each
// as FormatPoly writes it.
// Cost: one factorization of each.
func FormatRational(num, den *poly.Poly, s Style) string {
	return formatRational(context.Background(), num, den, s)
}

func formatRational(ctx context.Context, num, den *poly.Poly, s Style) string {
	if den.IsConst() {
		out, _ := formatPoly(ctx, new(poly.Poly).Scale(num, new(big.Rat).Inv(den.LeadCoef())), s)
		return out
	}
	n, nProduct := formatPoly(ctx, num, s)
	dd, dProduct := formatPoly(ctx, den, s)
	if !nProduct && num.Len() > 1 {
		n = "(" + n + ")"
	}
	if den.Len() > 1 && !dProduct || strings.ContainsAny(dd, " *") {
		dd = "(" + dd + ")"
	}
	return n + "/" + dd
}

// FormatPoly writes p in style s, factored when it is a product of at
// least two nonconstant factors and not much longer so (b*h*(h - 1),
// f^2 - 1), expanded otherwise. A polynomial of total degree above
// maxFormatDegree is written expanded without trying.
func FormatPoly(p *poly.Poly, s Style) string {
	out, _ := formatPoly(context.Background(), p, s)
	return out
}

// FormatPolyContext is FormatPoly within ctx: the factorization that
// chooses the form stops when ctx is done, and p is then written expanded
// (the same polynomial, only longer), so that a renderer keeps the
// report's deadline. Cost: at most one factorization of p.
func FormatPolyContext(ctx context.Context, p *poly.Poly, s Style) string {
	out, _ := formatPoly(ctx, p, s)
	return out
}

// maxFormatDegree bounds the total degree of a polynomial that is factored
// for display. The values of grid families stay far below it, except a few
// of 4x4 grids (degree 23 in 5 numbers): factoring one of those took a
// quarter of a second, a quarter of the whole analysis, for a form that is
// hard to read either way. A degree, unlike a time, gives the same text
// on every machine.
const maxFormatDegree = 16

// shownFactors remembers the factorizations made for display, by the text
// of the polynomial, so that a value written in both styles (a report,
// then the text for a person) is factored once: the second writing may
// come after the analysis's deadline. Emptied when it holds
// maxShownFactors, so a long sweep does not accumulate them.
var shownFactors = struct {
	sync.Mutex
	m map[string]*factor.Factorization // nil: written expanded
}{m: map[string]*factor.Factorization{}}

const maxShownFactors = 1 << 12

// displayFactors returns the factorization of p for display within ctx;
// ok is false when p is to be written expanded. No clock of its own bounds
// it: the text of a result must not depend on the machine's speed, and
// maxFormatDegree keeps the factorizations small.
func displayFactors(ctx context.Context, p *poly.Poly) (fz *factor.Factorization, ok bool) {
	key := p.String()
	shownFactors.Lock()
	fz, seen := shownFactors.m[key]
	shownFactors.Unlock()
	if seen {
		return fz, fz != nil
	}
	f, err := factor.Factor(ctx, p)
	if err != nil && ctx.Err() != nil {
		return nil, false // not remembered: another call may have the time
	}
	if err == nil {
		fz = &f
	}
	shownFactors.Lock()
	if len(shownFactors.m) >= maxShownFactors {
		clear(shownFactors.m)
	}
	shownFactors.m[key] = fz
	shownFactors.Unlock()
	return fz, fz != nil
}

// formatPoly also reports whether it wrote a product of factors.
func formatPoly(ctx context.Context, p *poly.Poly, s Style) (string, bool) {
	if p.Len() <= 1 || p.TotalDegree() <= 1 || p.TotalDegree() > maxFormatDegree {
		return expanded(p, s), false
	}
	fz, ok := displayFactors(ctx, p)
	if !ok {
		return expanded(p, s), false
	}
	count := 0
	for _, f := range fz.Factors {
		count += f.Mult
	}
	if count < 2 {
		return expanded(p, s), false
	}
	var parts []string
	for _, f := range fz.Factors {
		t := expanded(f.Poly, s)
		if f.Poly.Len() > 1 {
			t = "(" + t + ")"
		}
		if f.Mult > 1 {
			t += fmt.Sprintf("^%d", f.Mult)
		}
		parts = append(parts, t)
	}
	body := parts[0]
	for _, t := range parts[1:] {
		switch {
		case s == Singular:
			body += "*" + t
		case strings.HasSuffix(body, ")") && strings.HasPrefix(t, "("):
			body += t
		default:
			body += " " + t
		}
	}
	c := fz.Const
	sign := ""
	if c.Sign() < 0 {
		sign = "-"
		c = new(big.Rat).Abs(c)
	}
	num, den := c.Num(), c.Denom()
	if num.Cmp(big.NewInt(1)) != 0 {
		if s == Singular {
			body = num.String() + "*" + body
		} else {
			body = num.String() + " " + body
		}
	}
	if den.Cmp(big.NewInt(1)) != 0 {
		body += "/" + den.String()
	}
	// A product reads better than its expansion unless it is much longer:
	// b h (h - 1) but f^2 - 1, not (f + 1)(f - 1).
	if ex := expanded(p, s); len(sign+body) > len(ex)+2 {
		return ex, false
	}
	return sign + body, true
}

// expanded writes p term by term: Singular's syntax, or with spaces for
// products in the Person style.
func expanded(p *poly.Poly, s Style) string {
	if s == Singular {
		return p.String()
	}
	if p.IsZero() {
		return "0"
	}
	r := p.Ring()
	var sb strings.Builder
	for i := 0; i < p.Len(); i++ {
		c := new(big.Rat).Set(p.Coef(i))
		switch {
		case i == 0 && c.Sign() < 0:
			sb.WriteString("-")
		case i > 0 && c.Sign() < 0:
			sb.WriteString(" - ")
		case i > 0:
			sb.WriteString(" + ")
		}
		c.Abs(c)
		var factors []string
		for v := range r.NumVars() {
			switch e := p.Exp(i, v); {
			case e == 1:
				factors = append(factors, r.VarName(v))
			case e > 1:
				factors = append(factors, fmt.Sprintf("%s^%d", r.VarName(v), e))
			}
		}
		mono := strings.Join(factors, " ")
		switch {
		case mono == "":
			sb.WriteString(c.RatString())
		case c.IsInt() && c.Num().Cmp(big.NewInt(1)) == 0:
			sb.WriteString(mono)
		case c.IsInt():
			sb.WriteString(c.RatString() + " " + mono)
		default:
			// 3/2 b reads as a fraction of b: write 3 b/2.
			if c.Num().Cmp(big.NewInt(1)) != 0 {
				sb.WriteString(c.Num().String() + " ")
			}
			sb.WriteString(mono + "/" + c.Denom().String())
		}
	}
	return sb.String()
}

// quadraticRoot writes the root r of the monic quadratic x^2 + c1 x + c0
// with a square root: -c1/2 ± sqrt(c1^2/4 - c0), the sign chosen by r,
// whose disc separates the two roots.
func quadraticRoot(c []*big.Rat, r roots.Root) string {
	u := new(big.Rat).Quo(c[1], big.NewRat(-2, 1))
	disc := new(big.Rat).Mul(u, u)
	disc.Sub(disc, c[0])
	// sqrt(s/t) = sqrt(s t)/t = k sqrt(m)/t with m square-free
	st := new(big.Int).Mul(disc.Num(), disc.Denom())
	k, m := squareFree(st)
	v := new(big.Rat).SetFrac(k, disc.Denom())
	uf := new(big.Float).SetPrec(r.Re.Prec()).SetRat(u)
	if m.Sign() > 0 && r.Re.Cmp(uf) < 0 || m.Sign() < 0 && r.Im.Sign() < 0 {
		v.Neg(v)
	}
	rad := "sqrt(" + m.String() + ")"
	switch {
	case m.Cmp(big.NewInt(-1)) == 0:
		rad = "I"
	case m.Sign() < 0:
		rad = "sqrt(" + new(big.Int).Neg(m).String() + ")*I"
	}
	// a common denominator q: (a + b*rad)/q
	q := new(big.Int).Mul(u.Denom(), v.Denom())
	q.Quo(q, new(big.Int).GCD(nil, nil, u.Denom(), v.Denom()))
	a := new(big.Int).Mul(u.Num(), new(big.Int).Quo(q, u.Denom()))
	b := new(big.Int).Mul(v.Num(), new(big.Int).Quo(q, v.Denom()))
	term := rad
	switch {
	case b.Cmp(big.NewInt(-1)) == 0:
		term = "-" + rad
	case b.Cmp(big.NewInt(1)) != 0:
		term = b.String() + "*" + rad
	}
	var body string
	twoTerms := a.Sign() != 0
	switch {
	case !twoTerms:
		body = term
	case b.Sign() < 0:
		body = a.String() + " - " + strings.TrimPrefix(term, "-")
	default:
		body = a.String() + " + " + term
	}
	if q.Cmp(big.NewInt(1)) == 0 {
		return body
	}
	if twoTerms {
		return "(" + body + ")/" + q.String()
	}
	return body + "/" + q.String()
}

// squareFree writes n = k^2 m with m free of the squares of primes below
// 2^16 and of a square cofactor; the sign stays in m.
func squareFree(n *big.Int) (k, m *big.Int) {
	k = big.NewInt(1)
	m = new(big.Int).Set(n)
	neg := m.Sign() < 0
	m.Abs(m)
	p2 := new(big.Int)
	for p := int64(2); p < 1<<16; p++ {
		bp := big.NewInt(p)
		if p2.Mul(bp, bp).Cmp(m) > 0 {
			break
		}
		for new(big.Int).Rem(m, p2).Sign() == 0 {
			m.Quo(m, p2)
			k.Mul(k, bp)
		}
	}
	if s := new(big.Int).Sqrt(m); new(big.Int).Mul(s, s).Cmp(m) == 0 && s.Cmp(big.NewInt(1)) > 0 {
		k.Mul(k, s)
		m.SetInt64(1)
	}
	if neg {
		m.Neg(m)
	}
	return k, m
}
