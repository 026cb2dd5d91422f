package members

import (
	"fmt"
	"math"
	"math/big"
	"strings"
)

// maxShiftTerms bounds the terms of a shifted formula (see shifted): a
// formula of many variables in high degree would expand to more, and is
// then left to the search.
const maxShiftTerms = 20000

// emptyProof returns why family fam can have no member whose numbers lie
// between lo and hi, or "" when it finds no reason. The reason is a
// number whose formula N/D keeps the wrong side of a bound wherever its
// parameters are at least lo: with every parameter written as lo + y (y
// >= 0), a polynomial whose coefficients are all >= 0 is >= 0 for every
// choice, and one whose coefficients are all <= 0 with a negative
// constant term is < 0. So with D >= 0 (its sign made so), N <= 0 gives a
// number <= 0, N - lo D < 0 one below lo, and N - hi D > 0 one above hi.
// A constant number that is no integer between lo and hi is a reason too.
// The test is exact and sufficient only: a family it passes may still
// have no member. Cost: per number, the expansion of N and D at lo + y
// (at most maxShiftTerms terms each, else the number is skipped).
func emptyProof(fam *Family, lo, hi int64) string {
	ev := fam.ev
	if ev == nil {
		return ""
	}
	zero := string(make([]byte, len(fam.Params))) // the constant term's key
	at := make([]*big.Int, len(fam.Params))       // every parameter lo
	for j := range at {
		at[j] = big.NewInt(lo)
	}
	for v := range ev.num {
		if ev.param[v] >= 0 {
			continue
		}
		num, den := &ev.num[v], &ev.den[v]
		// The signs of N and D at every choice, from their coefficients
		// when these have one sign (then so have the shifted ones, lo
		// being positive), else from the shifted coefficients. The
		// constant term of a shifted polynomial is its value at
		// (lo, ..., lo): a polynomial that is not of the sign asked for
		// there needs no expansion.
		sd := coefSign(den.big)
		if sd == 0 {
			d, ok := shifted(den, lo)
			if !ok {
				continue
			}
			if sd = signOf(d); sd == 0 {
				continue
			}
		}
		nAt, dAt := num.evalBig(at), den.evalBig(at)
		if sd < 0 {
			nAt.Neg(nAt)
			dAt.Neg(dAt)
		}
		why := ""
		switch {
		case sd*coefSign(num.big) < 0 || len(num.big) == 0:
			why = "is never positive"
		case nAt.Sign() <= 0 && signAfterShift(num, lo, sd) < 0:
			why = "is never positive"
		case new(big.Int).Sub(nAt, new(big.Int).Mul(dAt, big.NewInt(lo))).Sign() < 0 && bounded(num, den, lo, lo, sd, zero):
			why = fmt.Sprintf("is below %d", lo)
		case hi < math.MaxInt64 && new(big.Int).Sub(nAt, new(big.Int).Mul(dAt, big.NewInt(hi))).Sign() > 0 && bounded(num, den, lo, hi, -sd, zero):
			why = fmt.Sprintf("is above %d", hi)
		}
		if why != "" {
			return fmt.Sprintf("%s = %s %s wherever the parameters %s are at least %d", fam.Ring.VarName(v), formulaText(fam, v), why, strings.Join(fam.ParamNames(), ", "), lo)
		}
	}
	return ""
}

// coefSign is 1 when every coefficient is >= 0 and one > 0, -1 for <= 0
// and one < 0, and 0 otherwise.
func coefSign(cs []*big.Int) int {
	s := 0
	for _, c := range cs {
		switch {
		case c.Sign() == 0:
		case s == 0:
			s = c.Sign()
		case s != c.Sign():
			return 0
		}
	}
	return s
}

// signAfterShift is the sign of sd*p's shifted coefficients (signOf), 0
// when mixed or too large to expand.
func signAfterShift(p *intPoly, lo int64, sd int) int {
	q, ok := shifted(p, lo)
	if !ok {
		return 0
	}
	if sd < 0 {
		negate(q)
	}
	return signOf(q)
}

// bounded reports whether sgn*(N - b D) < 0 at every choice: shifted,
// every coefficient <= 0 and the constant term < 0.
func bounded(num, den *intPoly, lo, b int64, sgn int, zero string) bool {
	n, ok1 := shifted(num, lo)
	d, ok2 := shifted(den, lo)
	if !ok1 || !ok2 {
		return false
	}
	q := combine(n, d, b)
	if sgn < 0 {
		negate(q)
	}
	return negativeEverywhere(q, zero)
}

