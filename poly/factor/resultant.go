package factor

import (
	"context"
	"errors"
	"math/big"
	"slices"

	"github.com/families-project/families/poly"
)

// maxResultantTerms bounds the entries of the elimination in Resultant:
// a polynomial system whose resultant passes it is better left to a
// Gröbner basis, and the bound keeps a call from filling the memory.
const maxResultantTerms = 1 << 17

// maxResultantProducts bounds the term products of one entry's update.
const maxResultantProducts = 1 << 21

// ErrResultantTooLarge is returned by Resultant when an entry of its
// elimination passes maxResultantTerms terms, its update
// maxResultantProducts term products, or its exponents could pass those
// the internal representation holds.
var ErrResultantTooLarge = errors.New("factor: the resultant's elimination passed its size bound")

// Resultant returns the resultant of a and b with respect to the ring
// variable v: the determinant of their Sylvester matrix in v, a polynomial
// in the other variables that lies in the ideal <a, b> and vanishes
// exactly where a and b have a common root in v (or both leading
// coefficients vanish). A variable of degree 0 in a gives a^deg_v(b), and
// the other way round; a zero input gives zero. a and b must share a ring.
//
// The determinant is taken by fraction-free Gaussian elimination (E. H.
// Bareiss, "Sylvester's identity and multistep integer-preserving Gaussian
// elimination", Math. Comp. 22, 1968): every division is exact, so the
// entries stay minors of the matrix, not fractions. Cost: for degrees m
// and n in v, about (m+n)^3/3 products and exact divisions of polynomials
// that grow to the size of the resultant. Errors: ctx's when it is done,
// ErrResultantTooLarge past the size bound, and those of GCDContext's limits
// (32 variables, exponents of 255).
func Resultant(ctx context.Context, a, b *poly.Poly, v int) (res *poly.Poly, err error) {
	defer recoverStop(&err)
	if a.IsZero() || b.IsZero() {
		return a.Ring().Zero(), nil
	}
	p, err := newSylvesterPair(a, b, v)
	if err != nil {
		return nil, err
	}
	var det mpoly
	switch {
	case p.m == 0:
		det = mpow(p.ma, p.n)
	case p.n == 0:
		det = mpow(p.mb, p.m)
	default:
		if det, err = sylvesterDet(ctx, mcoeffs(p.ma, p.iv), mcoeffs(p.mb, p.iv)); err != nil {
			return nil, err
		}
	}
	// The resultant is homogeneous of degree n in a's coefficients and m
	// in b's.
	return p.toPoly(det, p.n, p.m), nil
}

// Subresultant1 returns the first subresultant of a and b with respect to
// the ring variable v, S1 = s1 v + s0, as its coefficients: a polynomial
// of <a, b> whose specialization at a point where a keeps its degree in v
// and the resultant vanishes but s1 does not is, up to a constant, the
// greatest common divisor of a and b there, of degree exactly 1 (the
// subresultant theorem). So where s1 and a's leading coefficient are
// nonzero, the common root of a and b in v is v = -s0/s1. Both degrees in
// v must be at least 2. s1 and s0 are determinants of order m+n-2 of the
// Sylvester rows v^(n-2) a, ..., a, v^(m-2) b, ..., b, taken by Bareiss's
// elimination as in Resultant, with the same cost and errors.
func Subresultant1(ctx context.Context, a, b *poly.Poly, v int) (s1, s0 *poly.Poly, err error) {
	defer recoverStop(&err)
	p, err := newSylvesterPair(a, b, v)
	if err != nil {
		return nil, nil, err
	}
	if p.m < 2 || p.n < 2 {
		return nil, nil, errors.New("factor: Subresultant1 needs degrees of at least 2")
	}
	rows := sylvesterRows(mcoeffs(p.ma, p.iv), mcoeffs(p.mb, p.iv), 1)
	// The columns are v^(m+n-2) ... v^0; S1 keeps the first m+n-3 and
	// then the column of v^1 (for s1) or of v^0 (for s0).
	N := p.m + p.n - 2
	var dets [2]mpoly
	for k, last := range []int{N - 1, N} {
		M := make([][]mpoly, N)
		for i, row := range rows {
			M[i] = append(slices.Clone(row[:N-1]), row[last])
		}
		if dets[k], err = bareissDet(ctx, M); err != nil {
			return nil, nil, err
		}
	}
	// Each minor has n-1 rows of a and m-1 of b.
	return p.toPoly(dets[0], p.n-1, p.m-1), p.toPoly(dets[1], p.n-1, p.m-1), nil
}

// A sylvesterPair is a and b as primitive integer polynomials ma and mb
// over the variables vars they use (with v), of degrees m and n in v, the
// iv-th of vars.
type sylvesterPair struct {
	a, b   *poly.Poly
	vars   []int
	ma, mb mpoly
	iv     int
	m, n   int
}

