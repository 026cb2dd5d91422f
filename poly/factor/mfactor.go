package factor

import (
	"context"
	"errors"
	"math/big"
	"slices"
)

// mfac is an irreducible factor with its multiplicity.
type mfac struct {
	f mpoly
	k int
}

// mfactorFull factors the nonzero f over Z: f = c * prod f_i^k_i with each
// f_i irreducible, primitive, with positive lex leading coefficient.
func mfactorFull(ctx context.Context, f mpoly) (*big.Int, []mfac, error) {
	c, f := mprimitive(f)
	var out []mfac
	mc := mmonoContent(f)
	if mc != (mono{}) {
		f, _ = mdivExact(f, mpoly{{e: mc, c: big.NewInt(1)}})
		for v, e := range mc {
			if e > 0 {
				out = append(out, mfac{mvar(v), int(e)})
			}
		}
	}
	if err := factorPrim(ctx, f, 1, false, &out); err != nil {
		return nil, nil, err
	}
	return c, mergeFactors(out), nil
}

// mergeFactors adds the multiplicities of equal factors (the same
// irreducible can come from different branches, e.g. content and primitive
// part of different square-free parts) and sorts for determinism.
func mergeFactors(fs []mfac) []mfac {
	var out []mfac
next:
	for _, g := range fs {
		for i := range out {
			if mequal(out[i].f, g.f) {
				out[i].k += g.k
				continue next
			}
		}
		out = append(out, g)
	}
	slices.SortStableFunc(out, func(a, b mfac) int {
		if d := mtdeg(a.f) - mtdeg(b.f); d != 0 {
			return d
		}
		if d := len(a.f) - len(b.f); d != 0 {
			return d
		}
		for i := range a.f {
			if c := b.f[i].e.cmp(&a.f[i].e); c != 0 {
				return c
			}
			if c := a.f[i].c.Cmp(b.f[i].c); c != 0 {
				return c
			}
		}
		return 0
	})
	return out
}

// factorPrim appends the irreducible factors of f, which is primitive over
// Z with positive leading coefficient and no monomial content, each with
// multiplicity mult times its own. sqf says f is already known square-free.
// The steps go from cheap to expensive: the degree-one irreducibility
// test (with the content in that variable), content in the main variable,
// square-free decomposition, and only then Wang's algorithm.
func factorPrim(ctx context.Context, f mpoly, mult int, sqf bool, out *[]mfac) error {
	if err := polled(ctx); err != nil {
		return err
	}
	if f.isConst() {
		return nil
	}
	vars := mvars(f)
	if len(vars) == 1 {
		v := vars[0]
		u := mtoU(f, v)
		parts := []upoly{u}
		if !sqf {
			parts = usqf(u)
		}
		for i, a := range parts {
			if a.deg() < 1 {
				continue
			}
			fs, err := ufactorSqf(ctx, a)
			if err != nil {
				return err
			}
			for _, g := range fs {
				*out = append(*out, mfac{mfromU(g, v), mult * (i + 1)})
			}
		}
		return nil
	}
	// Degree one in a variable: primitive in it means irreducible (any
	// factorization would need a factor free of that variable, i.e.
	// content); otherwise the content splits off.
	for _, v := range vars {
		if mdeg(f, v) == 1 {
			cont, pp := mcontentPrim(ctx, f, v)
			if cont.isConst() {
				*out = append(*out, mfac{f, mult})
				return nil
			}
			if err := factorPrim(ctx, cont, mult, sqf, out); err != nil {
				return err
			}
			return factorPrim(ctx, pp, mult, sqf, out)
		}
	}
	// Wang's algorithm needs f primitive in its main variable. Contents in
	// the other variables need not be removed: their factors are found
	// like any other.
	v := chooseMain(f, vars)
	if cont, pp := mcontentPrim(ctx, f, v); !cont.isConst() {
		if err := factorPrim(ctx, cont, mult, sqf, out); err != nil {
			return err
		}
		return factorPrim(ctx, pp, mult, sqf, out)
	}
	if !sqf && !imageSquareFree(f, v, vars) {
		parts := msqf(ctx, f, v)
		if len(parts) > 1 {
			for i, a := range parts {
				if a.isConst() {
					continue
				}
				if err := factorPrim(ctx, a, mult*(i+1), true, out); err != nil {
					return err
				}
			}
			return nil
		}
	}
	fs, err := wangFactor(ctx, f, v)
	for tried := 1; errors.Is(err, ErrTooLarge) && tried < maxMainTries; tried++ {
		// Another main variable shifts other values into the lifting:
		// a 4x4 grid's hypersurface of 74 terms passed the size bound in
		// its first choice and factors in its second.
		w := chooseMainAfter(f, vars, tried)
		if w < 0 {
			break
		}
		if cont, _ := mcontentPrim(ctx, f, w); !cont.isConst() {
			continue
		}
		fs, err = wangFactor(ctx, f, w)
	}
	if err != nil {
		return err
	}
	for _, g := range fs {
		*out = append(*out, mfac{g, mult})
	}
	return nil
}

// imageSquareFree tries a few small points for the variables other than v
// and reports whether one of them keeps the degree in v and gives a
// square-free image. That proves f square-free when f is primitive in v:
// a repeated factor involves v, keeps its degree at such a point and
// repeats in the image. A false answer proves nothing.
func imageSquareFree(f mpoly, v int, vars []int) bool {
	var others []int
	for _, w := range vars {
		if w != v {
			others = append(others, w)
		}
	}
	lcf := mlc(f, v)
	for try := 0; try < 3; try++ {
		A := make([]*big.Int, len(others))
		for i := range A {
			A[i] = big.NewInt(int64((i*7+try*5)%7 - 3))
		}
		pt := newPoint(others, A)
		if pt.evalInt(lcf).Sign() == 0 {
			continue
		}
		_, u := uprimitive(pt.evalU(f, v))
		if ugcd(u, uderiv(u)).deg() == 0 {
			return true
		}
	}
	return false
}

// maxMainTries bounds the main variables that Wang's algorithm tries
// when the lifting passes its size bound.
const maxMainTries = 3

// chooseMainAfter returns the main variable that chooseMain would rank
// k-th (0 is chooseMain's), or -1 when there are not that many.
func chooseMainAfter(f mpoly, vars []int, k int) int {
	left := slices.Clone(vars)
	for ; k > 0; k-- {
		v := chooseMain(f, left)
		if v < 0 {
			return -1
		}
		left = slices.DeleteFunc(left, func(w int) bool { return w == v })
	}
	return chooseMain(f, left)
}

// chooseMain picks Wang's main variable: a constant leading coefficient
// removes the leading-coefficient problem altogether, a low degree keeps
// the univariate factorization and the number of image factors small, and
// a short leading coefficient is cheap to factor.
func chooseMain(f mpoly, vars []int) int {
	best, bestKey := -1, [3]int{}
	for _, v := range vars {
		d := mdeg(f, v)
		if d < 2 {
			continue
		}
		lc := mlc(f, v)
		k := [3]int{1, d, len(lc)}
		if lc.isConst() {
			k[0] = 0
		}
		if best < 0 || k[0] < bestKey[0] || k[0] == bestKey[0] && (k[1] < bestKey[1] || k[1] == bestKey[1] && k[2] < bestKey[2]) {
			best, bestKey = v, k
		}
	}
	return best
}
