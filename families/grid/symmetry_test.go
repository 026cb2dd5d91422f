package grid

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/families-project/families/poly"
)

func ratsEqual(a, b []*big.Rat) bool {
	return slices.EqualFunc(a, b, func(x, y *big.Rat) bool {
		if x == nil || y == nil {
			return x == nil && y == nil
		}
		return x.Cmp(y) == 0
	})
}

// seedForms maps the symmetries of S1 to the files of Wolf's S1..S8.
var seedForms = []struct {
	g    Symmetry
	file string
}{
	{Identity, "s1.txt"}, {MirrorTB, "s2.txt"}, {Rotate180, "s3.txt"}, {MirrorLR, "s4.txt"},
	{Transpose, "s5.txt"}, {Rotate270, "s6.txt"}, {AntiTranspose, "s7.txt"}, {Rotate90, "s8.txt"},
}

// TestSeedForms checks that the 8 solved grids S1..S8 of Wolf (2010) come out
// of S1 under the symmetry group, each with its setting, and check.
func TestSeedForms(t *testing.T) {
	s1, v1 := loadGrid(t, "s1.txt")
	if !s1.Equal(MustParseOps(opsP1, size3)) {
		t.Fatalf("S1's setting is %s, want P1's %s", s1, opsP1)
	}
	orbit, err := s1.Orbit(v1, 0, Precedence)
	if err != nil {
		t.Fatal(err)
	}
	if len(orbit) != 8 {
		t.Fatalf("%d images", len(orbit))
	}
	for _, f := range seedForms {
		im := orbit[slices.IndexFunc(orbit, func(im Image) bool { return im.Symmetry == f.g })]
		if im.Err != nil {
			t.Errorf("%s: %v", f.g, im.Err)
			continue
		}
		s, vals := loadGrid(t, f.file)
		if !ratsEqual(im.Values, vals) {
			t.Errorf("%s: numbers %v, want those of %s", f.g, im.Values, f.file)
		}
		if !im.Setting.Equal(s) {
			t.Errorf("%s: setting %s, want %s of %s", f.g, im.Setting, s, f.file)
		}
		r, err := im.Setting.Check(im.Values, 0, Precedence)
		if err != nil || !r.OK {
			t.Errorf("%s: %v %v", f.g, r, err)
		}
	}
	// The printed S4 and S6 are mirror images: their numbers, each row
	// reversed, are S4's and S6's, and their = do not hold left to right.
	for _, f := range []struct{ printed, true string }{{"s4_printed.txt", "s4.txt"}, {"s6_printed.txt", "s6.txt"}} {
		ps, pv := loadGrid(t, f.printed)
		_, tv := loadGrid(t, f.true)
		mirrored := make([]*big.Rat, len(pv))
		for i, v := range pv {
			mirrored[MirrorLR.MapNumber(size3, i)] = v
		}
		if !ratsEqual(mirrored, tv) {
			t.Errorf("%s mirrored is not %s", f.printed, f.true)
		}
		if r, _ := ps.Check(pv, 0, Precedence); r.OK {
			t.Errorf("%s checks as printed", f.printed)
		}
	}
}

