package members

import (
	"context"
	"math/big"
	"slices"
	"sync"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// symmetries holds the automorphisms of a source, found once: with the
// saturated basis in NewSource, without it at the first member search,
// when the families are known (FromReport attaches them after NewSource).
type symmetries struct {
	mu    sync.Mutex
	done  bool
	autos [][]int // per automorphism: position j takes the number of position autos[k][j]
}

// automorphisms returns the automorphisms of the source, the identity
// always among them and first, finding them on the first call when
// NewSource could not (no basis). Cost: see findAutomorphisms, once.
func (src *Source) automorphisms(ctx context.Context) ([][]int, error) {
	sy := src.sym
	sy.mu.Lock()
	defer sy.mu.Unlock()
	if sy.done {
		return sy.autos, nil
	}
	autos, err := findAutomorphisms(ctx, src.Setting, src.System, src.Basis, src.Families)
	if err != nil {
		return nil, err
	}
	sy.autos, sy.done = autos, true
	return autos, nil
}

// A candidate is one symmetry of the square as a permutation of the grid's
// positions, with the images of the ring's variables under it.
type candidate struct {
	inv    []int        // inv[j]: the position whose number the symmetry carries to j
	images []*poly.Poly // images[v]: the variable whose value variable v takes
}

// findAutomorphisms returns the symmetries g of the square that keep the
// grid's shape and map every solution to a solution, as permutations of
// the positions (the identity first, always: a member is never dropped for
// want of a symmetry). The test is exact and never needs a symmetry that
// does not hold:
//
//   - With the saturated basis (basis not nil), every equation with its
//     numbers permuted by g must reduce to 0 modulo the basis: g maps the
//     solution set onto itself.
//   - Without it (numbers were substituted, families.Report.Substituted),
//     g must keep every nonzero condition (the conditions are the numbers
//     and monomials in them, which a permutation of the numbers keeps), and
//     either map the system's equations onto themselves (as a set, each up
//     to a nonzero factor and a monomial, which is nonzero on every
//     solution), or, when the families are every solution (FromSolve left
//     no algebraic family and no irrational point out), make every
//     permuted equation vanish identically on every family (the formulas
//     substituted, denominators cleared: an exact polynomial identity,
//     tried first at one rational point of the family, which refutes a
//     symmetry that does not hold at little cost). Other sources, and
//     sources with hand-made families (NewFamily), get the first test
//     only, which may miss a symmetry but never accepts a false one.
//
// The symmetries accepted are then cut to the largest set of them that is
// closed under composition (a group; the identity is in it), so that
// keying a member by its smallest image is an equivalence: two members get
// the same key only when one is the image of the other. Cost: with the
// basis, up to 8 normal forms per equation; without it, a comparison of
// the equations per symmetry, and for a symmetry that fails it, one
// rational evaluation per equation and family, then for one that passes
// that, a substitution of the family's formulas into every equation.
func findAutomorphisms(ctx context.Context, s *grid.Setting, sys *grid.System, basis []*poly.Poly, fams []*Family) ([][]int, error) {
	z := s.Size()
	r := sys.Ring
	varOf := make([]int, z.Numbers())
	for i := range varOf {
		varOf[i] = -1
	}
	for v := range r.NumVars() {
		varOf[slices.Index(z.Names(), r.VarName(v))] = v
	}
	var cands []candidate
	for _, g := range grid.Symmetries(z) {
		inv := make([]int, z.Numbers())
		for i := range inv {
			inv[g.MapNumber(z, i)] = i
		}
		c := candidate{inv: inv, images: make([]*poly.Poly, r.NumVars())}
		ok := true
		for j := range inv {
			if (varOf[j] < 0) != (varOf[inv[j]] < 0) {
				ok = false // an absent number would move onto a present one
				break
			}
			if varOf[j] >= 0 {
				c.images[varOf[j]] = r.Var(varOf[inv[j]])
			}
		}
		if ok {
			cands = append(cands, c)
		}
	}
	identity := func(c candidate) bool {
		for j, i := range c.inv {
			if i != j {
				return false
			}
		}
		return true
	}
	var accepted [][]int
	var chk *checker
	if basis == nil {
		chk = newChecker(sys, fams)
	}
	for _, c := range cands {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ok := identity(c)
		if !ok {
			var err error
			if basis != nil {
				ok, err = inIdeal(sys, basis, c)
			} else {
				ok, err = chk.holds(ctx, c)
			}
			if err != nil {
				return nil, err
			}
		}
		if ok {
			accepted = append(accepted, c.inv)
		}
	}
	return largestGroup(accepted), nil
}

// inIdeal is the test with the saturated basis.
func inIdeal(sys *grid.System, basis []*poly.Poly, c candidate) (bool, error) {
	for _, e := range sys.Equations {
		p, err := e.Poly.Compose(sys.Ring, c.images)
		if err != nil {
			return false, err
		}
		if !groebner.NormalForm(p, basis).IsZero() {
			return false, nil
		}
	}
	return true, nil
}

// A checker tests symmetries without the saturated basis.
type checker struct {
	sys     *grid.System
	fams    []*Family
	whole   bool            // fams are every solution (Family.whole)
	eqs     map[string]bool // the normalized equations
	nonzero map[string]bool // the normalized nonzero conditions
	// points[i] is a rational point of family i where no denominator
	// vanishes, nil when none was found.
	points [][]*big.Rat
}

func newChecker(sys *grid.System, fams []*Family) *checker {
	chk := &checker{sys: sys, fams: fams, eqs: map[string]bool{}, nonzero: map[string]bool{}}
	for _, e := range sys.Equations {
		chk.eqs[normalize(e.Poly)] = true
	}
	for _, p := range sys.Nonzero {
		chk.nonzero[normalize(p)] = true
	}
	chk.whole = len(fams) > 0
	for _, f := range fams {
		chk.whole = chk.whole && f.whole
	}
	if chk.whole {
		for _, f := range fams {
			chk.points = append(chk.points, familyPoint(f))
		}
	}
	return chk
}

// normalize writes p divided by the largest monomial dividing it and made
// primitive (coprime integer coefficients, positive leading coefficient):
// two polynomials get the same text when they differ by a nonzero factor
// and a monomial. A monomial becomes "1".
func normalize(p *poly.Poly) string {
	if p.IsZero() {
		return "0"
	}
	r := p.Ring()
	n := r.NumVars()
	low := make([]int, n)
	for v := range n {
		low[v] = p.Degree(v)
	}
	for i := range p.Len() {
		for v := range n {
			low[v] = min(low[v], p.Exp(i, v))
		}
	}
	cs := make([]*big.Rat, p.Len())
	ms := make([]poly.Monomial, p.Len())
	exps := make([]int, n)
	for i := range p.Len() {
		cs[i] = p.Coef(i)
		for v := range n {
			exps[v] = p.Exp(i, v) - low[v]
		}
		ms[i] = r.NewMonomial(exps...)
	}
	return r.FromTerms(cs, ms).PrimitivePart().String()
}

// holds reports whether the symmetry c maps every solution to a solution,
// by the tests findAutomorphisms describes.
func (chk *checker) holds(ctx context.Context, c candidate) (bool, error) {
	r := chk.sys.Ring
	for _, p := range chk.sys.Nonzero {
		q, err := p.Compose(r, c.images)
		if err != nil {
			return false, err
		}
		if k := normalize(q); k != "1" && !chk.nonzero[k] {
			return false, nil
		}
	}
	perm := make([]*poly.Poly, len(chk.sys.Equations))
	same := true
	for i, e := range chk.sys.Equations {
		q, err := e.Poly.Compose(r, c.images)
		if err != nil {
			return false, err
		}
		perm[i] = q
		same = same && chk.eqs[normalize(q)]
	}
	if same {
		return true, nil
	}
	if !chk.whole {
		return false, nil
	}
	for _, x := range chk.points {
		if x == nil {
			continue
		}
		for _, q := range perm {
			if q.Eval(x).Sign() != 0 {
				return false, nil
			}
		}
	}
	for _, f := range chk.fams {
		for _, q := range perm {
			zero, err := vanishesOn(ctx, q, f)
			if err != nil || !zero {
				return false, err
			}
		}
	}
	return true, nil
}

// familyPoint returns the numbers (ring order) of family f at a parameter
// tuple where no denominator vanishes, or nil when a few tuples of small
// primes all hit a vanishing denominator.
func familyPoint(f *Family) []*big.Rat {
	primes := []int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97}
	n := f.Ring.NumVars()
	x := make([]*big.Rat, n)
	vals := make([]*big.Rat, n)
	for try := range 8 {
		for v := range n {
			x[v] = new(big.Rat)
		}
		for j, v := range f.Params {
			x[v] = big.NewRat(primes[(j+3*try)%len(primes)]*int64(try+1), 1)
		}
		ok := true
		for v := range n {
			d := f.Den[v].Eval(x)
			if d.Sign() == 0 {
				ok = false
				break
			}
			vals[v] = new(big.Rat).Quo(f.Num[v].Eval(x), d)
		}
		if ok {
			return vals
		}
	}
	return nil
}

