package census

import (
	"fmt"
	"math/big"
	"strings"
	"testing"
	"unicode"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/poly"
)

// The checks below use none of the census's algebra: a family's formulas
// are read by a small evaluator of their own (rationals, names, + - * /
// ^ and parentheses), and a rank is the exact rank over Q of the
// Jacobian of the setting's polynomial system (grid.Setting.System) at
// the grid, by Gaussian elimination in big.Rat.

// evalFormula evaluates a family's formula (Singular's syntax) at the
// named values.
func evalFormula(s string, at map[string]*big.Rat) (*big.Rat, error) {
	p := &formulaParser{s: strings.ReplaceAll(s, " ", ""), at: at}
	v, err := p.sum()
	if err == nil && p.i != len(p.s) {
		err = fmt.Errorf("formula %q: unexpected %q", s, p.s[p.i:])
	}
	return v, err
}

type formulaParser struct {
	s  string
	i  int
	at map[string]*big.Rat
}

func (p *formulaParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *formulaParser) sum() (*big.Rat, error) {
	v, err := p.product()
	for err == nil && (p.peek() == '+' || p.peek() == '-') {
		op := p.s[p.i]
		p.i++
		var w *big.Rat
		if w, err = p.product(); err == nil {
			if op == '+' {
				v.Add(v, w)
			} else {
				v.Sub(v, w)
			}
		}
	}
	return v, err
}

func (p *formulaParser) product() (*big.Rat, error) {
	v, err := p.power()
	for err == nil && (p.peek() == '*' || p.peek() == '/') {
		op := p.s[p.i]
		p.i++
		var w *big.Rat
		if w, err = p.power(); err == nil {
			if op == '*' {
				v.Mul(v, w)
			} else if w.Sign() == 0 {
				return nil, fmt.Errorf("division by zero")
			} else {
				v.Quo(v, w)
			}
		}
	}
	return v, err
}

func (p *formulaParser) power() (*big.Rat, error) {
	v, err := p.atom()
	if err == nil && p.peek() == '^' {
		p.i++
		j := p.i
		for p.i < len(p.s) && unicode.IsDigit(rune(p.s[p.i])) {
			p.i++
		}
		var e int
		fmt.Sscan(p.s[j:p.i], &e)
		r := big.NewRat(1, 1)
		for range e {
			r.Mul(r, v)
		}
		v = r
	}
	return v, err
}

func (p *formulaParser) atom() (*big.Rat, error) {
	switch c := p.peek(); {
	case c == '-':
		p.i++
		v, err := p.power()
		if err != nil {
			return nil, err
		}
		return v.Neg(v), nil
	case c == '(':
		p.i++
		v, err := p.sum()
		if err == nil && p.peek() != ')' {
			err = fmt.Errorf("missing )")
		}
		p.i++
		return v, err
	case unicode.IsDigit(rune(c)):
		j := p.i
		for p.i < len(p.s) && unicode.IsDigit(rune(p.s[p.i])) {
			p.i++
		}
		v, _ := new(big.Rat).SetString(p.s[j:p.i])
		return v, nil
	case unicode.IsLetter(rune(c)):
		j := p.i
		for p.i < len(p.s) && (unicode.IsLetter(rune(p.s[p.i])) || unicode.IsDigit(rune(p.s[p.i]))) {
			p.i++
		}
		v, ok := p.at[p.s[j:p.i]]
		if !ok {
			return nil, fmt.Errorf("no value for %s", p.s[j:p.i])
		}
		return new(big.Rat).Set(v), nil
	}
	return nil, fmt.Errorf("unexpected %q at %d of %q", p.peek(), p.i, p.s)
}

