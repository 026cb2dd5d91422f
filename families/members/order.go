package members

import (
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// maxOrderDP is the most parameters for which newPlan finds the order of
// least cost over every subset of the parameters (2^d subsets).
const maxOrderDP = 18

// orderBranch is the number of values the cost model gives a parameter,
// and orderSamples the number of random choices by which passRates
// estimates how often a number passes.
const (
	orderBranch  = 4
	orderSamples = 256
)

// A formula is one number of a family as the plan sees it: the parameter
// positions it uses and how likely it is to fail (greedyOrder's weight).
type formula struct {
	v      int
	vars   []int
	weight float64
}

// passRates estimates, per formula, the fraction of choices of the
// parameters (each lo + a number below orderBranch + 2, drawn by a
// generator of fixed seed, so the plan is a function of the family) at
// which the number is an integer between lo and hi, smoothed away from 0
// and 1. A value that overflows int64 counts as passing. Cost:
// orderSamples int64 evaluations per formula.
func passRates(ev *evaluator, fs []formula, d int, lo, hi int64) []float64 {
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([]int64, d)
	out := make([]float64, len(fs))
	for i, f := range fs {
		pass := 0
		for range orderSamples {
			for j := range x {
				x[j] = lo + int64(rng.IntN(orderBranch+2))
				if x[j] < lo {
					x[j] = lo // lo near math.MaxInt64 wrapped
				}
			}
			n, ok1 := ev.num[f.v].eval64(x)
			dn, ok2 := ev.den[f.v].eval64(x)
			switch {
			case !ok1 || !ok2 || dn == -1 && n == math.MinInt64:
				pass++
			case dn != 0 && n%dn == 0 && n/dn >= lo && n/dn <= hi:
				pass++
			}
		}
		out[i] = (float64(pass) + 1) / (orderSamples + 2)
	}
	return out
}

// costOrder returns the order of the d parameters that makes the fewest
// choices in a model of the search: a parameter takes orderBranch values,
// and a formula passes at its rate once every parameter it uses is
// chosen, so N(S) = orderBranch^|S| * (product of the rates of the
// formulas within S) choices reach the set S, and an order costs the sum
// of N over its first 1, ..., d-1 parameters (the last is fixed by the
// sum, and every formula is checked with the one before it). Dynamic
// programming over the subsets finds the least cost exactly; ties go to
// the order that is first lexicographically. Cost: O(2^d * (d + formulas)).
func costOrder(fs []formula, d int, rate []float64) []int {
	if d <= 1 {
		return make([]int, d)
	}
	full := uint32(1)<<d - 1
	masks := make([]uint32, len(fs))
	for i, f := range fs {
		for _, j := range f.vars {
			masks[i] |= 1 << j
		}
	}
	logAll := 0.0
	for _, r := range rate {
		logAll += math.Log(r)
	}
	best := make([]float64, full+1)
	from := make([]int8, full+1) // the parameter chosen last to reach S
	for s := uint32(1); s < full; s++ {
		n := bits.OnesCount32(s)
		if n > d-1 {
			best[s] = math.Inf(1)
			continue
		}
		logN := float64(n) * math.Log(orderBranch)
		if n == d-1 {
			logN += logAll
		} else {
			for i, m := range masks {
				if m&s == m {
					logN += math.Log(rate[i])
				}
			}
		}
		b, at := math.Inf(1), -1
		for j := range d {
			if s&(1<<j) == 0 {
				continue
			}
			if c := best[s&^(1<<j)]; c < b {
				b, at = c, j
			}
		}
		best[s], from[s] = b+math.Exp(logN), int8(at)
	}
	// The best set of d-1 parameters; the one left out comes last.
	last, b := -1, math.Inf(1)
	for j := d - 1; j >= 0; j-- {
		if c := best[full&^(1<<j)]; c <= b {
			last, b = j, c
		}
	}
	order := make([]int, d)
	order[d-1] = last
	s := full &^ (1 << last)
	for k := d - 2; k >= 0; k-- {
		j := int(from[s])
		order[k] = j
		s &^= 1 << j
	}
	return order
}

// greedyOrder orders the parameters greedily: at each depth the parameter
// that completes the most formulas that can fail (weighted, see
// formulaWeight), then the one that brings the most unfinished formulas
// nearest to completion, then the first in ring order. Cost: O(d^2 *
// formulas).
func greedyOrder(fs []formula, d int) []int {
	chosen := make([]bool, d)
	left := func(f formula) int {
		n := 0
		for _, j := range f.vars {
			if !chosen[j] {
				n++
			}
		}
		return n
	}
	var order []int
	for range d {
		best, bestDone, bestNear := -1, -1.0, -1.0
		for j := range d {
			if chosen[j] {
				continue
			}
			var done, near float64
			for _, f := range fs {
				if !slices.Contains(f.vars, j) {
					continue
				}
				switch n := left(f); n {
				case 1:
					done += f.weight
				default:
					near += f.weight / float64((n-1)*(n-1))
				}
			}
			if done > bestDone || done == bestDone && near > bestNear {
				best, bestDone, bestNear = j, done, near
			}
		}
		chosen[best] = true
		order = append(order, best)
	}
	return order
}

// formulaWeight says how likely a formula N/D is to fail for a choice of
// its parameters (see newPlan).
func formulaWeight(num, den *intPoly) float64 {
	constDen := true
	for _, e := range den.exps {
		if slices.ContainsFunc(e, func(k int) bool { return k > 0 }) {
			constDen = false
		}
	}
	neg := slices.ContainsFunc(num.big, func(c *big.Int) bool { return c.Sign() < 0 })
	switch {
	case !constDen:
		return 3
	case neg:
		return 2
	case len(den.big) == 1 && (den.big[0].CmpAbs(big.NewInt(1)) != 0):
		return 2 // divisibility by a constant
	default:
		return 0.25
	}
}
