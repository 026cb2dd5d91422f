package factor

import (
	"context"
	"slices"
)

// Zippel's sparse interpolation (R. Zippel, "Probabilistic algorithms for
// sparse polynomials", EUROSAM 1979), used inside Brown's modular gcd: once
// one image of the gcd at a point of the outer variable is known, the
// images at the other points are assumed to have the same support (the
// skeleton) and only their coefficients are unknown. They follow from
// univariate gcd images in one variable, the others set to random values,
// by one linear system over GF(p), instead of a full recursive gcd per
// point. Brown's dense recursion costs about the product over the
// variables of (degree + 1) images; this costs about their sum times the
// number of terms. On a 5x5 grid family a gcd of polynomials of 771 and
// 165 terms in 13 variables (gcd of 80 terms) took 89 s by the dense
// recursion.
//
// The images are not monic in the main variable in general: each
// univariate image is the true one up to an unknown factor lambda_s, the
// leading coefficient's value. Those factors are unknowns of the same
// system, eliminated with the leading group's equation, as in the
// multiple-scaling method of de Kleine, Monagan and Wittkopf ("Algorithms
// for the non-monic case of the sparse modular GCD algorithm", ISSAC 2005).
//
// A skeleton can be wrong (the first image came from a point where a
// coefficient vanished, or where the images shared an extra factor). Then
// the univariate images have the wrong degree or the overdetermined system
// is inconsistent with high probability, and the caller falls back to the
// recursive gcd at that point. Correctness never rests on this: the gcd
// over Z is accepted only after its images agree across primes and it
// divides both inputs exactly.

// maxSparseWork bounds the elimination work (a count of field operations)
// of one sparse image; past it the recursion is cheaper.
const maxSparseWork = 1e9