// exactRank returns the rank over Q of the Jacobian of the setting's
// system at vals.
func exactRank(t *testing.T, s *grid.Setting, vals []*big.Rat) int {
	t.Helper()
	sys, err := s.System(grid.AllLines, grid.Precedence, poly.Grevlex)
	if err != nil {
		t.Fatal(err)
	}
	n := sys.Ring.NumVars()
	var m [][]*big.Rat
	for _, e := range sys.Equations {
		row := make([]*big.Rat, n)
		for v := range n {
			row[v] = e.Poly.Derivative(v).Eval(vals)
		}
		m = append(m, row)
	}
	rank := 0
	for col := 0; col < n && rank < len(m); col++ {
		p := rank
		for p < len(m) && m[p][col].Sign() == 0 {
			p++
		}
		if p == len(m) {
			continue
		}
		m[rank], m[p] = m[p], m[rank]
		for i := rank + 1; i < len(m); i++ {
			if m[i][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(m[i][col], m[rank][col])
			for j := col; j < n; j++ {
				m[i][j].Sub(m[i][j], new(big.Rat).Mul(f, m[rank][j]))
			}
		}
		rank++
	}
	return rank
}

// TestFamiliesAnswers checks every answer of the 4x4 census up to 3 with
// --families by means of its own: an isolated grid by the Jacobian has
// exact rank 16 under its setting; a grid on a family is that family's
// point at its parameter values (exact substitution into the formulas),
// its setting makes it zero, and the family is one: at other parameter
// values its formulas are again a solution of the setting. Every grid is
// answered (no unknown).
func TestFamiliesAnswers(t *testing.T) {
	z := grid.Size{Rows: 4, Cols: 4}
	recs, sum := runCensus(t, Options{Size: z, Max: 3, Families: true})
	if len(recs) != 225 || sum.ByAnswer["unknown"] != 0 || sum.ByAnswer["family"] == 0 || sum.ByAnswer["isolated"] == 0 {
		t.Fatalf("%d grids, answers %v; want 225 grids, each isolated or on a family, some of each", len(recs), sum.ByAnswer)
	}
	names := z.Names()
	byJacobian, onFamily := 0, 0
	for _, r := range recs {
		s, err := grid.ParseOps(r.Answer.Ops, z)
		if err != nil {
			t.Fatalf("%s: answer setting %q: %v", r.Grid, r.Answer.Ops, err)
		}
		text := r.Grid
		if f := r.Answer.Family; f != nil && f.Grid != "" {
			text = f.Grid
		}
		vals := ratVals(parseGrid(t, z, text))
		if res, err := s.Check(vals, grid.AllLines, grid.Precedence); err != nil || !res.OK {
			t.Errorf("%s: its answer's setting %s does not make %s zero: %v %v", r.Grid, r.Answer.Ops, text, res, err)
			continue
		}
		switch {
		case r.Answer.Kind == "isolated" && r.Answer.By == "jacobian":
			byJacobian++
			if rk := exactRank(t, s, vals); rk != z.Numbers() {
				t.Errorf("%s: isolated by the Jacobian under %s, but its exact rank is %d", r.Grid, r.Answer.Ops, rk)
			}
		case r.Answer.Kind == "family":
			f := r.Answer.Family
			if f == nil || f.Kind != "rational" {
				continue // an algebraic family's formulas hold RootOf
			}
			onFamily++
			at := map[string]*big.Rat{}
			for p, v := range f.Values {
				at[p] = big.NewRat(v, 1)
			}
			for i, nm := range names {
				got, err := evalFormula(f.Solution[nm], at)
				if err != nil || got.Cmp(vals[i]) != 0 {
					t.Errorf("%s: family %s gives %s = %v (%v) at %v, the grid has %v", r.Grid, f.Key, nm, got, err, f.Values, vals[i])
				}
			}
			// Elsewhere on the family: shifted parameters, the first
			// shift whose denominators do not vanish.
			found := false
			for shift := int64(7); shift < 40 && !found; shift += 3 {
				other := map[string]*big.Rat{}
				for j, p := range f.Parameters {
					other[p] = big.NewRat(f.Values[p]+shift+int64(j), 1)
				}
				pt := make([]*big.Rat, len(names))
				ok := true
				for i, nm := range names {
					if pt[i], err = evalFormula(f.Solution[nm], other); err != nil || pt[i].Sign() == 0 {
						ok = false
						break
					}
				}
				if !ok {
					continue
				}
				found = true
				if res, err := s.Check(pt, grid.AllLines, grid.Precedence); err != nil || !res.OK {
					t.Errorf("%s: family %s at %v is no solution of %s: %v %v", r.Grid, f.Key, other, r.Answer.Ops, res, err)
				}
			}
			if !found {
				t.Errorf("%s: family %s has no other point tried", r.Grid, f.Key)
			}
		}
	}
	if byJacobian == 0 || onFamily == 0 {
		t.Errorf("checked %d isolated by the Jacobian and %d on rational families; want some of each", byJacobian, onFamily)
	}
	t.Logf("225 grids: %d isolated by the Jacobian (exact rank 16), %d on rational families (substitution), answers %v", byJacobian, onFamily, sum.ByAnswer)
}
