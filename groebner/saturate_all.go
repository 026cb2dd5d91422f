package groebner

import (
	"context"

	"github.com/families-project/families/internal/parallel"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/factor"
)

// Saturation by many conditions. A grid system is saturated by one
// condition per number and divisor, and on the cases of a 4x4 grid's
// decomposition nearly all of them change nothing: each costs a
// nonzero-divisor proof (saturate_poly.go) of up to two seconds, one after
// another. Proofs against the same basis are independent, so they run side
// by side, and a proof stays valid through later saturations: if h is a
// nonzero divisor modulo I, then h g in I : f^∞ gives f^m h g in I, so
// f^m g in I and g in I : f^∞; h is a nonzero divisor modulo I : f^∞ too.

// SaturateAll returns the reduced basis of <F> : (f_1 f_2 ... f_k)^∞, the
// saturation by each polynomial of fs, in the ring and order of F, as the
// reduced basis of F saturated by each f_i in turn with Saturate would be
// (a reduced basis is unique). It saturates by the monomials of fs first,
// then proves on all cores which other f_i change nothing
// (IsNonZeroDivisor), and saturates by the rest one at a time. A unit or
// zero ideal ends it at once. Cost: one basis of F, the proofs, and one
// Saturate per condition left unproved. Errors: a *LimitError, bad input.
func SaturateAll(ctx context.Context, F, fs []*poly.Poly, lim Limits) ([]*poly.Poly, error) {
	l, cancel := newLimits(ctx, lim)
	defer cancel()
	ctx, lim = l.ctx, innerLimits(&l)
	G, err := Basis(ctx, F, lim)
	if err != nil {
		return nil, err
	}
	settled := func() bool { return len(G) == 0 || G[0].IsZero() || isUnit(G) }
	var rest []*poly.Poly
	for _, f := range fs {
		if f.Len() != 1 {
			rest = append(rest, f)
			continue
		}
		if settled() {
			return G, nil
		}
		if G, err = Saturate(ctx, G, f, lim); err != nil {
			return nil, err
		}
	}
	if settled() {
		return G, nil
	}
	// Each round proves what it can against the current basis, then
	// saturates by the first condition left, which may make the others
	// provable (on the 4x4 case that needed it, none of 10 conditions was
	// provable against the first basis; two saturations changed the
	// ideal, and the 8 other conditions were then proved in one round).
	for len(rest) > 0 && !settled() {
		var tried bool
		if rest, tried, err = unproved(ctx, &l, G, rest, lim); err != nil {
			return nil, err
		}
		if len(rest) == 0 {
			break
		}
		// When tried, rest[0]'s proof just failed against G: it is not
		// made again.
		if G, err = saturate(ctx, G, rest[0], lim, tried); err != nil {
			return nil, err
		}
		rest = rest[1:]
	}
	return G, nil
}

// unproved returns the conditions of fs that IsNonZeroDivisor does not
// prove nonzero divisors modulo G, in their order, the proofs on all cores;
// tried reports that the proofs were made. A principal ideal or a ring
// that is not grevlex gives fs as it is, untried: Saturate takes gcds for
// the one, and the proofs do not apply to the other.
func unproved(ctx context.Context, l *limits, G, fs []*poly.Poly, lim Limits) (rest []*poly.Poly, tried bool, err error) {
	if len(nonzero(G)) <= 1 || !G[0].Ring().Order().Equal(poly.Grevlex) {
		return fs, false, nil
	}
	proved := make([]bool, len(fs))
	err = parallel.Each(ctx, len(fs), func(i int) error {
		var err error
		proved[i], err = IsNonZeroDivisor(ctx, G, fs[i], lim)
		return err
	})
	if err != nil {
		if e := l.check(); e != nil {
			return nil, false, e
		}
		return nil, false, err
	}
	for i, f := range fs {
		if !proved[i] {
			rest = append(rest, f)
		}
	}
	return rest, true, nil
}

// IsNonZeroDivisor reports whether it proves that f is a nonzero divisor
// modulo the ideal of G, a reduced grevlex basis in a grevlex ring (as
// Basis returns there): then <G> : f^∞ = <G>, and Saturate by f returns
// G. False means not proved; f may still be one. Like Saturate, it tests
// each distinct factor of f, each by its normal form modulo G when that
// has a lower degree. A nonzero constant is one; f in <G> is not (unless
// G is the unit ideal, where every f is). A principal ideal <h> is decided
// exactly, by gcd(h, f). Cost: one gcd for a principal ideal; otherwise
// per factor, a normal form and one Hilbert-driven basis mod p of the
// homogenized G and the factor (saturate_poly.go), never a basis over Q.
// Safe for concurrent use with the same G. Errors: a *LimitError, bad
// input.
func IsNonZeroDivisor(ctx context.Context, G []*poly.Poly, f *poly.Poly, lim Limits) (bool, error) {
	if len(G) == 0 || f.IsZero() {
		return false, nil
	}
	rg := G[0].Ring()
	if !rg.Order().Equal(poly.Grevlex) {
		return false, nil
	}
	fg, err := f.ToRing(rg)
	if err != nil {
		return false, err
	}
	if isUnit(G) || fg.IsConst() {
		return true, nil
	}
	l, cancel := newLimits(ctx, lim)
	defer cancel()
	if g := nonzero(G); len(g) == 1 {
		// In a unique factorization domain f is a zero divisor modulo
		// <h> exactly when some prime factor of h divides f: one gcd,
		// where the homogenized proof of a principal ideal took 1.7 s
		// (a 4x4 grid's case, f of degree 11).
		d, err := factor.GCDContext(l.ctx, g[0], fg)
		if err != nil {
			if e := l.check(); e != nil {
				return false, e
			}
			return false, err
		}
		return d.IsConst(), nil
	}
	for _, q := range distinctFactors(l.ctx, fg) {
		nf := NormalForm(q, G)
		switch {
		case nf.IsZero():
			return false, nil
		case nf.IsConst():
			continue
		case nf.TotalDegree() < q.TotalDegree():
			q = nf
		}
		ok, err := nonZeroDivisorPoly(rg, G, q, &l)
		if err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}
