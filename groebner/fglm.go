package groebner

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/families-project/families/poly"
)

// FGLM converts G, the reduced Gröbner basis of a zero-dimensional ideal in
// its ring's order, into the reduced Gröbner basis of the same ideal in the
// ring to (the same variable names, usually in Lex order), by linear
// algebra in the quotient ring (J.-C. Faugère, P. Gianni, D. Lazard and
// T. Mora, "Efficient computation of zero-dimensional Gröbner bases by
// change of ordering", J. Symbolic Comput. 16(4), 1993), where Buchberger
// directly in lex can be hopeless: Singular 4.3.1's std in lex did not
// finish katsura-5 in 60 s, its stdfglm took 0.09 s. For D solutions and n
// variables it costs about D*n normal forms over Q (the multiplication
// maps), then per word-size prime O(D^2 (D + n)) operations on words, as
// many primes as the result's coefficients need, and one exact proof of
// O(D^2 (D + n)) integer operations (see fglm_mod.go). An ideal that is
// not zero-dimensional is an error.
func FGLM(ctx context.Context, G []*poly.Poly, to *poly.Ring, lim Limits) ([]*poly.Poly, error) {
	return fglm(ctx, G, to, lim, false)
}

// fglm is FGLM with the choice of walk: rational is the plain walk over Q,
// which the tests compare with the modular one.
func fglm(ctx context.Context, G []*poly.Poly, to *poly.Ring, lim Limits, rational bool) ([]*poly.Poly, error) {
	if len(G) == 0 || len(G) == 1 && G[0].IsZero() {
		return nil, fmt.Errorf("groebner: FGLM needs a zero-dimensional ideal, got the zero ideal")
	}
	from := G[0].Ring()
	if from.NumVars() != to.NumVars() {
		return nil, fmt.Errorf("groebner: FGLM between rings of %d and %d variables", from.NumVars(), to.NumVars())
	}
	if isUnit(G) {
		return []*poly.Poly{to.One()}, nil
	}
	if from.NumVars() == 1 {
		// One variable has one order: the basis is its own answer, of any
		// degree.
		return poly.ToRingAll(G, to)
	}
	l, cancel := newLimits(ctx, lim)
	defer cancel()
	B, ok := StandardMonomials(G, maxFGLMDegree)
	if !ok {
		return nil, fmt.Errorf("groebner: FGLM needs a zero-dimensional ideal of degree at most %d", maxFGLMDegree)
	}
	q, err := newQuotient(from, G, B, &l)
	if err != nil {
		return nil, err
	}
	// perm maps a variable of to to the variable of from with its name.
	n := to.NumVars()
	perm := make([]int, n)
	for v := 0; v < n; v++ {
		w, ok := from.VarIndex(to.VarName(v))
		if !ok {
			return nil, fmt.Errorf("groebner: FGLM: variable %s of the target ring is not in %s", to.VarName(v), from)
		}
		perm[v] = w
	}
	if rational {
		return fglmRational(q, to, perm, &l)
	}
	L, _, err := fglmModular(q, to, perm, &l)
	return L, err
}

// fglmRational is the walk of FGLM over Q, in echelon form with big.Rat
// entries: simple and exact, but its entries grow to the size of the
// result's coefficients, so fglmModular replaces it.
func fglmRational(q *quotient, to *poly.Ring, perm []int, l *limits) ([]*poly.Poly, error) {
	n := to.NumVars()
	ech := newEchelon(len(q.B))
	var (
		basis     []*poly.Poly
		lms       []poly.Monomial
		staircase []poly.Monomial // new standard monomials, in the order found
		vecs      = map[string][]*big.Rat{}
	)
	one := make([]int, n)
	start := to.NewMonomial(one...)
	vecs[key(start)] = q.unit(0) // 1 is the first standard monomial of any order
	todo := []poly.Monomial{start}
	seen := map[string]bool{key(start): true}
	for len(todo) > 0 {
		if err := l.check(); err != nil {
			return nil, err
		}
		// Take the smallest candidate in the target order.
		k := 0
		for i := range todo {
			if to.Cmp(todo[i], todo[k]) < 0 {
				k = i
			}
		}
		m := todo[k]
		todo = slices.Delete(todo, k, k+1)
		if divisibleByAny(lms, m) {
			continue
		}
		v, ok := vecs[key(m)]
		if !ok {
			// m = x_w * m' for some m' already in the staircase.
			for w := 0; w < n && !ok; w++ {
				if m.Exp(w) == 0 {
					continue
				}
				prev := m.Clone()
				prev[w+1]--
				prev[0]--
				if pv, have := vecs[key(prev)]; have {
					v = q.mulVar(perm[w], pv)
					ok = true
				}
			}
			if !ok {
				return nil, fmt.Errorf("groebner: FGLM internal error: no predecessor for %s", to.MonomialString(m))
			}
			vecs[key(m)] = v
		}
		if comb, dependent := ech.add(v, len(staircase)); dependent {
			// m - sum comb[j]*staircase[j] is in the ideal.
			cs := []*big.Rat{big.NewRat(1, 1)}
			ms := []poly.Monomial{m}
			for j, c := range comb {
				if c.Sign() != 0 {
					cs = append(cs, new(big.Rat).Neg(c))
					ms = append(ms, staircase[j])
				}
			}
			basis = append(basis, to.FromTerms(cs, ms))
			lms = append(lms, m)
			continue
		}
		staircase = append(staircase, m)
		for w := 0; w < n; w++ {
			next := m.Clone()
			next[w+1]++
			next[0]++
			if kk := key(next); !seen[kk] {
				seen[kk] = true
				todo = append(todo, next)
			}
		}
	}
	sortBasis(to, basis)
	return basis, nil
}

