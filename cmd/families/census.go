package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/families-project/families/families/census"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/output"
	"github.com/families-project/families/internal/words"
)

const censusUsage = `usage: families census --size MxN (--max N | --max-sum S) [flags]

Lists every grid of positive integers (each at most N, or all together
summing to at most S) for which some operator setting makes every selected
line zero (default lines: rows, cols, diag, short), with all four of
+ - x / in the setting unless --any-ops, once up to the symmetries of the
grid (in standard form). Numbers first: the search assigns numbers in an
order that completes lines early and solves each line's last number for
every operator tuple; operators are only a consequence.

For each grid it counts the settings that work, re-checks the grid exactly,
and gives the algebraic answer: its settings, ranked by the tangent
dimension at the grid (numbers minus the Jacobian's rank; fewest free
parameters first), go to the engine one by one until one shows the grid
isolated (a rigid puzzle), at most --analyze of them; otherwise the
smallest family through the grid found, with its formulas and parameter
values. JSON Lines on stdout or in --out (a "done" line closes each task,
the checkpoint of --resume); a summary on stderr. --timeout bounds the
whole command by the clock (past it the tasks done are kept and the
status is 1); --system-work bounds the engine on one setting by the work
it does, not the time it takes (--system-timeout D is the same budget
given as a time: D at 20 units a millisecond), so the output is the same
bytes on every run, whatever the load or --jobs. Example, Wolf's 3x3 question
(Calcrostics, 2010 talk):

  families census --size 3x3 --max 12

With --families every grid is answered: isolated, or on a family named by
its setting in standard form and its formulas (the summary names the
families holding most grids). Shards (--shard i/N, or a Slurm array or a
Kubernetes Indexed Job) are joined into the bytes of one run by

  families census --merge --out all.jsonl shard-*.jsonl
`

func init() {
	register("census", "every all-lines-zero grid of a size up to a bound, with its families", runCensus)
}

