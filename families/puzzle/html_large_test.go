package puzzle

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/members"
)

// TestSheetLargeGrid writes the sheet of a 5x4 setting of issue 32: its
// lines are rows and columns, so no operator between diagonals is drawn
// (the header's key used to show all of them, as clues that no line
// uses), while every grid keeps its 20 numbers and 31 operators of rows
// and columns. With the corner diagonals of a square grid the diagonal
// cells stay.
func TestSheetLargeGrid(t *testing.T) {
	ctx := context.Background()
	s := grid.MustParseOps("-+=|-+++x-x|++=|--x/+/+|-x=|+-x+/xx|-x=|=======|++=", grid.Size{Rows: 5, Cols: 4})
	src, err := members.Analyze(ctx, s, families.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := Puzzles(ctx, src, members.Filter{}, PuzzleOptions{}, 2)
	if err != nil || len(ps) != 2 {
		t.Fatalf("%d puzzles, %v", len(ps), err)
	}
	var b bytes.Buffer
	if err := WriteHTML(&b, &Sheet{Setting: s, Puzzles: ps}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	// 5 grids: the key, 2 puzzles, 2 answers.
	if n := strings.Count(out, `<td class="d">`); n != 0 {
		t.Errorf("%d operators between diagonals drawn, want none", n)
	}
	if n, want := strings.Count(out, `<td class="o">`), 5*31; n != want {
		t.Errorf("%d operators of rows and columns, want %d", n, want)
	}
	if n, want := strings.Count(out, `<td class="n`), 5*20; n != want {
		t.Errorf("%d numbers, want %d", n, want)
	}
	sq := grid.MustParseOps("x=|+x//-|x=|=====|x=", grid.Size{Rows: 3, Cols: 3})
	src3, err := members.Analyze(ctx, sq, families.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ps3, err := Puzzles(ctx, src3, members.Filter{Min: 2}, PuzzleOptions{Diagonals: true}, 1)
	if err != nil || len(ps3) != 1 {
		t.Fatalf("%d puzzles, %v", len(ps3), err)
	}
	b.Reset()
	if err := WriteHTML(&b, &Sheet{Setting: sq, Puzzles: ps3}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), `<td class="d">`); n != 3*4 {
		t.Errorf("%d operators between diagonals on a 3x3 sheet with diagonals, want 12", n)
	}
}
