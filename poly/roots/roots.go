// Package roots isolates the complex roots of a univariate polynomial with
// rational coefficients and proves them: Aberth's simultaneous iteration
// (O. Aberth, "Iteration methods for finding all zeros of a polynomial
// simultaneously", Math. Comp. 27, 1973) from the eigenvalues of the
// companion matrix, at a precision of about four bits per digit asked for,
// then an exact inclusion test: the disc of radius n|p(w)/p'(w)| about each
// approximation w holds a root (P. Henrici, "Applied and Computational
// Complex Analysis", vol. 1, 1974), and disjoint discs hold one root each.
// A real root is confirmed by an exact sign change of p. The solver uses it to write the values of algebraic solutions
// to the digits asked for, proved.
package roots

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/cmplx"
	"slices"

	"github.com/ALTree/bigfloat"
	"gonum.org/v1/gonum/mat"
)

// A root is a proved approximation of a root of a square-free polynomial:
// the disc of radius Radius around (Re, Im) holds exactly this root and no
// other, and the root is real exactly when Real is set (then Im is 0).
type Root struct {
	Re, Im *big.Float
	Real   bool
	Radius *big.Rat
}

// Isolate returns all roots of the square-free polynomial with ascending
// rational coefficients c (degree >= 1), each within 10^-(digits+2)
// relative (absolute for roots of modulus below 1 when 0 is a root, as a
// relative bound cannot hold at 0): real roots ascending, then the others by real and imaginary
// part. Cost: an eigenvalue problem of the degree D in float64, then
// Aberth's iteration at about 4 bits per digit (D^2 complex operations per
// sweep, a few sweeps), and O(D^2) exact comparisons of the discs. It
// stops with ctx, returning ctx's error.
func Isolate(ctx context.Context, c []*big.Rat, digits int) ([]Root, error) {
	D := len(c) - 1
	prec := uint(max(256, 4*digits+64))
	init := startingPoints(c)
	for attempt := 0; attempt < 4; attempt++ {
		ws := aberth(ctx, c, init, prec)
		if rs, ok := verifyRoots(ctx, c, ws, digits); ok {
			slices.SortFunc(rs, compareRoots)
			return rs, nil
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		prec *= 2
	}
	return nil, fmt.Errorf("roots: could not isolate the %d roots of a polynomial to %d digits", D, digits)
}

func compareRoots(a, b Root) int {
	if a.Real != b.Real {
		if a.Real {
			return -1
		}
		return 1
	}
	if c := a.Re.Cmp(b.Re); c != 0 {
		return c
	}
	return a.Im.Cmp(b.Im)
}

// startingPoints returns the eigenvalues of the companion matrix (gonum).
// When float64 cannot hold the coefficients (a degree-16 polynomial with
// roots near 1e25 has a constant term near 1e414), the roots are scaled
// by 2^e, e from a root bound (rootExponent), so that the scaled
// polynomial's coefficients fit; failing that, the points lie on a circle
// of the bound's radius.
func startingPoints(c []*big.Rat) []complex128 {
	if vs, ok := companionRoots(c, 0); ok {
		return vs
	}
	e, ok := rootExponent(c)
	if ok {
		if vs, ok := companionRoots(c, e); ok {
			return vs
		}
	}
	D := len(c) - 1
	r := math.Ldexp(1, min(e, 1000))
	out := make([]complex128, D)
	for k := range out {
		out[k] = cmplx.Rect(r, 2*math.Pi*(float64(k)+0.25)/float64(D))
	}
	return out
}

// companionRoots returns the roots of c as the eigenvalues of the
// companion matrix of c(2^e y) in float64, multiplied back by 2^e; false
// when a coefficient or a root does not fit in float64 (a nonzero
// coefficient that rounds to 0 counts as not fitting).
func companionRoots(c []*big.Rat, e int) ([]complex128, bool) {
	D := len(c) - 1
	comp := mat.NewDense(D, D, nil)
	for i := range D {
		if i > 0 {
			comp.Set(i, i-1, 1)
		}
		// The scaled monic coefficient c_i / c_D * 2^(e (i - D)), the shift
		// exact in big.Float, so that it fits where c_i / c_D does not.
		q := new(big.Float).SetRat(new(big.Rat).Quo(c[i], c[D]))
		q.SetMantExp(q, e*(i-D))
		f, _ := q.Float64()
		if math.IsInf(f, 0) || f == 0 && q.Sign() != 0 {
			return nil, false // overflow, or underflow that loses a term
		}
		comp.Set(i, D-1, -f)
	}
	var eig mat.Eigen
	if !eig.Factorize(comp, mat.EigenNone) {
		return nil, false
	}
	vs := eig.Values(nil)
	for k, v := range vs {
		v *= complex(math.Ldexp(1, e), 0)
		if cmplx.IsNaN(v) || cmplx.IsInf(v) {
			return nil, false
		}
		vs[k] = v
	}
	return spread(vs), true
}

// rootExponent returns the binary exponent of Fujiwara's bound on the
// roots of c, 2 max |c_{D-k} / c_D|^(1/k), and false for a monomial. The
// k-th roots are taken in big.Float by github.com/ALTree/bigfloat (Pow),
// since the ratios may lie far outside float64's range while the bound
// does not. Cost: D Pow calls at 64 bits.
func rootExponent(c []*big.Rat) (int, bool) {
	D := len(c) - 1
	var best *big.Float
	for k := 1; k <= D; k++ {
		if c[D-k].Sign() == 0 {
			continue
		}
		q := new(big.Float).SetPrec(64).SetRat(new(big.Rat).Quo(c[D-k], c[D]))
		r := bigfloat.Pow(q.Abs(q), new(big.Float).SetPrec(64).Quo(big.NewFloat(1), big.NewFloat(float64(k))))
		if best == nil || r.Cmp(best) > 0 {
			best = r
		}
	}
	if best == nil {
		return 0, false
	}
	return best.MantExp(nil) + 1, true
}

// spread separates coinciding starting points, which Aberth's iteration
// cannot pull apart.
func spread(vs []complex128) []complex128 {
	for i := range vs {
		for j := range i {
			if vs[i] == vs[j] {
				vs[i] += complex(1e-8*(1+cmplx.Abs(vs[i])), 1e-8*float64(i))
			}
		}
	}
	return vs
}

// aberth refines all roots at once by the Aberth–Ehrlich iteration, which
// converges cubically to simple roots and keeps the approximations apart.
func aberth(ctx context.Context, c []*big.Rat, init []complex128, prec uint) []Complex {
	cf := make([]*big.Float, len(c))
	for i := range c {
		cf[i] = new(big.Float).SetPrec(prec).SetRat(c[i])
	}
	ws := make([]Complex, len(init))
	for k, v := range init {
		ws[k] = complexFrom(prec, real(v), imag(v))
	}
	one := complexFrom(prec, 1, 0)
	eps := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), -int(prec)+24)
	eps2 := new(big.Float).SetPrec(prec).Mul(eps, eps)
	for iter := 0; iter < 400 && ctx.Err() == nil; iter++ {
		done := true
		for k := range ws {
			p, dp := evalFloat(cf, ws[k])
			if p.isZero() {
				continue
			}
			if dp.isZero() {
				ws[k] = cadd(ws[k], complexFrom(prec, 1e-10, 1e-10))
				done = false
				continue
			}
			N := cquo(p, dp)
			S := NewComplex(prec)
			for j := range ws {
				if j != k {
					diff := csub(ws[k], ws[j])
					if !diff.isZero() {
						S = cadd(S, cquo(one, diff))
					}
				}
			}
			den := csub(one, Mul(N, S))
			step := N
			if !den.isZero() {
				step = cquo(N, den)
			}
			ws[k] = csub(ws[k], step)
			scale := cabs2(ws[k])
			if scale.Cmp(big.NewFloat(1)) < 0 {
				scale.SetInt64(1)
			}
			if cabs2(step).Cmp(scale.Mul(scale, eps2)) > 0 {
				done = false
			}
		}
		if done {
			break
		}
	}
	return ws
}

