package solve

import "math/big"

// A cplx is a complex number with big.Float parts of one precision. The
// operations allocate their results; the polynomials here are small.
type cplx struct{ re, im *big.Float }

func newCplx(prec uint) cplx {
	return cplx{new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec)}
}

func cplxFrom(prec uint, re, im float64) cplx {
	z := newCplx(prec)
	z.re.SetFloat64(re)
	z.im.SetFloat64(im)
	return z
}

func (z cplx) prec() uint { return z.re.Prec() }

func cadd(a, b cplx) cplx {
	z := newCplx(a.prec())
	z.re.Add(a.re, b.re)
	z.im.Add(a.im, b.im)
	return z
}

func csub(a, b cplx) cplx {
	z := newCplx(a.prec())
	z.re.Sub(a.re, b.re)
	z.im.Sub(a.im, b.im)
	return z
}

func cmul(a, b cplx) cplx {
	p := a.prec()
	z := newCplx(p)
	t := new(big.Float).SetPrec(p)
	z.re.Mul(a.re, b.re)
	z.re.Sub(z.re, t.Mul(a.im, b.im))
	z.im.Mul(a.re, b.im)
	z.im.Add(z.im, t.Mul(a.im, b.re))
	return z
}

// cquo returns a/b; b must be nonzero.
func cquo(a, b cplx) cplx {
	p := a.prec()
	d := cabs2(b)
	z := newCplx(p)
	t := new(big.Float).SetPrec(p)
	z.re.Mul(a.re, b.re)
	z.re.Add(z.re, t.Mul(a.im, b.im))
	z.re.Quo(z.re, d)
	z.im.Mul(a.im, b.re)
	z.im.Sub(z.im, t.Mul(a.re, b.im))
	z.im.Quo(z.im, d)
	return z
}

// cabs2 returns |a|^2.
func cabs2(a cplx) *big.Float {
	p := a.prec()
	s := new(big.Float).SetPrec(p).Mul(a.re, a.re)
	return s.Add(s, new(big.Float).SetPrec(p).Mul(a.im, a.im))
}

func (z cplx) isZero() bool { return z.re.Sign() == 0 && z.im.Sign() == 0 }

// evalFloat returns p(z) and p'(z) for the coefficients c (ascending).
func evalFloat(c []*big.Float, z cplx) (p, dp cplx) {
	prec := z.prec()
	p, dp = newCplx(prec), newCplx(prec)
	for t := len(c) - 1; t >= 0; t-- {
		dp = cadd(cmul(dp, z), p)
		p = cmul(p, z)
		p.re.Add(p.re, c[t])
	}
	return p, dp
}
