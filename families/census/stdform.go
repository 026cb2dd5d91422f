package census

import (
	"errors"
	"slices"
	"sync"

	"github.com/families-project/families/families/grid"
)

// The census puts every setting it analyzes in standard form
// (grid.Setting.StandardForm), which transforms the setting under each of
// the grid's symmetries (up to 8 transforms, each a search over every
// reversed line's operator tuples) and keeps the image whose numbers have
// the least standard-form key, ties going to the least operators. A
// transform does not depend on the numbers (grid.Setting.StandardImage),
// so standardForm orders the symmetries by the keys of the numbers alone,
// cheap on int64s, transforms only those of the least key (usually one),
// and keeps the transforms for the other grids the setting serves; an
// image whose numbers no setting makes zero is passed over untransformed,
// since it cannot be expressed. The
// answer is StandardForm's (TestStandardFormMatchesGrid).

// maxImages bounds the transforms kept (setting, symmetry); past it the
// store starts again empty. A transform is a function of its setting, so
// the bound changes the time a run takes, never its answers. An entry is
// an operator string and a setting, some 200 bytes: at most about 13 MB.
const maxImages = 1 << 16

// imageKey names one transform.
type imageKey struct {
	ops string
	sym grid.Symmetry
}

// imageEntry is a transform's answer: the image's setting, or nil and the
// reason it cannot be expressed.
type imageEntry struct {
	t   *grid.Setting
	err error
}

// imageCache keeps transforms for the run, safe for concurrent use.
type imageCache struct {
	mu sync.Mutex
	m  map[imageKey]imageEntry
}

func newImageCache() *imageCache { return &imageCache{m: map[imageKey]imageEntry{}} }

// get returns the image of s under sym, computing it when not kept.
func (ic *imageCache) get(g *geometry, s *grid.Setting, ops string, sym grid.Symmetry) imageEntry {
	k := imageKey{ops, sym}
	ic.mu.Lock()
	e, ok := ic.m[k]
	ic.mu.Unlock()
	if ok {
		return e
	}
	e.t, e.err = s.StandardImage(sym, g.sel, g.ev)
	ic.mu.Lock()
	if len(ic.m) >= maxImages {
		clear(ic.m)
	}
	ic.m[k] = e
	ic.mu.Unlock()
	return e
}

// standardForm returns the standard form of the grid vals under setting
// s: the image's setting and numbers, as s.StandardForm(vals) gives them.
// Cost: the keys of the 8 images of the numbers, and the transforms of
// the symmetries of least key not yet kept.
func (c *Census) standardForm(s *grid.Setting, vals []int64) (*grid.Setting, []int64, error) {
	z := c.opt.Size
	type img struct {
		sym  grid.Symmetry
		vals []int64
		key  []int64
	}
	var imgs []img
	for _, sym := range grid.Symmetries(z) {
		v := image(z, sym, vals)
		imgs = append(imgs, img{sym, v, formKey(sym.Size(z), v)})
	}
	slices.SortStableFunc(imgs, func(a, b img) int { return slices.Compare(a.key, b.key) })
	ops := s.String()
	var firstErr error
	for lo := 0; lo < len(imgs); {
		hi := lo + 1
		for hi < len(imgs) && slices.Equal(imgs[hi].key, imgs[lo].key) {
			hi++
		}
		// Images of one key have the same numbers: the least operators win.
		var best *grid.Setting
		var bestOps []grid.Op
		at := -1
		for i := lo; i < hi; i++ {
			if imgs[i].sym != grid.Identity && !c.g.hasSetting(imgs[i].vals, true) {
				// The image of a setting is one of its image's settings
				// (its lines state the same equations up to nonzero
				// factors): an image grid with no setting at all has no
				// expressible image setting, and needs no transform.
				continue
			}
			e := c.images.get(c.g, s, ops, imgs[i].sym)
			if e.err != nil {
				var ne *grid.NotExpressibleError
				if !errors.As(e.err, &ne) {
					return nil, nil, e.err
				}
				if firstErr == nil {
					firstErr = e.err
				}
				continue
			}
			if o := e.t.Ops(); best == nil || slices.Compare(o, bestOps) < 0 {
				best, bestOps, at = e.t, o, i
			}
		}
		if best != nil {
			return best, imgs[at].vals, nil
		}
		lo = hi
	}
	return nil, nil, firstErr
}
