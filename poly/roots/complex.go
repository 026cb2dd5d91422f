package roots

import "math/big"

// A Complex is a complex number with big.Float parts of one precision. The
// operations allocate their results; the polynomials here are small.
type Complex struct{ Re, Im *big.Float }

// NewComplex returns 0 with parts of precision prec.
func NewComplex(prec uint) Complex {
	return Complex{new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec)}
}

func complexFrom(prec uint, re, im float64) Complex {
	z := NewComplex(prec)
	z.Re.SetFloat64(re)
	z.Im.SetFloat64(im)
	return z
}

func (z Complex) prec() uint { return z.Re.Prec() }

func cadd(a, b Complex) Complex {
	z := NewComplex(a.prec())
	z.Re.Add(a.Re, b.Re)
	z.Im.Add(a.Im, b.Im)
	return z
}

func csub(a, b Complex) Complex {
	z := NewComplex(a.prec())
	z.Re.Sub(a.Re, b.Re)
	z.Im.Sub(a.Im, b.Im)
	return z
}

// Mul returns a*b at a's precision, in a new Complex.
func Mul(a, b Complex) Complex {
	p := a.prec()
	z := NewComplex(p)
	t := new(big.Float).SetPrec(p)
	z.Re.Mul(a.Re, b.Re)
	z.Re.Sub(z.Re, t.Mul(a.Im, b.Im))
	z.Im.Mul(a.Re, b.Im)
	z.Im.Add(z.Im, t.Mul(a.Im, b.Re))
	return z
}

// cquo returns a/b; b must be nonzero.
func cquo(a, b Complex) Complex {
	p := a.prec()
	d := cabs2(b)
	z := NewComplex(p)
	t := new(big.Float).SetPrec(p)
	z.Re.Mul(a.Re, b.Re)
	z.Re.Add(z.Re, t.Mul(a.Im, b.Im))
	z.Re.Quo(z.Re, d)
	z.Im.Mul(a.Im, b.Re)
	z.Im.Sub(z.Im, t.Mul(a.Re, b.Im))
	z.Im.Quo(z.Im, d)
	return z
}

// cabs2 returns |a|^2.
func cabs2(a Complex) *big.Float {
	p := a.prec()
	s := new(big.Float).SetPrec(p).Mul(a.Re, a.Re)
	return s.Add(s, new(big.Float).SetPrec(p).Mul(a.Im, a.Im))
}

func (z Complex) isZero() bool { return z.Re.Sign() == 0 && z.Im.Sign() == 0 }

// evalFloat returns p(z) and p'(z) for the coefficients c (ascending).
func evalFloat(c []*big.Float, z Complex) (p, dp Complex) {
	prec := z.prec()
	p, dp = NewComplex(prec), NewComplex(prec)
	for t := len(c) - 1; t >= 0; t-- {
		dp = cadd(Mul(dp, z), p)
		p = Mul(p, z)
		p.Re.Add(p.Re, c[t])
	}
	return p, dp
}
