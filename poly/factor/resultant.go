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
// ErrResultantTooLarge past the size bound, and those of GCD's limits
// (32 variables, exponents of 255).
func Resultant(ctx context.Context, a, b *poly.Poly, v int) (res *poly.Poly, err error) {
	r := a.Ring()
	if a.IsZero() || b.IsZero() {
		return r.Zero(), nil
	}
	vars := unionSorted(unionSorted(a.Vars(), b.Vars()), []int{v})
	ma, mb, err := multiInputs(a, b, vars)
	if err != nil {
		return nil, err
	}
	iv := slices.Index(vars, v)
	m, n := mdeg(ma, iv), mdeg(mb, iv)
	// Every entry of the elimination is a minor, of degree at most
	// n deg_y(a) + m deg_y(b) in each other variable y, and an update
	// multiplies two of them: their exponents must fit the representation.
	for y := range vars {
		if y != iv && 2*(n*mdeg(ma, y)+m*mdeg(mb, y)) > maxExp {
			return nil, ErrResultantTooLarge
		}
	}
	var det mpoly
	switch {
	case m == 0:
		det = mpow(ma, n)
	case n == 0:
		det = mpow(mb, m)
	default:
		if det, err = sylvesterDet(ctx, mcoeffs(ma, iv), mcoeffs(mb, iv)); err != nil {
			return nil, err
		}
	}
	// a = ma/da and b = mb/db, and the resultant is homogeneous of
	// degree n in a's coefficients and m in b's.
	_, da := scaledCoefs(a)
	_, db := scaledCoefs(b)
	den := new(big.Int).Mul(new(big.Int).Exp(da, big.NewInt(int64(n)), nil), new(big.Int).Exp(db, big.NewInt(int64(m)), nil))
	in := &input{vars: vars}
	out := in.toPoly(r, det)
	return out.Scale(out, new(big.Rat).SetFrac(big.NewInt(1), den)), nil
}

// Subresultant1 returns the first subresultant of a and b with respect to
// the ring variable v, S1 = s1 v + s0, as its coefficients: a polynomial
// of <a, b> whose specialisation at a point where a keeps its degree in v
// and the resultant vanishes but s1 does not is, up to a constant, the
// greatest common divisor of a and b there, of degree exactly 1 (the
// subresultant theorem). So where s1 and a's leading coefficient are
// nonzero, the common root of a and b in v is v = -s0/s1. Both degrees in
// v must be at least 2. s1 and s0 are determinants of order m+n-2 of the
// Sylvester rows v^(n-2) a, ..., a, v^(m-2) b, ..., b, taken by Bareiss's
// elimination as in Resultant, with the same cost and errors.
func Subresultant1(ctx context.Context, a, b *poly.Poly, v int) (s1, s0 *poly.Poly, err error) {
	r := a.Ring()
	vars := unionSorted(unionSorted(a.Vars(), b.Vars()), []int{v})
	ma, mb, err := multiInputs(a, b, vars)
	if err != nil {
		return nil, nil, err
	}
	iv := slices.Index(vars, v)
	m, n := mdeg(ma, iv), mdeg(mb, iv)
	if m < 2 || n < 2 {
		return nil, nil, errors.New("factor: Subresultant1 needs degrees of at least 2")
	}
	for y := range vars {
		if y != iv && 2*(n*mdeg(ma, y)+m*mdeg(mb, y)) > maxExp {
			return nil, nil, ErrResultantTooLarge
		}
	}
	rows := sylvesterRows(mcoeffs(ma, iv), mcoeffs(mb, iv), 1)
	// The columns are v^(m+n-2) ... v^0; S1 keeps the first m+n-3 and
	// then the column of v^1 (for s1) or of v^0 (for s0).
	N := m + n - 2
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
	// a = ma/da and b = mb/db, and each minor has n-1 rows of a and m-1
	// of b.
	_, da := scaledCoefs(a)
	_, db := scaledCoefs(b)
	den := new(big.Int).Mul(new(big.Int).Exp(da, big.NewInt(int64(n-1)), nil), new(big.Int).Exp(db, big.NewInt(int64(m-1)), nil))
	in := &input{vars: vars}
	scale := new(big.Rat).SetFrac(big.NewInt(1), den)
	s1, s0 = in.toPoly(r, dets[0]), in.toPoly(r, dets[1])
	return s1.Scale(s1, scale), s0.Scale(s0, scale), nil
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
				if err := ctx.Err(); err != nil {
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
