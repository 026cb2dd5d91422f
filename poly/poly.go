package poly

import (
	"context"
	"math/big"
	"slices"
)

// A Poly is a polynomial with rational coefficients in a Ring. Its terms are
// kept sorted by decreasing monomial in the ring's order, with nonzero
// coefficients, so the leading term is term 0 and equality is term-wise.
//
// The zero value is the zero polynomial of no ring; it takes the ring of the
// other operand in arithmetic. Methods with a receiver z and operands x, y
// (z.Add(x, y)) set z to the result and return it, like math/big; z may alias
// an operand. Other methods leave p unchanged. Coefficients returned by Coef
// and LeadCoef alias p's storage and must not be modified.
type Poly struct {
	ring *Ring
	coef []*big.Rat
	mono []uint16 // len(coef) monomials of ring.stride() entries each
}

// Ring returns p's ring (nil for the zero value).
func (p *Poly) Ring() *Ring { return p.ring }

// Len returns the number of terms of p.
func (p *Poly) Len() int { return len(p.coef) }

// IsZero reports whether p is the zero polynomial.
func (p *Poly) IsZero() bool { return len(p.coef) == 0 }

// IsConst reports whether p is a constant (including zero).
func (p *Poly) IsConst() bool {
	return len(p.coef) == 0 || len(p.coef) == 1 && p.mono[0] == 0
}

// Coef returns the coefficient of term i (0 is the leading term).
func (p *Poly) Coef(i int) *big.Rat { return p.coef[i] }

// Monomial returns the monomial of term i (0 is the leading term).
func (p *Poly) Monomial(i int) Monomial {
	s := p.ring.stride()
	return Monomial(p.mono[i*s : (i+1)*s : (i+1)*s])
}

// Exp returns the exponent of variable v in term i.
func (p *Poly) Exp(i, v int) int { return int(p.mono[i*p.ring.stride()+v+1]) }

// LeadCoef returns the leading coefficient, or nil for zero.
func (p *Poly) LeadCoef() *big.Rat {
	if len(p.coef) == 0 {
		return nil
	}
	return p.coef[0]
}

// LeadMonomial returns the leading monomial, or nil for zero.
func (p *Poly) LeadMonomial() Monomial {
	if len(p.coef) == 0 {
		return nil
	}
	return p.Monomial(0)
}

// TotalDegree returns the largest total degree of a term, -1 for zero.
func (p *Poly) TotalDegree() int {
	d := -1
	s := p.ring.strideOrZero()
	for i := range p.coef {
		d = max(d, int(p.mono[i*s]))
	}
	return d
}

func (r *Ring) strideOrZero() int {
	if r == nil {
		return 0
	}
	return r.stride()
}

// Degree returns the largest exponent of variable v, -1 for zero.
func (p *Poly) Degree(v int) int {
	d := -1
	for i := range p.coef {
		d = max(d, p.Exp(i, v))
	}
	return d
}

// Vars returns the indices of the variables that occur in p, ascending.
func (p *Poly) Vars() []int {
	if p.ring == nil {
		return nil
	}
	var out []int
	for v := range p.ring.vars {
		if p.Degree(v) > 0 {
			out = append(out, v)
		}
	}
	return out
}

// Set sets z to a copy of x and returns z.
func (z *Poly) Set(x *Poly) *Poly {
	if z == x {
		return z
	}
	z.ring = x.ring
	z.coef = copyRats(x.coef)
	z.mono = slices.Clone(x.mono)
	return z
}

// Clone returns a copy of p.
func (p *Poly) Clone() *Poly { return new(Poly).Set(p) }

func copyRats(c []*big.Rat) []*big.Rat {
	out := make([]*big.Rat, len(c))
	for i, x := range c {
		out[i] = new(big.Rat).Set(x)
	}
	return out
}

// Equal reports whether p and q are the same polynomial of the same ring.
func (p *Poly) Equal(q *Poly) bool {
	if len(p.coef) != len(q.coef) {
		return false
	}
	if len(p.coef) == 0 {
		return true
	}
	if p.ring != q.ring || !slices.Equal(p.mono, q.mono) {
		return false
	}
	for i := range p.coef {
		if p.coef[i].Cmp(q.coef[i]) != 0 {
			return false
		}
	}
	return true
}

func ringOf(x, y *Poly) *Ring {
	switch {
	case x.ring == nil:
		return y.ring
	case y.ring == nil || x.ring == y.ring:
		return x.ring
	}
	panic("poly: operands belong to different rings: " + x.ring.String() + " and " + y.ring.String())
}

// Add sets z to x+y and returns z. Cost: one merge, O(len(x)+len(y)).
func (z *Poly) Add(x, y *Poly) *Poly { return z.merge(x, y, false) }

// Sub sets z to x-y and returns z. Cost: one merge, O(len(x)+len(y)).
func (z *Poly) Sub(x, y *Poly) *Poly { return z.merge(x, y, true) }

