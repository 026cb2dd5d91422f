// Package factor factors polynomials over the rationals exactly and computes
// their gcds, coprime parts, rational roots and resultants.
//
// Univariate polynomials are factored by Zassenhaus' algorithm: square-free
// decomposition (Yun), factorization modulo a small prime (Cantor and
// Zassenhaus), quadratic multifactor Hensel lifting beyond the Mignotte
// bound and an exhaustive recombination search, with rational roots split
// off first when that is cheap (von zur Gathen & Gerhard, Modern Computer
// Algebra, ch. 14-15). Multivariate polynomials go through monomial and
// integer content, a degree-one irreducibility test (with the content in
// that variable), content in a main variable and square-free decomposition,
// then Wang's EEZ algorithm (Wang 1978, "An improved multivariate polynomial
// factoring algorithm", Math. Comp. 32): evaluation at small integer
// points, univariate factorization of the image, distribution of the
// factors of the leading coefficient, and multivariate Hensel lifting
// (Geddes, Czapor & Labahn, Algorithms for Computer Algebra, ch. 6). When
// Wang's condition on the point cannot be met the leading coefficient is
// imposed on every factor instead, and points are redrawn from growing
// boxes until the lifting succeeds. Gcds use Brown's modular algorithm
// (ibid., ch. 7) with Zippel's sparse images behind cheap coprimality
// proofs.
//
// Every result is exact: Factor multiplies its factors back and compares
// with the input, and a factor is only reported after a proof of
// irreducibility (an irreducible image of the same degree, an exhausted
// recombination search, or degree one in a variable of a primitive
// polynomial). The package keeps no state besides caches of primes and is
// safe for concurrent use.
package factor

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/families-project/families/poly"
)

// MaxDegree is the total degree above which Factor and RationalRoots
// refuse an input with a *DegreeError.
const MaxDegree = 400

// ErrZero is returned when the zero polynomial is factored: it has no
// factorization into irreducibles.
var ErrZero = errors.New("factor: the zero polynomial has no factorization")

// ErrNoConvergence is returned when Wang's evaluation-point search gives up
// (after many rounds of points that all produced extraneous image factors);
// it is not expected on ordinary inputs.
var ErrNoConvergence = errors.New("factor: no suitable evaluation point found")

// ErrTooLarge is returned when Wang's lifting would work on polynomials
// far larger than the input: at every evaluation point tried, shifting the
// input to it made a polynomial of over maxShiftTerms terms. The input may
// well be reducible; the caller can keep it whole or try another way.
var ErrTooLarge = errors.New("factor: the lifting would exceed its size bound")

// ErrNotUnivariate is returned by RationalRoots for a polynomial in more
// than one variable.
var ErrNotUnivariate = errors.New("factor: polynomial is not univariate")

// A DegreeError reports an input beyond what Factor accepts: a total degree
// above the limit, an exponent above 255 in a multivariate polynomial, or
// more than 32 variables in one polynomial; or, within those limits, a
// product formed on the way (Wang's lifting with an imposed leading
// coefficient) whose exponent would pass 255.
type DegreeError struct {
	Degree int    // the offending degree or count
	Limit  int    // the limit it exceeds
	What   string // "total degree", "exponent", "variables" or "intermediate exponent"
}

// Error describes the limit exceeded.
func (e *DegreeError) Error() string {
	return fmt.Sprintf("factor: %s %d exceeds the limit %d", e.What, e.Degree, e.Limit)
}

type internalError string

func (e internalError) Error() string { return "factor: internal error: " + string(e) }

func errInternal(s string) error { return internalError(s) }

// A Power is a factor of a factorization with its multiplicity (at
// least 1).
type Power struct {
	Poly *poly.Poly
	Mult int
}

// A Factorization writes a polynomial p as Const * prod Factors[i].Poly^Mult.
// Each factor has coprime integer coefficients and a positive leading
// coefficient in its ring's order, and the factors are distinct; a constant
// polynomial has no factors. Factors are sorted by total degree, then
// number of terms, then printed form.
type Factorization struct {
	Const   *big.Rat
	Factors []Power
}

// String writes the factorization as Singular-style products, e.g.
// "-4 * (x - y) * (x + 2)^2". Cost: printing each factor once.
func (f Factorization) String() string {
	s := f.Const.RatString()
	for _, g := range f.Factors {
		s += " * (" + g.Poly.String() + ")"
		if g.Mult > 1 {
			s += fmt.Sprintf("^%d", g.Mult)
		}
	}
	return s
}

