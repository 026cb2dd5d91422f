package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/families/puzzle"
	"github.com/families-project/families/families/solve"
	"github.com/spf13/pflag"
)

// puzzleFlags are the analyse command's flags for members, digit puzzles
// and "find the numbers" questions. The sweep flags define --members,
// --seed and --require-all-ops too; addPuzzleFlags shares those that are
// already defined, so it must come after addSweepFlags.
type puzzleFlags struct {
	fs                          *pflag.FlagSet
	members, puzzles, questions int
	diagonals                   bool
	min                         int64
	maxDigits                   int
	distinct, allOps            bool
	random                      bool
	seed                        uint64
	budget                      int64
}

// addPuzzleFlags defines the flags on fs, except those fs already has.
func addPuzzleFlags(fs *pflag.FlagSet) *puzzleFlags {
	def := func(name string, define func()) {
		if fs.Lookup(name) == nil {
			define()
		}
	}
	def("members", func() {
		fs.Int("members", 0, "list the first N positive-integer members of the families (in order of the sum of the parameters)")
	})
	fs.Int("puzzles", 0, "make N digit puzzles (letters for digits) from members, each with exactly one solution")
	fs.Int("questions", 0, "make N \"find the numbers\" questions: a smallest set of revealed numbers that forces the rest, proved")
	fs.Bool("diagonals", false, "puzzles give the diagonals as extra clues (default: rows and columns only)")
	fs.Int64("min", 1, "smallest allowed number of members, puzzles and questions (Wolf (2010) uses 2: no 0 or 1)")
	fs.Int("max-digits", 0, "largest number of digits of a number (0: no limit)")
	fs.Bool("distinct", false, "all numbers of a member distinct")
	def("require-all-ops", func() { fs.Bool("require-all-ops", false, "only settings whose lines use all four operators + - x /") })
	fs.Bool("random-letters", false, "draw the puzzles' letters at random (see --seed) instead of A, B, C, ... in order of first appearance")
	def("seed", func() { fs.Uint64("seed", 1, "seed of --random-letters") })
	fs.Int64("budget", 0, fmt.Sprintf("parameter tuples tried per family (0: %d)", members.DefaultBudget))
	return &puzzleFlags{fs: fs}
}

// load reads the parsed flags. --members counts only when given, since a
// sweep has its own default for it.
func (pf *puzzleFlags) load() {
	fs := pf.fs
	if fs.Changed("members") {
		pf.members, _ = fs.GetInt("members")
	}
	pf.puzzles, _ = fs.GetInt("puzzles")
	pf.questions, _ = fs.GetInt("questions")
	pf.diagonals, _ = fs.GetBool("diagonals")
	pf.min, _ = fs.GetInt64("min")
	pf.maxDigits, _ = fs.GetInt("max-digits")
	pf.distinct, _ = fs.GetBool("distinct")
	pf.allOps, _ = fs.GetBool("require-all-ops")
	pf.random, _ = fs.GetBool("random-letters")
	pf.seed, _ = fs.GetUint64("seed")
	pf.budget, _ = fs.GetInt64("budget")
}

// maxAsked bounds --members, --puzzles and --questions: each is held in
// memory and printed, so that a typo like 2147483648 is refused at once
// rather than growing for gigabytes.
const maxAsked = 100000

// check loads the flags and refuses negative or too large counts with
// status 2, before any work.
func (pf *puzzleFlags) check() error {
	pf.load()
	for _, c := range []struct {
		name string
		v    int64
	}{{"members", int64(pf.members)}, {"puzzles", int64(pf.puzzles)}, {"questions", int64(pf.questions)}, {"max-digits", int64(pf.maxDigits)}, {"budget", pf.budget}} {
		if c.v < 0 {
			return usagef("--%s must be at least 0, got %d", c.name, c.v)
		}
		if c.v > maxAsked && c.name != "budget" && c.name != "max-digits" {
			return usagef("--%s %d is more than %d", c.name, c.v, maxAsked)
		}
	}
	return nil
}

// active reports whether members, puzzles or questions were asked for.
func (pf *puzzleFlags) active() bool { return pf.members > 0 || pf.puzzles > 0 || pf.questions > 0 }

func (pf *puzzleFlags) filter() members.Filter {
	return members.Filter{Min: pf.min, MaxDigits: pf.maxDigits, Distinct: pf.distinct, AllOps: pf.allOps, Budget: pf.budget}
}

