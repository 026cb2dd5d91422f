package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/internal/words"
)

const templateUsage = `usage: families template [--size MxN]

Prints the blank layout of a grid size to fill in: the numbers by name, every
operator cell as '.', and the same as an --ops string (a pattern: '.' is the
wildcard, so "families --size MxN --ops PATTERN --count" counts its
settings). Replace each '.' by + - x / = (or _ for no operator) and pass the
string to --ops with the same --size.
`

func init() {
	register("template", "print the blank layout and --ops string of a grid size", runTemplate)
}

func runTemplate(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("template", templateUsage, stdout)
	size := fs.String("size", "3x3", "grid size MxN (rows x columns of numbers), each at least 2")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q (template takes only --size)", fs.Arg(0))
	}
	z, err := grid.ParseSize(*size)
	if err != nil {
		return usageError{err}
	}
	ops := templateOps(z)
	s, err := grid.ParseOps(ops, z)
	if err != nil {
		return err // a template that does not parse is our fault
	}
	fmt.Fprintf(stdout, "a %s grid: %s, %s ('.'), row by row of its layout:\n\n", z, words.Count(z.Numbers(), "number"), words.Count(z.NumOps(), "operator cell"))
	fmt.Fprint(stdout, indent(families.Layout(s)))
	fmt.Fprintf(stdout, "\n--size %s --ops '%s'\n", z, ops)
	return nil
}

// templateOps is the --ops string of a size with every operator cell a
// wildcard, one '|' between the rows of the layout. Cost: O(cells).
func templateOps(z grid.Size) string {
	rows := make([]string, z.LayoutRows())
	for R := range rows {
		n := z.LayoutCols() / 2 // a row of numbers: the cells between them
		if R%2 == 1 {
			n = z.LayoutCols() // a row of operators only
		}
		rows[R] = strings.Repeat(".", n)
	}
	return strings.Join(rows, "|")
}
