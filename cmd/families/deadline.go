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
// keep the limit from outside (limitCtx.watch). Only main
// sets it: tests run commands in their own process and must not be ended.
var hardDeadline bool

// timeoutGrace bounds how long a command may run past its --timeout
// before the process is ended: the promise is T plus one second, and
// timeoutGrace leaves a tenth of it for starting the process; ending it
// (exitCost) comes out of timeoutGrace.
const timeoutGrace = 900 * time.Millisecond

// minGrace is the least time a command gets past the moment it is told
// to stop (write its report of class timeout, close its records) before
// the process is ended.
const minGrace = 100 * time.Millisecond

// exitCPUPerGiB is the processor time ending a process costs per GiB
// resident: the kernel frees every page of it, in the exiting thread,
// which a loaded machine schedules like any other, so that its wall time
// is this divided by the share of a processor the thread gets. Measured
// here: the 4x4 analysis with --timeout 150s, 1.86 GB resident and 0.29
// processors for its two busy threads (load 15-20 on 2 cores), wrote its
// last line at T + 0.5 s and was seen to end at T + 1.56 s (1.06 s of
// exit: 0.088 s a GiB at a share of 0.145); 2.4 GB allocated and exited
// alone at load 11-15, 0.6-0.87 s (0.05 s a GiB at 0.17).
const exitCPUPerGiB = 100 * time.Millisecond

// minShare bounds from below the share of a processor assumed for one
// thread (a machine at load 40 on 2 cores), so that a process that got
// no processor time in the last seconds is not stopped at once.
const minShare = 0.05

// exitCost estimates how long ending the process will take with rss bytes
// resident when each of its threads gets share of a processor. Cost:
// arithmetic.
func exitCost(rss int64, share float64) time.Duration {
	rss = max(rss, 0)
	share = min(max(share, minShare), 1)
	return time.Duration(float64(exitCPUPerGiB) * float64(rss) / (1 << 30) / share)
}

// stopPlan says when a command given a deadline must be told to stop and
// how long it then gets before the process is ended, when ending the
// process will take exit: the process must be gone by the deadline plus
// timeoutGrace. The command gets timeoutGrace less exit, at least
// minGrace; if even that does not fit, it is told to stop early, before
// the deadline, by what is missing. Cost: arithmetic.
func stopPlan(exit time.Duration) (early, grace time.Duration) {
	grace = max(timeoutGrace-exit, minGrace)
	return max(grace+exit-timeoutGrace, 0), grace
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
// (commandDeadline) with a cause that says so. With a hard deadline (the
// command run by main) the limit is kept from outside: a watcher looks, in
// the last seconds before the deadline, at the memory resident and the
// processor time the process gets, and tells the work to stop early
// enough (stopPlan) that the process, which takes longer to end the more
// memory it holds and the more loaded the machine is, is gone within
// timeoutGrace of the deadline; if the work has not returned by then, it
// ends the process with a line naming the command (the work looks at ctx
// often, but not inside every single step of the algebra: one
// normalization of a case's equations can take seconds). The CancelFunc
// stops the watcher too. Cost: one timer and, with a hard deadline, one
// goroutine that reads /proc/self/statm and getrusage ten times a second
// in the last watchWindow.
func commandContext(timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout <= 0 {
		return context.WithCancel(interrupt)
	}
	cause := fmt.Errorf("timed out after %s (--timeout)", timeout)
	deadline, ok := commandDeadline(timeout, time.Now(), processStart, hardDeadline)
	if !ok {
		return context.WithCancel(interrupt)
	}
	if !hardDeadline {
		return context.WithDeadlineCause(interrupt, deadline, cause)
	}
	c := newLimitCtx(interrupt, deadline, cause)
	done := make(chan struct{})
	go c.watch(done, timeout)
	var once sync.Once
	return c, func() {
		once.Do(func() { close(done) })
		c.stop(context.Canceled, context.Canceled)
	}
}
