package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestPaceGC(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct {
		live uint64
		want int
	}{
		{0, gcPercent},
		{1 * mb, gcPercent},
		{2 * mb, gcPercent},       // 20 MB is 1000% of it
		{5 * mb, 400},             // 20 MB of garbage
		{10 * mb, 200},            //
		{20 * mb, 100},            // as much garbage as live data
		{200 * mb, 100},           // Go's default up to bigGarbage
		{1 << 30, 100},            //
		{1536 * mb, 66},           // 1 GiB of garbage
		{2 << 30, 50},             // then half the live data
		{1 << 40, 50},             //
		{gcHeadroom / 5, 500},     //
		{gcHeadroom * 100, 51},    // 2,000 MB: 1 GiB of garbage
		{gcHeadroom / 100, 800},   //
		{gcHeadroom / 7, 700},     //
		{gcHeadroom * 2 / 3, 150}, //
	} {
		if got := paceGC(tc.live, gcHeadroom); got != tc.want {
			t.Errorf("paceGC(%d) = %d, want %d", tc.live, got, tc.want)
		}
	}
}

// TestPaceGCAfterEachCycle keeps 256 MB live and checks that the pacing,
// armed at gcPercent, brings the collector's percentage down to 100 after
// a collection, and that stop ends it.
func TestPaceGCAfterEachCycle(t *testing.T) {
	old := debug.SetGCPercent(gcPercent)
	defer debug.SetGCPercent(old)
	stop := paceGCAfterEachCycle(gcHeadroom)
	live := make([]byte, 256<<20)
	for i := range live {
		live[i] = byte(i)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		runtime.GC()
		time.Sleep(10 * time.Millisecond) // finalizers run on their own goroutine
		p := debug.SetGCPercent(gcPercent)
		if p == 100 {
			debug.SetGCPercent(p)
			break
		}
		debug.SetGCPercent(p)
		if time.Now().After(deadline) {
			t.Fatalf("percentage %d with 256 MB live, want 100", p)
		}
	}
	runtime.KeepAlive(live)
	stop()
	live = nil
	runtime.GC()
	runtime.GC()
	time.Sleep(20 * time.Millisecond)
	debug.SetGCPercent(333)
	runtime.GC()
	time.Sleep(20 * time.Millisecond)
	if p := debug.SetGCPercent(old); p != 333 {
		t.Errorf("pacing went on after stop: percentage %d, want 333", p)
	}
}

// TestWarmGC checks that the collector starts at Go's default, rises in
// proportion to the allocation, and never passes the paced percentage.
func TestWarmGC(t *testing.T) {
	for _, tc := range []struct {
		p      int
		allocs uint64
		want   int
	}{
		{800, 0, 100},
		{800, warmAllocs / 2, 450},
		{800, warmAllocs, 800},
		{800, 10 * warmAllocs, 800},
		{200, warmAllocs / 4, 125},
		{100, 0, 100},
		{50, 0, 50}, // a big live heap keeps its lower percentage
	} {
		if got := warmGC(tc.p, tc.allocs); got != tc.want {
			t.Errorf("warmGC(%d, %d) = %d, want %d", tc.p, tc.allocs, got, tc.want)
		}
	}
}