// newSylvesterPair prepares a and b for the determinants of their
// Sylvester matrices in v. Every entry of Bareiss's elimination is a
// minor, of degree at most n deg_y(a) + m deg_y(b) in each other variable
// y, and an update multiplies two of them: ErrResultantTooLarge when their
// exponents could pass the representation's.
func newSylvesterPair(a, b *poly.Poly, v int) (*sylvesterPair, error) {
	p := &sylvesterPair{a: a, b: b, vars: unionSorted(unionSorted(a.Vars(), b.Vars()), []int{v})}
	var err error
	if p.ma, p.mb, err = multiInputs(a, b, p.vars); err != nil {
		return nil, err
	}
	p.iv = slices.Index(p.vars, v)
	p.m, p.n = mdeg(p.ma, p.iv), mdeg(p.mb, p.iv)
	for y := range p.vars {
		if y != p.iv && 2*(p.n*mdeg(p.ma, y)+p.m*mdeg(p.mb, y)) > maxExp {
			return nil, ErrResultantTooLarge
		}
	}
	return p, nil
}

// toPoly returns the determinant det of integer rows, ea of them from ma
// and eb from mb, as the determinant of the rows of a and b: a = ma/da and
// b = mb/db, so it is det / (da^ea db^eb), in a's ring.
func (p *sylvesterPair) toPoly(det mpoly, ea, eb int) *poly.Poly {
	_, da := scaledCoefs(p.a)
	_, db := scaledCoefs(p.b)
	den := new(big.Int).Mul(new(big.Int).Exp(da, big.NewInt(int64(ea)), nil), new(big.Int).Exp(db, big.NewInt(int64(eb)), nil))
	in := &input{vars: p.vars}
	out := in.toPoly(p.a.Ring(), det)
	return out.Scale(out, new(big.Rat).SetFrac(big.NewInt(1), den))
}

// sylvesterRows returns the rows of the j-th subresultant's matrix of the
// polynomials with coefficients ca and cb (ca[k] the coefficient of v^k),
// of degrees m and n: v^(n-j-1) a, ..., a, then v^(m-j-1) b, ..., b, over
// the columns v^(m+n-j-1) ... v^0. j = 0 gives the Sylvester matrix.
func sylvesterRows(ca, cb []mpoly, j int) [][]mpoly {
	m, n := len(ca)-1, len(cb)-1
	cols := m + n - j
	M := make([][]mpoly, 0, m+n-2*j)
	for i := range n - j {
		row := make([]mpoly, cols)
		for k := 0; k <= m; k++ {
			row[i+k] = ca[m-k]
		}
		M = append(M, row)
	}
	for i := range m - j {
		row := make([]mpoly, cols)
		for k := 0; k <= n; k++ {
			row[i+k] = cb[n-k]
		}
		M = append(M, row)
	}
	return M
}

// sylvesterDet returns the determinant of the Sylvester matrix of the
// polynomials with coefficients ca and cb (ca[k] the coefficient of v^k).
func sylvesterDet(ctx context.Context, ca, cb []mpoly) (mpoly, error) {
	return bareissDet(ctx, sylvesterRows(ca, cb, 0))
}

// bareissDet returns the determinant of the square matrix M, which it
// overwrites, by Bareiss's elimination.
func bareissDet(ctx context.Context, M [][]mpoly) (mpoly, error) {
	N := len(M)
	neg := false
	prev := mconst(bigOne)
	for k := 0; k < N-1; k++ {
		p := k
		for p < N && len(M[p][k]) == 0 {
			p++
		}
		if p == N {
			return nil, nil // a zero column: the determinant vanishes
		}
		if p != k {
			M[p], M[k] = M[k], M[p]
			neg = !neg
		}
		for i := k + 1; i < N; i++ {
			for j := k + 1; j < N; j++ {
				if err := polled(ctx); err != nil {
					return nil, err
				}
				if len(M[k][k])*len(M[i][j])+len(M[i][k])*len(M[k][j]) > maxResultantProducts {
					return nil, ErrResultantTooLarge
				}
				x := msub(mmul(M[k][k], M[i][j]), mmul(M[i][k], M[k][j]))
				q, ok := mdivExact(x, prev)
				if !ok {
					// Sylvester's identity makes every division exact.
					panic("factor: an inexact division in Bareiss's elimination")
				}
				if len(q) > maxResultantTerms {
					return nil, ErrResultantTooLarge
				}
				M[i][j] = q
			}
			M[i][k] = nil
		}
		prev = M[k][k]
	}
	det := M[N-1][N-1]
	if neg {
		det = mneg(det)
	}
	return det, nil
}
