package puzzle

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/tokengrid"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// A Question is a "find the numbers" question (seed 000): a grid with some
// numbers revealed and the others hidden, which the system forces.
type Question struct {
	// Grid shows the revealed numbers and ? for the hidden ones.
	Grid *tokengrid.Grid
	// Revealed names the revealed numbers, in row-major order.
	Revealed []string
	// Solution is the member the question hides.
	Solution *Member
	// Basis is the proof: the reduced grevlex basis of the system, the
	// revealed values and the nonzero conditions after saturation, which
	// is {x - value} for every number x.
	Basis []*poly.Poly
}

// Text returns the question's token grid.
func (q *Question) Text() string {
	s, err := tokengrid.Render(q.Grid)
	if err != nil {
		return err.Error()
	}
	return s
}

// MarshalJSON writes {"text": grid, "revealed": [names], "solution":
// member}.
func (q *Question) MarshalJSON() ([]byte, error) {
	rev := q.Revealed
	if rev == nil {
		rev = []string{}
	}
	return json.Marshal(struct {
		Text     string   `json:"text"`
		Revealed []string `json:"revealed"`
		Solution *Member  `json:"solution"`
	}{q.Text(), rev, q.Solution})
}

// Question reveals a smallest set of the numbers of member m that forces
// the others, and proves it: the system with the revealed values, saturated
// by the nonzero conditions, has dimension 0 and degree 1, and its point is
// m. Sets are tried by size and then lexicographically (by row-major
// position), each first by the exact rank of the system's Jacobian at m on
// the hidden numbers, which a point of multiplicity one must have full.
// The result is nil when only revealing every number works (some
// component through m is not reduced, for instance). Cost: one exact
// Jacobian, and one saturated basis for every set that passes the rank
// test until one is proved; sizes from n - rank(J) up.
func (src *Source) Question(ctx context.Context, m *Member) (*Question, error) {
	r := src.System.Ring
	n := r.NumVars()
	x := make([]*big.Rat, n)
	for v, i := range src.num {
		if m.Values[i] == nil {
			return nil, fmt.Errorf("puzzle: member lacks number %s", r.VarName(v))
		}
		x[v] = new(big.Rat).SetInt(m.Values[i])
	}
	J := make([][]*big.Rat, 0, len(src.System.Equations))
	for _, e := range src.System.Equations {
		row := make([]*big.Rat, n)
		for v := range n {
			row[v] = e.Poly.Derivative(v).Eval(x)
		}
		J = append(J, row)
	}
	all := make([]int, n)
	for v := range all {
		all[v] = v
	}
	rank := rankOf(J, all)
	for k := n - rank; k < n; k++ {
		var found []int
		var proof []*poly.Poly
		var err error
		proved := false
		combinations(n, k, func(reveal []int) bool {
			hidden := complement(reveal, n)
			if rankOf(J, hidden) != len(hidden) {
				return true
			}
			if proved, proof, err = src.prove(ctx, x, reveal); err != nil || proved {
				found = append([]int(nil), reveal...)
				return false
			}
			return true
		})
		if err != nil {
			return nil, err
		}
		if proved {
			return src.question(m, found, proof)
		}
	}
	return nil, nil
}

// prove reports whether the system with the numbers reveal fixed to their
// values in x has exactly the one solution x, and returns the basis that
// shows it. The saturated basis of the setting stands for the system: its
// ideal plus the new equations has the same saturation.
func (src *Source) prove(ctx context.Context, x []*big.Rat, reveal []int) (bool, []*poly.Poly, error) {
	r := src.System.Ring
	F := append([]*poly.Poly(nil), src.Basis...)
	for _, v := range reveal {
		F = append(F, new(poly.Poly).Sub(r.Var(v), r.Const(x[v])))
	}
	G, err := families.SaturatedBasis(ctx, F, src.System.Nonzero, src.Limits)
	if err != nil {
		return false, nil, err
	}
	if d, _ := groebner.Dimension(G); d != 0 {
		return false, nil, nil
	}
	if deg, ok := groebner.Degree(G, 2); !ok || deg != 1 {
		return false, nil, nil
	}
	for v := range r.NumVars() {
		if !groebner.NormalForm(new(poly.Poly).Sub(r.Var(v), r.Const(x[v])), G).IsZero() {
			return false, nil, nil
		}
	}
	return true, G, nil
}

