package grid

import (
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	good := []struct {
		in   string
		want Size
	}{{"3x3", Size{3, 3}}, {" 2X5 ", Size{2, 5}}, {"4×3", Size{4, 3}}, {"100x2", Size{100, 2}}}
	for _, tc := range good {
		z, err := ParseSize(tc.in)
		if err != nil || z != tc.want {
			t.Errorf("ParseSize(%q) = %v, %v", tc.in, z, err)
		}
	}
	bad := []struct{ in, want string }{
		{"3", `grid: bad size "3": expected MxN, such as 3x3`},
		{"3x", `grid: bad size "3x": expected MxN, such as 3x3`},
		{"axb", `grid: bad size "axb": expected MxN, such as 3x3`},
		{"1x1", "grid: bad size 1x1: a grid needs at least 2 rows and 2 columns of numbers"},
		{"3x1", "grid: bad size 3x1: a grid needs at least 2 rows and 2 columns of numbers"},
		{"-3x3", "grid: bad size -3x3: a grid needs at least 2 rows and 2 columns of numbers"},
		{"101x3", "grid: bad size 101x3: at most 100x100 numbers are supported"},
	}
	for _, tc := range bad {
		_, err := ParseSize(tc.in)
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseSize(%q): got %v, want %s", tc.in, err, tc.want)
		}
	}
}

func TestNames(t *testing.T) {
	if got := strings.Join(Size{3, 3}.Names(), " "); got != "a b c d f g h k m" {
		t.Errorf("3x3 names: %s", got)
	}
	if got := strings.Join(Size{3, 7}.Names(), ""); got != letters {
		t.Errorf("3x7 names: %s", got)
	}
	z := Size{2, 11}
	if z.Name(0) != "x_1_1" || z.Name(12) != "x_2_2" || z.Name(21) != "x_2_11" {
		t.Errorf("2x11 names: %v", z.Names())
	}
	for _, tc := range []struct {
		z   Size
		ops int
	}{{Size{3, 3}, 16}, {Size{2, 2}, 5}, {Size{3, 4}, 23}, {Size{4, 4}, 33}} {
		if got := tc.z.NumOps(); got != tc.ops {
			t.Errorf("%v.NumOps() = %d, want %d", tc.z, got, tc.ops)
		}
	}
	z = Size{3, 4}
	for i := 0; i < z.Numbers(); i++ {
		if p := z.NumberPos(i); p.Kind() != NumberCell || z.NumberIndex(p) != i {
			t.Errorf("number %d at %v", i, p)
		}
	}
	kinds := map[Pos]CellKind{{0, 0}: NumberCell, {0, 1}: HorizontalCell, {1, 0}: VerticalCell, {1, 1}: DiagonalCell}
	for p, k := range kinds {
		if p.Kind() != k {
			t.Errorf("%v.Kind() = %v, want %v", p, p.Kind(), k)
		}
	}
}
