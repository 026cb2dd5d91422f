package grid

import (
	"fmt"
	"math/big"

	"github.com/families-project/families/families/tokengrid"
)

// FromTokens reads the setting and the numbers of a token grid. Operator
// tokens give the operators (absent ones Absent, so the diagonals of a short
// operator row are not on any line); absent number tokens make absent
// numbers. vals holds the integers in row-major order, nil for a word, ? or
// absent number. It costs O(cells + digits).
func FromTokens(g *tokengrid.Grid) (*Setting, []*big.Rat, error) {
	if err := g.Validate(); err != nil {
		return nil, nil, err
	}
	z := Size{g.Rows, g.Cols}
	if err := z.Validate(); err != nil {
		return nil, nil, err
	}
	s := newSetting(z)
	vals := make([]*big.Rat, z.Numbers())
	for R, row := range g.Cells {
		for C, t := range row {
			p := Pos{R, C}
			if p.Kind() != NumberCell {
				if t.Kind == tokengrid.Op {
					o, _ := ParseOp([]rune(t.Text)[0])
					s.ops[z.layoutIndex(p)] = o
				}
				continue
			}
			i := z.NumberIndex(p)
			switch t.Kind {
			case tokengrid.Absent:
				s.absent[i] = true
			case tokengrid.Int:
				vals[i] = new(big.Rat).SetInt(t.Int())
			}
		}
	}
	return s, vals, nil
}

// Tokens writes a setting and its numbers as a token grid: integers for
// integer values, ? for nil ones, _ for absent numbers and operators. It
// fails on wildcards and on values that are not integers. It costs O(cells +
// digits).
func Tokens(s *Setting, vals []*big.Rat) (*tokengrid.Grid, error) {
	z := s.size
	if vals != nil && len(vals) != z.Numbers() {
		return nil, fmt.Errorf("grid: tokens: expected %d numbers for a %s grid, got %d", z.Numbers(), z, len(vals))
	}
	g, err := tokengrid.New(z.Rows, z.Cols)
	if err != nil {
		return nil, err
	}
	for R := range g.Cells {
		for C := range g.Cells[R] {
			p := Pos{R, C}
			if p.Kind() != NumberCell {
				switch o := s.Op(p); o {
				case Any:
					return nil, fmt.Errorf("grid: tokens: setting %s has wildcards", s)
				case Absent:
				default:
					g.Cells[R][C], _ = tokengrid.OpToken(o.String())
				}
				continue
			}
			i := z.NumberIndex(p)
			switch {
			case s.absent[i]:
			case vals == nil || vals[i] == nil:
				g.Cells[R][C] = tokengrid.UnknownToken
			case !vals[i].IsInt():
				return nil, fmt.Errorf("grid: tokens: number %s = %s is not an integer", z.Name(i), vals[i].RatString())
			default:
				g.Cells[R][C] = tokengrid.IntToken(vals[i].Num())
			}
		}
	}
	return g, nil
}
