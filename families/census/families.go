package census

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/poly"
)

// With Options.Families every grid is answered, isolated or on a named
// family, and each distinct setting goes to the engine once per run: a
// setting is analyzed in its standard form (grid.Setting.StandardForm,
// Wolf's rule), and the grid is carried to the same image, so that the
// settings of a class of symmetric settings share one analysis and one
// statement of their families. The answer for a grid is a function of the
// grid alone (its candidate settings are ranked before any analysis, and
// an analysis is a function of its setting), so the cache only saves
// time: runs with any number of goroutines or shards give the same bytes.

// settingAnalysis is the engine's answer for one setting in standard
// form, shared by every grid it serves.
type settingAnalysis struct {
	ready chan struct{} // closed when the fields below are set
	// key, bytes and elem are the cache's: the setting, the estimate of
	// what the analysis holds and its place in the cache's order (nil
	// once dropped, or while running).
	key   string
	bytes int64
	elem  *list.Element
	class string
	err   string
	comps []*solve.Component
	fams  []familyName // one per component; zero for dimension 0
}

// familyName names a family by its setting and canonical form.
type familyName struct {
	key string // hash of the setting and the formulas
	fam *Family
}

// analysisCache holds the analyzes of a run, keyed by the standard form
// of the setting (its --ops string). Concurrent askers of one setting
// wait for the first. It is bounded: past maxBytes (an estimate of the
// memory its analyzes hold, analysisBytes) the least recently used
// analyzes are dropped, and a setting met again is analyzed again. An
// analysis is a function of its setting (its work budget counts work,
// not time), so the bound changes the time a run takes, never its
// answers (TestCacheBoundSameBytes).
type analysisCache struct {
	mu  sync.Mutex
	m   map[string]*settingAnalysis
	lru *list.List // finished analyzes, most recently used first
	// bytes is the estimate of what the finished analyzes hold, maxBytes
	// its bound.
	bytes, maxBytes int64
	// Analyzed and Reused count engine runs and answers taken from the
	// cache, dropped counts analyzes dropped by the bound (for the
	// summary; they depend on the timing, the answers do not).
	analyzed, reused, dropped int
}

// maxCacheBytes bounds the analysis cache's estimate (analysisBytes): the
// 4x4 census to 32 analyzes 2,658 settings of some 13 KB each, 35 MB in
// all, so it is far above what a census needs on one machine and there
// only to keep a long run (N = 128 holds ten times the settings) from
// growing without end.
const maxCacheBytes = 256 << 20

func newAnalysisCache() *analysisCache {
	return &analysisCache{m: map[string]*settingAnalysis{}, lru: list.New(), maxBytes: maxCacheBytes}
}

// get returns the analysis of s, a setting in standard form, running the
// engine when no goroutine has yet. Cost: families.Analyze once per
// distinct setting per run (again after the bound dropped it), bounded by
// the work budget units.
func (ac *analysisCache) get(ctx context.Context, g *geometry, s *grid.Setting, units int64) *settingAnalysis {
	key := s.String()
	ac.mu.Lock()
	a, ok := ac.m[key]
	if ok {
		ac.reused++
		if a.elem != nil {
			ac.lru.MoveToFront(a.elem)
		}
		ac.mu.Unlock()
		select {
		case <-a.ready:
		case <-ctx.Done():
			return &settingAnalysis{class: families.ClassTimeout, err: ctx.Err().Error()}
		}
		return a
	}
	a = &settingAnalysis{ready: make(chan struct{})}
	ac.m[key] = a
	ac.analyzed++
	ac.mu.Unlock()
	g.runAnalysis(ctx, s, units, a)
	ac.mu.Lock()
	if ctx.Err() != nil {
		// Cut short by the whole run's end, not by the setting: forget it,
		// so that no later asker takes a timeout for the setting's answer.
		delete(ac.m, key)
	} else {
		a.key, a.bytes = key, analysisBytes(a)
		a.elem = ac.lru.PushFront(a)
		ac.bytes += a.bytes
		// Drop the least recently used, never the one just made.
		for ac.bytes > ac.maxBytes && ac.lru.Len() > 1 {
			old := ac.lru.Remove(ac.lru.Back()).(*settingAnalysis)
			old.elem = nil
			delete(ac.m, old.key)
			ac.bytes -= old.bytes
			ac.dropped++
		}
	}
	ac.mu.Unlock()
	close(a.ready)
	return a
}

