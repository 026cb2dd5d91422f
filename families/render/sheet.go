package render

import (
	"fmt"
	"strings"

	"github.com/families-project/families/families"
)

// SheetFlags are the choices that made a sheet's puzzles and questions,
// for the line that makes the sheet again (SheetNote). Zero values are
// left out of the line, except Min, which is always written.
type SheetFlags struct {
	Puzzles, Questions int
	Min                int64
	MaxDigits          int
	Distinct           bool
	Diagonals          bool
	RequireAllOps      bool
	RandomLetters      bool
	Seed               uint64 // with RandomLetters
	Budget             int64
	Paper              string // "" or "letter" is the default
}

// SheetNote is the line printed under a sheet's answer key: the whole
// command that makes the same sheet again, setting and choices included.
func SheetNote(rep *families.Report, f SheetFlags) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Made by: families --ops '%s' --size %s --lines %s --eval %s", rep.Ops, rep.Size, rep.Lines, rep.Eval)
	if f.Puzzles > 0 {
		fmt.Fprintf(&b, " --puzzles %d", f.Puzzles)
	}
	if f.Questions > 0 {
		fmt.Fprintf(&b, " --questions %d", f.Questions)
	}
	fmt.Fprintf(&b, " --min %d", f.Min)
	if f.MaxDigits > 0 {
		fmt.Fprintf(&b, " --max-digits %d", f.MaxDigits)
	}
	for _, o := range []struct {
		on   bool
		flag string
	}{{f.Distinct, "--distinct"}, {f.Diagonals, "--diagonals"}, {f.RequireAllOps, "--require-all-ops"}, {f.RandomLetters, "--random-letters"}} {
		if o.on {
			b.WriteString(" " + o.flag)
		}
	}
	if f.RandomLetters {
		fmt.Fprintf(&b, " --seed %d", f.Seed)
	}
	if f.Budget > 0 {
		fmt.Fprintf(&b, " --budget %d", f.Budget)
	}
	if f.Paper != "" && f.Paper != "letter" {
		fmt.Fprintf(&b, " --paper %s", f.Paper)
	}
	b.WriteString(" --format html")
	return b.String()
}