// verifyRoots proves the approximations ws of the roots of c exactly.
// Around w the disc of radius D|p(w)/p'(w)| holds a root (p'/p is the sum
// of 1/(w - z) over the D roots z); with p and p' evaluated in exact
// Gaussian rationals and the discs pairwise disjoint, each disc holds
// exactly one root. A disc centered on the real axis is real by an exact
// sign change of p across it; a disc that misses the axis is not real.
func verifyRoots(ctx context.Context, c []*big.Rat, ws []Complex, digits int) ([]Root, bool) {
	D := len(c) - 1
	z := intCoefs(c)
	dz := make([]*big.Int, D)
	for t := 1; t <= D; t++ {
		dz[t-1] = new(big.Int).Mul(z[t], big.NewInt(int64(t)))
	}
	tol := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits+2)), nil))
	tol2 := new(big.Rat).Mul(tol, tol)
	// Without a root at 0 the bound is relative, so that a tiny root (a
	// grid number near 1e-30) still gets its digits; with one, relative
	// accuracy at 0 is impossible and small roots get an absolute bound.
	zeroRoot := c[0].Sign() == 0
	rs := make([]Root, len(ws))
	centers := make([][2]*big.Rat, len(ws))
	for k, w := range ws {
		prec := w.prec()
		a, _ := w.Re.Rat(nil)
		b, _ := w.Im.Rat(nil)
		mag2 := new(big.Rat).Add(new(big.Rat).Mul(a, a), new(big.Rat).Mul(b, b))
		// Snap to the axis when the imaginary part is below half the
		// working precision: the sign test then decides.
		lim := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), -int(prec)/2)
		absw := new(big.Float).SetPrec(prec).Sqrt(cabs2(w))
		if absw.Cmp(big.NewFloat(1)) > 0 {
			lim.Mul(lim, absw)
		}
		real := new(big.Float).Abs(w.Im).Cmp(lim) <= 0
		if real {
			b = new(big.Rat)
		}
		if ctx.Err() != nil {
			return nil, false
		}
		// a and b come from big.Floats: dyadic, as are a ± R below.
		r2, ok := residualRatio(z, dz, a, b)
		if !ok {
			return nil, false
		}
		r2.Mul(r2, big.NewRat(int64(D)*int64(D), 1))
		R := sqrtUpper(r2)
		scale := mag2
		if zeroRoot {
			scale = maxRat(mag2, big.NewRat(1, 1))
		}
		bound := new(big.Rat).Mul(tol2, scale)
		if r2.Cmp(bound) > 0 {
			return nil, false
		}
		if real {
			if R.Sign() > 0 {
				lo, ok1 := dyadicSign(z, new(big.Rat).Sub(a, R))
				hi, ok2 := dyadicSign(z, new(big.Rat).Add(a, R))
				if !ok1 || !ok2 || lo*hi >= 0 {
					return nil, false
				}
			}
		} else if new(big.Rat).Mul(b, b).Cmp(new(big.Rat).Mul(R, R)) <= 0 {
			return nil, false
		}
		re := new(big.Float).SetPrec(prec).SetRat(a)
		im := new(big.Float).SetPrec(prec).SetRat(b)
		rs[k] = Root{Re: re, Im: im, Real: real, Radius: R}
		centers[k] = [2]*big.Rat{a, b}
	}
	for j := range rs {
		for k := range j {
			dx := new(big.Rat).Sub(centers[j][0], centers[k][0])
			dy := new(big.Rat).Sub(centers[j][1], centers[k][1])
			d2 := dx.Add(dx.Mul(dx, dx), dy.Mul(dy, dy))
			s := new(big.Rat).Add(rs[j].Radius, rs[k].Radius)
			if d2.Cmp(s.Mul(s, s)) <= 0 {
				return nil, false
			}
		}
	}
	return rs, true
}

