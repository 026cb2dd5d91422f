package sweep

import (
	"errors"
	"testing"

	"github.com/families-project/families/families/grid"
)

func orbitOf(t *testing.T, ops string) orbitInfo {
	t.Helper()
	s := grid.MustParseOps(ops, z3)
	c, err := newLineCache(s, s.DefaultLines(), grid.Precedence)
	if err != nil {
		t.Fatal(err)
	}
	info, err := c.orbitKeys(s)
	if err != nil {
		t.Fatal(err)
	}
	return info
}

func TestOrbitKeys(t *testing.T) {
	// image returns the image of a setting under a symmetry.
	image := func(ops string, g grid.Symmetry) string {
		s := grid.MustParseOps(ops, z3)
		img, _, err := s.Transform(g, nil, 0, grid.Precedence)
		if err != nil {
			t.Fatal(err)
		}
		return img.String()
	}
	seed := "--|-----|-/|x-+--|+-"
	tests := []struct {
		a, b        string
		same, orbit bool // same system; same orbit
	}{
		// Column 1: a - d x h = 0 and a / d - h = 0 both say a = dh.
		{seed, "--|/----|-/|--+--|+-", true, true},
		// Wolf's setting and its left-right mirror.
		{seed, image(seed, grid.MirrorLR), false, true},
		// a - b - c = 0 and a - b + c = 0 differ.
		{seed, "-+|-----|-/|x-+--|+-", false, false},
		// Puzzle P1 and its images (Wolf's S2 to S8).
		{"x=|+x//-|x=|=====|x=", image("x=|+x//-|x=|=====|x=", grid.MirrorTB), false, true},
		{"x=|+x//-|x=|=====|x=", image("x=|+x//-|x=|=====|x=", grid.Transpose), false, true},
		{"x=|+x//-|x=|=====|x=", image("x=|+x//-|x=|=====|x=", grid.Rotate90), false, true},
		// Wolf's one- and two-parameter families are different systems.
		{"+=|x-++-|+=|=====|/=", "-=|-xx/+|x=|=====|x=", false, false},
	}
	for _, tc := range tests {
		a, b := orbitOf(t, tc.a), orbitOf(t, tc.b)
		if (a.id == b.id) != tc.same || (a.orbit == b.orbit) != tc.orbit {
			t.Errorf("%s vs %s: same system %v, same orbit %v; want %v, %v", tc.a, tc.b, a.id == b.id, a.orbit == b.orbit, tc.same, tc.orbit)
		}
	}
}

// TestOrbitKeysAgreeWithTransform: every expressible image of a setting
// under grid.Transform has the setting's orbit key, and renaming by the
// two keys' symmetries maps the image's system onto the setting's.
func TestOrbitKeysAgreeWithTransform(t *testing.T) {
	patterns := []string{"..|.-.-.|..|.-.-.|--", ".=|x.+..|.=|=====|.="}
	for _, ops := range patterns {
		p := grid.MustParseOps(ops, z3)
		sel := p.DefaultLines()
		c, err := newLineCache(p, sel, grid.Precedence)
		if err != nil {
			t.Fatal(err)
		}
		images, n := 0, 0
		for _, s := range Settings(p, 0, Filter{Positive: true}) {
			if n++; n%37 != 0 { // a spread-out sample: Transform is slow
				continue
			}
			info, err := c.orbitKeys(s)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range grid.Symmetries(s.Size()) {
				img, _, err := s.Transform(g, nil, sel, grid.Precedence)
				var ne *grid.NotExpressibleError
				if errors.As(err, &ne) {
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				images++
				ii, err := c.orbitKeys(img)
				if err != nil {
					t.Fatal(err)
				}
				if ii.orbit != info.orbit {
					t.Errorf("%s and its %s image %s have different orbit keys", s, g, img)
				}
			}
			if n > 37*40 {
				break
			}
		}
		if images < 40 {
			t.Errorf("%s: only %d images checked", ops, images)
		}
	}
}