func runCensus(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("census", censusUsage, stdout)
	size := fs.String("size", "3x3", "grid size MxN (rows x columns of numbers)")
	lines := fs.String("lines", "", "lines that must be zero: comma list of rows, cols, diag, short (default: all four)")
	eval := fs.String("eval", "precedence", "evaluation: precedence (x and / bind tighter) or ltr (strictly left to right)")
	maxN := fs.Int64("max", 0, "largest number")
	maxSum := fs.Int64("max-sum", 0, "largest sum of all the numbers of a grid")
	anyOps := fs.Bool("any-ops", false, "settings may use any operators (default: all of + - x / must occur)")
	analyze := fs.Int("analyze", 8, "settings per grid given to the algebra engine, fewest free parameters first (0: none)")
	rank := fs.Int("rank", census.DefaultRank, "settings per grid ranked by tangent dimension to choose those analyzed")
	merge := fs.Bool("merge", false, "merge the files of every shard of one census, given as arguments, into the output of one run (--out or stdout)")
	fams := fs.Bool("families", false, "answer every grid: isolated, or on a family named by its setting (standard form) and formulas; each distinct setting analyzed once (--analyze bounds the settings tried per grid)")
	timeout := fs.Duration("timeout", 0, "stop the whole command after this long (0: never): the tasks done by then are written, a checkpoint for --resume, and the status is 1")
	sysWork := fs.Int64("system-work", census.DefaultSystemWork, fmt.Sprintf("work budget of the algebra of one setting, in units of the engines' work (about %d a millisecond of one core; 0: none): past it the setting is class timeout, the same on every run", census.UnitsPerMillisecond))
	sysTimeout := fs.Duration("system-timeout", 0, fmt.Sprintf("the per-setting budget given as a time, read as work (%d units a millisecond), not a clock: instead of --system-work", census.UnitsPerMillisecond))
	jobs := fs.Int("jobs", 0, "tasks searched at once (default: one per CPU)")
	out := fs.String("out", "", "write the JSON Lines to this file (the checkpoint of --resume) instead of stdout")
	resume := fs.Bool("resume", false, "keep the tasks already done in --out and go on after them")
	shard := fs.String("shard", "", "search shard i/N only (every N-th task from i); default from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX")
	shards := fs.Int("shards", 0, "number of shards N with JOB_COMPLETION_INDEX (Kubernetes Indexed Job)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *merge {
		return mergeCensus(fs.Args(), *out, *timeout, stdout)
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if err := checkJobs(*jobs); err != nil {
		return err
	}
	switch {
	case fs.Changed("system-timeout") && fs.Changed("system-work"):
		return usagef("give --system-work or --system-timeout, not both: they set one budget")
	case *sysWork < 0 || *sysTimeout < 0:
		return usagef("--system-work and --system-timeout must not be negative")
	case fs.Changed("system-timeout"):
		*sysWork = census.WorkOf(*sysTimeout)
	}
	opt := census.Options{Max: *maxN, MaxSum: *maxSum, AnyOps: *anyOps, Analyze: *analyze, Rank: *rank, Families: *fams, SystemWork: *sysWork, Jobs: *jobs}
	var err error
	if opt.Size, err = grid.ParseSize(*size); err != nil {
		return usageError{err}
	}
	if opt.Lines, err = grid.ParseLineSet(*lines); err != nil {
		return usageError{err}
	}
	if opt.Eval, err = grid.ParseEval(*eval); err != nil {
		return usageError{err}
	}
	switch {
	case *resume && *out == "":
		return usagef("--resume needs --out: the output file is the checkpoint")
	case *shards < 0 || *rank < 0:
		return usagef("--shards and --rank must not be negative")
	}
	if *shard != "" {
		if opt.Shard, err = output.ParseShard(*shard); err != nil {
			return usageError{err}
		}
	} else if sh, ok, err := output.ShardFromEnv(os.Getenv, *shards); err != nil {
		return usageError{err}
	} else if ok {
		opt.Shard = sh
	} else if *shards > 1 {
		return usagef("--shards %d without --shard i/N, SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX: which shard?", *shards)
	}
	bar := newProgress(stderr, *out == "", "census", "tasks")
	opt.Progress = bar.update
	c, err := census.New(opt)
	if err != nil {
		return usageError{err}
	}
	// --out is opened, locked, before anything is printed: a path that is
	// not a regular file, or one another run writes, is bad input.
	var outFile *os.File
	if *out != "" {
		// As for a sweep, any --out that cannot be opened (a missing
		// directory too) is bad input.
		if outFile, err = output.OpenOutput(*out); err != nil {
			return usageError{err}
		}
		defer outFile.Close()
	}
	// --timeout covers the whole command; a signal ends it too.
	ctx, stop := commandContext(*timeout)
	defer stop()
	fmt.Fprintf(stderr, "census %s", opt.Size)
	if opt.Max > 0 {
		fmt.Fprintf(stderr, " max %d", opt.Max)
	}
	if opt.MaxSum > 0 {
		fmt.Fprintf(stderr, " max-sum %d", opt.MaxSum)
	}
	fmt.Fprintf(stderr, ": %s", words.Count(c.Tasks(), "task"))
	if opt.Shard.Count > 1 {
		fmt.Fprintf(stderr, " (shard %s)", opt.Shard)
	}
	fmt.Fprintf(stderr, "; search order %s (* tried over the range, the others solved from a line)\n", strings.Join(c.Order(), " "))
	start := time.Now()
	var sum *census.Summary
	if *out != "" {
		sum, err = c.WriteOpened(ctx, outFile, *out, *resume)
		if cerr := outFile.Close(); err == nil {
			err = cerr
		}
	} else {
		sum, err = c.Write(ctx, stdout, 0, nil)
	}
	bar.clear()
	if sum != nil {
		sum.Elapsed = time.Since(start)
		sum.WriteTo(stderr)
	}
	var ce *output.CheckpointError
	if errors.As(err, &ce) {
		return usageError{err} // --resume of a file that is not this census's
	}
	if err != nil && ctx.Err() != nil {
		// Stopped by the time limit or a signal: every task written is
		// complete (a task cut short is not written).
		if *out != "" {
			return fmt.Errorf("%w: %s holds the tasks done so far; rerun with --resume to go on", stopCause(ctx), *out)
		}
		return fmt.Errorf("%w: the output holds the tasks done so far", stopCause(ctx))
	}
	return err
}
