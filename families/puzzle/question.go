package puzzle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/families-project/families/families/members"
	"math/big"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/tokengrid"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// A Question is a "find the numbers" question (Wolf 2010): a grid with some
// numbers revealed and the others hidden, which the system forces.
type Question struct {
	// Grid shows the revealed numbers and ? for the hidden ones.
	Grid *tokengrid.Grid
	// Revealed names the revealed numbers, in row-major order.
	Revealed []string
	// Solution is the member the question hides.
	Solution *members.Member
	// Basis is the proof: the reduced grevlex basis of the system of the
	// lines that Grid shows (as a reader takes them: see
	// NewQuestion), the revealed values and the nonzero conditions
	// after saturation, which is {x - value} for every number x.
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
		Text     string          `json:"text"`
		Revealed []string        `json:"revealed"`
		Solution *members.Member `json:"solution"`
	}{q.Text(), rev, q.Solution})
}

// Question reveals a smallest set of the numbers of member m that forces
// the others, and proves it: the system of the lines that the question's
// grid shows (see proofSystem), with the revealed values, saturated by the
// nonzero conditions, has dimension 0 and degree 1, and its point is m.
// Sets are tried by size and then lexicographically (by row-major
// position), each first by the exact rank of the system's Jacobian at m on
// the hidden numbers, which a point of multiplicity one must have full.
// The result is nil when only revealing every number works (some
// component through m is not reduced, for instance). It is an error when
// m breaks a line that the grid shows but the source's lines leave out
// (custom lines; see proofSystem): no question of m is true as printed.
// Cost: one exact Jacobian, and one saturated basis for every set that
// passes the rank test until one is proved; sizes from n - rank(J) up;
// with custom lines, one more saturated basis for the lines shown.
func NewQuestion(ctx context.Context, src *members.Source, m *members.Member) (*Question, error) {
	ps, err := source{src}.proofSystem(ctx)
	if err != nil {
		return nil, err
	}
	return source{src}.questionOf(ctx, ps, m)
}

// A source holds the methods that make questions and puzzles of a
// members.Source.
type source struct{ *members.Source }

// A proofSystem is the system that a question's proof solves, in the ring
// of the source's system: that of the lines a reader finds in the grid as
// the question shows it.
type proofSystem struct {
	shown   *grid.Setting
	eqs     []*poly.Poly
	names   []string // the line of each equation
	nonzero []*poly.Poly
	basis   []*poly.Poly // reduced grevlex, saturated by nonzero
	// same says that the lines are the source's, which every member
	// satisfies already.
	same bool
}

// A shownLineError says that a member breaks a line of the grid as shown.
type shownLineError struct {
	m    *members.Member
	line string
}

func (e *shownLineError) Error() string {
	return fmt.Sprintf("puzzle: member %s breaks %s of the question's grid, which the source's lines leave out", e.m, e.line)
}

// proofSystem returns the system of the lines that the question's grid
// states. The grid shows every operator of the source's lines
// (shownSetting), and a reader takes its default lines (rows, cols and
// diag with =, all four without), as FromGrid and digit puzzles do. With
// the source's default lines that is the same system; with custom lines
// it need not be: an operator cell lies on two diagonals, so a kept cell
// can show a line that the source leaves out, and short diagonals shown in
// a grid with = are no lines to the reader. A proof from the source's
// system would then not be about the grid the reader sees, so the shown
// lines get their own system. Cost: nothing, or one saturated basis.
func (src source) proofSystem(ctx context.Context) (*proofSystem, error) {
	shown, err := shownSetting(src.Setting, src.Lines)
	if err != nil {
		return nil, err
	}
	sel := shown.DefaultLines()
	lines, err := shown.Lines(sel)
	if err != nil {
		return nil, fmt.Errorf("puzzle: no question with lines %s: its grid would show lines that make no system: %w", src.Lines, err)
	}
	if sameLines(lines, src.SystemLines()) {
		return &proofSystem{shown: shown, eqs: src.System.Polys(), names: lineNames(src.System), nonzero: src.System.Nonzero, basis: src.Basis, same: true}, nil
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("puzzle: no question with lines %s: its grid would show no line of %s", src.Lines, sel)
	}
	sys, err := shown.System(sel, src.Eval, poly.Grevlex)
	if err != nil {
		return nil, err
	}
	r := src.System.Ring
	ps := &proofSystem{shown: shown, names: lineNames(sys)}
	if ps.eqs, err = poly.ToRingAll(sys.Polys(), r); err != nil {
		return nil, err
	}
	if ps.nonzero, err = poly.ToRingAll(sys.Nonzero, r); err != nil {
		return nil, err
	}
	if ps.basis, err = groebner.SaturateAll(ctx, ps.eqs, ps.nonzero, src.Limits); err != nil {
		return nil, err
	}
	return ps, nil
}