// Factor factors p into irreducible polynomials over Q. The result's
// product equals p exactly: it is checked on the integral form before the
// factors are mapped back to p's ring. The zero
// polynomial gives ErrZero; a constant gives just Const. ctx bounds the
// work: when it is done the error is ctx.Err().
//
// Cost: univariate inputs are polynomial in the degree and coefficient
// size except for the recombination search, which is exponential in the
// number of modular factors in the worst case (the Swinnerton-Dyer
// polynomial of degree 32, 16 modular factors, takes some 30 ms).
// Multivariate inputs cost a few gcds, one univariate factorization per
// evaluation point kept and one Hensel lifting, whose cost grows with the
// number of terms of the factors after the shift to the evaluation point;
// typical inputs of up to a dozen variables and total degree ten take
// well under 10 ms.
func Factor(ctx context.Context, p *poly.Poly) (fz Factorization, err error) {
	defer recoverStop(&err) // a gcd abandoned when ctx is done
	if p.IsZero() {
		return Factorization{}, ErrZero
	}
	in, err := fromPoly(p, MaxDegree)
	if err != nil {
		return Factorization{}, err
	}
	var res Factorization
	if in.uni {
		c, fs, err := ufactorFull(ctx, in.u)
		if err != nil {
			return Factorization{}, err
		}
		prod := upoly{c}
		for _, g := range fs {
			for k := 0; k < g.k; k++ {
				prod = umul(prod, g.u)
			}
		}
		if !uequal(prod, in.u) {
			return Factorization{}, errInternal("factor product differs from the input: " + p.String())
		}
		res = in.result(p.Ring(), c, len(fs), func(i int) (*poly.Poly, int) { return in.uniToPoly(p.Ring(), fs[i].u), fs[i].k })
	} else {
		c, fs, err := mfactorFull(ctx, in.m)
		if err != nil {
			return Factorization{}, err
		}
		prod := mconst(c)
		for _, g := range fs {
			prod = mmul(prod, mpow(g.f, g.k))
		}
		if !mequal(prod, in.m) {
			return Factorization{}, errInternal("factor product differs from the input: " + p.String())
		}
		res = in.result(p.Ring(), c, len(fs), func(i int) (*poly.Poly, int) { return in.toPoly(p.Ring(), fs[i].f), fs[i].k })
	}
	return res, nil
}

// ufac is a univariate factor with multiplicity; univariate polynomials
// stay dense so that any degree up to the limit is handled.
type ufac struct {
	u upoly
	k int
}

// ufactorFull factors a nonzero univariate polynomial over Z given densely:
// square-free decomposition, then Zassenhaus on each part.
func ufactorFull(ctx context.Context, u upoly) (*big.Int, []ufac, error) {
	c, u := uprimitive(u)
	var out []ufac
	k := 0
	for k < len(u) && u[k].Sign() == 0 {
		k++
	}
	if k > 0 {
		out = append(out, ufac{upoly{new(big.Int), big.NewInt(1)}, k})
		u = u[k:]
	}
	if u.deg() >= 1 {
		for i, a := range usqf(u) {
			if a.deg() < 1 {
				continue
			}
			fs, err := ufactorSqf(ctx, a)
			if err != nil {
				return nil, nil, err
			}
			for _, g := range fs {
				out = append(out, ufac{g, i + 1})
			}
		}
	}
	return c, out, nil
}

// input is an integral version of a poly.Poly: its variables are renumbered
// densely (internal variable i is ring variable vars[i]) and the
// coefficients are multiplied by den.
type input struct {
	vars []int
	den  *big.Int // p = m / den
	uni  bool
	u    upoly // when uni
	m    mpoly // otherwise
}

func fromPoly(p *poly.Poly, maxDeg int) (*input, error) {
	if d := p.TotalDegree(); d > maxDeg {
		return nil, &DegreeError{Degree: d, Limit: maxDeg, What: "total degree"}
	}
	vars := p.Vars()
	_, den := scaledCoefs(p)
	in := &input{vars: vars, den: den}
	if len(vars) <= 1 {
		in.uni = true
		in.u = uniInput(p, vars)
		return in, nil
	}
	m, err := multiInput(p, vars)
	if err != nil {
		return nil, err
	}
	in.m = m
	return in, nil
}

// toPoly maps an internal polynomial back to ring r.
func (in *input) toPoly(r *poly.Ring, f mpoly) *poly.Poly {
	cs := make([]*big.Rat, len(f))
	ms := make([]poly.Monomial, len(f))
	exps := make([]int, r.NumVars())
	for i, t := range f {
		clear(exps)
		for j, v := range in.vars {
			exps[v] = int(t.e[j])
		}
		cs[i] = new(big.Rat).SetInt(t.c)
		ms[i] = r.NewMonomial(exps...)
	}
	return r.FromTerms(cs, ms)
}

// result converts n internal factors (given by at) to a Factorization,
// normalizing each to a positive leading coefficient in the ring's order
// (internally the order is lex, so signs can differ) and moving signs
// into Const.
func (in *input) result(r *poly.Ring, c *big.Int, n int, at func(int) (*poly.Poly, int)) Factorization {
	k := new(big.Rat).SetFrac(c, in.den)
	var out []Power
	for i := 0; i < n; i++ {
		q, m := at(i)
		if q.LeadCoef().Sign() < 0 {
			q = new(poly.Poly).Neg(q)
			if m%2 == 1 {
				k.Neg(k)
			}
		}
		out = append(out, Power{q, m})
	}
	sortFactors(out)
	return Factorization{Const: k, Factors: out}
}

// uniToPoly maps a dense univariate polynomial to ring r.
func (in *input) uniToPoly(r *poly.Ring, u upoly) *poly.Poly {
	exps := make([]int, r.NumVars())
	var cs []*big.Rat
	var ms []poly.Monomial
	for i, c := range u {
		if c.Sign() == 0 {
			continue
		}
		if len(in.vars) > 0 {
			exps[in.vars[0]] = i
		}
		cs = append(cs, new(big.Rat).SetInt(c))
		ms = append(ms, r.NewMonomial(exps...))
	}
	return r.FromTerms(cs, ms)
}

func sortFactors(fs []Power) {
	slices.SortStableFunc(fs, func(a, b Power) int {
		if d := a.Poly.TotalDegree() - b.Poly.TotalDegree(); d != 0 {
			return d
		}
		if d := a.Poly.Len() - b.Poly.Len(); d != 0 {
			return d
		}
		sa, sb := a.Poly.String(), b.Poly.String()
		switch {
		case sa < sb:
			return -1
		case sa > sb:
			return 1
		}
		return 0
	})
}
