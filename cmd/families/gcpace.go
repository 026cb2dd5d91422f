package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// gcHeadroom is the garbage the collector lets accumulate between cycles
// in the paced commands: at most gcPercent of the live heap, at least as
// much as the live heap (Go's default), and in between this many bytes. A
// fixed gcPercent of 800 makes the peak heap nine times the live data:
// katsura-8's grevlex basis (some 20 MB live) peaked at 166 MB against
// Singular's 15 MB. Paced with 24 MB of headroom it peaked at 57 MB in the
// same time (4.05 s); with 16 MB at 48 MB but 4% slower, with 32 MB at
// 65 MB. Arena values of 18 words (groebner) later raised the 24 MB peak
// to 59-60 MB; 20 MB brings it to 55 MB at no measurable cost.
const gcHeadroom = 20 << 20

// pacedCommands are the commands paced with gcHeadroom: each runs one
// computation, whose garbage is kept in proportion to its live data
// (decompose, the components of one system, since issue 27; merge, whose
// live data is its records and whose garbage is one decode a line: Wolf's
// shards, 70.7 MB, 224-241 MB resident against 360-388 MB with 1 GiB of
// headroom, and less CPU).
var pacedCommands = map[string]bool{"groebner": true, "factor": true, "decompose": true, "merge": true}

// sweepHeadroom is the headroom of every other command (sweeps, census,
// count, export, an analysis), at most an eighth of the memory the
// process may use. Their live heap is large (Wolf's sweep: some 100 MB of
// plan and results) and they allocate fast, so a gcPercent of 800 saves
// them a quarter of their time (4.2 to 4.9 s against 5.3 s paced with
// 20 MB, 1.0 GB against 320 MB peak); 1 GiB keeps that for every live
// heap up to 128 MB. Above, 800% let a sweep of 2^20 settings reach
// 10.4 GB and its --dry-run 3.1 GB, and a 4x4 analysis pass 4 GB (issue
// 27, item 7): paced, the heap stays below the live data plus 1 GiB, or
// one and a half times the live data past 2 GiB of it (paceGC).
const sweepHeadroom = 1 << 30

// firstArg returns args[0], or "" when there is none.
func firstArg(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}

// bigGarbage is the garbage every command may keep while its live heap is
// between bigGarbage and twice that: above, it may keep half the live heap
// (a percentage of 50). At Go's default of 100 a 4x4 analysis whose live
// data passed 2.2 GB peaked at 4.47 GB resident (issue 27, item 7); at 50
// it stays near one and a half times its live data.
const bigGarbage = 1 << 30

// paceGC returns the collector's percentage for a live heap of live bytes
// and headroom bytes of garbage allowed: gcPercent while headroom is more
// than that share of it; the share headroom is of it, but no less than
// 100, up to a live heap of bigGarbage; above, the garbage stays at
// max(headroom, bigGarbage) until it is half the live heap, and half the
// live heap after that (a percentage of 50). The garbage allowed never
// decreases as the live heap grows.
func paceGC(live, headroom uint64) int {
	if live == 0 {
		return gcPercent
	}
	garbage := max(headroom, min(live, max(bigGarbage, live/2)))
	// garbage is at least live/2: 50 also where live/2 rounded down.
	return int(min(gcPercent, max(50, 100*garbage/live)))
}

// warmAllocs is the allocation over which a command's collector warms up
// from Go's default percentage to the paced one (warmGC). Memory that the
// heap takes from the system for the first time costs a page fault and a
// clearing, which a long run pays once and a short one pays for every
// byte: a 4x4 analysis (some 60 MB allocated, 4 MB live) took 0.27 s of
// CPU at 800%, a third of it in the kernel, against 0.19 s at 200% and
// 0.21 s at 100% (the median setting of testdata/scale/grid4x4.golden,
// fresh processes, 8 runs each). A sweep passes warmAllocs in its first
// second, and after that keeps the paced percentage.
const warmAllocs = 256 << 20

// warmGC returns the collector's percentage after allocs bytes allocated,
// for a paced percentage p: Go's default 100 at the start, rising in
// proportion to allocs to p at warmAllocs. Never above p.
func warmGC(p int, allocs uint64) int {
	if p <= 100 || allocs >= warmAllocs {
		return p
	}
	return 100 + int(uint64(p-100)*allocs/warmAllocs)
}

// livePaced is the sample paceGCAfterEachCycle reads: the live heap and
// the bytes allocated so far.
var livePaced = []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/allocs:bytes"}}

// paceGCAfterEachCycle sets the collector's percentage from the live heap
// and the allocation so far after every collection (paceGC with headroom,
// warmed up by warmGC), through a finalizer that
// re-arms itself: a finalizer runs once its object has been found
// unreachable, that is after each cycle. Cost: one metrics read per cycle.
// The returned stop ends the pacing at the next cycle.
func paceGCAfterEachCycle(headroom uint64) (stop func()) {
	var stopped atomic.Bool
	var current atomic.Int64 // finalizers run on one goroutine; the race detector cannot know
	current.Store(int64(warmGC(gcPercent, 0)))
	debug.SetGCPercent(int(current.Load()))
	var arm func()
	arm = func() {
		// A pointer-sized object would share a tiny allocation block
		// whose finalizer might never run; this one has its own.
		s := new([4]*byte)
		runtime.SetFinalizer(s, func(*[4]*byte) {
			if stopped.Load() {
				return
			}
			metrics.Read(livePaced)
			if livePaced[0].Value.Kind() == metrics.KindUint64 && livePaced[1].Value.Kind() == metrics.KindUint64 {
				p := warmGC(paceGC(livePaced[0].Value.Uint64(), headroom), livePaced[1].Value.Uint64())
				if int64(p) != current.Load() {
					current.Store(int64(p))
					debug.SetGCPercent(p)
				}
			}
			arm()
		})
	}
	arm()
	return func() { stopped.Store(true) }
}