func (z *Poly) merge(x, y *Poly, negY bool) *Poly {
	r := ringOf(x, y)
	if r == nil {
		*z = Poly{}
		return z
	}
	s := r.stride()
	coef := make([]*big.Rat, 0, len(x.coef)+len(y.coef))
	mono := make([]uint16, 0, (len(x.coef)+len(y.coef))*s)
	i, j := 0, 0
	for i < len(x.coef) || j < len(y.coef) {
		var c int
		switch {
		case i == len(x.coef):
			c = -1
		case j == len(y.coef):
			c = 1
		default:
			c = r.order.cmp(x.mono[i*s:(i+1)*s], y.mono[j*s:(j+1)*s])
		}
		switch {
		case c > 0:
			coef = append(coef, new(big.Rat).Set(x.coef[i]))
			mono = append(mono, x.mono[i*s:(i+1)*s]...)
			i++
		case c < 0:
			v := new(big.Rat).Set(y.coef[j])
			if negY {
				v.Neg(v)
			}
			coef = append(coef, v)
			mono = append(mono, y.mono[j*s:(j+1)*s]...)
			j++
		default:
			v := new(big.Rat)
			switch {
			case x.coef[i].IsInt() && y.coef[j].IsInt():
				// big.Rat would normalize an integer sum by a gcd.
				w := new(big.Int)
				if negY {
					w.Sub(x.coef[i].Num(), y.coef[j].Num())
				} else {
					w.Add(x.coef[i].Num(), y.coef[j].Num())
				}
				v.SetInt(w)
			case negY:
				v.Sub(x.coef[i], y.coef[j])
			default:
				v.Add(x.coef[i], y.coef[j])
			}
			if v.Sign() != 0 {
				coef = append(coef, v)
				mono = append(mono, x.mono[i*s:(i+1)*s]...)
			}
			i++
			j++
		}
	}
	z.ring, z.coef, z.mono = r, coef, mono
	return z
}

// Neg sets z to -x and returns z.
func (z *Poly) Neg(x *Poly) *Poly {
	z.Set(x)
	for _, c := range z.coef {
		c.Neg(c)
	}
	return z
}

// Scale sets z to c*x and returns z.
func (z *Poly) Scale(x *Poly, c *big.Rat) *Poly {
	if c.Sign() == 0 {
		*z = Poly{ring: x.ring}
		return z
	}
	c = new(big.Rat).Set(c) // c may alias a coefficient of z
	z.Set(x)
	for _, v := range z.coef {
		v.Mul(v, c)
	}
	return z
}

// MulTerm sets z to c*m*x and returns z. Cost: O(len(x)), the order is kept.
func (z *Poly) MulTerm(x *Poly, c *big.Rat, m Monomial) *Poly {
	if c.Sign() == 0 || x.IsZero() {
		*z = Poly{ring: x.ring}
		return z
	}
	c = new(big.Rat).Set(c)
	m = m.Clone()
	s := x.ring.stride()
	coef := make([]*big.Rat, len(x.coef))
	mono := make([]uint16, len(x.mono))
	for i := range x.coef {
		coef[i] = new(big.Rat).Mul(x.coef[i], c)
		Monomial(mono[i*s:(i+1)*s]).Mul(Monomial(x.mono[i*s:(i+1)*s]), m)
	}
	z.ring, z.coef, z.mono = x.ring, coef, mono
	return z
}

// Mul sets z to x*y and returns z. Cost: len(x)*len(y) coefficient
// products. Small products arrive in order by merging the len(x) sorted
// rows x_i*y with a heap, about log2(len(x)) monomial comparisons each;
// from hashMulMin products on they are summed in a hash table and the
// distinct monomials sorted once.
func (z *Poly) Mul(x, y *Poly) *Poly {
	z.MulContext(context.Background(), x, y)
	return z
}

// MulContext sets z to x*y as Mul does, but gives up, leaving z unchanged
// and returning ctx's error, when ctx is done; it looks every 4096
// coefficient products.
func (z *Poly) MulContext(ctx context.Context, x, y *Poly) error {
	r := ringOf(x, y)
	if r == nil || x.IsZero() || y.IsZero() {
		*z = Poly{ring: r}
		return nil
	}
	if len(x.coef) > len(y.coef) {
		x, y = y, x
	}
	if len(x.coef)*len(y.coef) >= hashMulMin {
		return z.mulHashed(ctx, r, x, y)
	}
	return z.mulHeap(ctx, r, x, y)
}