func maxRat(a, b *big.Rat) *big.Rat {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}

// sqrtUpper returns a rational R >= sqrt(x), within a relative 2^-50.
func sqrtUpper(x *big.Rat) *big.Rat {
	if x.Sign() == 0 {
		return new(big.Rat)
	}
	f := new(big.Float).SetPrec(80).SetRat(x)
	f.Sqrt(f)
	R, _ := f.Rat(nil)
	R.Mul(R, big.NewRat(1<<50+1, 1<<50))
	for new(big.Rat).Mul(R, R).Cmp(x) < 0 {
		R.Mul(R, big.NewRat(2, 1))
	}
	return R
}

// Nearest returns the index of the root closest to z, and false unless it
// is clearly closer than every other root.
func Nearest(rs []Root, z Complex) (int, bool) {
	best, second := -1, -1
	dist := make([]*big.Float, len(rs))
	for i, r := range rs {
		dist[i] = cabs2(csub(z, Complex{r.Re, r.Im}))
		switch {
		case best < 0 || dist[i].Cmp(dist[best]) < 0:
			best, second = i, best
		case second < 0 || dist[i].Cmp(dist[second]) < 0:
			second = i
		}
	}
	if best < 0 {
		return -1, false
	}
	if second >= 0 {
		// squared distances: clearly nearer means 16 times smaller
		lim := new(big.Float).Mul(dist[best], big.NewFloat(16))
		if lim.Cmp(dist[second]) >= 0 {
			return best, false
		}
	}
	return best, true
}
