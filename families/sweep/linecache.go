package sweep

import (
	"sync"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/poly"
)

// A lineEntry is what the sweep needs of one line under one choice of its
// operators: the line as an equation for people, and its polynomial
// equations (usually one) as text, with their cleared denominators and
// their normalized terms for orbit keys.
type lineEntry struct {
	text  string
	eqs   []string
	dens  []string
	terms [][]mterm // nil when some equation is not multilinear (slow keys)
}

// A lineCache memoizes lineEntry by line and operators. The lines of a
// pattern are the same in all its settings (wildcards never stand for =
// or an absent cell), and a line's equation depends only on its operators,
// so a sweep of tens of thousands of settings sees only a few hundred
// distinct entries: after the first settings, a setting's equations cost a
// few map lookups instead of a system build. Safe for concurrent use.
type lineCache struct {
	z     grid.Size
	sel   grid.LineSet
	ev    grid.Eval
	cells [][]int // per line, the indices in Setting.Ops of its operator cells
	// rens holds, per symmetry of grid.Symmetries(z), its renaming of
	// the numbers: orbitInfo.ren shares them (read only), so a plan keeps
	// no renaming per setting.
	rens [][]int
	mu   sync.RWMutex
	m    map[string]*lineEntry
}

func newLineCache(pattern *grid.Setting, sel grid.LineSet, ev grid.Eval) (*lineCache, error) {
	z := pattern.Size()
	lines, err := pattern.Lines(sel)
	if err != nil {
		return nil, err
	}
	pos := opIndex(z)
	c := &lineCache{z: z, sel: sel, ev: ev, m: map[string]*lineEntry{}}
	for _, l := range lines {
		idx := make([]int, len(l.Cells))
		for k, p := range l.Cells {
			idx[k] = pos[p]
		}
		c.cells = append(c.cells, idx)
	}
	for _, g := range grid.Symmetries(z) {
		ren := make([]int, z.Numbers())
		for i := range ren {
			ren[i] = g.MapNumber(z, i)
		}
		c.rens = append(c.rens, ren)
	}
	return c, nil
}

// opIndex maps each operator cell to its index in Setting.Ops.
func opIndex(z grid.Size) map[grid.Pos]int {
	pos := map[grid.Pos]int{}
	for R := 0; R < z.LayoutRows(); R++ {
		for C := 0; C < z.LayoutCols(); C++ {
			if R%2 != 0 || C%2 != 0 {
				pos[grid.Pos{R: R, C: C}] = len(pos)
			}
		}
	}
	return pos
}

func (c *lineCache) entryKey(l int, ops []grid.Op) string {
	b := make([]byte, 0, 2+len(c.cells[l]))
	b = append(b, byte(l>>8), byte(l))
	for _, i := range c.cells[l] {
		b = append(b, byte(ops[i]))
	}
	return string(b)
}

// entries returns the entries of the lines of s, in line order. A miss
// builds the system of s once and fills the entries of all its lines.
func (c *lineCache) entries(s *grid.Setting) ([]*lineEntry, error) {
	ops := s.Ops()
	out := make([]*lineEntry, len(c.cells))
	keys := make([]string, len(c.cells))
	c.mu.RLock()
	miss := false
	for l := range c.cells {
		keys[l] = c.entryKey(l, ops)
		if out[l] = c.m[keys[l]]; out[l] == nil {
			miss = true
		}
	}
	c.mu.RUnlock()
	if !miss {
		return out, nil
	}
	sys, err := s.System(c.sel, c.ev, poly.Grevlex)
	if err != nil {
		return nil, err
	}
	lines, err := s.Lines(c.sel)
	if err != nil {
		return nil, err
	}
	byName := map[string]*lineEntry{}
	for i := range lines {
		e := &lineEntry{text: lines[i].Name + ": " + lines[i].Equation(c.z, c.ev)}
		byName[lines[i].Name], out[i] = e, e
	}
	for _, eq := range sys.Equations {
		e := byName[eq.Line.Name]
		e.eqs = append(e.eqs, eq.Poly.String())
		e.dens = append(e.dens, eq.Denominator.String())
	}
	for _, e := range out {
		var polys []*poly.Poly
		for _, eq := range sys.Equations {
			if byName[eq.Line.Name] == e {
				polys = append(polys, eq.Poly)
			}
		}
		e.terms, _ = multilinear(polys, c.z.Numbers())
	}
	c.mu.Lock()
	for l, e := range out {
		c.m[keys[l]] = e
	}
	c.mu.Unlock()
	return out, nil
}

// texts returns the line texts, equations and nonzero conditions of a
// setting from its entries, as families.Analyze writes them: every
// number, then each cleared denominator that is not 1 or a number already
// listed, in equation order.
func (c *lineCache) texts(es []*lineEntry) (lineTexts, eqs, nonzero []string) {
	nonzero = append(nonzero, c.z.Names()...)
	seen := map[string]bool{}
	for _, n := range nonzero {
		seen[n] = true
	}
	for _, e := range es {
		lineTexts = append(lineTexts, e.text)
		eqs = append(eqs, e.eqs...)
		for _, d := range e.dens {
			if d != "1" && !seen[d] {
				seen[d] = true
				nonzero = append(nonzero, d)
			}
		}
	}
	return lineTexts, eqs, nonzero
}