// mulHeap sets z to x*y, with len(x) <= len(y), merging the rows x_i*y
// with a heap.
func (z *Poly) mulHeap(ctx context.Context, r *Ring, x, y *Poly) error {
	s := r.stride()
	nx, ny := len(x.coef), len(y.coef)
	// Row i of the heap is x_i times y_{next[i]}; its monomial is kept in
	// head[i*s:(i+1)*s].
	next := make([]int, nx)
	head := make([]uint16, nx*s)
	rowMono := func(i int) Monomial { return Monomial(head[i*s : (i+1)*s]) }
	setHead := func(i int) {
		rowMono(i).Mul(Monomial(x.mono[i*s:(i+1)*s]), Monomial(y.mono[next[i]*s:(next[i]+1)*s]))
	}
	h := make([]int, 0, nx)
	less := func(a, b int) bool { return r.order.cmp(rowMono(h[a]), rowMono(h[b])) > 0 }
	down := func(k int) {
		for {
			c := 2*k + 1
			if c >= len(h) {
				return
			}
			if c+1 < len(h) && less(c+1, c) {
				c++
			}
			if !less(c, k) {
				return
			}
			h[k], h[c] = h[c], h[k]
			k = c
		}
	}
	for i := range nx {
		setHead(i)
		h = append(h, i)
	}
	for k := len(h)/2 - 1; k >= 0; k-- {
		down(k)
	}
	// Integer coefficients, the usual case (primitive equations, cleared
	// denominators), are multiplied and summed as big.Int: big.Rat
	// normalizes every sum and product by a gcd, which took over half of
	// the time of verifying large families by substitution.
	ints := allInts(x.coef) && allInts(y.coef)
	var coef []*big.Rat
	var icoef []*big.Int
	if ints {
		icoef = make([]*big.Int, 0, nx+ny)
	} else {
		coef = make([]*big.Rat, 0, nx+ny)
	}
	mono := make([]uint16, 0, (nx+ny)*s)
	var last Monomial
	t := new(big.Rat)
	ti := new(big.Int)
	done := ctx.Done() // nil for a context that is never done
	for n := 0; len(h) > 0; n++ {
		if done != nil && n&4095 == 4095 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		i := h[0]
		m := rowMono(i)
		switch {
		case ints && last != nil && m.Equal(last):
			ti.Mul(x.coef[i].Num(), y.coef[next[i]].Num())
			icoef[len(icoef)-1].Add(icoef[len(icoef)-1], ti)
		case ints:
			if n := len(icoef); n > 0 && icoef[n-1].Sign() == 0 {
				icoef, mono = icoef[:n-1], mono[:(n-1)*s]
			}
			icoef = append(icoef, new(big.Int).Mul(x.coef[i].Num(), y.coef[next[i]].Num()))
			mono = append(mono, m...)
			last = Monomial(mono[len(mono)-s:])
		case last != nil && m.Equal(last):
			t.Mul(x.coef[i], y.coef[next[i]])
			coef[len(coef)-1].Add(coef[len(coef)-1], t)
		default:
			if n := len(coef); n > 0 && coef[n-1].Sign() == 0 {
				coef, mono = coef[:n-1], mono[:(n-1)*s]
			}
			coef = append(coef, new(big.Rat).Mul(x.coef[i], y.coef[next[i]]))
			mono = append(mono, m...)
			last = Monomial(mono[len(mono)-s:])
		}
		if next[i]++; next[i] < ny {
			setHead(i)
		} else {
			h[0] = h[len(h)-1]
			h = h[:len(h)-1]
		}
		down(0)
	}
	if ints {
		if n := len(icoef); n > 0 && icoef[n-1].Sign() == 0 {
			icoef, mono = icoef[:n-1], mono[:(n-1)*s]
		}
		coef = make([]*big.Rat, len(icoef))
		for k, c := range icoef {
			coef[k] = new(big.Rat).SetInt(c)
		}
	} else if n := len(coef); n > 0 && coef[n-1].Sign() == 0 {
		coef, mono = coef[:n-1], mono[:(n-1)*s]
	}
	*z = Poly{ring: r, coef: coef, mono: mono}
	return nil
}

// allInts reports whether every coefficient is an integer.
func allInts(cs []*big.Rat) bool {
	for _, c := range cs {
		if !c.IsInt() {
			return false
		}
	}
	return true
}

// Pow sets z to x^n (n >= 0) and returns z, by repeated squaring.
func (z *Poly) Pow(x *Poly, n int) *Poly {
	z.PowContext(context.Background(), x, n)
	return z
}

// PowContext sets z to x^n (n >= 0) as Pow does, but gives up, leaving z
// unchanged and returning ctx's error, when ctx is done: a power of a
// formula with thousands of terms can take seconds.
func (z *Poly) PowContext(ctx context.Context, x *Poly, n int) error {
	if n < 0 {
		panic("poly: negative exponent")
	}
	base := x.Clone()
	acc := x.ring.oneOrNil()
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			next := new(Poly)
			if err := next.MulContext(ctx, acc, base); err != nil {
				return err
			}
			acc = next
		}
		if n > 1 {
			next := new(Poly)
			if err := next.MulContext(ctx, base, base); err != nil {
				return err
			}
			base = next
		}
	}
	*z = *acc
	return nil
}

func (r *Ring) oneOrNil() *Poly {
	if r == nil {
		return &Poly{}
	}
	return r.One()
}

// Monic returns p divided by its leading coefficient (zero stays zero).
func (p *Poly) Monic() *Poly {
	if p.IsZero() {
		return p.Clone()
	}
	return new(Poly).Scale(p, new(big.Rat).Inv(p.coef[0]))
}