// sameLines reports whether a and b are the same set of lines: the same
// numbers joined by the same operators.
func sameLines(a, b []grid.Line) bool {
	key := func(l *grid.Line) string { return fmt.Sprint(l.Nums, l.Ops) }
	set := map[string]bool{}
	for i := range a {
		set[key(&a[i])] = true
	}
	in := map[string]bool{}
	for i := range b {
		if !set[key(&b[i])] {
			return false
		}
		in[key(&b[i])] = true
	}
	return len(in) == len(set)
}

// questionOf is Question with the proof system ps.
func (src source) questionOf(ctx context.Context, ps *proofSystem, m *members.Member) (*Question, error) {
	r := src.System.Ring
	n := r.NumVars()
	x := make([]*big.Rat, n)
	for v := range n {
		i := src.NumberIndex(v)
		if m.Values[i] == nil {
			return nil, fmt.Errorf("puzzle: member lacks number %s", r.VarName(v))
		}
		x[v] = new(big.Rat).SetInt(m.Values[i])
	}
	if l := ps.broken(x); l != "" {
		return nil, &shownLineError{m: m, line: l}
	}
	J := make([][]*big.Rat, 0, len(ps.eqs))
	for _, e := range ps.eqs {
		row := make([]*big.Rat, n)
		for v := range n {
			row[v] = e.Derivative(v).Eval(x)
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
			if proved, proof, err = src.prove(ctx, ps, x, reveal); err != nil || proved {
				found = append([]int(nil), reveal...)
				return false
			}
			return true
		})
		if err != nil {
			return nil, err
		}
		if proved {
			return src.question(ps, m, found, proof)
		}
	}
	return nil, nil
}

// holds reports whether the numbers x (ring order) satisfy every equation
// and nonzero condition of ps.
func (ps *proofSystem) holds(x []*big.Int) bool {
	q := make([]*big.Rat, len(x))
	for v, xv := range x {
		q[v] = new(big.Rat).SetInt(xv)
	}
	return ps.broken(q) == ""
}

// broken returns the name of a line or nonzero condition of ps that the
// numbers x (ring order) break, or "" when they satisfy all.
func (ps *proofSystem) broken(x []*big.Rat) string {
	for i, e := range ps.eqs {
		if e.Eval(x).Sign() != 0 {
			return ps.names[i]
		}
	}
	for _, p := range ps.nonzero {
		if p.Eval(x).Sign() == 0 {
			return "the nonzero condition " + p.String()
		}
	}
	return ""
}

func lineNames(sys *grid.System) []string {
	out := make([]string, len(sys.Equations))
	for i, e := range sys.Equations {
		out[i] = e.Line.Name
	}
	return out
}

// prove reports whether the system ps with the numbers reveal fixed to
// their values in x has exactly the one solution x, and returns the basis
// that shows it. The saturated basis of ps stands for its equations: its
// ideal plus the new equations has the same saturation.
func (src source) prove(ctx context.Context, ps *proofSystem, x []*big.Rat, reveal []int) (bool, []*poly.Poly, error) {
	r := src.System.Ring
	F := append([]*poly.Poly(nil), ps.basis...)
	for _, v := range reveal {
		F = append(F, new(poly.Poly).Sub(r.Var(v), r.Const(x[v])))
	}
	G, err := groebner.SaturateAll(ctx, F, ps.nonzero, src.Limits)
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

func (src source) question(ps *proofSystem, m *members.Member, reveal []int, proof []*poly.Poly) (*Question, error) {
	vals := make([]*big.Rat, m.Size.Numbers())
	var names []string
	isRevealed := map[int]bool{}
	for _, v := range reveal {
		isRevealed[src.NumberIndex(v)] = true
	}
	for i := range vals {
		if isRevealed[i] {
			vals[i] = new(big.Rat).SetInt(m.Values[i])
			names = append(names, m.Size.Name(i))
		}
	}
	g, err := grid.Tokens(ps.shown, vals)
	if err != nil {
		return nil, err
	}
	return &Question{Grid: g, Revealed: names, Solution: m, Basis: proof}, nil
}

// EachQuestion calls yield with a question for each member of EachMember
// (filtered by f) until yield returns false; a member that needs every
// number revealed gives none, and so does one that breaks a line the
// question's grid shows but the source's lines leave out (custom lines),
// as a digit puzzle skips it. Cost: one Question per member.
func EachQuestion(ctx context.Context, src *members.Source, f members.Filter, yield func(*Question) bool) error {
	ps, err := source{src}.proofSystem(ctx)
	if err != nil {
		return err
	}
	var keep func([]*big.Int) bool
	if !ps.same {
		keep = ps.holds
	}
	var qerr error
	err = src.EachMemberKept(ctx, f, keep, func(m *members.Member) bool {
		var q *Question
		q, qerr = source{src}.questionOf(ctx, ps, m)
		var sle *shownLineError
		if errors.As(qerr, &sle) {
			q, qerr = nil, nil
		}
		if qerr != nil {
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
func Questions(ctx context.Context, src *members.Source, f members.Filter, n int) ([]*Question, error) {
	var out []*Question
	err := EachQuestion(ctx, src, f, func(q *Question) bool {
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