// analysisBytes estimates the memory an analysis holds: its bases'
// terms (exponents and coefficients) and the families' formulas.
func analysisBytes(a *settingAnalysis) int64 {
	n := int64(256 + len(a.err))
	polyBytes := func(p *poly.Poly) int64 {
		if p == nil {
			return 0
		}
		b := int64(64)
		for i := range p.Len() {
			q := p.Coef(i)
			b += 48 + int64(len(q.Num().Bits())+len(q.Denom().Bits()))*8
		}
		return b
	}
	for _, c := range a.comps {
		for _, p := range c.Basis {
			n += polyBytes(p)
		}
		if c.Family != nil {
			for _, v := range c.Family.Values {
				n += 64 + polyBytes(v.Num) + polyBytes(v.Den)
			}
		}
	}
	for _, f := range a.fams {
		if f.fam != nil {
			for nm, v := range f.fam.Solution {
				n += int64(64 + len(nm) + len(v))
			}
		}
	}
	return n
}

// runAnalysis fills a with the engine's decomposition of s and the
// canonical names of its families.
func (g *geometry) runAnalysis(ctx context.Context, s *grid.Setting, units int64, a *settingAnalysis) {
	rep, err := g.analyzeWithin(ctx, s, units)
	if err != nil {
		a.class, a.err = families.ClassError, err.Error()
		return
	}
	a.class, a.err = rep.Class, rep.Error
	res := rep.Result()
	if res == nil {
		return
	}
	// Kept for every grid the setting serves: what membership needs
	// (dimension, basis, a family's formulas), not the points' decimals.
	a.comps = make([]*solve.Component, len(res.Components))
	for i, c := range res.Components {
		a.comps[i] = &solve.Component{Basis: c.Basis, BasisOverParameters: c.BasisOverParameters, Dimension: c.Dimension, Family: c.Family}
	}
	a.fams = make([]familyName, len(res.Components))
	fam := 0
	for i, c := range res.Components {
		if c.Family == nil {
			continue
		}
		fr := rep.Families[fam]
		fam++
		f := &Family{Dimension: c.Dimension, Kind: fr.Kind, Parameters: fr.Parameters, Solution: fr.Solution}
		a.fams[i] = familyName{key: familyKey(s.String(), fr), fam: f}
	}
}