// sparseImage returns the monic gcd over GF(p) of a and b, polynomials in
// rest, assuming that its support is that of skel (a monic image of the
// gcd at another point of the variable the caller interpolates in). It
// reports false when the univariate images contradict the skeleton, when
// too many evaluation points are unusable, or when the system does not
// determine the coefficients; the caller then computes the image by the
// recursive algorithm. seed makes the evaluation points a function of the
// inputs. It stops like pgcd when ctx is done.
//
// The images are taken in one variable x1, the others set to the powers
// beta^s of one random point, so that each term's value at the next point
// is its value at the last times its value at beta: one product per term
// and image. Each univariate image is the true one divided by its leading
// coefficient's value, a sum over the skeleton's terms of top degree in
// x1. So the coefficients of each degree below the top are found together
// with those of the top degree, one system per degree; when the top
// degree has one term, the systems are independent Vandermonde systems.
// A content free of x1 (invisible to the images) leaves a system
// singular, which reports false; a monomial content is harmless.
// Cost: about max over the degrees of (terms of that degree and of the
// top) univariate gcds of the images of a and b, and the sum over the
// degrees of the cube of that number of unknowns.
func sparseImage(ctx context.Context, a, b ppoly, rest []int, skel ppoly, p, seed uint64) (ppoly, bool) {
	n := len(skel)
	if n == 0 || len(a) == 0 || len(b) == 0 {
		return nil, false
	}
	x1 := mainVar(skel, rest)
	if x1 < 0 {
		return nil, false
	}
	top := mdegP(skel, x1)
	da, db := mdegP(a, x1), mdegP(b, x1)
	others := make([]int, 0, len(rest))
	for _, w := range rest {
		if w != x1 {
			others = append(others, w)
		}
	}
	// The first term of top degree has coefficient 1 while solving (the
	// image is made monic at the end); the other top terms are unknowns
	// of every system, after the degree's own terms.
	fixed := -1
	var topTerms []int
	size := make([]int, top+1)
	col := make([]int, n)
	for k, t := range skel {
		d := int(t.e[x1])
		if d == top {
			if fixed < 0 {
				fixed = k
			} else {
				topTerms = append(topTerms, k)
			}
			continue
		}
		col[k] = size[d]
		size[d]++
	}
	T := len(topTerms)
	need := 0
	for d := 0; d < top; d++ {
		need = max(need, size[d]+T)
	}
	need += 2
	systems := make([]*modSystem, top)
	for d := range systems {
		systems[d] = newModSystem(size[d]+T, p)
	}
	beta := make([]uint64, maxVars)
	for _, w := range others {
		beta[w] = 1 + splitmix(seed^uint64(w)<<8)%(p-1)
	}
	ea, eb, es := newPowerSeq(a, others, beta, p), newPowerSeq(b, others, beta, p), newPowerSeq(skel, others, beta, p)
	images, skipped := 0, 0
	for images < need {
		checkStop(ctx) // one poll per image: about one univariate gcd of work
		if skipped > need+8 {
			return nil, false
		}
		ea.next(p)
		eb.next(p)
		es.next(p)
		ia := ea.image(a, x1, da, p)
		ib := eb.image(b, x1, db, p)
		if ia.deg() != da || ib.deg() != db {
			skipped++
			continue
		}
		u := ggcd(ia, ib, p)
		if u.deg() != top {
			// A larger degree is an unlucky point or a wrong skeleton; a
			// smaller one can only be a wrong skeleton, as the true image
			// divides both images and keeps its degree where a and b do.
			if u.deg() < top {
				return nil, false
			}
			skipped++
			continue
		}
		vals := es.cur
		// For each degree i below top: the sum over its terms of
		// c_m val(m) equals u[i] times the sum over the top terms.
		rows := make([][]uint64, top)
		for i := range rows {
			r := systems[i].row()
			for j, k := range topTerms {
				r[size[i]+j] = (p - u[i]*vals[k]%p) % p
			}
			r[size[i]+T] = u[i] * vals[fixed] % p
			rows[i] = r
		}
		for k, t := range skel {
			if d := int(t.e[x1]); d < top {
				rows[d][col[k]] = vals[k]
			}
		}
		for i, r := range rows {
			if !systems[i].add(r) {
				return nil, false
			}
		}
		images++
	}
	// In reduced echelon form, a degree's rows with a pivot among the
	// top terms involve the top terms only. The top terms are solved
	// from those rows of every degree at once: one degree alone may not
	// determine them (its coefficient and the leading one can share a
	// factor), all of them do unless the image has a content free of x1.
	topSys := newModSystem(T, p)
	for i, sys := range systems {
		for r, j := range sys.col {
			if j >= size[i] && !topSys.add(slices.Clone(sys.pivots[r][size[i]:])) {
				return nil, false
			}
		}
	}
	ct, ok := topSys.solution()
	if !ok {
		return nil, false
	}
	c := make([]uint64, n)
	c[fixed] = 1
	for j, k := range topTerms {
		c[k] = ct[j]
	}
	for k, t := range skel {
		i := int(t.e[x1])
		if i == top {
			continue
		}
		r := systems[i].where[col[k]]
		if r < 0 {
			return nil, false
		}
		row := systems[i].pivots[r]
		v := row[size[i]+T]
		for j := range topTerms {
			v = (v + p - row[size[i]+j]*ct[j]%p) % p
		}
		c[k] = v
	}
	// Make the image monic: the leading term's coefficient is 1.
	if c[0] == 0 {
		return nil, false
	}
	inv := invMod(c[0], p)
	h := make(ppoly, 0, n)
	for k, t := range skel {
		if v := c[k] * inv % p; v != 0 {
			h = append(h, pterm{t.e, v})
		}
	}
	return h, true
}

// powerSeq holds the values of the terms of a polynomial at the points
// beta^s, s = 1, 2, ...: each step multiplies by the value at beta.
type powerSeq struct {
	base, cur []uint64
}

func newPowerSeq(f ppoly, others []int, beta []uint64, p uint64) *powerSeq {
	s := &powerSeq{base: make([]uint64, len(f)), cur: make([]uint64, len(f))}
	for k, t := range f {
		v := uint64(1)
		for _, w := range others {
			if e := t.e[w]; e > 0 {
				v = v * powMod(beta[w], uint64(e), p) % p
			}
		}
		s.base[k] = v
		s.cur[k] = 1
	}
	return s
}

