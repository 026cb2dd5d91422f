package solve

import (
	"context"
	"fmt"
	"math/big"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
	"github.com/families-project/families/poly/roots"
)

// A Class says what kind of numbers a solution has.
type Class string

// The classes of a solution.
const (
	// ClassRational: every number is rational.
	ClassRational Class = "rational"
	// ClassRealAlgebraic: every number is real, some irrational; the
	// solution's Degree says how far (square roots give degree 2).
	ClassRealAlgebraic Class = "real_algebraic"
	// ClassComplex: some number is not real.
	ClassComplex Class = "complex"
)

// A Point is one solution of a zero-dimensional component.
type Point struct {
	Class Class
	// Degree is the degree over Q of the field of the point's numbers: 1
	// for a rational point, 2 for square roots.
	Degree  int
	Numbers []*Number // in ring order
}

// A Number is one number of a solution.
type Number struct {
	Name string
	// Degree is the degree of the number over Q.
	Degree int
	// Rat is the exact value when Degree is 1.
	Rat *big.Rat
	// MinPoly is the minimal polynomial over Q, in a ring of the single
	// variable Name with coprime integer coefficients, when Degree > 1.
	MinPoly *poly.Poly
	// Re and Im are the value, proved to Digits significant digits (Im is
	// zero for a real number).
	Re, Im *big.Float
	Real   bool
	// Exact is a closed form: the rational, or for Degree 2 the value with
	// a square root, such as (1 + sqrt(5))/2 or 3 - 2*I; empty otherwise.
	Exact  string
	Digits int
}

// points returns the conjugate solutions of the zero-dimensional prime c,
// after checking the component's description exactly.
func (d *decomposer) points(c *component, F, nonzero []*poly.Poly, digits int) ([]*Point, error) {
	z := c.zero
	if z == nil {
		return nil, fmt.Errorf("solve: a zero-dimensional component of degree %d could not be proved prime", c.degree)
	}
	n := d.ring.NumVars()
	D := z.theta.degree()
	for _, eq := range F {
		if !groebner.IsMember(eq, c.basis) {
			return nil, fmt.Errorf("%w: %s = 0 does not hold on a component", ErrInternal, eq)
		}
	}
	for _, h := range nonzero {
		if groebner.IsMember(h, c.basis) {
			return nil, fmt.Errorf("%w: nonzero condition %s vanishes on a component", ErrInternal, h)
		}
	}
	if D == 1 {
		return d.rationalPoint(c, F, nonzero, digits)
	}
	theta := z.theta.theta
	if !groebner.IsMember(horner(z.theta.min, theta), c.basis) {
		return nil, fmt.Errorf("%w: the minimal polynomial of %s does not vanish", ErrInternal, theta)
	}
	coords := make([][]*big.Rat, n)
	mins := make([][]*big.Rat, n)
	isolated := make([][]roots.Root, n)
	for v := range n {
		x := d.ring.Var(v)
		a, ok := z.theta.express(z.quo, x)
		if !ok || !groebner.IsMember(new(poly.Poly).Sub(x, horner(a, theta)), c.basis) {
			return nil, fmt.Errorf("%w: %s is not a polynomial in the primitive element %s", ErrInternal, x, theta)
		}
		coords[v] = a
		k, err := z.quo.krylov(d.ctx, x)
		if err != nil {
			return nil, err
		}
		mins[v] = k.min
		if !groebner.IsMember(horner(mins[v], x), c.basis) {
			return nil, fmt.Errorf("%w: the minimal polynomial of %s does not vanish", ErrInternal, x)
		}
		if len(mins[v]) > 2 {
			rs, err := isolateRoots(d.ctx, mins[v], digits)
			if err != nil {
				return nil, err
			}
			isolated[v] = rs
		}
	}
	thetaRoots, err := isolateRoots(d.ctx, z.theta.min, digits)
	if err != nil {
		return nil, err
	}
	var out []*Point
	for _, t := range thetaRoots {
		th := roots.Complex{Re: t.Re, Im: t.Im}
		p := &Point{Degree: D, Class: ClassRealAlgebraic}
		for v := range n {
			name := d.ring.VarName(v)
			if len(mins[v]) == 2 {
				p.Numbers = append(p.Numbers, ratNumber(name, new(big.Rat).Neg(mins[v][0]), digits))
				continue
			}
			val := evalCoords(coords[v], th)
			k, ok := roots.Nearest(isolated[v], val)
			if !ok {
				return nil, fmt.Errorf("solve: the value of %s at a solution is not clearly one root of its minimal polynomial", name)
			}
			num := algNumber(name, mins[v], isolated[v][k], digits)
			if !num.Real {
				p.Class = ClassComplex
			}
			p.Numbers = append(p.Numbers, num)
		}
		out = append(out, p)
	}
	return out, nil
}

