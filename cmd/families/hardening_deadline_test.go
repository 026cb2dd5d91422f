package main

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestStopPlan checks when a command under --timeout is told to stop and
// how long it gets, from the memory resident and the processor share its
// threads get: the process must be gone within timeoutGrace of the
// deadline. Issue 27: the 4x4 analysis (1.86 GB resident, 0.145 of a
// processor a thread) was ended by the backstop at T + 0.5 s and took
// 1.06 s more to end (T + 1.56 s); with the fixed grace of 0.9 s before
// that, T + 1.44 s.
func TestStopPlan(t *testing.T) {
	const gib = 1 << 30
	tests := []struct {
		name      string
		rss       int64
		share     float64
		early     [2]time.Duration // bounds
		grace     [2]time.Duration
		exitBound [2]time.Duration
	}{
		{"nothing resident", 0, 1, [2]time.Duration{0, 0}, [2]time.Duration{timeoutGrace, timeoutGrace}, [2]time.Duration{0, 0}},
		{"negative (unreadable)", -1, 1, [2]time.Duration{0, 0}, [2]time.Duration{timeoutGrace, timeoutGrace}, [2]time.Duration{0, 0}},
		{"50 MB, quiet", 50 << 20, 1, [2]time.Duration{0, 0}, [2]time.Duration{850 * time.Millisecond, timeoutGrace}, [2]time.Duration{0, 10 * time.Millisecond}},
		{"1 GiB, quiet", gib, 1, [2]time.Duration{0, 0}, [2]time.Duration{800 * time.Millisecond, 800 * time.Millisecond}, [2]time.Duration{100 * time.Millisecond, 100 * time.Millisecond}},
		{"the 4x4 analysis, load 15-20", 1864280 << 10, 0.145, [2]time.Duration{300 * time.Millisecond, 500 * time.Millisecond}, [2]time.Duration{minGrace, minGrace}, [2]time.Duration{time.Second, 1300 * time.Millisecond}},
		{"4 GiB, load 30", 4 * gib, 1.0 / 15, [2]time.Duration{5 * time.Second, 6 * time.Second}, [2]time.Duration{minGrace, minGrace}, [2]time.Duration{6 * time.Second, 6 * time.Second}},
		{"no processor time at all", gib, 0, [2]time.Duration{time.Second, 1300 * time.Millisecond}, [2]time.Duration{minGrace, minGrace}, [2]time.Duration{2 * time.Second, 2 * time.Second}},
	}
	for _, tc := range tests {
		exit := exitCost(tc.rss, tc.share)
		early, grace := stopPlan(exit)
		if exit < tc.exitBound[0] || exit > tc.exitBound[1] || early < tc.early[0] || early > tc.early[1] || grace < tc.grace[0] || grace > tc.grace[1] {
			t.Errorf("%s: exit %s, early %s, grace %s; want exit in %v, early in %v, grace in %v", tc.name, exit, early, grace, tc.exitBound, tc.early, tc.grace)
		}
		// The process is gone by the deadline plus timeoutGrace.
		if end := -early + grace + exit; end > timeoutGrace+time.Millisecond || grace < minGrace {
			t.Errorf("%s: ends at the deadline + %s (grace %s); want at most %s, and a grace of at least %s", tc.name, end, grace, timeoutGrace, minGrace)
		}
	}
	if rss := residentBytes(); rss <= 0 {
		t.Logf("no resident memory from /proc/self/statm (%d): nothing is stopped early", rss)
	}
}

