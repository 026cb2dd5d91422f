package main

import (
	"fmt"
	"strings"

	"github.com/families-project/families/families/grid"
)

// opCount counts the operator characters of an --ops string as
// grid.ParseOps reads them: every character but the separators '|',
// ',' and white space. Cost: O(len(ops)).
func opCount(ops string) int {
	n := 0
	for _, r := range ops {
		switch r {
		case '|', ',', ' ', '\t', '\n', '\r':
		default:
			n++
		}
	}
	return n
}

// maxHintSide bounds the grid sizes opsHint suggests: larger grids are
// rare enough that a hint about them would more likely mislead.
const maxHintSide = 12

// sizesFor lists the grid sizes (at most maxHintSide a side, rows first)
// whose layouts have exactly n operator cells, square sizes first.
func sizesFor(n int) []grid.Size {
	// Square grids first: they are the usual ones.
	var square, other []grid.Size
	for r := 2; r <= maxHintSide; r++ {
		for c := 2; c <= maxHintSide; c++ {
			if z := (grid.Size{Rows: r, Cols: c}); z.NumOps() == n && r == c {
				square = append(square, z)
			} else if z.NumOps() == n {
				other = append(other, z)
			}
		}
	}
	return append(square, other...)
}

// opsHint adds to a refused --ops the sizes its operator count fits
// ("33 operators fit a 4x4 grid: --size 4x4"), or, when the count fits no
// size, how many cells the grid in hand needs and where a template is.
func opsHint(err error, ops string, z grid.Size) error {
	n := opCount(ops)
	if n == z.NumOps() {
		return err // the count is right: the fault is another
	}
	var names []string
	for _, s := range sizesFor(n) {
		if s != z {
			names = append(names, "--size "+s.String())
		}
	}
	if len(names) > 0 {
		return fmt.Errorf("%w (%d operators fit a grid of another size: %s)", err, n, strings.Join(names, " or "))
	}
	return fmt.Errorf("%w (a %s grid has %d operator cells; families template --size %s prints its layout)", err, z, z.NumOps(), z)
}
