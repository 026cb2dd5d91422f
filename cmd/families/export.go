package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/families-project/families/families/export"
	"github.com/families-project/families/families/sweep"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/internal/words"
)

const exportUsage = `usage: families export --to singular|m2|sympy|maple|json --ops PATTERN --out-dir DIR [flags]

Solves the settings of a pattern (or a --sample of them; a single setting,
without wildcards, is one system) and writes each
system with its expected answers, as a regression suite for algebra
solvers: whether it is consistent, its dimension, its degree when finite,
its reduced grevlex basis after saturation by the nonzero conditions, and a
positive-integer member or a family when there is one. DIR/FORMAT/run.sh
feeds every system to that solver, checks every answer and prints
"N passed, N failed". Equivalent settings (the same system up to a symmetry
of the grid) give one system unless --every-setting. DIR/records.jsonl
holds the sweep's records. --timeout bounds the whole command: past it the
systems solved so far are written, a line "incomplete: ..." says how many
were not, and the status is 1; --system-timeout bounds each system
instead. Examples:

  families export --to singular --ops '..|.-.-.|..|.-.-.|..' --positive --sample 200 --out-dir suite
  sh suite/singular/run.sh
`

func init() {
	register("export", "write systems with expected answers for other solvers", runExport)
}

func runExport(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("export", exportUsage, stdout)
	var g gridFlags
	addGridFlags(fs, &g, "")
	to := fs.String("to", "", "format: "+strings.Join(export.Formats, ", "))
	out := fs.String("out-dir", "", "directory to write (created)")
	renameFlag(fs, "out", "out-dir")
	positive := fs.Bool("positive", false, "skip settings in which a line without = has no -")
	allOps := fs.Bool("require-all-ops", false, "skip settings without all of + - x /")
	sample := fs.Int("sample", 0, "draw this many settings at random instead of all")
	seed := fs.Uint64("seed", 1, "seed of --sample")
	every := fs.Bool("every-setting", false, "one system per setting, not per orbit of equivalent settings")
	jobs := fs.Int("jobs", 0, "systems solved at once (default: one per CPU)")
	timeout := fs.Duration("timeout", 0, "stop the whole command after this long: the systems solved by then are written, the rest counted as not written, and the status is 1")
	sysTimeout := fs.Duration("system-timeout", 0, "give up on a system after this long (it is then left out)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	warnRenamed(fs, stderr, "families export")
	switch {
	case fs.NArg() > 0:
		return usagef("unexpected argument %q", fs.Arg(0))
	case *to == "" || *out == "" || g.ops == "":
		return usagef("--to, --ops and --out-dir are required")
	case *sample < 0:
		return usagef("--sample must not be negative")
	}
	if err := checkJobs(*jobs); err != nil {
		return err
	}
	// --timeout covers the whole command, planning included.
	ctx, stop := commandContext(*timeout)
	defer stop()
	known := false
	for _, f := range export.Formats {
		known = known || f == *to
	}
	if !known {
		return usagef("unknown format --to %s (want %s)", *to, strings.Join(export.Formats, ", "))
	}
	s, opt, err := g.parse()
	if err != nil {
		return err
	}
	// --out-dir is a directory (made if absent): anything else is refused
	// before the work, not found out when the first file is written.
	if fi, err := os.Stat(*out); err == nil && !fi.IsDir() {
		return usagef("--out-dir %s is not a directory: export writes a directory of files", *out)
	}
	opt.Limits = groebner.Limits{Timeout: *sysTimeout}
	plan, err := sweep.NewPlan(ctx, s, sweep.Options{
		Analysis: opt, Filter: sweep.Filter{Positive: *positive, RequireAllOps: *allOps},
		Sample: *sample, Seed: *seed, Jobs: *jobs, Members: 1, OncePerOrbit: !*every,
	})
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%w while planning; nothing was written", stopCause(ctx))
		}
		var big *sweep.TooLargeError
		if errors.As(err, &big) {
			// export has no --shard: its remedies are a sample or a
			// narrower pattern.
			more := ""
			if big.AtLeast {
				more = "more than "
			}
			return usagef("%s%d settings pass the filters, more than one export writes (%d): draw a --sample or narrow the pattern or the filters", more, big.Settings, big.PerRun)
		}
		return usageError{err}
	}
	res, err := export.Write(ctx, plan, *to, *out)
	if err != nil && res == nil {
		return err
	}
	if err != nil {
		// Cut short: what was solved is written, and the line says how
		// much was not, so that no one takes the suite for the whole.
		fmt.Fprintf(stdout, "incomplete: %s; %d of %s not written\n", stopCause(ctx), res.Unsolved, words.Count(plan.Len(), "system"))
	}
	fmt.Fprintf(stdout, "%s written to %s/%s", words.Count(res.Systems, "system"), *out, *to)
	if res.Skipped > 0 {
		fmt.Fprintf(stdout, " (%d left out: timeout or error)", res.Skipped)
	}
	fmt.Fprintf(stdout, "; check %s with: %s\n", words.Pick(res.Systems, "it", "them"), res.Runner)
	if err != nil {
		return stopCause(ctx)
	}
	return nil
}