// vanishesOn reports whether the polynomial q vanishes identically on the
// family f: q with every number replaced by its formula Num/Den, the
// denominators cleared by multiplying with Den[v]^deg_v(q), is the zero
// polynomial. Cost: one product of powers of the formulas per term of q.
func vanishesOn(ctx context.Context, q *poly.Poly, f *Family) (bool, error) {
	r := f.Ring
	n := r.NumVars()
	deg := make([]int, n)
	for v := range n {
		deg[v] = q.Degree(v)
	}
	type powers struct{ num, den []*poly.Poly }
	pw := make([]powers, n)
	pow := func(ps *[]*poly.Poly, base *poly.Poly, e int) (*poly.Poly, error) {
		for len(*ps) <= e {
			if len(*ps) == 0 {
				*ps = append(*ps, r.One())
				continue
			}
			z := new(poly.Poly)
			if err := z.MulContext(ctx, (*ps)[len(*ps)-1], base); err != nil {
				return nil, err
			}
			*ps = append(*ps, z)
		}
		return (*ps)[e], nil
	}
	sum := r.Zero()
	for i := range q.Len() {
		t := r.Const(q.Coef(i))
		for v := range n {
			e := q.Exp(i, v)
			if deg[v] == 0 {
				continue
			}
			a, err := pow(&pw[v].num, f.Num[v], e)
			if err != nil {
				return false, err
			}
			b, err := pow(&pw[v].den, f.Den[v], deg[v]-e)
			if err != nil {
				return false, err
			}
			for _, m := range []*poly.Poly{a, b} {
				z := new(poly.Poly)
				if err := z.MulContext(ctx, t, m); err != nil {
					return false, err
				}
				t = z
			}
		}
		sum = new(poly.Poly).Add(sum, t)
	}
	return sum.IsZero(), nil
}