// next moves to the next power of the point.
func (s *powerSeq) next(p uint64) {
	for k, b := range s.base {
		s.cur[k] = s.cur[k] * b % p
	}
}

// image returns f at the current point as a univariate polynomial in x1
// of degree at most d.
func (s *powerSeq) image(f ppoly, x1, d int, p uint64) gpoly {
	u := make(gpoly, d+1)
	for k, t := range f {
		i := t.e[x1]
		u[i] = (u[i] + t.c*s.cur[k]) % p
	}
	return u.trim()
}

// mainVar returns the variable of rest in which the univariate images are
// taken: among those of positive degree in skel, the one whose systems
// cost least (the sum over the degrees below the top of the cube of that
// degree's terms plus the top degree's), the first on ties; -1 when even
// that would cost more than maxSparseWork.
func mainVar(skel ppoly, rest []int) int {
	best, bestCost := -1, 0.0
	for _, w := range rest {
		top := mdegP(skel, w)
		if top < 1 {
			continue
		}
		count := make([]int, top+1)
		for _, t := range skel {
			count[t.e[w]]++
		}
		cost := 0.0
		for d := 0; d < top; d++ {
			u := float64(count[d] + count[top] - 1)
			cost += u * u * u
		}
		if best < 0 || cost < bestCost {
			best, bestCost = w, cost
		}
	}
	if bestCost > maxSparseWork {
		return -1
	}
	return best
}

// mdegP is the degree of f in v.
func mdegP(f ppoly, v int) int {
	d := -1
	for _, t := range f {
		d = max(d, int(t.e[v]))
	}
	return d
}

// modSystem is a linear system over GF(p) in reduced row echelon form,
// built one equation at a time: each row holds the coefficients of the
// unknowns followed by the right-hand side.
type modSystem struct {
	p      uint64
	n      int        // unknowns
	pivots [][]uint64 // reduced rows, one per pivot column
	col    []int      // pivot column of each row
	where  []int      // row of each pivot column, or -1
}

func newModSystem(n int, p uint64) *modSystem {
	where := make([]int, n)
	for i := range where {
		where[i] = -1
	}
	return &modSystem{p: p, n: n, where: where}
}

// row returns a zeroed row to fill in and pass to add.
func (s *modSystem) row() []uint64 { return make([]uint64, s.n+1) }

// add reduces the equation by the pivots and keeps it when it gives a new
// one. It reports false when the equation contradicts the others (0 = c
// with c nonzero). Cost: O(rank * n) operations.
func (s *modSystem) add(r []uint64) bool {
	p := s.p
	for i, q := range s.pivots {
		f := r[s.col[i]]
		if f == 0 {
			continue
		}
		f = p - f
		for j := s.col[i]; j <= s.n; j++ {
			if q[j] != 0 {
				r[j] = (r[j] + f*q[j]) % p
			}
		}
	}
	c := -1
	for j := 0; j < s.n; j++ {
		if r[j] != 0 {
			c = j
			break
		}
	}
	if c < 0 {
		return r[s.n] == 0
	}
	inv := invMod(r[c], p)
	for j := c; j <= s.n; j++ {
		r[j] = r[j] * inv % p
	}
	// Keep the earlier rows reduced in the new pivot column.
	for i, q := range s.pivots {
		f := q[c]
		if f == 0 {
			continue
		}
		f = p - f
		for j := c; j <= s.n; j++ {
			if r[j] != 0 {
				q[j] = (q[j] + f*r[j]) % p
			}
		}
		s.pivots[i] = q
	}
	s.where[c] = len(s.pivots)
	s.pivots = append(s.pivots, r)
	s.col = append(s.col, c)
	return true
}

// solution returns the unique solution, or false when the equations
// added so far leave some unknown free.
func (s *modSystem) solution() ([]uint64, bool) {
	if len(s.pivots) < s.n {
		return nil, false
	}
	x := make([]uint64, s.n)
	for j := range x {
		x[j] = s.pivots[s.where[j]][s.n]
	}
	return x, true
}