func (src *Source) question(m *Member, reveal []int, proof []*poly.Poly) (*Question, error) {
	shown, err := shownSetting(src.Setting, src.Lines)
	if err != nil {
		return nil, err
	}
	vals := make([]*big.Rat, m.Size.Numbers())
	var names []string
	isRevealed := map[int]bool{}
	for _, v := range reveal {
		isRevealed[src.num[v]] = true
	}
	for i := range vals {
		if isRevealed[i] {
			vals[i] = new(big.Rat).SetInt(m.Values[i])
			names = append(names, m.Size.Name(i))
		}
	}
	g, err := grid.Tokens(shown, vals)
	if err != nil {
		return nil, err
	}
	return &Question{Grid: g, Revealed: names, Solution: m, Basis: proof}, nil
}

// EachQuestion calls yield with a question for each member of EachMember
// (filtered by f) until yield returns false; a member that needs every
// number revealed gives none. Cost: one Question per member.
func (src *Source) EachQuestion(ctx context.Context, f Filter, yield func(*Question) bool) error {
	var qerr error
	err := src.EachMember(ctx, f, func(m *Member) bool {
		var q *Question
		if q, qerr = src.Question(ctx, m); qerr != nil {
			return false
		}
		return q == nil || yield(q)
	})
	if qerr != nil {
		return qerr
	}
	return err
}

// Questions returns the first n questions of EachQuestion (n <= 0: all
// within the budget).
func (src *Source) Questions(ctx context.Context, f Filter, n int) ([]*Question, error) {
	var out []*Question
	err := src.EachQuestion(ctx, f, func(q *Question) bool {
		out = append(out, q)
		return n <= 0 || len(out) < n
	})
	return out, err
}

// rankOf returns the rank of the columns cols of the matrix A, by exact
// Gaussian elimination. Cost: O(rows * len(cols)^2) rational operations.
func rankOf(A [][]*big.Rat, cols []int) int {
	M := make([][]*big.Rat, len(A))
	for i, row := range A {
		M[i] = make([]*big.Rat, len(cols))
		for j, c := range cols {
			M[i][j] = new(big.Rat).Set(row[c])
		}
	}
	rank := 0
	t := new(big.Rat)
	for j := 0; j < len(cols) && rank < len(M); j++ {
		p := -1
		for i := rank; i < len(M); i++ {
			if M[i][j].Sign() != 0 {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		M[rank], M[p] = M[p], M[rank]
		for i := rank + 1; i < len(M); i++ {
			if M[i][j].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(M[i][j], M[rank][j])
			for l := j; l < len(cols); l++ {
				M[i][l].Sub(M[i][l], t.Mul(f, M[rank][l]))
			}
		}
		rank++
	}
	return rank
}

// combinations calls fn with every k-subset of 0..n-1 in lexicographic
// order until fn returns false. The slice is reused between calls.
func combinations(n, k int, fn func([]int) bool) {
	c := make([]int, k)
	for i := range c {
		c[i] = i
	}
	for {
		if !fn(c) {
			return
		}
		i := k - 1
		for i >= 0 && c[i] == n-k+i {
			i--
		}
		if i < 0 {
			return
		}
		c[i]++
		for j := i + 1; j < k; j++ {
			c[j] = c[j-1] + 1
		}
	}
}

func complement(s []int, n int) []int {
	in := make([]bool, n)
	for _, v := range s {
		in[v] = true
	}
	var out []int
	for v := range n {
		if !in[v] {
			out = append(out, v)
		}
	}
	return out
}
