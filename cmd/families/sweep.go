package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/sweep"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/internal/words"
	"github.com/spf13/pflag"
)

// addSweepFlags registers the flags of a sweep on the default command's
// flag set; they act when --ops is a pattern.
func addSweepFlags(fs *pflag.FlagSet) {
	fs.String("out", "", "sweep: write the JSON Lines to this file (the checkpoint of --resume) instead of stdout")
	fs.Bool("resume", false, "sweep: keep the records already in --out and go on after the last complete one")
	fs.String("shard", "", "sweep: solve shard i/N only (0 <= i < N); default from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX")
	fs.Int("shards", 0, "sweep: number of shards N with JOB_COMPLETION_INDEX (Kubernetes Indexed Job)")
	fs.Int("sample", 0, "sweep: draw this many settings at random instead of all")
	fs.Uint64("seed", 1, "sweep: seed of --sample")
	fs.Bool("positive", false, "sweep: skip settings in which a line without = has no - (no positive solution)")
	fs.Bool("require-all-ops", false, "sweep: skip settings without all of + - x /")
	fs.Int("jobs", 0, "sweep: systems solved at once (default: one per CPU)")
	fs.Int("members", 0, fmt.Sprintf("positive-integer members, smallest first: listed for one setting only when given; per consistent setting of a sweep, %d unless given (0: none)", sweepMembers))
	fs.Bool("once-per-orbit", false, "sweep: one record per orbit of equivalent settings (the others in \"equivalent\")")
	fs.Bool("dry-run", false, "sweep: count the settings and orbits, solve nothing")
	fs.Duration("system-timeout", 0, "sweep: give up on one system after this long (recorded with class timeout; 0: no limit)")
}

// sweepMembers is how many members a sweep lists per setting when
// --members is not given: enough to see a family's first grids, few enough
// that a sweep's records stay small.
const sweepMembers = 3

// sweepFlags are the values of the sweep flags.
type sweepFlags struct {
	out, shard    string
	resume, dry   bool
	shardsFromCLI int
	opt           sweep.Options
	// timeout bounds the whole sweep (--timeout); the per-system limit
	// (--system-timeout) is in opt.Analysis.Limits.
	timeout time.Duration
}

func readSweepFlags(fs *pflag.FlagSet, opt families.Options) (*sweepFlags, error) {
	f := &sweepFlags{}
	var errs []error
	get := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	var err error
	f.out, err = fs.GetString("out")
	get(err)
	f.resume, err = fs.GetBool("resume")
	get(err)
	f.shard, err = fs.GetString("shard")
	get(err)
	f.shardsFromCLI, err = fs.GetInt("shards")
	get(err)
	f.dry, err = fs.GetBool("dry-run")
	get(err)
	o := &f.opt
	o.Sample, err = fs.GetInt("sample")
	get(err)
	o.Seed, err = fs.GetUint64("seed")
	get(err)
	o.Filter.Positive, err = fs.GetBool("positive")
	get(err)
	o.Filter.RequireAllOps, err = fs.GetBool("require-all-ops")
	get(err)
	o.Jobs, err = fs.GetInt("jobs")
	get(err)
	o.Members, err = fs.GetInt("members")
	get(err)
	if !fs.Changed("members") {
		o.Members = sweepMembers
	}
	o.OncePerOrbit, err = fs.GetBool("once-per-orbit")
	get(err)
	f.timeout, err = fs.GetDuration("timeout")
	get(err)
	sysTimeout, err := fs.GetDuration("system-timeout")
	get(err)
	if err := errors.Join(errs...); err != nil {
		return nil, err // a flag missing from the set: a programming error
	}
	o.Analysis = opt
	o.Analysis.Limits = groebner.Limits{Timeout: sysTimeout}
	switch {
	case f.resume && f.out == "":
		return nil, usagef("--resume needs --out: the output file is the checkpoint")
	case o.Sample < 0 || o.Jobs < 0 || o.Members < 0 || f.shardsFromCLI < 0:
		return nil, usagef("--sample, --jobs, --members and --shards must not be negative")
	case o.Members > maxAsked:
		return nil, usagef("--members %d is more than %d", o.Members, maxAsked)
	}
	if err := checkJobs(o.Jobs); err != nil {
		return nil, err
	}
	if f.shard != "" {
		if o.Shard, err = sweep.ParseShard(f.shard); err != nil {
			return nil, usageError{err}
		}
	} else {
		sh, ok, err := sweep.ShardFromEnv(os.Getenv, f.shardsFromCLI)
		if err != nil {
			return nil, usageError{err}
		}
		if ok {
			o.Shard = sh
		} else if f.shardsFromCLI > 1 {
			return nil, usagef("--shards %d without --shard i/N, SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX: which shard?", f.shardsFromCLI)
		}
	}
	return f, nil
}

