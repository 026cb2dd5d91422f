package sweep

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"strings"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/internal/checked"
	"github.com/families-project/families/poly"
)

// A key identifies a system of equations up to nonzero factors: the hash of
// its canonical text. Two settings whose keys agree after renaming the
// numbers of one by a symmetry of the grid have the same saturated ideal up
// to that renaming, so one solve serves both. A SHA-256 collision is the
// only way two different systems could share a key.
type key [sha256.Size]byte

// orbitInfo is what the sweep keeps per setting to group equivalent ones.
type orbitInfo struct {
	id    key // the setting's own system
	orbit key // the least key over the symmetries: the same for all members
	// ren renames number i to ren[i] under the symmetry giving orbit; it
	// is shared with every setting of that symmetry (lineCache.rens) and
	// must not be changed.
	ren []int
}

// A mterm is one term of a multilinear equation with small coefficients:
// the numbers it holds as a bit set and an integer coefficient. Line
// equations are of this kind (each number occurs once in a line).
type mterm struct {
	mask uint64
	c    int64
}

// orbitKeys computes the keys of the system of s under every symmetry
// that keeps the grid's shape. Equations are taken up to a nonzero factor
// — a constant times a monomial, which on the torus where all numbers are
// nonzero changes nothing — by dividing out the monomial content, making
// the integer coefficients coprime and the least term (in the order of the
// renamed numbers) positive. Cost: the line entries (map lookups once the
// cache is warm) plus O(symmetries * terms log terms) word operations; a
// system that is not multilinear with word-sized coefficients, or a grid
// of more than 64 numbers, takes a slower path through rationals and text.
func (c *lineCache) orbitKeys(s *grid.Setting) (orbitInfo, error) {
	es, err := c.entries(s)
	if err != nil {
		return orbitInfo{}, err
	}
	var eqs [][]mterm
	fast := true
	for _, e := range es {
		if e.terms == nil {
			fast = false
			break
		}
		eqs = append(eqs, e.terms...)
	}
	var polys []*poly.Poly
	if !fast {
		sys, err := s.System(c.sel, c.ev, poly.Grevlex)
		if err != nil {
			return orbitInfo{}, err
		}
		polys = sys.Polys()
	}
	z := s.Size()
	var info orbitInfo
	first := true
	for gi, g := range grid.Symmetries(z) {
		ren := c.rens[gi] // shared: read only
		var k key
		if fast {
			k = fastKey(eqs, ren)
		} else {
			k = slowKey(polys, ren)
		}
		if g == grid.Identity {
			info.id = k
		}
		if first || bytes.Compare(k[:], info.orbit[:]) < 0 {
			info.orbit, info.ren, first = k, ren, false
		}
	}
	return info, nil
}

// multilinear converts the equations to primitive multilinear terms with
// the monomial content divided out, or reports false.
func multilinear(polys []*poly.Poly, n int) ([][]mterm, bool) {
	if n > 64 {
		return nil, false
	}
	eqs := make([][]mterm, len(polys))
	for k, p := range polys {
		if p.IsZero() {
			return nil, false
		}
		ts := make([]mterm, p.Len())
		content := ^uint64(0)
		var g int64
		for i := range ts {
			c := p.Coef(i)
			if !c.IsInt() || !c.Num().IsInt64() || c.Num().Int64() == math.MinInt64 {
				return nil, false
			}
			ts[i].c = c.Num().Int64()
			g = checked.GCD(g, ts[i].c)
			for v := range n {
				switch p.Exp(i, v) {
				case 0:
				case 1:
					ts[i].mask |= 1 << v
				default:
					return nil, false
				}
			}
			content &= ts[i].mask
		}
		for i := range ts {
			ts[i].mask &^= content
			ts[i].c /= g
		}
		eqs[k] = ts
	}
	return eqs, true
}

// fastKey renames the numbers of eqs by ren and hashes the canonical
// system: in each equation the terms sorted by bit set and the sign making
// the first positive, the equations sorted.
func fastKey(eqs [][]mterm, ren []int) key {
	enc := make([][]byte, len(eqs))
	var buf []mterm
	for k, ts := range eqs {
		buf = buf[:0]
		for _, t := range ts {
			var m uint64
			for b := t.mask; b != 0; b &= b - 1 {
				m |= 1 << ren[bits.TrailingZeros64(b)]
			}
			buf = append(buf, mterm{m, t.c})
		}
		slices.SortFunc(buf, func(a, b mterm) int { return cmp.Compare(a.mask, b.mask) })
		sign := int64(1)
		if buf[0].c < 0 {
			sign = -1
		}
		e := make([]byte, 0, 16*len(buf))
		for _, t := range buf {
			e = binary.BigEndian.AppendUint64(e, t.mask)
			e = binary.BigEndian.AppendUint64(e, uint64(sign*t.c))
		}
		enc[k] = e
	}
	slices.SortFunc(enc, bytes.Compare)
	h := sha256.New()
	for _, e := range enc {
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(e)))
		h.Write(n[:])
		h.Write(e)
	}
	var k key
	h.Sum(k[:0])
	return k
}

// slowKey is fastKey for any polynomials: each renamed equation is
// divided by its monomial content, made primitive with a positive least
// term, and written as text.
func slowKey(polys []*poly.Poly, ren []int) key {
	var texts []string
	for _, p := range polys {
		if p.IsZero() {
			continue // says nothing
		}
		r := p.Ring()
		n := r.NumVars()
		content := make([]int, n)
		for v := range n {
			content[v] = p.Exp(0, v)
			for i := 1; i < p.Len(); i++ {
				content[v] = min(content[v], p.Exp(i, v))
			}
		}
		type rterm struct {
			word string
			c    *big.Rat
		}
		ts := make([]rterm, p.Len())
		for i := range ts {
			exp := make([]int, n)
			for v := range n {
				exp[ren[v]] = p.Exp(i, v) - content[v]
			}
			var sb strings.Builder
			for v, x := range exp {
				if x > 0 {
					fmt.Fprintf(&sb, "%d^%d.", v, x)
				}
			}
			ts[i] = rterm{sb.String(), p.Coef(i)}
		}
		slices.SortFunc(ts, func(a, b rterm) int { return strings.Compare(a.word, b.word) })
		var sb strings.Builder
		var q big.Rat
		for _, t := range ts {
			fmt.Fprintf(&sb, "%s*%s ", q.Quo(t.c, ts[0].c).RatString(), t.word)
		}
		texts = append(texts, sb.String())
	}
	slices.Sort(texts)
	return sha256.Sum256([]byte(strings.Join(texts, ";")))
}

// transportMap returns, for a member whose orbit renaming is renM and the
// leader's renL, the number of the member that stands for each number of
// the leader: the member's system is the leader's with number i renamed to
// renM⁻¹(renL(i)).
func transportMap(renL, renM []int) []int {
	inv := make([]int, len(renM))
	for i, j := range renM {
		inv[j] = i
	}
	m := make([]int, len(renL))
	for i := range renL {
		m[i] = inv[renL[i]]
	}
	return m
}
