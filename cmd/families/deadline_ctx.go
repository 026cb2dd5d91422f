package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sync"
	"syscall"
	"time"
)

// A limitCtx is a command's context under --timeout whose limit may come
// before its deadline: its watcher stops it early when ending the process
// would otherwise take it past the deadline and the grace (stopPlan). It
// ends as a deadline does, whenever it comes: Err is
// context.DeadlineExceeded and context.Cause the --timeout message, so
// that the work reports a time limit (not a cancellation) either way; a
// signal (its parent) ends it with context.Canceled.
type limitCtx struct {
	parent   context.Context
	inner    context.Context // canceled with the cause, for context.Cause
	cancel   context.CancelCauseFunc
	deadline time.Time
	cause    error
	done     chan struct{}
	once     sync.Once
	mu       sync.Mutex
	err      error
	timer    *time.Timer
	unwatch  func() bool
}

// newLimitCtx returns a limitCtx under parent ending at deadline at the
// latest, with cause.
func newLimitCtx(parent context.Context, deadline time.Time, cause error) *limitCtx {
	c := &limitCtx{parent: parent, deadline: deadline, cause: cause, done: make(chan struct{})}
	c.inner, c.cancel = context.WithCancelCause(parent)
	if !time.Now().Before(deadline) {
		// As context.WithDeadline: a deadline already past ends c before
		// it is returned, not when a timer's goroutine gets to run (a
		// short merge could finish first and report success).
		c.stop(context.DeadlineExceeded, cause)
		return c
	}
	// The callbacks may run before the assignments (a timer due at once,
	// a signal already come): stop takes them under mu.
	c.mu.Lock()
	c.unwatch = context.AfterFunc(parent, func() { c.stop(parent.Err(), context.Cause(parent)) })
	c.timer = time.AfterFunc(time.Until(deadline), func() { c.stop(context.DeadlineExceeded, cause) })
	c.mu.Unlock()
	return c
}

// Deadline is the --timeout's deadline (the limit may come before it).
func (c *limitCtx) Deadline() (time.Time, bool) { return c.deadline, true }

// Done is closed when the limit comes or a signal does.
func (c *limitCtx) Done() <-chan struct{} { return c.done }

// Err is nil until Done is closed, then context.DeadlineExceeded (the
// limit) or the parent's error (a signal; context.Canceled once the
// command's CancelFunc was called).
func (c *limitCtx) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Value is the parent's, except the key context.Cause looks for, which
// finds inner, canceled with the cause.
func (c *limitCtx) Value(key any) any { return c.inner.Value(key) }

// stop ends c, once, with err and cause.
func (c *limitCtx) stop(err, cause error) {
	c.once.Do(func() {
		c.cancel(cause) // before err: a Cause that sees err finds it
		c.mu.Lock()
		c.err = err
		timer, unwatch := c.timer, c.unwatch
		c.mu.Unlock()
		close(c.done)
		if timer != nil {
			timer.Stop()
		}
		if unwatch != nil {
			unwatch()
		}
	})
}

// watchWindow is how long before its deadline the watcher of a command's
// limit looks at the process, and pollEvery how often.
const (
	watchWindow = 10 * time.Second
	pollEvery   = 100 * time.Millisecond
)

// watch stops c early enough for the process to end by its deadline plus
// timeoutGrace (stopPlan, exitCost from the memory resident and the
// processor time got since the window began), and ends the process if
// done is not closed by the grace after that.
func (c *limitCtx) watch(done <-chan struct{}, timeout time.Duration) {
	wait := func(d time.Duration) bool {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-done:
			return false
		case <-c.parent.Done():
			return false // a signal is main's to handle
		case <-t.C:
			return true
		}
	}
	if !wait(time.Until(c.deadline.Add(-watchWindow))) {
		return
	}
	since, cpu0 := time.Now(), readCPU()
	if time.Since(processStart) < watchWindow {
		since, cpu0 = processStart, 0
	}
	var grace time.Duration
	for {
		now := time.Now()
		share := 1.0
		if wall := now.Sub(since); wall > 0 {
			share = float64(readCPU()-cpu0) / float64(wall) / float64(runtime.GOMAXPROCS(0))
		}
		var early time.Duration
		early, grace = stopPlan(exitCost(readRSS(), share))
		stopAt := c.deadline.Add(-early)
		if !now.Before(stopAt) {
			c.stop(context.DeadlineExceeded, c.cause)
			break
		}
		if !wait(min(stopAt.Sub(now), pollEvery)) {
			return
		}
	}
	if wait(grace) {
		fmt.Fprintf(os.Stderr, "%s: timed out after %s (--timeout): the work did not stop at the limit and was ended\n", commandPrefix(running.Load().(string)), timeout)
		endProcess(1)
	}
}

// readRSS, readCPU and endProcess are what the watcher looks at and does:
// residentBytes, cpuTime and os.Exit (tests replace them).
var (
	readRSS    = residentBytes
	readCPU    = cpuTime
	endProcess = os.Exit
)

// cpuTime is the processor time (user and system) the process has used,
// or 0 where getrusage fails. Cost: one system call.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
