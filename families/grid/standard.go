package grid

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
)

// An Image is a grid under one symmetry: its setting and numbers, or the
// reason the symmetry cannot be expressed.
type Image struct {
	Symmetry Symmetry
	Setting  *Setting
	Values   []*big.Rat
	Err      error // a *NotExpressibleError when the symmetry is not expressible
}

// Orbit returns the images of s and its numbers vals under every symmetry
// that keeps the grid's shape (see Symmetries), in that order, each as
// Transform makes it. A symmetry that cannot be expressed has Err set; any
// other error (wildcards, bad values) is returned. It costs one Transform per
// symmetry.
func (s *Setting) Orbit(vals []*big.Rat, sel LineSet, ev Eval) ([]Image, error) {
	var out []Image
	for _, g := range Symmetries(s.size) {
		t, tv, err := s.Transform(g, vals, sel, ev)
		var ne *NotExpressibleError
		if err != nil && !errors.As(err, &ne) {
			return nil, err
		}
		out = append(out, Image{Symmetry: g, Setting: t, Values: tv, Err: err})
	}
	return out, nil
}

// StandardForm returns the representative of the grid (s, vals) among its
// expressible images, the same from every member of its orbit. It follows
// Wolf's rule, generalized to m x n grids:
//
//  1. The upper-left corner is minimal among the four corners, comparing a
//     corner by the sum of itself and its two neighbours (in its row and in
//     its column), then by its own value, then by the smaller neighbour.
//     For a 3x3 grid that is Wolf's comparison, (a+b+d) < (c+b+g) or
//     (equal and (a < c or (a = c and min(b, d) < min(b, g)))), reading its
//     printed a+b+c and b+c+g as the corner sums they stand for.
//  2. For a square grid, mirroring on the main diagonal makes the numbers
//     below the diagonal, in row-major order, lexicographically at least
//     their mirror images above it; for 3x3 that is Wolf's d > b or
//     (d = b and (h > c or (h = c and k >= g))).
//  3. Remaining ties (a grid with symmetries of its own) go to the smallest
//     numbers in row-major order, then the smallest --ops string.
//
// An absent number compares above every number, and a sum with one is
// above every sum. The setting of the representative is rewritten
// canonically: every line gets, among the operator tuples stating its
// equation with its count of =, the one with = furthest right and then the
// smallest operators (+ - x /), so that it does not depend on the member of
// the orbit one starts from. vals must give every present number. It costs
// up to 8 transforms.
func (s *Setting) StandardForm(vals []*big.Rat, sel LineSet, ev Eval) (Image, error) {
	if len(vals) != s.size.Numbers() {
		return Image{}, fmt.Errorf("grid: standard form: expected %d numbers for a %s grid, got %d", s.size.Numbers(), s.size, len(vals))
	}
	for i, v := range vals {
		if v == nil && !s.absent[i] {
			return Image{}, fmt.Errorf("grid: standard form: number %s has no value", s.size.Name(i))
		}
	}
	var best *Image
	var bestKey []ext
	var firstErr error
	for _, g := range Symmetries(s.size) {
		t, tv, err := s.transform(g, vals, sel, ev, canonical)
		if err != nil {
			var ne *NotExpressibleError
			if !errors.As(err, &ne) {
				return Image{}, err
			}
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		key := formKey(t, tv)
		if best == nil || compareForm(key, t, bestKey, best.Setting) < 0 {
			best, bestKey = &Image{Symmetry: g, Setting: t, Values: tv}, key
		}
	}
	if best == nil {
		return Image{}, firstErr
	}
	return *best, nil
}

// StandardImage returns the setting of the image of s under g written as
// StandardForm writes its representative's (every line rewritten
// canonically). It does not depend on the numbers, so a caller that meets
// one setting with many grids can keep it and choose among the images by
// StandardKey of the numbers, then opsCompare-order (Ops, lexicographic)
// of the settings, as StandardForm does. An inexpressible image gives a
// *NotExpressibleError. It costs one transform.
func (s *Setting) StandardImage(g Symmetry, sel LineSet, ev Eval) (*Setting, error) {
	t, _, err := s.transform(g, nil, sel, ev, canonical)
	return t, err
}

// ext is a number or +infinity (an absent number, or a sum with one).
type ext struct {
	inf bool
	v   *big.Rat
}

func (a ext) cmp(b ext) int {
	switch {
	case a.inf && b.inf:
		return 0
	case a.inf:
		return 1
	case b.inf:
		return -1
	}
	return a.v.Cmp(b.v)
}

func extOf(s *Setting, vals []*big.Rat, r, c int) ext {
	i := r*s.size.Cols + c
	if s.absent[i] || vals[i] == nil {
		return ext{inf: true}
	}
	return ext{v: vals[i]}
}

func extSum(xs ...ext) ext {
	sum := new(big.Rat)
	for _, x := range xs {
		if x.inf {
			return ext{inf: true}
		}
		sum.Add(sum, x.v)
	}
	return ext{v: sum}
}

// StandardKey returns Wolf's standard-form key of the numbers of a z grid
// (rules 1 and 2 of StandardForm, then rule 3's numbers), smallest best:
// the upper-left corner's sum with its two neighbours (in its row and in
// its column), the corner, the smaller neighbour; for a square grid
// flag(true) when the numbers below the main diagonal, in row-major order,
// are lexicographically below their mirror images, else flag(false); then
// every number in row-major order. at(r, c) reads the number in row r and
// column c, sum adds three numbers and cmp orders two (negative, zero,
// positive). It is the one definition of the key: StandardForm uses it on
// rationals with absent numbers, the census on int64 grids. It costs
// O(mn) calls of at and cmp.
func StandardKey[T any](z Size, at func(r, c int) T, sum func(a, b, c T) T, cmp func(a, b T) int, flag func(lowerBelow bool) T) []T {
	corner, right, below := at(0, 0), at(0, 1), at(1, 0)
	least := right
	if cmp(right, below) > 0 {
		least = below
	}
	key := make([]T, 0, 4+z.Numbers())
	key = append(key, sum(corner, right, below), corner, least)
	if z.Square() {
		lowerBelow := false
	rows:
		for r := 1; r < z.Rows; r++ {
			for c := 0; c < r; c++ {
				if d := cmp(at(r, c), at(c, r)); d != 0 {
					lowerBelow = d < 0
					break rows
				}
			}
		}
		key = append(key, flag(lowerBelow))
	}
	for r := 0; r < z.Rows; r++ {
		for c := 0; c < z.Cols; c++ {
			key = append(key, at(r, c))
		}
	}
	return key
}

// extFalse and extTrue are the triangle flags of formKey.
var extFalse, extTrue = ext{v: big.NewRat(0, 1)}, ext{v: big.NewRat(1, 1)}

// formKey is StandardKey of the grid (s, vals), an absent number above
// every number.
func formKey(s *Setting, vals []*big.Rat) []ext {
	return StandardKey(s.size,
		func(r, c int) ext { return extOf(s, vals, r, c) },
		func(a, b, c ext) ext { return extSum(a, b, c) },
		ext.cmp,
		func(lowerBelow bool) ext {
			if lowerBelow {
				return extTrue
			}
			return extFalse
		})
}

func compareForm(ka []ext, sa *Setting, kb []ext, sb *Setting) int {
	if d := slices.CompareFunc(ka, kb, ext.cmp); d != 0 {
		return d
	}
	return opsCompare(sa, sb)
}

// opsCompare orders settings of one size by their operators, cell by cell in
// layout order, in the order _ + - x / = of Op.
func opsCompare(a, b *Setting) int {
	return slices.Compare(a.ops, b.ops)
}