// TestStandardForm checks that the standard form is the same from each of
// S1..S8, and is S1 itself.
func TestStandardForm(t *testing.T) {
	var first Image
	for k, f := range seedForms {
		s, vals := loadGrid(t, f.file)
		sf, err := s.StandardForm(vals, 0, Precedence)
		if err != nil {
			t.Fatal(err)
		}
		if k == 0 {
			first = sf
			if sf.Symmetry != Identity || !sf.Setting.Equal(s) || !ratsEqual(sf.Values, vals) {
				t.Errorf("standard form of S1 is %s %s", sf.Setting, sf.Values)
			}
			continue
		}
		if !sf.Setting.Equal(first.Setting) || !ratsEqual(sf.Values, first.Values) {
			t.Errorf("standard form from %s: %s %v, want %s %v", f.file, sf.Setting, sf.Values, first.Setting, first.Values)
		}
	}
	// The all-lines-zero grid has only two expressible images; both give the
	// one whose upper left corner, 10 + 2 + 2, is the smaller.
	s, vals := loadGrid(t, "allzero.txt")
	sf, err := s.StandardForm(vals, 0, Precedence)
	if err != nil {
		t.Fatal(err)
	}
	if sf.Symmetry != MirrorLR || sf.Setting.String() != "+-|-----|-/|--+-x|--" || !ratsEqual(sf.Values, rats(10, 2, 12, 2, 4, 2, 8, 2, 6)) {
		t.Errorf("standard form of the all-zero grid: %s %s %v", sf.Symmetry, sf.Setting, sf.Values)
	}
	sf2, err := sf.Setting.StandardForm(sf.Values, 0, Precedence)
	if err != nil || sf2.Symmetry != Identity || !sf2.Setting.Equal(sf.Setting) {
		t.Errorf("standard form is not a fixed point: %v %v", sf2, err)
	}
	// The Migros cross-math's grid, with its absent corner, under left-to-right.
	s, vals = loadGrid(t, "crossmath.txt")
	orbit, err := s.Orbit(vals, 0, LeftToRight)
	if err != nil {
		t.Fatal(err)
	}
	sf, err = s.StandardForm(vals, 0, LeftToRight)
	if err != nil {
		t.Fatal(err)
	}
	for _, im := range orbit {
		if im.Err != nil {
			t.Fatalf("%s: %v", im.Symmetry, im.Err)
		}
		if r, err := im.Setting.Check(im.Values, 0, LeftToRight); err != nil || !r.OK {
			t.Errorf("%s: %v %v", im.Symmetry, r, err)
		}
		other, err := im.Setting.StandardForm(im.Values, 0, LeftToRight)
		if err != nil || !other.Setting.Equal(sf.Setting) || !ratsEqual(other.Values, sf.Values) {
			t.Errorf("standard form from %s differs: %v %v", im.Symmetry, other.Setting, err)
		}
	}
	if _, err := s.StandardForm(vals[:3], 0, LeftToRight); err == nil {
		t.Error("standard form with 3 numbers")
	}
}

func TestNotExpressible(t *testing.T) {
	s, vals := loadGrid(t, "allzero.txt")
	_, _, err := s.Transform(MirrorTB, vals, 0, Precedence)
	var ne *NotExpressibleError
	if !errors.As(err, &ne) || ne.Symmetry != MirrorTB {
		t.Fatalf("mirror-tb of the all-zero grid: %v", err)
	}
	if err.Error() != "grid: mirror-tb is not expressible: anti-diagonal and short diagonal d-k, in their new directions, need different operators in the cell they share" {
		t.Errorf("message: %s", err)
	}
	// (a - b) * c = 0 evaluated left to right says a = b; read backwards,
	// c o b o a cannot say it.
	z := Size{2, 3}
	s = MustParseOps("-x|_____|__", z)
	_, _, err = s.Transform(MirrorLR, nil, Rows, LeftToRight)
	if err == nil || err.Error() != "grid: mirror-lr is not expressible: row 1: no operators state (a - b) * c = 0 with its numbers in reverse order" {
		t.Errorf("ltr row: %v", err)
	}
	// Under precedence a - b * c = 0 reads backwards as c * b - a = 0.
	im, _, err := s.Transform(MirrorLR, nil, Rows, Precedence)
	if err != nil || im.String() != "x-|_____|__" {
		t.Errorf("precedence row: %v %v", im, err)
	}
	// Rows alone are not mapped onto themselves by a transposition.
	p1, v1 := loadGrid(t, "s1.txt")
	_, _, err = p1.Transform(Transpose, v1, Rows, Precedence)
	if !errors.As(err, &ne) || !strings.Contains(err.Error(), "the line selection rows is not mapped onto itself") {
		t.Errorf("rows under transpose: %v", err)
	}
	if _, _, err := MustParseOps(".=|+x//-|x=|=====|x=", size3).Transform(MirrorLR, nil, 0, Precedence); err == nil || errors.As(err, &ne) {
		t.Errorf("pattern: %v", err)
	}
}