// formulaText writes number v of fam as its numerator over its
// denominator.
func formulaText(fam *Family, v int) string {
	num, den := fam.Num[v].String(), fam.Den[v].String()
	if fam.Den[v].Equal(fam.Ring.One()) {
		return num
	}
	if fam.Num[v].Len() > 1 {
		num = "(" + num + ")"
	}
	if strings.ContainsAny(den, " *^") {
		den = "(" + den + ")"
	}
	return num + "/" + den
}

// A shiftPoly is an integer polynomial in y, keyed by the exponent
// vector, one byte per parameter.
type shiftPoly map[string]*big.Int

// shifted returns p at x = lo + y, or false when it would have more than
// maxShiftTerms terms (or an exponent beyond 255, which the keys do not
// hold).
func shifted(p *intPoly, lo int64) (shiftPoly, bool) {
	out := shiftPoly{}
	// coef[k][i] is binomial(k, i) lo^(k-i), the coefficient of y^i in
	// (lo + y)^k.
	var coef [][]*big.Int
	table := func(k int) []*big.Int {
		for len(coef) <= k {
			n := len(coef)
			row := make([]*big.Int, n+1)
			for i := range row {
				row[i] = new(big.Int).Binomial(int64(n), int64(i))
				row[i].Mul(row[i], new(big.Int).Exp(big.NewInt(lo), big.NewInt(int64(n-i)), nil))
			}
			coef = append(coef, row)
		}
		return coef[k]
	}
	key := make([]byte, 0, 16)
	for i, e := range p.exps {
		n := 1
		for _, k := range e {
			if k > 255 {
				return nil, false
			}
			if n *= k + 1; n > maxShiftTerms {
				return nil, false
			}
		}
		if len(out)+n > 4*maxShiftTerms {
			return nil, false
		}
		// (lo + y_j)^k = sum_i binomial(k, i) lo^(k-i) y_j^i, over every
		// j: walk the mixed radix of the exponents i_j <= k_j.
		idx := make([]int, len(e))
		for {
			c := new(big.Int).Set(p.big[i])
			key = key[:0]
			for j, k := range e {
				if k > 0 {
					c.Mul(c, table(k)[idx[j]])
				}
				key = append(key, byte(idx[j]))
			}
			if s, ok := out[string(key)]; ok {
				s.Add(s, c)
			} else {
				out[string(key)] = c
			}
			j := 0
			for ; j < len(e); j++ {
				if idx[j] < e[j] {
					idx[j]++
					break
				}
				idx[j] = 0
			}
			if j == len(e) {
				break
			}
		}
		if len(out) > maxShiftTerms {
			return nil, false
		}
	}
	for k, c := range out {
		if c.Sign() == 0 {
			delete(out, k)
		}
	}
	return out, true
}

// signOf is 1 when every coefficient of p is >= 0 and one is > 0, -1 when
// every one is <= 0 and one is < 0, and 0 otherwise (mixed, or p = 0).
func signOf(p shiftPoly) int {
	switch {
	case len(p) == 0:
		return 0
	case allSign(p, 1):
		return 1
	case allSign(p, -1):
		return -1
	}
	return 0
}

// allSign reports whether every coefficient of p has sign s (the zero
// polynomial has every sign).
func allSign(p shiftPoly, s int) bool {
	for _, c := range p {
		if c.Sign() != s {
			return false
		}
	}
	return true
}

// negativeEverywhere reports whether p < 0 for every y >= 0: every
// coefficient <= 0 and the constant term (key zero) < 0.
func negativeEverywhere(p shiftPoly, zero string) bool {
	c, ok := p[zero]
	return ok && c.Sign() < 0 && allSign(p, -1)
}

// combine returns n - b d.
func combine(n, d shiftPoly, b int64) shiftPoly {
	out := shiftPoly{}
	for k, c := range n {
		out[k] = new(big.Int).Set(c)
	}
	bb := big.NewInt(b)
	for k, c := range d {
		t := new(big.Int).Mul(c, bb)
		if s, ok := out[k]; ok {
			s.Sub(s, t)
		} else {
			out[k] = t.Neg(t)
		}
	}
	for k, c := range out {
		if c.Sign() == 0 {
			delete(out, k)
		}
	}
	return out
}

func negate(p shiftPoly) {
	for _, c := range p {
		c.Neg(c)
	}
}