// puzzleOutput holds what the flags asked for; nil slices were not asked
// for.
type puzzleOutput struct {
	families  int
	algebraic int // algebraic families, whose members are not searched
	params    [][]string
	members   []*members.Member
	puzzles   []*puzzle.Puzzle
	questions []*puzzle.Question
	// long counts the members that made no puzzle because a number has
	// more digits than the digit solver takes.
	long int
	// membersStopped says that --budget, not the families, ended a member
	// search that found fewer members than asked for ("" otherwise).
	membersStopped string
	// stopped says which stage a time limit or a signal stopped, and why
	// ("" when every stage finished): what came before is kept.
	stopped string
}

// build makes the members, puzzles and questions of an analysed setting.
func (pf *puzzleFlags) build(ctx context.Context, rep *families.Report, opt families.Options) (*puzzleOutput, error) {
	if pf.members < 0 || pf.puzzles < 0 || pf.questions < 0 {
		return nil, usagef("--members, --puzzles and --questions must be at least 0")
	}
	if pf.maxDigits < 0 {
		return nil, usagef("--max-digits must be at least 0, got %d", pf.maxDigits)
	}
	src, err := members.FromReport(ctx, rep, opt)
	if err != nil {
		return nil, err
	}
	out := &puzzleOutput{families: len(src.Families)}
	if res := rep.Result(); res != nil {
		for _, f := range res.Families() {
			if f.Kind == solve.Algebraic {
				out.algebraic++
			}
		}
	}
	for _, f := range src.Families {
		out.params = append(out.params, f.ParamNames())
	}
	f := pf.filter()
	if pf.members > 0 {
		var stopped bool
		if out.members, stopped, err = src.MembersWithin(ctx, f, pf.members); err != nil {
			return out, stageError{"members", err}
		}
		if stopped && len(out.members) < pf.members {
			budget := f.Budget
			if budget <= 0 {
				budget = members.DefaultBudget
			}
			out.membersStopped = fmt.Sprintf("the search stopped at the budget of %d parameter tuples per family (--budget): there may be more members", budget)
		}
		out.members = nonNil(out.members)
	}
	if pf.puzzles > 0 {
		popt := puzzle.PuzzleOptions{Diagonals: pf.diagonals, Random: pf.random, Seed: pf.seed,
			Skipped: func(*members.Member) { out.long++ }}
		if out.puzzles, err = puzzle.Puzzles(ctx, src, f, popt, pf.puzzles); err != nil {
			return out, stageError{"puzzles", err}
		}
		out.puzzles = nonNil(out.puzzles)
	}
	if pf.questions > 0 {
		if out.questions, err = puzzle.Questions(ctx, src, f, pf.questions); err != nil {
			return out, stageError{"questions", err}
		}
		out.questions = nonNil(out.questions)
	}
	return out, nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// writeAnalysis writes the report of an analysed setting in format text,
// json or html, with the members, puzzles and questions that pf asks for:
// the keys "members", "puzzles" and "questions" of the JSON object, or
// sections after the text report. html writes a printable sheet of the
// puzzles and questions with the answer key on its own page.
func writeAnalysis(ctx context.Context, w io.Writer, format string, rep *families.Report, opt families.Options, pf *puzzleFlags) error {
	pf.load()
	if format == "html" && pf.puzzles <= 0 && pf.questions <= 0 {
		return usagef("--format html prints a sheet of puzzles and questions: add --puzzles N or --questions N")
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
	if err := writeFound(ctx, w, format, rep, opt, out); err != nil || stopped != nil {
		return errors.Join(stopped, err)
	}
	return nil
}

// writeFound writes the report and out in format (see writeAnalysis).
func writeFound(ctx context.Context, w io.Writer, format string, rep *families.Report, opt families.Options, out *puzzleOutput) error {
	switch format {
	case "json", "jsonl":
		return writeAnalysisJSON(w, rep, out, format == "json")
	case "html":
		note := fmt.Sprintf("Made by: families --ops '%s' --size %s --lines %s --eval %s", rep.Ops, rep.Size, rep.Lines, rep.Eval)
		err := puzzle.WriteHTML(w, &puzzle.Sheet{Title: "Calcrostics", Note: note, Setting: rep.Setting(), Lines: opt.Lines, Eval: opt.Eval,
			Puzzles: out.puzzles, Questions: out.questions})
		if errors.Is(err, puzzle.ErrEmptySheet) {
			return fmt.Errorf("no sheet written: the setting %s has no puzzle or question to print (no positive-integer member passes the filters within --budget)", rep.Ops)
		}
		return err
	}
	writeReport(w, rep)
	if out != nil {
		writePuzzleText(w, out)
	}
	return nil
}

// writeAnalysisJSON writes the report's object with the keys of out added
// at its end, indented as the analyse command writes JSON, or on one line
// (the record of a sweep) when indent is false.
func writeAnalysisJSON(w io.Writer, rep *families.Report, out *puzzleOutput, indent bool) error {
	b, err := json.Marshal(rep)
	if err != nil {
		return err
	}
	if out != nil {
		var extra bytes.Buffer
		add := func(key string, v any, asked bool) error {
			if !asked {
				return nil
			}
			vb, err := json.Marshal(v)
			if err != nil {
				return err
			}
			fmt.Fprintf(&extra, ",%q:%s", key, vb)
			return nil
		}
		if err := add("stopped", out.stopped, out.stopped != ""); err != nil {
			return err
		}
		if err := add("members", out.members, out.members != nil); err != nil {
			return err
		}
		if err := add("members_error", out.membersStopped, out.membersStopped != ""); err != nil {
			return err
		}
		if err := add("puzzles", out.puzzles, out.puzzles != nil); err != nil {
			return err
		}
		if err := add("questions", out.questions, out.questions != nil); err != nil {
			return err
		}
		b = append(append(bytes.TrimSuffix(bytes.TrimSpace(b), []byte("}")), extra.Bytes()...), '}')
	}
	var ind bytes.Buffer
	if !indent {
		ind.Write(b)
	} else if err := json.Indent(&ind, b, "", "  "); err != nil {
		return err
	}
	ind.WriteByte('\n')
	_, err = w.Write(ind.Bytes())
	return err
}

func writePuzzleText(w io.Writer, out *puzzleOutput) {
	var ps []string
	for _, p := range out.params {
		ps = append(ps, "{"+strings.Join(p, ", ")+"}")
	}
	fmt.Fprintf(w, "\nfamilies searched for integer members: %d", out.families)
	if len(ps) > 0 {
		fmt.Fprintf(w, " (parameters %s)", strings.Join(ps, ", "))
	}
	if out.algebraic > 0 {
		noun := "families"
		if out.algebraic == 1 {
			noun = "family"
		}
		fmt.Fprintf(w, "; not searched: %d algebraic %s, whose integer members, if any, are not listed", out.algebraic, noun)
	}
	fmt.Fprintln(w)
	if out.stopped != "" {
		fmt.Fprintf(w, "\nstopped: %s; what was found before is below\n", out.stopped)
	}
	if out.members != nil {
		fmt.Fprintf(w, "\nmembers (%d, by the sum of the parameters):\n", len(out.members))
		if out.membersStopped != "" {
			fmt.Fprintf(w, "  (%s)\n", out.membersStopped)
		}
		for _, m := range out.members {
			fmt.Fprintf(w, "  %s\n", m)
		}
	}
	if out.puzzles != nil {
		fmt.Fprintf(w, "\ndigit puzzles (%d, each with exactly one solution):\n", len(out.puzzles))
		if out.long > 0 {
			fmt.Fprintf(w, "  (%d member%s skipped: a number of more than %d digits makes no digit puzzle)\n", out.long, plural(out.long), puzzle.MaxPuzzleDigits)
		}
		for i, p := range out.puzzles {
			fmt.Fprintf(w, "\npuzzle %d (%s: %s)\n", i+1, p.Solution, p.Letters)
			fmt.Fprint(w, indent(p.Text()))
		}
	}
	if out.questions != nil {
		fmt.Fprintf(w, "\nfind the numbers (%d, each forced by the numbers shown, proved):\n", len(out.questions))
		for i, q := range out.questions {
			rev := "nothing"
			if len(q.Revealed) > 0 {
				rev = strings.Join(q.Revealed, ", ")
			}
			fmt.Fprintf(w, "\nquestion %d (revealed %s; solution %s)\n", i+1, rev, q.Solution)
			fmt.Fprint(w, indent(q.Text()))
		}
	}
}