func TestSymmetryGroup(t *testing.T) {
	for _, z := range []Size{{3, 3}, {3, 4}, {2, 5}} {
		perms := map[string]bool{}
		for _, g := range append(Symmetries(z), Transpose, Rotate90) {
			nz := g.Size(z)
			seen := make([]bool, nz.Numbers())
			var perm []string
			for i := 0; i < z.Numbers(); i++ {
				j := g.MapNumber(z, i)
				if seen[j] {
					t.Fatalf("%v %s: not a bijection", z, g)
				}
				seen[j] = true
				perm = append(perm, nz.Name(j))
				if p := g.MapPos(z, z.NumberPos(i)); p != nz.NumberPos(j) {
					t.Errorf("%v %s: layout and numbers disagree", z, g)
				}
			}
			perms[nz.String()+strings.Join(perm, "")] = true
			if h, err := ParseSymmetry(g.String()); err != nil || h != g {
				t.Errorf("ParseSymmetry(%s) = %v, %v", g, h, err)
			}
		}
		want := 6 // 4 shape-keeping maps, Transpose and Rotate90
		if z.Square() {
			want = 8
		}
		if len(perms) != want {
			t.Errorf("%v: %d distinct maps", z, len(perms))
		}
		if n := len(Symmetries(z)); n != 4 && !z.Square() || n != 8 && z.Square() {
			t.Errorf("%v: %d symmetries", z, n)
		}
	}
	// Rotate90 four times is the identity.
	z := Size{3, 4}
	for i := 0; i < z.Numbers(); i++ {
		j, w := i, z
		for range 4 {
			j, w = Rotate90.MapNumber(w, j), Rotate90.Size(w)
		}
		if j != i || w != z {
			t.Fatalf("rotate-90^4 moves %d to %d", i, j)
		}
	}
}

// imageKeys renames the equations of the image system to the original
// numbers and returns them normalized and sorted.
func imageKeys(t *testing.T, s *Setting, g Symmetry, sys *System, orig *poly.Ring) []string {
	images := make([]*poly.Poly, sys.Ring.NumVars())
	for i := 0; i < s.size.Numbers(); i++ {
		if !s.Present(i) {
			continue
		}
		name := g.Size(s.size).Name(g.MapNumber(s.size, i))
		v, ok := sys.Ring.VarIndex(name)
		if !ok {
			t.Fatalf("no variable %s", name)
		}
		w, _ := orig.VarIndex(s.size.Name(i))
		images[v] = orig.Var(w)
	}
	var keys []string
	for _, p := range sys.Polys() {
		q, err := p.Compose(orig, images)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, normalize(q).String())
	}
	slices.Sort(keys)
	return keys
}

// TestTransformSemantics checks on random settings that every expressible
// image states the same equations as the original, renamed, up to nonzero
// factors, and that the identity changes nothing.
func TestTransformSemantics(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	patterns := []struct {
		z   Size
		ops string
	}{
		{size3, ".=|.....|.=|=====|.="},
		{size3, "..|.....|..|.....|.."},
		{Size{3, 4}, "...|.......|...|.......|..."},
		{Size{3, 4}, "..=|.......|..=|=======|..="},
		{Size{4, 4}, "..=|.......|..=|.......|..=|=======|..="},
	}
	expressible, tried := 0, 0
	for _, pat := range patterns {
		p := MustParseOps(pat.ops, pat.z)
		for range 12 {
			s, err := p.Nth(new(big.Int).SetUint64(rng.Uint64N(p.Count().Uint64())))
			if err != nil {
				t.Fatal(err)
			}
			for _, ev := range []Eval{Precedence, LeftToRight} {
				orig, err := s.System(0, ev, poly.Grevlex)
				if err != nil {
					t.Fatal(err)
				}
				want := imageKeys(t, s, Identity, orig, orig.Ring)
				for _, g := range Symmetries(s.size) {
					img, _, err := s.Transform(g, nil, 0, ev)
					tried++
					if err != nil {
						var ne *NotExpressibleError
						if !errors.As(err, &ne) {
							t.Fatal(err)
						}
						continue
					}
					expressible++
					if g == Identity && !img.Equal(s) {
						t.Errorf("identity changed %s to %s", s, img)
					}
					sys, err := img.System(0, ev, poly.Grevlex)
					if err != nil {
						t.Fatalf("%s of %s: %v", g, s, err)
					}
					if got := imageKeys(t, s, g, sys, orig.Ring); !slices.Equal(got, want) {
						t.Errorf("%s of %s (%s) is %s:\n got %q\nwant %q", g, s, ev, img, got, want)
					}
				}
			}
		}
	}
	if expressible == 0 || expressible == tried {
		t.Errorf("%d of %d transforms expressible: the test exercises nothing", expressible, tried)
	}
	t.Logf("%d of %d transforms expressible", expressible, tried)
}
