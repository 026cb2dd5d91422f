package memberstest

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/members"
)

// A BruteMember is one member that BruteForce lists: its numbers in
// row-major order, its family and the sum of its parameters.
type BruteMember struct {
	Values []*big.Int
	Family int
	Sum    int64
	Cols   int // the grid's columns, for String
}

// String writes the rows separated by " / ", as members.Member does.
func (m BruteMember) String() string {
	var b strings.Builder
	for i, v := range m.Values {
		switch {
		case i > 0 && i%m.Cols == 0:
			b.WriteString(" / ")
		case i > 0:
			b.WriteByte(' ')
		}
		if v == nil {
			b.WriteByte('_')
		} else {
			b.WriteString(v.String())
		}
	}
	return b.String()
}

// BruteForce lists the members of the families fams of setting s (lines
// sel, evaluation ev) whose parameter sum is at most maxSum, with every
// number at least min (and at least 1), in the order the member search
// promises: points first, then by the sum of the parameters, within one
// sum family by family, within a family the parameter tuples
// lexicographically (parameters in ring order). A member that is the
// image of one listed before under a symmetry of the square that maps
// the setting onto itself (grid.Setting.Transform) is left out.
//
// It shares no code with the member search: every tuple of positive
// integers of each sum is tried, each number is the family's numerator
// over its denominator evaluated in big.Int at the tuple, and a member is
// kept only when every number is an integer of at least min and the grid
// package's own evaluation of the lines (grid.Setting.Check) accepts it;
// a family whose numbers pass but fail the lines is an error. It stops
// with ctx's error. Cost: per tuple of parameters, one big-integer
// evaluation of every number; the tuples of sum at most S of d
// parameters number binomial(S, d).
func BruteForce(ctx context.Context, s *grid.Setting, sel grid.LineSet, ev grid.Eval, fams []*members.Family, min, maxSum int64) ([]BruteMember, error) {
	min = max(min, 1)
	z := s.Size()
	var perms [][]int
	for _, g := range grid.Symmetries(z) {
		img, _, err := s.Transform(g, nil, sel, ev)
		if err != nil || !img.Equal(s) {
			continue
		}
		p := make([]int, z.Numbers())
		for i := range p {
			p[g.MapNumber(z, i)] = i
		}
		perms = append(perms, p)
	}
	var out []BruteMember
	seen := map[string]bool{}
	// try evaluates family fi at the tuple x (parameters in ring order)
	// and appends the member it gives, if any.
	try := func(fi int, x []int64, sum int64) error {
		fam := fams[fi]
		r := fam.Ring
		at := make([]*big.Rat, r.NumVars())
		for v := range at {
			at[v] = new(big.Rat) // not a parameter: the formulas do not use it
		}
		for j, v := range fam.Params {
			at[v] = big.NewRat(x[j], 1)
		}
		vals := make([]*big.Rat, z.Numbers())
		for v := range r.NumVars() {
			n, d := fam.Num[v].Eval(at), fam.Den[v].Eval(at)
			if d.Sign() == 0 {
				return nil
			}
			q := new(big.Rat).Quo(n, d)
			if !q.IsInt() || q.Num().Cmp(big.NewInt(min)) < 0 {
				return nil
			}
			vals[slices.Index(z.Names(), r.VarName(v))] = q
		}
		res, err := s.Check(vals, sel, ev)
		if err != nil {
			return err
		}
		if !res.OK {
			return fmt.Errorf("memberstest: family %d gives %v, which fails the lines: %s", fi+1, vals, res)
		}
		text := func(p []int) string {
			var b strings.Builder
			for j := range p {
				if vals[p[j]] != nil {
					b.WriteString(vals[p[j]].RatString())
				}
				b.WriteByte(',')
			}
			return b.String()
		}
		for _, p := range perms {
			if seen[text(p)] {
				return nil
			}
		}
		seen[text(perms[0])] = true
		m := BruteMember{Values: make([]*big.Int, len(vals)), Family: fi, Sum: sum, Cols: z.Cols}
		for i, v := range vals {
			if v != nil {
				m.Values[i] = new(big.Int).Set(v.Num())
			}
		}
		out = append(out, m)
		return nil
	}
	for fi, fam := range fams {
		if len(fam.Params) == 0 {
			if err := try(fi, nil, 0); err != nil {
				return nil, err
			}
		}
	}
	for sum := int64(1); sum <= maxSum; sum++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for fi, fam := range fams {
			d := len(fam.Params)
			if d == 0 || int64(d)*min > sum {
				continue
			}
			x := make([]int64, d)
			// rec fills x[k:] with numbers of at least min summing to
			// rest, the first entries smallest first.
			var rec func(k int, rest int64) error
			rec = func(k int, rest int64) error {
				if k == d-1 {
					x[k] = rest
					return try(fi, x, sum)
				}
				for v := min; v <= rest-int64(d-1-k)*min; v++ {
					x[k] = v
					if err := rec(k+1, rest-v); err != nil {
						return err
					}
				}
				return nil
			}
			if err := rec(0, sum); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}
