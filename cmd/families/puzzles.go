package main

import (
	"context"
	"fmt"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/families/puzzle"
	"github.com/families-project/families/families/solve"
	"github.com/spf13/pflag"
)

// puzzleFlags are the analyze command's flags for members, digit puzzles
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
	maxSum                      int64
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
	fs.Int64("budget", 0, fmt.Sprintf("search steps of the member search, over all families (0: %d)", members.DefaultBudget))
	fs.Int64("max-sum", 0, "search members up to this sum of the parameters and count them, proved (0: no bound)")
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
	pf.maxSum, _ = fs.GetInt64("max-sum")
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
	}{{"members", int64(pf.members)}, {"puzzles", int64(pf.puzzles)}, {"questions", int64(pf.questions)}, {"max-digits", int64(pf.maxDigits)}, {"budget", pf.budget}, {"max-sum", pf.maxSum}} {
		if c.v < 0 {
			return usagef("--%s must be at least 0, got %d", c.name, c.v)
		}
		if c.v > maxAsked && c.name != "budget" && c.name != "max-digits" && c.name != "max-sum" {
			return usagef("--%s %d is more than %d", c.name, c.v, maxAsked)
		}
	}
	return nil
}

// active reports whether members, puzzles or questions were asked for.
func (pf *puzzleFlags) active() bool { return pf.members > 0 || pf.puzzles > 0 || pf.questions > 0 }

func (pf *puzzleFlags) filter() members.Filter {
	return members.Filter{Min: pf.min, MaxDigits: pf.maxDigits, Distinct: pf.distinct, AllOps: pf.allOps, Budget: pf.budget, MaxSum: pf.maxSum}
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
	// membersStopped says that --budget or the deadline, not the
	// families, ended a member search before it found the members asked
	// for or reached --max-sum, and which sums it finished ("" otherwise).
	membersStopped string
	// membersSummary is what the member search proved (see
	// members.Summary); nil when no members were asked for.
	membersSummary *members.Summary
	// stopped says which stage a time limit or a signal stopped, and why
	// ("" when every stage finished): what came before is kept.
	stopped string
}

// build makes the members, puzzles and questions of an analyzed setting.
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
		var sum members.Summary
		stage(opt, "members")
		out.members, sum, err = src.MembersUpTo(ctx, f, pf.members)
		out.members, out.membersSummary = nonNil(out.members), &sum
		if sum.Stopped == members.StopBudget.String() || sum.Stopped == members.StopContext.String() {
			out.membersStopped = sum.Text
		}
		if err != nil {
			return out, stageError{"members", err}
		}
	}
	// Puzzles and questions use no number below puzzleMin, which is
	// puzzle.DefaultMin unless --min is given.
	f.Min = puzzleMin(pf)
	if pf.puzzles > 0 {
		popt := puzzle.PuzzleOptions{Diagonals: pf.diagonals, Random: pf.random, Seed: pf.seed,
			Skipped: func(*members.Member) { out.long++ }}
		stage(opt, "puzzles")
		if out.puzzles, err = puzzle.Puzzles(ctx, src, f, popt, pf.puzzles); err != nil {
			return out, stageError{"puzzles", err}
		}
		out.puzzles = nonNil(out.puzzles)
	}
	if pf.questions > 0 {
		stage(opt, "questions")
		if out.questions, err = puzzle.QuestionsApart(ctx, src, f, pf.questions, out.puzzles); err != nil {
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

// stage tells opt.Progress that a stage after the analysis begins (the
// stage lines on a terminal: stageLines).
func stage(opt families.Options, name string) {
	if opt.Progress != nil {
		opt.Progress(name)
	}
}
