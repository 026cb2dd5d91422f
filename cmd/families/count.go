package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/families-project/families/families/count"
	"github.com/families-project/families/families/sweep"
	"github.com/families-project/families/groebner"
	"github.com/families-project/families/internal/words"
)

const countUsage = `usage: families count --ops PATTERN --max-sum S [--size MxN] [--lines L] [--eval E]

Counts the calcrostics of a pattern (Wolf 2010): the distinct solved grids in
positive integers, in standard form, for each s = a + b + d + f (the sum of
the upper-left 2x2 block, Wolf's loop variable) up to S. It works
operators first: every setting of the pattern is solved once per orbit of
equivalent settings, and the positive-integer members of its families and
finite solutions with s <= S are collected; a grid counts when the standard
form leaves its numbers in place, and grids with the same standard form
(setting and numbers) count once. Wolf's numbers-first loops (s, f, b,
d, then the operators) count the same grids. Example, the classic pattern:

  families count --ops '.=|.....|.=|=====|.=' --max-sum 20

Prints "s count" lines, then the total; --list prints the grids too.
--timeout bounds the whole command: past it the counts so far are printed
after a line "incomplete: ...", as lower bounds, and the status is 1;
--system-timeout bounds each system instead.
`

func init() {
	register("count", "count the calcrostics of a pattern by s = a+b+d+f", runCount)
}

func runCount(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("count", countUsage, stdout)
	var g gridFlags
	addGridFlags(fs, &g, "")
	maxSum := fs.Int("max-sum", 0, "largest s = a + b + d + f (required)")
	list := fs.Bool("list", false, "print every grid counted, after its s")
	allOps := fs.Bool("require-all-ops", false, "count only settings with all of + - x /")
	jobs := fs.Int("jobs", 0, "systems solved at once (default: one per CPU)")
	timeout := fs.Duration("timeout", 0, "stop the whole command after this long: the counts printed are then lower bounds, and the status is 1")
	sysTimeout := fs.Duration("system-timeout", 0, "give up on a system after this long (its grids are then missing and the counts lower bounds)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if g.ops == "" {
		return usagef("--ops PATTERN is required")
	}
	if *maxSum < 4 {
		return usagef("--max-sum must be at least 4 (a, b, d and f are at least 1)")
	}
	if err := checkJobs(*jobs); err != nil {
		return err
	}
	// --timeout covers the whole command, planning included.
	ctx, stop := commandContext(*timeout)
	defer stop()
	s, opt, err := g.parse()
	if err != nil {
		return err
	}
	if s.Wildcards() == 0 {
		return usagef("--ops %s has no wildcards: count needs a pattern", s)
	}
	opt.Limits = groebner.Limits{Timeout: *sysTimeout}
	start := time.Now()
	// The counts go to stdout only at the end, after the bar is cleared.
	bar := newProgress(stderr, false, "count", "systems")
	bar.begin(0)
	c, err := count.Count(ctx, s, count.Options{Analysis: opt, MaxSum: *maxSum, Jobs: *jobs,
		Filter: sweep.Filter{RequireAllOps: *allOps}, Progress: bar.update})
	bar.clear()
	if err != nil && ctx.Err() != nil && c == nil {
		return fmt.Errorf("%w while planning; nothing was counted", stopCause(ctx))
	}
	var big *sweep.TooLargeError
	if errors.As(err, &big) {
		// Bad input, as for a sweep (status 2); count has neither --shard
		// nor --sample, so its remedy is a narrower pattern.
		more := ""
		if big.AtLeast {
			more = "more than "
		}
		return usagef("%s%d settings of %s can have a positive solution, more than count solves (%d): narrow the pattern or add --require-all-ops", more, big.Settings, s, big.PerRun)
	}
	if err != nil && ctx.Err() == nil {
		return err
	}
	if err != nil {
		// The partial counts are printed, marked so that no script takes
		// them for the answer (and the status is 1).
		fmt.Fprintf(stdout, "incomplete: %s; %d of %s not counted, so every count is a lower bound\n",
			stopCause(ctx), c.Missing, words.Count(c.Settings, "setting"))
	}
	total := 0
	fmt.Fprintln(stdout, "s count")
	for sum := 4; sum <= *maxSum; sum++ {
		fmt.Fprintf(stdout, "%d %d\n", sum, c.BySum[sum])
		total += c.BySum[sum]
		if *list {
			for _, gr := range c.Grids[sum] {
				fmt.Fprintf(stdout, "  %s\n", gr)
			}
		}
	}
	if err != nil {
		fmt.Fprintf(stdout, "total %d (a lower bound)\n", total)
		return stopCause(ctx) // the one line on stderr: why it is incomplete
	}
	fmt.Fprintf(stdout, "total %d\n", total)
	fmt.Fprintf(stderr, "count %s: %s with a possible positive solution, %s solved, %s walked by substitution, %s\n",
		s, words.Count(c.Settings, "setting"), words.Count(c.Orbits, "system"), words.Count(c.Substituted, "family"), since(start))
	if len(c.Timeouts) > 0 {
		fmt.Fprintf(stderr, "warning: %s hit --system-timeout; the counts are lower bounds (first: %s)\n", words.Count(len(c.Timeouts), "setting"), c.Timeouts[0])
	}
	return nil
}