// sweepPattern solves every setting a pattern with wildcards matches, as
// JSON Lines on stdout or in --out, with a summary on stderr and, when
// stderr is a terminal, a progress bar.
func sweepPattern(fs *pflag.FlagSet, s *grid.Setting, opt families.Options, stdout, stderr io.Writer) error {
	if fs.Changed("format") {
		if f, _ := fs.GetString("format"); f != "json" && f != "jsonl" {
			return usagef("a sweep writes JSON Lines: --format %s is not available for patterns", f)
		}
	}
	sf, err := readSweepFlags(fs, opt)
	if err != nil {
		return err
	}
	ctx, stop := commandContext(sf.timeout)
	defer stop()
	bar := newProgress(stderr, sf.out == "", "sweep", "records")
	if bar != nil {
		sf.opt.Progress = bar.update
	}
	// The output is checked and locked before planning, which can take
	// minutes: a second sweep on the same file is refused at once.
	var outFile *os.File
	var plan *sweep.Plan
	if sf.out != "" && !sf.dry {
		_, statErr := os.Lstat(sf.out)
		if outFile, err = sweep.OpenOutput(sf.out); err != nil {
			return usageError{err}
		}
		defer outFile.Close()
		if errors.Is(statErr, os.ErrNotExist) {
			defer func() {
				// A run refused while planning leaves no empty file.
				if info, err := os.Stat(sf.out); err == nil && info.Size() == 0 && plan == nil {
					os.Remove(sf.out)
				}
			}()
		}
	}
	start := time.Now()
	plan, err = sweep.NewPlan(ctx, s, sf.opt)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%w while planning; nothing was written", stopCause(ctx))
		}
		return usageError{err}
	}
	if sf.opt.Sample > 0 {
		fmt.Fprintf(stderr, "sweep %s: a sample of %s (seed %d) that %s the filters, drawn from the %s settings of the pattern",
			s, words.Count(plan.Swept(), "setting"), sf.opt.Seed, words.Pick(plan.Swept(), "passes", "pass"), s.Count())
	} else {
		fmt.Fprintf(stderr, "sweep %s: %s of %s %s the filters", s, words.Count(plan.Swept(), "setting"), s.Count(), words.Pick(plan.Swept(), "passes", "pass"))
	}
	if sf.opt.Shard.Count > 1 {
		fmt.Fprintf(stderr, "; shard %s", sf.opt.Shard)
	}
	fmt.Fprintf(stderr, ": %s, %s to solve (planned in %s)\n", words.Count(plan.Len(), "record"), words.Count(plan.Orbits(), "system"), since(start))
	if sf.resume && !sf.dry {
		if kept, ok := completeRecords(ctx, sf.out); ok {
			fmt.Fprintf(stderr, "resuming %s: %s kept, %d to go\n", sf.out, words.Count(kept, "record"), max(plan.Len()-kept, 0))
		}
	}
	if sf.dry {
		return nil
	}
	bar.begin(0) // the first update gives the total: what --resume leaves
	var sum *sweep.Summary
	if sf.out != "" {
		sum, err = plan.RunOpened(ctx, outFile, sf.out, sf.resume)
		if cerr := outFile.Close(); err == nil {
			err = cerr
		}
	} else {
		sum, err = plan.Run(ctx, stdout)
	}
	bar.clear()
	if sum != nil && err == nil {
		sum.WriteTo(stderr)
		fmt.Fprintf(stderr, "time %s\n", since(start))
	}
	var oe *sweep.OutputError
	var ce *sweep.CheckpointError
	if errors.As(err, &oe) || errors.As(err, &ce) {
		return usageError{err} // a file that is not ours to write or resume
	}
	if err != nil && ctx.Err() != nil {
		msg := stopCause(ctx).Error()
		if sf.out != "" {
			msg += fmt.Sprintf("; %s holds the records so far: continue with --resume", sf.out)
		}
		return errors.New(msg)
	}
	return err
}

// completeRecords counts the complete lines of a checkpoint, the records
// --resume keeps (the sweep checks them, and refuses a file of another
// sweep); a missing file has none. For anything but a regular file or a
// missing one it says nothing (false): the sweep refuses such an --out
// itself, and reading a FIFO would block.
func completeRecords(ctx context.Context, path string) (int, bool) {
	st, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, true
	}
	if err != nil || !st.Mode().IsRegular() {
		return 0, false
	}
	// Not read whole: a checkpoint may be some GB, or a sparse file.
	return countCheckpointLines(ctx, path)
}

func since(t time.Time) string { return time.Since(t).Round(time.Millisecond).String() }
