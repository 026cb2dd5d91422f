package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// processStart is when the process started, as near as a package variable
// sees it. With a hard deadline (the command run by main) --timeout is
// counted from here, so that what a command does before its work (parsing,
// reading its memory limits, checking its output) is within the limit too:
// the promise is measured from outside, from the process's start.
var processStart = time.Now()

// hardDeadline makes commandContext count --timeout from processStart and
// end the process when a command runs past it by backstopGrace. Only main
// sets it: tests run commands in their own process and must not be ended.
var hardDeadline bool

// timeoutGrace bounds how long a command may run past its --timeout
// before the process is ended: the promise is T plus one second, and
// timeoutGrace leaves a tenth of it for starting and ending the process
// (see backstopGrace for what exiting costs).
const timeoutGrace = 900 * time.Millisecond

// minGrace is the least time a command gets past its --timeout to stop by
// itself (write its report of class timeout, close its records) before
// the process is ended.
const minGrace = 100 * time.Millisecond

// exitPerGiB is what ending a process costs per GiB resident: the kernel
// frees every page of it, in the exiting thread, which a loaded machine
// schedules like any other. Measured here at load 11-18 on 2 cores: 0.48 s
// for 1 GiB, 0.6-0.87 s for 2.4 GiB, 0.03-0.05 s for 50 MB (from the
// process's last instruction to its parent's wait). The 4x4 analysis with
// --timeout 150s (2.4 GB resident) was ended by the backstop at T + 0.9 s
// and its parent saw it end at T + 1.44 s.
const exitPerGiB = 300 * time.Millisecond

// backstopGrace is how long past its --timeout a command whose resident
// memory is rss bytes may run before the process is ended: timeoutGrace
// less what exiting with that much memory costs (exitPerGiB), at least
// minGrace. Cost: arithmetic.
func backstopGrace(rss int64) time.Duration {
	if rss < 0 {
		rss = 0
	}
	exit := time.Duration(float64(exitPerGiB) * float64(rss) / (1 << 30))
	return max(timeoutGrace-exit, minGrace)
}

// residentBytes returns the process's resident memory from
// /proc/self/statm, or 0 where it cannot be read. Cost: one small read.
func residentBytes() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return 0
	}
	return pages * int64(os.Getpagesize())
}

// commandDeadline is when a command given --timeout timeout ends: timeout
// after start, the process's start with a hard deadline (processStart),
// else now (a command run in a test's process). ok is false for a limit
// so far off that the time would pass the largest one representable
// (--timeout 2562047h47m16s): no limit at all.
func commandDeadline(timeout time.Duration, now, start time.Time, hard bool) (deadline time.Time, ok bool) {
	if !hard {
		start = now
	}
	// A limit past a century is no limit; adding it (and the grace) to a
	// time could wrap around and end every command at once.
	if timeout > math.MaxInt64/2 {
		return time.Time{}, false
	}
	return start.Add(timeout), true
}

// commandContext returns the context of a command's work: done on a signal
// (interrupt) or, when timeout > 0, at the command's deadline
// (commandDeadline) with a cause that says so. With a hard deadline a
// backstop ends the process, with a line naming the command, if the
// command is still running backstopGrace after the deadline: the work
// looks at ctx often, but not inside every single step of the algebra
// (one normalization of a case's equations can take seconds), and the
// promise "within T plus one second" is kept here whatever is running.
// The CancelFunc stops the backstop too. Cost: one timer and, with a hard
// deadline, one goroutine, which at the deadline reads the resident
// memory once.
func commandContext(timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout <= 0 {
		return context.WithCancel(interrupt)
	}
	cause := fmt.Errorf("timed out after %s (--timeout)", timeout)
	deadline, ok := commandDeadline(timeout, time.Now(), processStart, hardDeadline)
	if !ok {
		return context.WithCancel(interrupt)
	}
	ctx, cancel := context.WithDeadlineCause(interrupt, deadline, cause)
	if !hardDeadline {
		return ctx, cancel
	}
	done := make(chan struct{})
	go backstop(ctx, deadline, done, timeout)
	var once sync.Once
	return ctx, func() { once.Do(func() { close(done) }); cancel() }
}

// backstop ends the process when done is not closed by backstopGrace past
// deadline, the grace chosen at the deadline from the memory resident then
// (what exiting will cost).
func backstop(ctx context.Context, deadline time.Time, done <-chan struct{}, timeout time.Duration) {
	select {
	case <-done:
		return
	case <-ctx.Done():
		// A signal is main's to handle; the limit is this one's.
		if interrupt.Err() != nil {
			return
		}
	}
	t := time.NewTimer(time.Until(deadline.Add(backstopGrace(residentBytes()))))
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
		fmt.Fprintf(os.Stderr, "%s: timed out after %s (--timeout): the work did not stop at the limit and was ended\n", commandPrefix(running.Load().(string)), timeout)
		os.Exit(1)
	}
}