// largestGroup returns the largest subset of the permutations ps that
// contains the first (the identity) and is closed under composition, the
// first such subset in the order of ps among those of its size. ps holds
// at most 8 permutations, so every subset is tried.
func largestGroup(ps [][]int) [][]int {
	k := len(ps)
	index := func(p []int) int {
		return slices.IndexFunc(ps, func(q []int) bool { return slices.Equal(p, q) })
	}
	// prod[a][b] is the index of the composition of ps[a] and ps[b], -1
	// when it is not among ps.
	prod := make([][]int, k)
	comp := make([]int, 0)
	for a := range k {
		prod[a] = make([]int, k)
		for b := range k {
			comp = comp[:0]
			for j := range ps[a] {
				comp = append(comp, ps[b][ps[a][j]])
			}
			prod[a][b] = index(comp)
		}
	}
	best, bestSize := uint(1), 1
	for set := uint(1); set < 1<<k; set += 2 { // bit 0, the identity, always set
		size := 0
		closed := true
		for a := range k {
			if set&(1<<a) == 0 {
				continue
			}
			size++
			for b := range k {
				if set&(1<<b) != 0 && (prod[a][b] < 0 || set&(1<<prod[a][b]) == 0) {
					closed = false
				}
			}
		}
		if closed && size > bestSize {
			best, bestSize = set, size
		}
	}
	var out [][]int
	for a := range k {
		if best&(1<<a) != 0 {
			out = append(out, ps[a])
		}
	}
	return out
}
