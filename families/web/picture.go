package web

import (
	"context"
	"fmt"
	"html"
	"math"
	"math/big"
	"net/http"
	"strconv"
	"strings"

	"github.com/families-project/families/families/members"
	"github.com/families-project/families/poly"
)

// The picture of a family is plain SVG made here: the parameter plane
// (the line, for one parameter) from 0 to a bound that holds the members
// found, shaded where every number of the family is positive, with the
// members as points. The shading is sampled at the centers of a grid of
// cells in float64 (a picture, not a result: the members are exact and
// checked); the same family gives the same bytes every time.

// Picture sizes: cells per axis and the plotting area in SVG units.
const (
	regionCells  = 96
	lineSamples  = 480
	plotSize     = 300
	plotMargin   = 36
	pictureLimit = 40 // members searched for the points: more squeeze the region near 0
)

// handlePicture serves the picture of family "family" (1-based, in the
// order of members.FromSolve: rational families and rational points) of
// the query's setting. Cost: the analysis (cached), a member search of
// at most 40 members, and 96x96 evaluations of the family's formulas.
func (s *Server) handlePicture(w http.ResponseWriter, r *http.Request) {
	q, err := s.parse(r.URL.Query())
	if err != nil {
		fail(w, nil, err)
		return
	}
	k, err := strconv.Atoi(r.URL.Query().Get("family"))
	if err != nil {
		fail(w, nil, badf("family must be a number, got %q", r.URL.Query().Get("family")))
		return
	}
	ctx, cancel := s.deadline(r)
	defer cancel()
	a, err := s.analyze(ctx, q)
	if err != nil {
		fail(w, ctx, err)
		return
	}
	if a.src == nil || k < 1 || k > len(a.src.Families) {
		fail(w, ctx, badf("the setting %s has no rational family %d", q.Ops, k))
		return
	}
	fam := a.src.Families[k-1]
	if n := len(fam.Params); n < 1 || n > 2 {
		fail(w, ctx, badf("family %d has %d parameters: pictures are drawn for one or two", k, n))
		return
	}
	pts, err := s.familyMembers(ctx, q, a, k-1)
	if err != nil {
		fail(w, ctx, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	w.Write([]byte(regionSVG(a.src, fam, pts)))
}

// familyMembers returns the members of family k among the first
// pictureLimit members of the setting.
func (s *Server) familyMembers(ctx context.Context, q *query, a *analysis, k int) ([]*members.Member, error) {
	release, err := s.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	all, _, err := a.src.MembersWithin(ctx, q.filter(), pictureLimit)
	if err != nil {
		return nil, s.stopped(ctx, err)
	}
	var out []*members.Member
	for _, m := range all {
		if m.Family == k {
			out = append(out, m)
		}
	}
	return out, nil
}

// floatPoly is a polynomial in the parameters, for sampling.
type floatPoly struct {
	coef []float64
	exp  [][]int // per term, the exponent of each parameter
}

func toFloat(p *poly.Poly, params []int) floatPoly {
	var f floatPoly
	for i := range p.Len() {
		c, _ := p.Coef(i).Float64()
		m := p.Monomial(i)
		e := make([]int, len(params))
		for j, v := range params {
			e[j] = m.Exp(v)
		}
		f.coef = append(f.coef, c)
		f.exp = append(f.exp, e)
	}
	return f
}

func (f floatPoly) eval(x []float64) float64 {
	s := 0.0
	for i, c := range f.coef {
		t := c
		for j, e := range f.exp[i] {
			for range e {
				t = float64(t * x[j]) // the conversion forbids fusing into an FMA
			}
		}
		s = float64(s + t)
	}
	return s
}

// positive reports whether every number of the family is positive at x
// (parameter values in the family's order).
type positiveFunc func(x []float64) bool

func positiveTest(fam *members.Family) positiveFunc {
	var num, den []floatPoly
	for v := range fam.Num {
		num = append(num, toFloat(fam.Num[v], fam.Params))
		den = append(den, toFloat(fam.Den[v], fam.Params))
	}
	return func(x []float64) bool {
		for v := range num {
			n, d := num[v].eval(x), den[v].eval(x)
			if !(n*d > 0) {
				return false
			}
		}
		return true
	}
}

// bound is the end of each axis: a round number above the largest
// parameter value of the members, at least 10.
func bound(fam *members.Family, src *members.Source, pts []*members.Member) float64 {
	hi := 8.0
	for _, m := range pts {
		for _, v := range fam.Params {
			x, _ := new(big.Float).SetInt(m.Values[src.NumberIndex(v)]).Float64()
			hi = math.Max(hi, x)
		}
	}
	hi *= 1.25
	step := math.Pow(10, math.Floor(math.Log10(hi)))
	return math.Ceil(hi/step) * step
}

func regionSVG(src *members.Source, fam *members.Family, pts []*members.Member) string {
	names := fam.ParamNames()
	pos := positiveTest(fam)
	R := bound(fam, src, pts)
	W, H := plotSize+2*plotMargin, plotSize+2*plotMargin
	if len(names) == 1 {
		H = 2*plotMargin + 40
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" font-family="sans-serif" font-size="11">`+"\n", W, H, W, H)
	fmt.Fprintf(&b, "<title>where every number is positive, over %s in (0, %g]</title>\n", html.EscapeString(strings.Join(names, ", ")), R)
	x0, y0 := float64(plotMargin), float64(plotMargin)
	scale := plotSize / R
	if len(names) == 1 {
		yl := y0 + 20
		// Runs of positive samples as thick segments.
		step := R / lineSamples
		b.WriteString(`<g shape-rendering="crispEdges">` + "\n")
		start := -1
		for i := 0; i <= lineSamples; i++ {
			in := i < lineSamples && pos([]float64{(float64(i) + 0.5) * step})
			if in && start < 0 {
				start = i
			}
			if !in && start >= 0 {
				fmt.Fprintf(&b, `<rect class="positive" x="%.2f" y="%.2f" width="%.2f" height="12" fill="#9be39b"/>`+"\n", x0+float64(start)*step*scale, yl-6, float64(i-start)*step*scale)
				start = -1
			}
		}
		b.WriteString("</g>\n")
		fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#333"/>`+"\n", x0, yl, x0+plotSize, yl)
		for _, t := range []float64{0, R / 2, R} {
			fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" text-anchor="middle">%g</text>`+"\n", x0+t*scale, yl+22, t)
		}
		fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" text-anchor="middle" font-style="italic">%s</text>`+"\n", x0+plotSize+16, yl+4, html.EscapeString(names[0]))
		for _, m := range pts {
			x, _ := new(big.Float).SetInt(m.Values[src.NumberIndex(fam.Params[0])]).Float64()
			fmt.Fprintf(&b, `<circle class="member" cx="%.2f" cy="%.2f" r="3" fill="#c22"><title>%s</title></circle>`+"\n", x0+x*scale, yl, html.EscapeString(m.String()))
		}
		b.WriteString("</svg>\n")
		return b.String()
	}
	// Two parameters: the first across, the second up. Positive cells are
	// drawn as runs along each row of cells.
	cell := R / regionCells
	// Crisp edges: the runs of neighbouring rows meet without seams.
	b.WriteString(`<g shape-rendering="crispEdges">` + "\n")
	for j := range regionCells {
		start := -1
		for i := 0; i <= regionCells; i++ {
			in := i < regionCells && pos([]float64{(float64(i) + 0.5) * cell, (float64(j) + 0.5) * cell})
			if in && start < 0 {
				start = i
			}
			if !in && start >= 0 {
				fmt.Fprintf(&b, `<rect class="positive" x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="#9be39b"/>`+"\n",
					x0+float64(start)*cell*scale, y0+plotSize-float64(j+1)*cell*scale, float64(i-start)*cell*scale+0.05, cell*scale+0.05)
				start = -1
			}
		}
	}
	b.WriteString("</g>\n")
	fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%d" height="%d" fill="none" stroke="#333"/>`+"\n", x0, y0, plotSize, plotSize)
	for _, t := range []float64{0, R / 2, R} {
		fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" text-anchor="middle">%g</text>`+"\n", x0+t*scale, y0+plotSize+14, t)
		fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" text-anchor="end">%g</text>`+"\n", x0-4, y0+plotSize-t*scale+4, t)
	}
	fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" text-anchor="middle" font-style="italic">%s</text>`+"\n", x0+plotSize/2, y0+plotSize+28, html.EscapeString(names[0]))
	fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" text-anchor="middle" font-style="italic">%s</text>`+"\n", x0-24, y0+plotSize/2, html.EscapeString(names[1]))
	for _, m := range pts {
		x, _ := new(big.Float).SetInt(m.Values[src.NumberIndex(fam.Params[0])]).Float64()
		y, _ := new(big.Float).SetInt(m.Values[src.NumberIndex(fam.Params[1])]).Float64()
		fmt.Fprintf(&b, `<circle class="member" cx="%.2f" cy="%.2f" r="2.5" fill="#c22"><title>%s</title></circle>`+"\n", x0+x*scale, y0+plotSize-y*scale, html.EscapeString(m.String()))
	}
	b.WriteString("</svg>\n")
	return b.String()
}
