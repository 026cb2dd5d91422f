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
const maxResultantProducts = 1 << 24

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

// sylvesterDet returns the determinant of the Sylvester matrix of the
// polynomials with coefficients ca and cb (ca[k] the coefficient of v^k),
// by Bareiss's elimination.
func sylvesterDet(ctx context.Context, ca, cb []mpoly) (mpoly, error) {
	m, n := len(ca)-1, len(cb)-1
	N := m + n
	M := make([][]mpoly, N)
	for i := range n {
		M[i] = make([]mpoly, N)
		for k := 0; k <= m; k++ {
			M[i][i+k] = ca[m-k]
		}
	}
	for i := range m {
		M[n+i] = make([]mpoly, N)
		for k := 0; k <= n; k++ {
			M[n+i][i+k] = cb[n-k]
		}
	}
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
