package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/puzzle"
	"github.com/families-project/families/families/render"
)

// writeAnalysis writes the report of an analyzed setting in format text,
// json, jsonl, html or latex, with the members, puzzles and questions that
// pf asks for (families/render draws them all). The report's own text is
// rendered before those stages run, within the deadline the analysis had,
// so that a stage that uses up the time leaves the report as it would
// have been. A stage cut short by ctx keeps what it found: it is written,
// and the error (a stageError) says which stage stopped.
func writeAnalysis(ctx context.Context, w io.Writer, format string, rep *families.Report, opt families.Options, pf *puzzleFlags) error {
	pf.load()
	if format == "html" && pf.puzzles <= 0 && pf.questions <= 0 {
		return usagef("--format html prints a sheet of puzzles and questions: add --puzzles N or --questions N")
	}
	var head bytes.Buffer
	switch format {
	case "text":
		if err := render.Text(ctx, &head, rep); err != nil {
			return err
		}
	case "latex":
		if err := render.LaTeX(ctx, &head, rep); err != nil {
			return err
		}
	}
	var out *puzzleOutput
	var stopped error // a stage cut short: what it found is still written
	if pf.active() {
		var err error
		if out, err = pf.build(ctx, rep, opt); err != nil {
			if out == nil || ctx.Err() == nil {
				return err
			}
			stopped = err
			out.stopped = stopCause(ctx).Error()
			if se := (stageError{}); errors.As(err, &se) {
				out.stopped += " while making " + se.stage
			}
		}
	}
	var x *render.Extras
	if out != nil {
		x = out.extras()
	}
	var err error
	switch format {
	case "json", "jsonl":
		err = render.JSON(w, rep, x, format == "json")
	case "html":
		// The page size is written only when asked for: Chromium prints
		// on letter without it, and the sheet stays the bytes it was.
		var paper string
		if pf.fs.Lookup("paper") != nil && pf.fs.Changed("paper") {
			paper, _ = pf.fs.GetString("paper")
		}
		err = render.HTML(w, rep, x, render.SheetOptions{Note: sheetNote(rep, pf, paper), Paper: paper})
		if errors.Is(err, render.ErrEmptySheet) {
			err = fmt.Errorf("no sheet written: the setting %s has no puzzle or question to print (no positive-integer member passes the filters within --budget)", rep.Ops)
		}
	case "latex":
		if _, err = w.Write(head.Bytes()); err == nil && x != nil {
			err = render.LaTeXExtras(w, x)
		}
		if err == nil {
			err = render.LaTeXEnd(w)
		}
	default:
		if _, err = w.Write(head.Bytes()); err == nil && x != nil {
			err = render.ExtrasText(w, x)
		}
	}
	return errors.Join(stopped, err)
}

// extras is what the renderers read of out.
func (out *puzzleOutput) extras() *render.Extras {
	return &render.Extras{Families: out.families, Params: out.params, Algebraic: out.algebraic,
		Members: out.members, MembersNote: out.membersStopped, MembersSearch: out.membersSummary, Puzzles: out.puzzles, Long: out.long,
		Questions: out.questions, Stopped: out.stopped}
}

// sheetNote is the line under the sheet's answer key: the command that
// makes the sheet again.
func sheetNote(rep *families.Report, pf *puzzleFlags, paper string) string {
	return render.SheetNote(rep, render.SheetFlags{Puzzles: pf.puzzles, Questions: pf.questions, Min: puzzleMin(pf),
		MaxDigits: pf.maxDigits, Distinct: pf.distinct, Diagonals: pf.diagonals, RequireAllOps: pf.allOps,
		RandomLetters: pf.random, Seed: pf.seed, Budget: pf.budget, Paper: paper})
}

// puzzleMin is the smallest number of the puzzles and questions: --min
// when given, else at least puzzle.DefaultMin (members keep --min's
// default of 1).
func puzzleMin(pf *puzzleFlags) int64 {
	if pf.fs.Changed("min") {
		return pf.min
	}
	return max(pf.min, puzzle.DefaultMin)
}