// TestLimitCtx checks the context of a command under a hard --timeout: a
// process that will take long to end is told to stop before the deadline,
// as a deadline (context.DeadlineExceeded, the --timeout message as the
// cause, in children too), and ended past the grace if the work does not
// return; a small one is not stopped early; a command that returns in its
// grace is not ended; a signal ends it as a cancellation.
func TestLimitCtx(t *testing.T) {
	oldRSS, oldCPU, oldEnd := readRSS, readCPU, endProcess
	defer func() { readRSS, readCPU, endProcess = oldRSS, oldCPU, oldEnd }()
	readCPU = func() time.Duration { return 0 } // no processor time: the least share
	tests := []struct {
		name     string
		rss      int64
		deadline time.Duration
		returns  bool // the work returns once told to stop
		early    bool // told to stop well before the deadline
		ended    bool // the process is ended
	}{
		{"huge, work stuck", 1 << 40, 5 * time.Second, false, true, true},
		{"huge, work returns", 1 << 40, 5 * time.Second, true, true, false},
		{"small, work returns", 10 << 20, 2 * time.Second, true, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			readRSS = func() int64 { return tc.rss }
			ended := make(chan int, 1)
			endProcess = func(code int) { ended <- code }
			parent, signal := context.WithCancel(context.Background())
			defer signal()
			cause := errors.New("timed out after 5s (--timeout)")
			start := time.Now()
			c := newLimitCtx(parent, start.Add(tc.deadline), cause)
			done := make(chan struct{})
			watched := make(chan struct{})
			go func() { c.watch(done, tc.deadline); close(watched) }()
			defer func() { <-watched }() // before the next case replaces readRSS
			child, cancelChild := context.WithCancel(c)
			defer cancelChild()
			if !tc.early {
				time.Sleep(300 * time.Millisecond)
				if c.Err() != nil {
					t.Fatalf("stopped %s before a deadline %s away with %d MB resident", time.Since(start), tc.deadline, tc.rss>>20)
				}
			}
			select {
			case <-child.Done():
			case <-time.After(tc.deadline + 5*time.Second):
				t.Fatal("never stopped")
			}
			took := time.Since(start)
			if tc.early && took > tc.deadline-time.Second {
				t.Errorf("stopped after %s, deadline %s: want early, the process needing long to end", took, tc.deadline)
			}
			for _, ctx := range []context.Context{c, child} {
				if !errors.Is(ctx.Err(), context.DeadlineExceeded) || context.Cause(ctx) != cause {
					t.Errorf("stopped with %v, cause %v; want a deadline and %q", ctx.Err(), context.Cause(ctx), cause)
				}
			}
			if tc.returns {
				close(done)
			} else {
				defer close(done)
			}
			select {
			case code := <-ended:
				if !tc.ended || code != 1 {
					t.Errorf("process ended with %d; want ended %t", code, tc.ended)
				}
			case <-time.After(timeoutGrace + time.Second):
				if tc.ended {
					t.Error("the process was not ended while the work ran on past the grace")
				}
			}
		})
	}
	// A deadline already past ends the context before it is returned, as
	// context.WithDeadline does (census --merge --timeout 1ms to stdout
	// finished with status 0 before the timer's goroutine ran).
	for range 100 {
		c := newLimitCtx(context.Background(), time.Now().Add(-time.Millisecond), errors.New("timed out"))
		if !errors.Is(c.Err(), context.DeadlineExceeded) {
			t.Fatalf("a deadline past: %v at once; want a deadline", c.Err())
		}
	}
	// A signal is a cancellation, not a deadline.
	parent, signal := context.WithCancel(context.Background())
	c := newLimitCtx(parent, time.Now().Add(time.Hour), errors.New("timed out"))
	signal()
	<-c.Done()
	if !errors.Is(c.Err(), context.Canceled) || strings.Contains(context.Cause(c).Error(), "timed out") {
		t.Errorf("after a signal: %v, cause %v; want canceled", c.Err(), context.Cause(c))
	}
}

// TestCommandDeadline checks when a command with --timeout ends: counted
// from the process's start when main runs it (what a command does before
// its work counts too), from the call in a test's process, and never for
// a limit too large to add (--timeout 2562047h47m16s).
func TestCommandDeadline(t *testing.T) {
	start := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	now := start.Add(3 * time.Second)
	tests := []struct {
		timeout time.Duration
		hard    bool
		want    time.Time
		ok      bool
	}{
		{5 * time.Second, true, start.Add(5 * time.Second), true},
		{5 * time.Second, false, now.Add(5 * time.Second), true},
		{time.Second, true, start.Add(time.Second), true}, // already past: ends at once
		{150 * time.Second, true, start.Add(150 * time.Second), true},
		{2562047*time.Hour + 47*time.Minute + 16*time.Second, true, time.Time{}, false},
		{2562047*time.Hour + 47*time.Minute + 16*time.Second, false, time.Time{}, false},
	}
	for _, tc := range tests {
		got, ok := commandDeadline(tc.timeout, now, start, tc.hard)
		if ok != tc.ok || !got.Equal(tc.want) {
			t.Errorf("commandDeadline(%s, hard %t) = %s, %t; want %s, %t", tc.timeout, tc.hard, got, ok, tc.want, tc.ok)
		}
	}
}
