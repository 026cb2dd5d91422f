package poly

import (
	"context"
	"math/big"
	"math/bits"
	"slices"
)

// hashMulMin is the number of term products from which MulContext sums
// them in a hash table instead of merging the rows of the product with a
// heap. The heap pays about log2(len(x)) monomial comparisons in the
// ring's order per product; the table pays one addition of two hashes and
// one probe, and one sort comparison per distinct monomial of the result.
// On a 5x5 grid's family, whose formulas are substituted into each other,
// 4,332 terms times 11,867 fell on 11,867 monomials and the heap's
// comparisons took three quarters of the time. Where the products fall on
// few monomials the table is 2-4x faster (BenchmarkMulDense); where they
// are mostly distinct it is up to 1.4x slower (BenchmarkMulLarge).
const hashMulMin = 1 << 10

// monoHash is a random multiplier per exponent position: the hash of a
// monomial is the sum of its exponents times these, so that the hash of a
// product is the sum of its factors' hashes and costs one addition.
var monoHash = func() []uint64 {
	h := make([]uint64, 256)
	x := uint64(0)
	for i := range h {
		// splitmix64: fixed, so that the table and its order of work
		// are the same on every run.
		x += 0x9e3779b97f4a7c15
		h[i] = mix(x)
	}
	return h
}()

// monomialHash returns the additive hash of the monomial m.
func monomialHash(m []uint16) uint64 {
	var h uint64
	for k, e := range m {
		h += uint64(e) * monoHash[k&(len(monoHash)-1)]
	}
	return h
}

// hashesOf returns the additive hash of each monomial of p.
func hashesOf(p *Poly, s int) []uint64 {
	hs := make([]uint64, len(p.coef))
	for i := range hs {
		hs[i] = monomialHash(p.mono[i*s : (i+1)*s])
	}
	return hs
}

// productTable accumulates the terms of a product by monomial.
type productTable struct {
	s     int
	slots []int32 // index+1 into the entries, 0 for empty
	hash  []uint64
	mono  []uint16
	icoef []big.Int // integer coefficients, or
	coef  []big.Rat // rational ones; moved only while growing, when the
	// old array is dropped
}

func (t *productTable) grow() {
	n := max(16, 2*len(t.slots))
	t.slots = make([]int32, n)
	mask := uint64(n - 1)
	for e, h := range t.hash {
		k := (h * 0x9e3779b97f4a7c15) >> 32 & mask
		for t.slots[k] != 0 {
			k = (k + 1) & mask
		}
		t.slots[k] = int32(e + 1)
	}
}

// find returns the entry of the monomial x_m*y_m with hash h, adding it
// with a zero coefficient when it is new.
func (t *productTable) find(h uint64, xm, ym []uint16) int {
	if 2*(len(t.hash)+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	k := (h * 0x9e3779b97f4a7c15) >> 32 & mask
	for {
		e := int(t.slots[k]) - 1
		if e < 0 {
			break
		}
		if t.hash[e] == h && isProduct(t.mono[e*t.s:(e+1)*t.s], xm, ym) {
			return e
		}
		k = (k + 1) & mask
	}
	e := len(t.hash)
	t.slots[k] = int32(e + 1)
	t.hash = append(t.hash, h)
	t.mono = append(t.mono, xm...)
	Monomial(t.mono[e*t.s:]).Mul(Monomial(xm), Monomial(ym))
	if t.coef != nil {
		t.coef = append(t.coef, big.Rat{})
	} else {
		t.icoef = append(t.icoef, big.Int{})
	}
	return e
}

// isProduct reports whether m = x*y.
func isProduct(m, x, y []uint16) bool {
	for i := range m {
		if uint32(m[i]) != uint32(x[i])+uint32(y[i]) {
			return false
		}
	}
	return true
}

// mulHashed sets z to x*y by summing the products in a productTable and
// sorting the distinct monomials once. Cost: len(x)*len(y) coefficient
// products and hash probes, and a sort of the result's terms.
func (z *Poly) mulHashed(ctx context.Context, r *Ring, x, y *Poly) error {
	s := r.stride()
	hx, hy := hashesOf(x, s), hashesOf(y, s)
	// The result has at least len(y) terms and mostly far fewer than
	// the products: the table starts at twice that and doubles.
	guess := 2 * (len(x.coef) + len(y.coef))
	t := &productTable{s: s, hash: make([]uint64, 0, guess), mono: make([]uint16, 0, guess*s)}
	t.slots = make([]int32, 1<<bits.Len(uint(2*guess)))
	ints := allInts(x.coef) && allInts(y.coef)
	if ints {
		t.icoef = make([]big.Int, 0, guess)
	} else {
		t.coef = make([]big.Rat, 0, guess)
	}
	tr, ti := new(big.Rat), new(big.Int)
	done := ctx.Done()
	n := 0
	for i := range x.coef {
		xm := x.mono[i*s : (i+1)*s]
		for j := range y.coef {
			if n++; done != nil && n&4095 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			e := t.find(hx[i]+hy[j], xm, y.mono[j*s:(j+1)*s])
			if ints {
				c := &t.icoef[e]
				c.Add(c, ti.Mul(x.coef[i].Num(), y.coef[j].Num()))
			} else {
				c := &t.coef[e]
				c.Add(c, tr.Mul(x.coef[i], y.coef[j]))
			}
		}
	}
	var order []int
	for e := range t.hash {
		if (ints && t.icoef[e].Sign() != 0) || (!ints && t.coef[e].Sign() != 0) {
			order = append(order, e)
		}
	}
	slices.SortFunc(order, func(a, b int) int {
		return r.order.cmp(Monomial(t.mono[b*s:(b+1)*s]), Monomial(t.mono[a*s:(a+1)*s]))
	})
	coef := make([]*big.Rat, len(order))
	mono := make([]uint16, len(order)*s)
	for k, e := range order {
		if ints {
			coef[k] = new(big.Rat).SetInt(&t.icoef[e])
		} else {
			coef[k] = new(big.Rat).Set(&t.coef[e])
		}
		copy(mono[k*s:], t.mono[e*s:(e+1)*s])
	}
	*z = Poly{ring: r, coef: coef, mono: mono}
	return nil
}