// familyKey hashes a family's setting and canonical form (its parameters
// and every number's formula) into 16 hex digits: grids with one key lie
// on one family.
func familyKey(ops string, fr families.FamilyReport) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", ops, strings.Join(fr.Parameters, ","))
	names := make([]string, 0, len(fr.Solution))
	for nm := range fr.Solution {
		names = append(names, nm)
	}
	sort.Strings(names)
	for _, nm := range names {
		fmt.Fprintf(h, "%s=%s\n", nm, fr.Solution[nm])
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// onFamily reports whether the point lies on component c: for a rational
// family by substituting its parameters' values into every number's
// formula (exact; a formula whose denominator vanishes there falls back
// to the basis), otherwise by the vanishing of the component's basis.
func onFamily(c *solve.Component, value map[string]*big.Rat) bool {
	if f := c.Family; f != nil && f.Degree == 1 {
		if ok, decided := onRational(f, value); decided {
			return ok
		}
	}
	return onComponent(c.Basis, value)
}

// onRational substitutes value's parameters into the family's formulas;
// decided is false when some denominator vanishes at them.
func onRational(f *solve.Family, value map[string]*big.Rat) (ok, decided bool) {
	for _, v := range f.Values {
		if v.Parameter {
			continue
		}
		if v.Num == nil || v.Den == nil {
			return false, false
		}
		den := evalAt(v.Den, value)
		if den == nil || den.Sign() == 0 {
			return false, false
		}
		num := evalAt(v.Num, value)
		if num == nil || value[v.Name] == nil {
			return false, false
		}
		if num.Quo(num, den).Cmp(value[v.Name]) != 0 {
			return false, true
		}
	}
	return true, true
}

// answerFamilies answers a grid that no ranked setting shows isolated by
// the Jacobian: its candidates (least tangent dimension first) go, in
// standard form, to the shared analyzes until one decides the grid,
// isolated (a zero-dimensional component holds it and no family does) or
// on a family (the smallest through it, named); at most max(Analyze, 1)
// of them.
func (c *Census) answerFamilies(ctx context.Context, r *Record, vals []int64, cands []candidate) error {
	z, g, o := c.opt.Size, c.g, c.opt
	limit := max(o.Analyze, 1)
	for i, cd := range cands {
		if i >= limit {
			r.Answer.StoppedEarly = true
			break
		}
		s, err := grid.NewSetting(z, cd.ops)
		if err != nil {
			return err
		}
		if err := g.check(s, vals); err != nil {
			return err
		}
		r.Checked++
		if err := ctx.Err(); err != nil {
			return err
		}
		std, stdVals, err := c.standardForm(s, vals)
		if err != nil {
			return err
		}
		img := grid.Image{Setting: std, Values: ratVals(stdVals)}
		sa := c.cache.get(ctx, g, img.Setting, o.SystemWork)
		if err := ctx.Err(); err != nil {
			return err
		}
		a := Analysis{Ops: img.Setting.String(), TangentDimension: cd.dim, Class: sa.class, Error: sa.err}
		if sa.comps == nil {
			if sa.class == families.ClassTimeout {
				r.Answer.Timeouts++
			}
			r.Analyzes = append(r.Analyzes, a)
			continue
		}
		names := z.Names()
		value := map[string]*big.Rat{}
		for i, nm := range names {
			value[nm] = img.Values[i]
		}
		on := false
		var best *Family
		for k, comp := range sa.comps {
			if !onFamily(comp, value) {
				continue
			}
			on = true
			if comp.Dimension == 0 {
				a.Isolated = true
				continue
			}
			if fn := sa.fams[k]; fn.fam != nil && (best == nil || comp.Dimension < best.Dimension) {
				f := *fn.fam
				f.Key = fn.key
				f.Values = map[string]int64{}
				for _, p := range f.Parameters {
					f.Values[p] = img.Values[slices.Index(names, p)].Num().Int64()
				}
				if t := gridText(z, ratInts(img.Values)); t != r.Grid {
					f.Grid = t
				}
				best = &f
			}
		}
		if best != nil {
			// On a family: the grid is not isolated under this setting,
			// whatever zero-dimensional component also holds it.
			a.Isolated, a.Family = false, best
		}
		if !on {
			a.Class, a.Error = families.ClassError, "census: internal error: the grid lies on no component the engine found"
		}
		a.Dimension = nil
		r.Analyzes = append(r.Analyzes, a)
		switch {
		case a.Isolated:
			r.Answer = Answer{Kind: "isolated", Ops: a.Ops, By: "engine", Timeouts: r.Answer.Timeouts}
			return nil
		case a.Family != nil:
			r.Answer = Answer{Kind: "family", Ops: a.Ops, Family: a.Family, Timeouts: r.Answer.Timeouts}
			return nil
		}
	}
	return nil
}

// evalAt returns p at the point given by name, or nil when a variable
// of p has no value.
func evalAt(p *poly.Poly, value map[string]*big.Rat) *big.Rat {
	vars := p.Ring().Vars()
	x := make([]*big.Rat, len(vars))
	for i, v := range vars {
		if x[i] = value[v]; x[i] == nil {
			return nil
		}
	}
	return p.Eval(x)
}

// ratInts returns integer rationals as int64s.
func ratInts(v []*big.Rat) []int64 {
	out := make([]int64, len(v))
	for i, x := range v {
		out[i] = x.Num().Int64()
	}
	return out
}
