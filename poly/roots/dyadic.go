package roots

import (
	"math/big"
)

// Exact evaluation of a rational polynomial at dyadic points. The centers
// and radii that verifyRoots tests come from big.Floats, so their
// denominators are powers of two: with the coefficients scaled to
// integers, p(A/2^k) is an integer Horner sum over 2^(kD), and a test
// costs integer products only, where rational arithmetic took a gcd at
// every step (a degree-30 minimal polynomial: seconds per isolation, past
// the analysis's deadline).

// intCoefs returns the coefficients c multiplied by the least common
// multiple of their denominators (a positive number, so signs and ratios
// of values are kept).
func intCoefs(c []*big.Rat) []*big.Int {
	l := big.NewInt(1)
	g := new(big.Int)
	for _, x := range c {
		d := x.Denom()
		l.Mul(l, new(big.Int).Quo(d, g.GCD(nil, nil, l, d)))
	}
	out := make([]*big.Int, len(c))
	for i, x := range c {
		out[i] = new(big.Int).Mul(x.Num(), new(big.Int).Quo(l, x.Denom()))
	}
	return out
}

// dyadicPair returns A, B and k with a = A/2^k and b = B/2^k, or ok =
// false when a denominator is not a power of two.
func dyadicPair(a, b *big.Rat) (A, B *big.Int, k uint, ok bool) {
	ka, ok1 := powerOfTwo(a.Denom())
	kb, ok2 := powerOfTwo(b.Denom())
	if !ok1 || !ok2 {
		return nil, nil, 0, false
	}
	k = max(ka, kb)
	A = new(big.Int).Lsh(a.Num(), k-ka)
	B = new(big.Int).Lsh(b.Num(), k-kb)
	return A, B, k, true
}

// powerOfTwo returns k with d = 2^k (d > 0).
func powerOfTwo(d *big.Int) (uint, bool) {
	k := d.TrailingZeroBits()
	return k, d.BitLen() == int(k)+1
}

// hornerDyadic returns 2^(kD) * p((A + iB)/2^k) for the integer
// coefficients z (ascending, degree D) as its real and imaginary parts.
// Cost: D complex products of integers that grow to about D*(k + bits of
// A and B) plus the coefficients' bits.
func hornerDyadic(z []*big.Int, A, B *big.Int, k uint) (re, im *big.Int) {
	D := len(z) - 1
	re, im = new(big.Int).Set(z[D]), new(big.Int)
	t1, t2, s := new(big.Int), new(big.Int), new(big.Int)
	real := B.Sign() == 0
	for t := D - 1; t >= 0; t-- {
		// (re + i im)(A + iB) + z_t 2^(k(D-t))
		if real {
			re.Mul(re, A)
		} else {
			nr := new(big.Int).Sub(t1.Mul(re, A), t2.Mul(im, B))
			im.Add(t1.Mul(re, B), t2.Mul(im, A))
			re = nr
		}
		re.Add(re, s.Lsh(z[t], k*uint(D-t)))
	}
	return re, im
}

// dyadicSign returns the sign of p(x) for the integer coefficients z of
// p times a positive number, and false when x is not dyadic.
func dyadicSign(z []*big.Int, x *big.Rat) (int, bool) {
	X, _, k, ok := dyadicPair(x, new(big.Rat))
	if !ok {
		return 0, false
	}
	re, _ := hornerDyadic(z, X, new(big.Int), k)
	return re.Sign(), true
}

// residualRatio returns |p(w)|^2 / |p'(w)|^2 at w = a + bi from the
// integer coefficients z of p and dz of p' (both times the same positive
// number), and false when p'(w) = 0 or w is not dyadic.
func residualRatio(z, dz []*big.Int, a, b *big.Rat) (*big.Rat, bool) {
	A, B, k, ok := dyadicPair(a, b)
	if !ok {
		return nil, false
	}
	pr, pi := hornerDyadic(z, A, B, k)
	dr, di := hornerDyadic(dz, A, B, k)
	num := new(big.Int).Add(new(big.Int).Mul(pr, pr), new(big.Int).Mul(pi, pi))
	den := new(big.Int).Add(new(big.Int).Mul(dr, dr), new(big.Int).Mul(di, di))
	if den.Sign() == 0 {
		return nil, false
	}
	// p carries 2^(kD), p' only 2^(k(D-1)): the ratio is 2^(2k) too big.
	den.Lsh(den, 2*k)
	return new(big.Rat).SetFrac(num, den), true
}
