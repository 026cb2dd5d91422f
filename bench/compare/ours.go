package main

import (
	"context"
	"fmt"
	"math/big"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/families-project/families/groebner"
	"github.com/families-project/families/poly"
)

// The two orders every system is measured in.
const (
	grevlex = "grevlex"
	lex     = "lex"
)

// status says how a measurement ended.
type status int

const (
	stNA      status = iota // not measured: tool missing, skipped, not reached
	stOK                    // finished; best holds the time
	stTimeout               // a run exceeded the timeout
	stError                 // the tool reported an error
)

// result is one measurement: one tool, one system, one order.
type result struct {
	status status
	best   time.Duration // best run (the warm-up when runs == 0)
	runs   int           // timed runs after the warm-up
	elems  int           // elements of the basis
	// basis is the basis in canonical form (see canonical), "" when the
	// tool did not report it; raw is the text an external tool printed.
	basis, raw string
	dim        int // Krull dimension, when known (hasDim)
	hasDim     bool
	note       string // why the result is n/a or an error
}

// key names a measurement of one tool.
type key struct{ sys, ord string }

// results holds the measurements of one tool.
type results map[key]*result

// get returns the result for (sys, ord), n/a when absent.
func (rs results) get(sys, ord string) *result {
	if r, ok := rs[key{sys, ord}]; ok {
		return r
	}
	return &result{status: stNA}
}

// addRun records one run of d; the first one is the warm-up.
func (r *result) addRun(d time.Duration, warm bool) {
	if warm {
		r.best = d
		return
	}
	if r.runs == 0 || d < r.best {
		r.best = d
	}
	r.runs++
}

// measureOurs times our engine on s in both orders and stores the results.
func measureOurs(ctx context.Context, cfg config, s *system, rs results) {
	var G []*poly.Poly
	gr := timeRuns(ctx, cfg, func(ctx context.Context) ([]*poly.Poly, error) {
		g, err := groebner.Basis(ctx, s.polys, groebner.Limits{})
		G = g
		return g, err
	})
	rs[key{s.name, grevlex}] = gr
	if gr.status != stOK {
		rs[key{s.name, lex}] = &result{status: stNA, note: "grevlex did not finish"}
		return
	}
	gr.dim, _ = groebner.Dimension(G)
	gr.hasDim = true

	lexRing, err := s.ring.WithOrder(poly.Lex)
	if err != nil {
		rs[key{s.name, lex}] = &result{status: stError, note: err.Error()}
		return
	}
	var f func(ctx context.Context) ([]*poly.Poly, error)
	switch gr.dim {
	case -1:
		// The unit ideal: the grevlex basis [1] is the lex basis too.
		f = func(ctx context.Context) ([]*poly.Poly, error) {
			return groebner.Basis(ctx, s.polys, groebner.Limits{})
		}
	case 0:
		// The whole way to a lex basis: grevlex, then FGLM.
		f = func(ctx context.Context) ([]*poly.Poly, error) {
			g, err := groebner.Basis(ctx, s.polys, groebner.Limits{})
			if err != nil {
				return nil, err
			}
			return groebner.FGLM(ctx, g, lexRing, groebner.Limits{})
		}
	default:
		F := make([]*poly.Poly, len(s.polys))
		for i, p := range s.polys {
			if F[i], err = p.ToRing(lexRing); err != nil {
				rs[key{s.name, lex}] = &result{status: stError, note: err.Error()}
				return
			}
		}
		f = func(ctx context.Context) ([]*poly.Poly, error) {
			return groebner.Basis(ctx, F, groebner.Limits{})
		}
	}
	lr := timeRuns(ctx, cfg, f)
	lr.dim, lr.hasDim = gr.dim, true
	rs[key{s.name, lex}] = lr
}

// timeRuns runs f once as a warm-up and then up to cfg.Repeat times, each
// run under a deadline of cfg.Timeout, with a garbage collection before
// every run so that one run's garbage is not charged to the next. f returns
// the basis, whose canonical form the result keeps.
func timeRuns(ctx context.Context, cfg config, f func(context.Context) ([]*poly.Poly, error)) *result {
	r := &result{}
	var used time.Duration
	for i := 0; i <= cfg.Repeat; i++ {
		if i > 0 && used > cfg.Budget {
			break
		}
		runtime.GC()
		rctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
		t0 := time.Now()
		G, err := f(rctx)
		n := len(G)
		d := time.Since(t0)
		cancel()
		used += d
		switch {
		case err != nil && (groebner.IsLimit(err) || rctx.Err() != nil):
			if i == 0 {
				return &result{status: stTimeout}
			}
			// A later run was slower than the timeout: keep the best so far.
			r.status = stOK
			return r
		case err != nil:
			return &result{status: stError, note: err.Error()}
		}
		if i > 0 && n != r.elems {
			return &result{status: stError, note: fmt.Sprintf("runs disagree: %d and %d elements", r.elems, n)}
		}
		if i == 0 {
			r.basis = canonical(G)
		}
		r.elems = n
		r.addRun(d, i == 0)
	}
	r.status = stOK
	return r
}

// canonical writes a reduced basis so that two tools' bases of one ideal in
// one order give the same text: every element monic, in poly's syntax,
// the elements sorted. Cost: one scaling and printing per element.
func canonical(G []*poly.Poly) string {
	out := make([]string, len(G))
	for i, g := range G {
		if !g.IsZero() {
			g = new(poly.Poly).Scale(g, new(big.Rat).Inv(g.LeadCoef()))
		}
		out[i] = g.String()
	}
	slices.Sort(out)
	return strings.Join(out, "; ")
}

// canonicalText is canonical for a basis printed by another tool as
// polynomials separated by commas, in Singular's syntax or SymPy's (**
// for powers), read in ring r.
func canonicalText(r *poly.Ring, text string) (string, error) {
	var G []*poly.Poly
	for _, t := range strings.Split(text, ",") {
		g, err := r.Parse(strings.ReplaceAll(strings.TrimSpace(t), "**", "^"))
		if err != nil {
			return "", err
		}
		G = append(G, g)
	}
	return canonical(G), nil
}