// maxFGLMDegree bounds the number of solutions FGLM accepts, since its
// dense linear algebra is cubic in it.
const maxFGLMDegree = 5000

func key(m poly.Monomial) string {
	b := make([]byte, 2*len(m))
	for i, e := range m {
		b[2*i], b[2*i+1] = byte(e), byte(e>>8)
	}
	return string(b)
}

func divisibleByAny(lms []poly.Monomial, m poly.Monomial) bool {
	for _, l := range lms {
		if l.Divides(m) {
			return true
		}
	}
	return false
}

// quotient is the quotient ring Q[x]/I as a vector space with basis B (the
// standard monomials of G) and the multiplication-by-x_v maps, built lazily.
type quotient struct {
	ring  *poly.Ring
	G     []*poly.Poly
	B     []poly.Monomial
	index map[string]int
	mul   [][][]*big.Rat // mul[v][j] = coordinates of x_v * B[j]
	lim   *limits
}

func newQuotient(r *poly.Ring, G []*poly.Poly, B []poly.Monomial, l *limits) (*quotient, error) {
	q := &quotient{ring: r, G: G, B: B, index: map[string]int{}, mul: make([][][]*big.Rat, r.NumVars()), lim: l}
	for j, b := range B {
		q.index[key(b)] = j
	}
	return q, nil
}

func (q *quotient) unit(j int) []*big.Rat {
	v := zeroVec(len(q.B))
	v[j].SetInt64(1)
	return v
}

func zeroVec(n int) []*big.Rat {
	v := make([]*big.Rat, n)
	for i := range v {
		v[i] = new(big.Rat)
	}
	return v
}

// coords returns the coordinates of the normal form of p in the basis B.
func (q *quotient) coords(p *poly.Poly) []*big.Rat {
	v := zeroVec(len(q.B))
	nf := NormalForm(p, q.G)
	for i := 0; i < nf.Len(); i++ {
		v[q.index[key(nf.Monomial(i))]].Set(nf.Coef(i))
	}
	return v
}

// column returns the coordinates of x_v * B[j].
func (q *quotient) column(v, j int) []*big.Rat {
	if q.mul[v] == nil {
		q.mul[v] = make([][]*big.Rat, len(q.B))
	}
	if c := q.mul[v][j]; c != nil {
		return c
	}
	m := q.B[j].Clone()
	m[v+1]++
	m[0]++
	var c []*big.Rat
	if k, ok := q.index[key(m)]; ok {
		c = q.unit(k)
	} else {
		c = q.coords(q.ring.FromTerms([]*big.Rat{big.NewRat(1, 1)}, []poly.Monomial{m}))
	}
	q.mul[v][j] = c
	return c
}

// mulVar returns the coordinates of x_v times the element with coordinates u.
func (q *quotient) mulVar(v int, u []*big.Rat) []*big.Rat {
	out := zeroVec(len(q.B))
	t := new(big.Rat)
	for j, c := range u {
		if c.Sign() == 0 {
			continue
		}
		for i, x := range q.column(v, j) {
			if x.Sign() != 0 {
				out[i].Add(out[i], t.Mul(c, x))
			}
		}
	}
	return out
}

// echelon keeps the vectors of the new staircase in row echelon form, each
// row remembering which combination of staircase vectors it is, so that a
// dependent vector yields its coefficients in the staircase directly.
type echelon struct {
	dim   int
	rows  [][]*big.Rat // reduced vectors
	combs [][]*big.Rat // rows[k] = sum combs[k][j] * staircase vector j
	pivot []int
}

func newEchelon(dim int) *echelon { return &echelon{dim: dim} }

// add reduces v against the rows. If v is dependent, it returns the
// coefficients c with v = sum c[j]*staircase vector j; otherwise it adds v as
// the vector of staircase entry idx.
func (e *echelon) add(v []*big.Rat, idx int) ([]*big.Rat, bool) {
	w := make([]*big.Rat, len(v))
	for i := range v {
		w[i] = new(big.Rat).Set(v[i])
	}
	comb := zeroVec(idx + 1)
	t := new(big.Rat)
	for k, row := range e.rows {
		p := e.pivot[k]
		if w[p].Sign() == 0 {
			continue
		}
		f := new(big.Rat).Quo(w[p], row[p])
		for i := p; i < len(w); i++ {
			if row[i].Sign() != 0 {
				w[i].Sub(w[i], t.Mul(f, row[i]))
			}
		}
		for j, c := range e.combs[k] {
			if c.Sign() != 0 {
				comb[j].Sub(comb[j], t.Mul(f, c))
			}
		}
	}
	p := -1
	for i, x := range w {
		if x.Sign() != 0 {
			p = i
			break
		}
	}
	if p < 0 {
		// 0 = v + sum comb[j]*s_j, so v = -sum comb[j]*s_j.
		for _, c := range comb {
			c.Neg(c)
		}
		return comb[:idx], true
	}
	comb[idx].SetInt64(1)
	e.rows = append(e.rows, w)
	e.combs = append(e.combs, comb)
	e.pivot = append(e.pivot, p)
	return nil, false
}
