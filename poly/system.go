package poly

import (
	"context"
	"fmt"
	"strings"
)

// ParseSystem reads a system file: one polynomial or equation lhs = rhs per
// line, '#' starting a comment, blank lines ignored, an optional first line
// "vars: x y z" fixing the variable order (otherwise variables are taken in
// order of first appearance). A trailing ',' or ';' on a line is ignored so
// that lists copied from Singular read too. The ring gets order ord.
// Equations become lhs - rhs. Errors are *ParseError with line numbers.
func ParseSystem(text string, ord Order) (*Ring, []*Poly, error) {
	return ParseSystemContext(context.Background(), text, ord)
}

// ParseSystemContext is ParseSystem that stops expanding products and
// powers when ctx is done, returning ctx's error.
func ParseSystemContext(ctx context.Context, text string, ord Order) (*Ring, []*Poly, error) {
	type src struct {
		line int
		s    string
	}
	var lines []src
	var vars []string
	varsGiven := false
	for i, raw := range strings.Split(text, "\n") {
		s, _, _ := strings.Cut(raw, "#")
		s = strings.TrimSpace(s)
		s = strings.TrimRight(s, ",;")
		if s == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(s, "vars:"); ok {
			if varsGiven || len(lines) > 0 {
				return nil, nil, &ParseError{Line: i + 1, Column: 1, Msg: "\"vars:\" must come once, before the polynomials"}
			}
			varsGiven = true
			vars = strings.FieldsFunc(rest, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' })
			continue
		}
		lines = append(lines, src{i + 1, s})
	}
	if !varsGiven {
		seen := map[string]bool{}
		for _, l := range lines {
			// The sides of "lhs = rhs" are tokenized apart ("=" is no
			// token of a polynomial); ParseEquation below reports a
			// second "=" and places errors in the whole line.
			col := 0
			for _, side := range strings.Split(l.s, "=") {
				toks, err := tokenize(side)
				if err != nil {
					if pe, ok := err.(*ParseError); ok {
						pe.Column += col
					}
					return nil, nil, atLine(err, l.line)
				}
				col += len(side) + 1
				for _, t := range toks {
					if t.kind == tokIdent && !seen[t.text] {
						seen[t.text] = true
						vars = append(vars, t.text)
					}
				}
			}
		}
	}
	r, err := NewRing(vars, ord)
	if err != nil {
		return nil, nil, err
	}
	var out []*Poly
	for _, l := range lines {
		f, err := r.ParseEquationContext(ctx, l.s)
		if err != nil {
			return nil, nil, atLine(err, l.line)
		}
		out = append(out, f)
	}
	return r, out, nil
}

// ParseEquation reads "lhs = rhs" as lhs - rhs, or a plain polynomial.
func (r *Ring) ParseEquation(s string) (*Poly, error) {
	return r.ParseEquationContext(context.Background(), s)
}

// ParseEquationContext is ParseEquation that honours ctx as ParseContext
// does.
func (r *Ring) ParseEquationContext(ctx context.Context, s string) (*Poly, error) {
	lhs, rhs, found := strings.Cut(s, "=")
	if !found {
		return r.ParseContext(ctx, s)
	}
	if strings.Contains(rhs, "=") {
		return nil, &ParseError{Column: len(lhs) + 2 + strings.Index(rhs, "=") + 1, Msg: "more than one \"=\" in an equation"}
	}
	a, err := r.ParseContext(ctx, lhs)
	if err != nil {
		return nil, err
	}
	b, err := r.ParseContext(ctx, rhs)
	if err != nil {
		if pe, ok := err.(*ParseError); ok {
			pe.Column += len(lhs) + 1
		}
		return nil, err
	}
	return new(Poly).Sub(a, b), nil
}

func atLine(err error, line int) error {
	if pe, ok := err.(*ParseError); ok {
		pe.Line = line
		return pe
	}
	return fmt.Errorf("line %d: %w", line, err)
}
