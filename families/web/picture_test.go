package web

import (
	"context"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/families-project/families/families/members"
)

// source analyzes ops on a 3x3 grid as the server does.
func source(t *testing.T, ops string) *members.Source {
	t.Helper()
	qq, err := parseQuery(map[string][]string{"ops": {ops}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Addr: "127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.analyze(context.Background(), qq)
	if err != nil || a.src == nil {
		t.Fatalf("analyze %s: %v", ops, err)
	}
	return a.src
}

// TestPositiveTestExact: the sampled test of positivity agrees with the
// exact sign of every number, num/den in rationals, at points off and on
// the boundary of the region (k = 2 for Wolf's family, where f = k - 2
// is 0).
func TestPositiveTestExact(t *testing.T) {
	for _, ops := range []string{DefaultOps, "-=|-xx/+|x=|=====|x="} {
		fam := source(t, ops).Families[0]
		pos := positiveTest(fam)
		n := fam.Ring.NumVars()
		checked, inside := 0, 0
		for i := 1; i <= 40; i++ {
			for j := 1; j <= 40; j++ {
				if len(fam.Params) == 1 && j > 1 {
					break
				}
				vals := []*big.Rat{big.NewRat(int64(i), 4), big.NewRat(int64(j), 3)}
				x := make([]*big.Rat, n)
				for v := range x {
					x[v] = new(big.Rat)
				}
				fx := make([]float64, len(fam.Params))
				for k, v := range fam.Params {
					x[v] = vals[k]
					fx[k], _ = vals[k].Float64()
				}
				exact := true
				for v := range n {
					num, den := fam.Num[v].Eval(x), fam.Den[v].Eval(x)
					if num.Sign()*den.Sign() <= 0 {
						exact = false
					}
				}
				if got := pos(fx); got != exact {
					t.Errorf("%s at %v: sampled %v, exact %v", ops, fx, got, exact)
				}
				checked++
				if exact {
					inside++
				}
			}
		}
		if inside == 0 || inside == checked {
			t.Errorf("%s: %d of %d points inside: the test points do not cross the boundary", ops, inside, checked)
		}
	}
}

var (
	rectRE   = regexp.MustCompile(`<rect class="positive" x="([0-9.]+)" y="([0-9.]+)" width="([0-9.]+)" height="([0-9.]+)"`)
	circleRE = regexp.MustCompile(`<circle class="member" cx="([0-9.]+)" cy="([0-9.]+)"`)
)

// TestPictureMembersInside: every member drawn lies in the shaded region
// (members are positive, so a point outside would be a wrong picture),
// for a family of one and one of two parameters.
func TestPictureMembersInside(t *testing.T) {
	ts, _ := newTestServer(t, Config{})
	for _, ops := range []string{DefaultOps, "-=|-xx/+|x=|=====|x="} {
		code, svg := get(t, ts, "/picture.svg?"+q("ops", ops, "family", "1"))
		if code != 200 {
			t.Fatalf("%s: status %d: %s", ops, code, svg)
		}
		rects := rectRE.FindAllStringSubmatch(svg, -1)
		circles := circleRE.FindAllStringSubmatch(svg, -1)
		if len(rects) == 0 || len(circles) < 5 {
			t.Fatalf("%s: %d positive runs and %d members drawn", ops, len(rects), len(circles))
		}
		f := func(s string) float64 { x, _ := strconv.ParseFloat(s, 64); return x }
		for _, c := range circles {
			cx, cy := f(c[1]), f(c[2])
			in := false
			for _, r := range rects {
				x, y, w, h := f(r[1]), f(r[2]), f(r[3]), f(r[4])
				// A member on a run's edge is inside by half a cell.
				const slack = 4
				if cx >= x-slack && cx <= x+w+slack && cy >= y-slack && cy <= y+h+slack {
					in = true
					break
				}
			}
			if !in {
				t.Errorf("%s: member at (%g, %g) outside the positive region", ops, cx, cy)
			}
		}
	}
	// Wolf's family is positive exactly for k > 2: its one run starts at
	// k = 2, within a sample, on an axis of 0..R, R = 60 for the first 40
	// members (k = 3..42), to the end of the axis.
	_, svg := get(t, ts, "/picture.svg?"+q("family", "1"))
	r := rectRE.FindAllStringSubmatch(svg, -1)
	if !strings.Contains(svg, "in (0, 60]") || len(r) != 1 {
		t.Fatalf("Wolf's family: runs %v, want one on (0, 60]", r)
	}
	x, _ := strconv.ParseFloat(r[0][1], 64)
	w, _ := strconv.ParseFloat(r[0][3], 64)
	if k := (x - plotMargin) * 60 / plotSize; k < 2 || k > 2+60.0/lineSamples || x+w < plotMargin+plotSize-0.01 {
		t.Errorf("Wolf's family: run from k = %g to x = %g, want from k = 2 to the end", k, x+w)
	}
}

func TestPictureRefuses(t *testing.T) {
	ts, _ := newTestServer(t, Config{})
	for _, c := range []struct{ query, want string }{
		{q("family", "2"), "has no rational family 2"},
		{q("family", "0"), "has no rational family 0"},
		{q("family", "x"), "family must be a number"},
		{q("ops", "--|-----|-/|x-+--|+-", "family", "1"), "family 1 has 0 parameters"},
		{q("ops", "++|+++++|++|+++++|++", "family", "1"), "has no rational family 1"},
	} {
		if code, body := get(t, ts, "/picture.svg?"+c.query); code != 400 || !strings.Contains(body, c.want) {
			t.Errorf("%s: status %d %q, want 400 with %q", c.query, code, body, c.want)
		}
	}
}
