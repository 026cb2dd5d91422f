package factor

import "math/big"

// point is an integer value for each variable of vars, with cached
// powers; evaluating many polynomials at one point is the inner loop of
// Wang's evaluation-point search.
type point struct {
	idx  [maxVars]int // 1 + position in vals, 0 for variables not set
	vals []*big.Int
	pw   [][]*big.Int
}

func newPoint(vars []int, vals []*big.Int) *point {
	pt := &point{vals: vals, pw: make([][]*big.Int, len(vals))}
	for i, v := range vars {
		pt.idx[v] = i + 1
		pt.pw[i] = []*big.Int{big.NewInt(1)}
	}
	return pt
}

func (pt *point) pow(i, k int) *big.Int {
	for len(pt.pw[i]) <= k {
		pt.pw[i] = append(pt.pw[i], new(big.Int).Mul(pt.pw[i][len(pt.pw[i])-1], pt.vals[i]))
	}
	return pt.pw[i][k]
}

// termValue returns c * prod over set variables of value^exponent, and
// reports false if the value is zero.
func (pt *point) termValue(t term, x *big.Int) bool {
	x.Set(t.c)
	for w, e := range t.e {
		if e == 0 || pt.idx[w] == 0 {
			continue
		}
		i := pt.idx[w] - 1
		if pt.vals[i].Sign() == 0 {
			return false
		}
		x.Mul(x, pt.pow(i, int(e)))
	}
	return true
}

// evalU evaluates every set variable; the rest of f may only involve v.
func (pt *point) evalU(f mpoly, v int) upoly {
	u := make(upoly, mdeg(f, v)+1)
	for i := range u {
		u[i] = new(big.Int)
	}
	x := new(big.Int)
	for _, t := range f {
		if pt.termValue(t, x) {
			u[t.e[v]].Add(u[t.e[v]], x)
		}
	}
	return u.trim()
}

// evalInt evaluates f, all of whose variables are set.
func (pt *point) evalInt(f mpoly) *big.Int {
	s := new(big.Int)
	x := new(big.Int)
	for _, t := range f {
		if pt.termValue(t, x) {
			s.Add(s, x)
		}
	}
	return s
}
