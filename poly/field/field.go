package field

import (
	"context"
	"fmt"
	"math/big"

	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/factor"
)

// A Frac is a quotient Num/Den of two polynomials of one ring. The
// constructors New, NewContext and FromPoly make it in lowest terms with
// a normalized denominator (see the package doc); Raw takes parts as they
// are. The zero value is not usable: start from a constructor, or
// new(Frac) as the receiver of an operation.
type Frac struct{ num, den *poly.Poly }

// New returns num/den in lowest terms; den must be nonzero. The common
// factor is gcd(num, den), divided out exactly. Cost: one gcd (none when
// either part is constant) and a content.
func New(num, den *poly.Poly) *Frac {
	out, _ := NewContext(context.Background(), num, den) // never ends
	return out
}

// NewContext is New whose gcd stops when ctx ends, and then returns ctx's
// error.
func NewContext(ctx context.Context, num, den *poly.Poly) (*Frac, error) {
	r := den.Ring()
	if num.IsZero() {
		return &Frac{r.Zero(), r.One()}, nil
	}
	if !den.IsConst() && !num.IsConst() {
		num, den = cancelCommon(ctx, num, den)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	return normalized(num, den), nil
}

// FromPoly returns p/1. Cost: none (p is shared, not copied).
func FromPoly(p *poly.Poly) *Frac { return &Frac{p, p.Ring().One()} }

// Raw returns num/den with the parts as given, neither cancelled nor
// normalized: for parts already in lowest terms with a normalized
// denominator (a family's stored values), or for a marker such as 0/0 that
// the caller tests for. Arithmetic on a Frac whose parts are not so is
// exact but its results may not be in lowest terms. Cost: none.
func Raw(num, den *poly.Poly) *Frac { return &Frac{num, den} }

// Num returns x's numerator, shared with x (nil for a nil x).
func (x *Frac) Num() *poly.Poly {
	if x == nil {
		return nil
	}
	return x.num
}

// Den returns x's denominator, shared with x (nil for a nil x).
func (x *Frac) Den() *poly.Poly {
	if x == nil {
		return nil
	}
	return x.den
}

// IsPoly reports whether x is a polynomial: its denominator is constant.
func (x *Frac) IsPoly() bool { return x.den.IsConst() }

// Size returns the number of terms of x (of the numerator and, unless it
// is constant, the denominator), the measure of a simpler expression.
func (x *Frac) Size() int {
	if x.IsPoly() {
		return x.num.Len()
	}
	return x.num.Len() + x.den.Len()
}

// Add sets z to x+y and returns z. Cost: two or three products and one
// gcd (the products are skipped when the denominators are equal).
func (z *Frac) Add(x, y *Frac) *Frac {
	if x.den.Equal(y.den) {
		return z.set(New(new(poly.Poly).Add(x.num, y.num), x.den))
	}
	n := new(poly.Poly).Add(new(poly.Poly).Mul(x.num, y.den), new(poly.Poly).Mul(y.num, x.den))
	return z.set(New(n, new(poly.Poly).Mul(x.den, y.den)))
}

// Mul sets z to x*y and returns z. Cost: two products and one gcd.
func (z *Frac) Mul(x, y *Frac) *Frac {
	return z.set(New(new(poly.Poly).Mul(x.num, y.num), new(poly.Poly).Mul(x.den, y.den)))
}

// Quo sets z to x/y and returns z; y must be nonzero. Cost: two products
// and one gcd of the products (QuoContext takes two of the factors).
func (z *Frac) Quo(x, y *Frac) *Frac {
	return z.set(New(new(poly.Poly).Mul(x.num, y.den), new(poly.Poly).Mul(x.den, y.num)))
}

// QuoContext sets z to x/y within ctx and returns z; y must be nonzero.
// With x = p/q and y = r/s in lowest terms it takes gcd(p, r) and
// gcd(s, q) (Henrici, see the package doc) instead of the gcd of the
// products: on the eliminated numbers of 5x5 grid families that one gcd
// was over half the analysis. When ctx ends it returns nil and ctx's
// error, and z is unchanged. Cost: two gcds of the parts, two products.
func (z *Frac) QuoContext(ctx context.Context, x, y *Frac) (*Frac, error) {
	p, q, r, s := x.num, x.den, y.num, y.den
	if p.IsZero() || r.IsZero() {
		out, err := NewContext(ctx, new(poly.Poly).Mul(p, s), new(poly.Poly).Mul(q, r))
		if err != nil {
			return nil, err
		}
		return z.set(out), nil
	}
	// x / y is x times s/r, cancelled the same way as a product.
	m, err := mulCancel(ctx, x, &Frac{s, r})
	if err != nil {
		return nil, err
	}
	return z.set(normalized(m.num, m.den)), nil
}

// Neg sets z to -x and returns z. Cost: one negation of the numerator.
func (z *Frac) Neg(x *Frac) *Frac {
	return z.set(&Frac{new(poly.Poly).Neg(x.num), x.den})
}

// Eval returns x at the point pt (one rational per variable of the
// ring), and false when the denominator vanishes there. Cost: two
// evaluations.
func (x *Frac) Eval(pt []*big.Rat) (*big.Rat, bool) {
	d := x.den.Eval(pt)
	if d.Sign() == 0 {
		return nil, false
	}
	return d.Quo(x.num.Eval(pt), d), true
}

// DerivativeAt returns the partial derivative of x in variable u at the
// point pt, and false at a pole. Cost: two derivatives and four
// evaluations.
func (x *Frac) DerivativeAt(u int, pt []*big.Rat) (*big.Rat, bool) {
	den := x.den.Eval(pt)
	if den.Sign() == 0 {
		return nil, false
	}
	num := new(big.Rat).Mul(x.num.Derivative(u).Eval(pt), den)
	num.Sub(num, new(big.Rat).Mul(x.num.Eval(pt), x.den.Derivative(u).Eval(pt)))
	return num.Quo(num, den.Mul(den, den)), true
}

// ToRing returns x moved to the ring r by the names of the variables
// (poly.Poly.ToRing), or the error of a variable that r lacks.
func (x *Frac) ToRing(r *poly.Ring) (*Frac, error) {
	num, err := x.num.ToRing(r)
	if err != nil {
		return nil, err
	}
	den, err := x.den.ToRing(r)
	if err != nil {
		return nil, err
	}
	return &Frac{num, den}, nil
}

func (z *Frac) set(x *Frac) *Frac {
	z.num, z.den = x.num, x.den
	return z
}

// cancelCommon divides num and den by their gcd, computed within ctx;
// when ctx ends first they are left as they are (exact, not in lowest
// terms), and the caller reports ctx's error. Factoring den instead (as
// an earlier version did) cost seconds on the products of powers that a
// composition of families makes. No clock bounds the gcd (a 5x5 grid's
// took past 80 s once): see the package doc.
func cancelCommon(ctx context.Context, num, den *poly.Poly) (*poly.Poly, *poly.Poly) {
	g, ok := commonFactor(ctx, num, den)
	if !ok {
		return num, den
	}
	return exactQuo(num, g), exactQuo(den, g)
}

// commonFactor returns gcd(a, b) within ctx, and false when it is a
// constant or ctx ended first.
func commonFactor(ctx context.Context, a, b *poly.Poly) (*poly.Poly, bool) {
	if a.IsConst() || b.IsConst() {
		return nil, false
	}
	g, err := factor.GCDContext(ctx, a, b)
	if err != nil || g.IsConst() {
		return nil, false
	}
	return g, true
}

// normalized returns num/den with den's content made 1 (and its leading
// coefficient positive), without looking for common factors.
func normalized(num, den *poly.Poly) *Frac {
	inv := new(big.Rat).Inv(den.Content())
	return &Frac{new(poly.Poly).Scale(num, inv), new(poly.Poly).Scale(den, inv)}
}

// exactQuo returns f/g, which must divide exactly: a remainder is a bug
// of the caller's gcd, so it panics.
func exactQuo(f, g *poly.Poly) *poly.Poly {
	q, r := poly.DivMod(f, []*poly.Poly{g})
	if !r.IsZero() {
		panic(fmt.Sprintf("field: %s does not divide %s", g, f))
	}
	return q[0]
}