// rationalPoint returns the single rational point of a component of
// degree 1, checked by evaluating every equation and nonzero condition.
func (d *decomposer) rationalPoint(c *component, F, nonzero []*poly.Poly, digits int) ([]*Point, error) {
	n := d.ring.NumVars()
	vals := make([]*big.Rat, n)
	p := &Point{Class: ClassRational, Degree: 1}
	for v := range n {
		nf := groebner.NormalForm(d.ring.Var(v), c.basis)
		if !nf.IsConst() {
			return nil, fmt.Errorf("%w: %s is not constant on a component of degree 1", ErrInternal, d.ring.VarName(v))
		}
		vals[v] = new(big.Rat)
		if !nf.IsZero() {
			vals[v].Set(nf.Coef(0))
		}
		p.Numbers = append(p.Numbers, ratNumber(d.ring.VarName(v), vals[v], digits))
	}
	for _, eq := range F {
		if eq.Eval(vals).Sign() != 0 {
			return nil, fmt.Errorf("%w: a solution does not satisfy %s = 0", ErrInternal, eq)
		}
	}
	for _, h := range nonzero {
		if h.Eval(vals).Sign() == 0 {
			return nil, fmt.Errorf("%w: nonzero condition %s vanishes at a solution", ErrInternal, h)
		}
	}
	return []*Point{p}, nil
}

func ratNumber(name string, x *big.Rat, digits int) *Number {
	prec := uint(max(256, 4*digits+64))
	return &Number{
		Name: name, Degree: 1, Rat: x, Real: true, Exact: x.RatString(), Digits: digits,
		Re: new(big.Float).SetPrec(prec).SetRat(x), Im: new(big.Float).SetPrec(prec),
	}
}

func algNumber(name string, min []*big.Rat, r roots.Root, digits int) *Number {
	m := uniPoly(name, min).PrimitivePart()
	x := &Number{
		Name: name, Degree: len(min) - 1, MinPoly: m, Re: r.Re, Im: r.Im, Real: r.Real, Digits: digits,
	}
	if x.Degree == 2 {
		x.Exact = quadraticRoot(min, r)
	}
	return x
}

// evalCoords returns sum a[t] θ^t.
func evalCoords(a []*big.Rat, th roots.Complex) roots.Complex {
	prec := th.Re.Prec()
	out := roots.NewComplex(prec)
	for t := len(a) - 1; t >= 0; t-- {
		out = roots.Mul(out, th)
		out.Re.Add(out.Re, new(big.Float).SetPrec(prec).SetRat(a[t]))
	}
	return out
}

// isolateRoots is roots.Isolate with a stop by ctx reported as a limit
// error, as every other stop of a decomposition is.
func isolateRoots(ctx context.Context, c []*big.Rat, digits int) ([]roots.Root, error) {
	rs, err := roots.Isolate(ctx, c, digits)
	if err != nil && ctx.Err() != nil {
		return nil, limitErr(ctx.Err())
	}
	return rs, err
}

// Decimal returns the value to x.Digits significant digits: "1.414...",
// "-0.5 + 0.866...*I".
func (x *Number) Decimal() string {
	if x.Real || x.Im.Sign() == 0 {
		return decimal(x.Re, x.Digits)
	}
	im := new(big.Float).Abs(x.Im)
	sign := " + "
	if x.Im.Sign() < 0 {
		sign = " - "
	}
	if x.Re.Sign() == 0 {
		if x.Im.Sign() < 0 {
			return "-" + decimal(im, x.Digits) + "*I"
		}
		return decimal(im, x.Digits) + "*I"
	}
	return decimal(x.Re, x.Digits) + sign + decimal(im, x.Digits) + "*I"
}

func decimal(f *big.Float, digits int) string { return f.Text('g', digits) }

// String returns the exact form when there is one, the decimal value
// otherwise.
func (x *Number) String() string {
	if x.Exact != "" {
		return x.Exact
	}
	return x.Decimal()
}
