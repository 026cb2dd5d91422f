package poly

import (
	"strconv"
	"strings"
)

// String returns p in Singular's syntax with spaces around + and -, e.g.
// "3/2*x^2*y - z + 1"; the zero polynomial is "0". Parse reads it back to the
// same polynomial.
func (p *Poly) String() string {
	if p.IsZero() {
		return "0"
	}
	var sb strings.Builder
	for i, c := range p.coef {
		m := p.Monomial(i)
		neg := c.Sign() < 0
		switch {
		case i == 0 && neg:
			sb.WriteString("-")
		case i > 0 && neg:
			sb.WriteString(" - ")
		case i > 0:
			sb.WriteString(" + ")
		}
		abs := c.RatString()
		if neg {
			abs = abs[1:]
		}
		if m[0] == 0 {
			sb.WriteString(abs)
			continue
		}
		if abs != "1" {
			sb.WriteString(abs)
			sb.WriteString("*")
		}
		p.ring.writeMonomial(&sb, m)
	}
	return sb.String()
}

func (r *Ring) writeMonomial(sb *strings.Builder, m Monomial) {
	first := true
	for v, name := range r.vars {
		e := m[v+1]
		if e == 0 {
			continue
		}
		if !first {
			sb.WriteString("*")
		}
		first = false
		sb.WriteString(name)
		if e > 1 {
			sb.WriteString("^")
			sb.WriteString(strconv.Itoa(int(e)))
		}
	}
}

// MonomialString returns m as Singular writes it, e.g. "x^2*y" ("1" for the
// unit monomial).
func (r *Ring) MonomialString(m Monomial) string {
	if m[0] == 0 {
		return "1"
	}
	var sb strings.Builder
	r.writeMonomial(&sb, m)
	return sb.String()
}
