package main

import (
	"testing"
	"time"
)

// TestBackstopGrace checks the time a command gets past its --timeout
// before the process ends it: the whole of timeoutGrace for a small
// process, less for a large one by what exiting costs, so that the
// process has ended by T plus one second (issue 27: the 4x4 analysis,
// 2.4 GB resident, was ended at T + 0.9 s and seen to end at T + 1.44 s
// with the fixed grace of 0.9 s).
func TestBackstopGrace(t *testing.T) {
	const mb = 1 << 20
	tests := []struct {
		rss      int64
		min, max time.Duration
	}{
		{-1, timeoutGrace, timeoutGrace},
		{0, timeoutGrace, timeoutGrace},
		{50 * mb, 850 * time.Millisecond, timeoutGrace},
		{1024 * mb, 550 * time.Millisecond, 650 * time.Millisecond},
		{2400 * mb, 100 * time.Millisecond, 250 * time.Millisecond},
		{4096 * mb, minGrace, minGrace},
		{1 << 50, minGrace, minGrace},
	}
	for _, tc := range tests {
		g := backstopGrace(tc.rss)
		if g < tc.min || g > tc.max {
			t.Errorf("backstopGrace(%d MB) = %s, want %s to %s", tc.rss/mb, g, tc.min, tc.max)
		}
		// Exiting with that much memory fits the second left.
		if exit := time.Duration(float64(exitPerGiB) * float64(max(tc.rss, 0)) / (1 << 30)); g > minGrace && g+exit > timeoutGrace+time.Millisecond {
			t.Errorf("backstopGrace(%d MB) = %s leaves no time for an exit of %s", tc.rss/mb, g, exit)
		}
	}
	if rss := residentBytes(); rss <= 0 {
		t.Logf("no resident memory from /proc/self/statm (%d): the grace is timeoutGrace", rss)
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
