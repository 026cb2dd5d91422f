package main

import (
	"bufio"
	"slices"
	"strings"
	"syscall"
	"testing"
)

func TestMemTotal(t *testing.T) {
	tests := []struct {
		in   string
		want int64
	}{
		{"MemTotal:       24684084 kB\nMemFree: 1 kB\n", 24684084 * 1024},
		{"MemFree: 1 kB\nMemTotal: 2048 kB\n", 2048 * 1024},
		{"MemFree: 1 kB\n", 0},
		{"MemTotal: lots kB\n", 0},
		{"", 0},
	}
	for _, tc := range tests {
		if got := memTotal(bufio.NewScanner(strings.NewReader(tc.in))); got != tc.want {
			t.Errorf("memTotal(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestCgroupLimit(t *testing.T) {
	tests := []struct {
		in   string
		want int64
	}{
		{"2147483648\n", 2147483648},
		{"max\n", 0},                 // cgroup v2 without a limit
		{"9223372036854771712\n", 0}, // cgroup v1 without a limit
		{"", 0},
		{"-1", 0},
	}
	for _, tc := range tests {
		if got := cgroupLimit(tc.in); got != tc.want {
			t.Errorf("cgroupLimit(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestCgroupLimitFiles(t *testing.T) {
	tests := []struct {
		self string
		want []string
	}{
		{"0::/\n", []string{
			"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.high",
			"/sys/fs/cgroup/unified/memory.max", "/sys/fs/cgroup/unified/memory.high",
		}},
		{"0::/system.slice/slurmstepd.scope/job_42\n", []string{
			"/sys/fs/cgroup/system.slice/slurmstepd.scope/job_42/memory.max", "/sys/fs/cgroup/system.slice/slurmstepd.scope/job_42/memory.high",
			"/sys/fs/cgroup/system.slice/slurmstepd.scope/memory.max", "/sys/fs/cgroup/system.slice/slurmstepd.scope/memory.high",
			"/sys/fs/cgroup/system.slice/memory.max", "/sys/fs/cgroup/system.slice/memory.high",
			"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.high",
			"/sys/fs/cgroup/unified/system.slice/slurmstepd.scope/job_42/memory.max", "/sys/fs/cgroup/unified/system.slice/slurmstepd.scope/job_42/memory.high",
			"/sys/fs/cgroup/unified/system.slice/slurmstepd.scope/memory.max", "/sys/fs/cgroup/unified/system.slice/slurmstepd.scope/memory.high",
			"/sys/fs/cgroup/unified/system.slice/memory.max", "/sys/fs/cgroup/unified/system.slice/memory.high",
			"/sys/fs/cgroup/unified/memory.max", "/sys/fs/cgroup/unified/memory.high",
		}},
		{"9:name=systemd:/\n4:memory:/process_api/614a\n3:cpuset:/\n0::/\n", []string{
			"/sys/fs/cgroup/memory/process_api/614a/memory.limit_in_bytes",
			"/sys/fs/cgroup/memory/process_api/memory.limit_in_bytes",
			"/sys/fs/cgroup/memory/memory.limit_in_bytes",
			"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.high",
			"/sys/fs/cgroup/unified/memory.max", "/sys/fs/cgroup/unified/memory.high",
		}},
		{"5:cpu,memory:/job\n", []string{
			"/sys/fs/cgroup/memory/job/memory.limit_in_bytes",
			"/sys/fs/cgroup/memory/memory.limit_in_bytes",
		}},
		{"", nil},
		{"garbage\n", nil},
	}
	for _, tc := range tests {
		got := cgroupLimitFiles(tc.self)
		if !slices.Equal(got, tc.want) {
			t.Errorf("cgroupLimitFiles(%q) =\n%q\nwant\n%q", tc.self, got, tc.want)
		}
	}
}

func TestRlimitBytes(t *testing.T) {
	tests := []struct {
		cur  uint64
		want int64
	}{
		{0, 0},
		{^uint64(0), 0}, // RLIM_INFINITY
		{1 << 62, 0},
		{4 << 30, 3 << 30},
		{1000, 750},
	}
	for _, tc := range tests {
		if got := rlimitBytes(tc.cur); got != tc.want {
			t.Errorf("rlimitBytes(%d) = %d, want %d", tc.cur, got, tc.want)
		}
	}
	for _, tc := range []struct{ a, b, want int64 }{{0, 5, 5}, {5, 0, 5}, {3, 5, 3}, {5, 3, 3}, {0, 0, 0}} {
		if got := smaller(tc.a, tc.b); got != tc.want {
			t.Errorf("smaller(%d, %d) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestAvailableMemoryRlimit lowers this process's RLIMIT_AS (ulimit -v) to
// the memory it would otherwise use, and checks that the cap follows it.
func TestAvailableMemoryRlimit(t *testing.T) {
	before := availableMemory()
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &old); err != nil || before <= 0 {
		t.Skipf("no limit to compare with (%v, %d)", err, before)
	}
	if old.Cur < uint64(before) {
		t.Skipf("RLIMIT_AS is already %d, below %d", old.Cur, before)
	}
	lim := old
	lim.Cur = uint64(before)
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lim); err != nil {
		t.Skipf("cannot set RLIMIT_AS: %v", err)
	}
	got := availableMemory()
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &old); err != nil {
		t.Fatal(err)
	}
	if want := before / 4 * 3; got != want {
		t.Errorf("availableMemory() with RLIMIT_AS %d = %d, want %d", before, got, want)
	}
}

// TestPlanGC: the default tuning of each kind of command (issue 27, item
// 7): a memory limit at half the memory and the pacing, with 20 MB of
// headroom for groebner and factor and 1 GiB (at most an eighth of the
// memory) for the others; GOGC or GOMEMLIMIT turns it all off.
func TestPlanGC(t *testing.T) {
	const gib = int64(1) << 30
	tests := []struct {
		command, gogc, gomemlimit string
		avail                     int64
		want                      gcTuning
	}{
		{"analyze", "", "", 24 * gib, gcTuning{12 * gib, true, 1 << 30}},
		{"census", "", "", 24 * gib, gcTuning{12 * gib, true, 1 << 30}},
		{"groebner", "", "", 24 * gib, gcTuning{12 * gib, true, gcHeadroom}},
		{"factor", "", "", 4 * gib, gcTuning{2 * gib, true, gcHeadroom}},
		{"decompose", "", "", 24 * gib, gcTuning{12 * gib, true, gcHeadroom}}, // one computation, as groebner
		{"count", "", "", 4 * gib, gcTuning{2 * gib, true, 512 << 20}},        // an eighth of a 4 GiB cgroup
		{"merge", "", "", 2 * gib, gcTuning{1 * gib, true, gcHeadroom}},       // its records are its live data: 3.2-3.4 times its inputs resident, not 5.1-5.5
		{"census", "", "", 2 * gib, gcTuning{1 * gib, true, 256 << 20}},
		{"analyze", "", "", 0, gcTuning{0, true, 1 << 30}}, // memory unknown: paced, no limit
		{"analyze", "100", "", 24 * gib, gcTuning{}},
		{"analyze", "off", "", 24 * gib, gcTuning{}},
		{"analyze", "", "3GiB", 24 * gib, gcTuning{}},
		{"groebner", "200", "1GiB", 24 * gib, gcTuning{}},
	}
	for _, tc := range tests {
		if got := planGC(tc.command, tc.gogc, tc.gomemlimit, tc.avail); got != tc.want {
			t.Errorf("planGC(%q, GOGC=%q, GOMEMLIMIT=%q, %d) = %+v, want %+v", tc.command, tc.gogc, tc.gomemlimit, tc.avail, got, tc.want)
		}
	}
	const mb = 1 << 20
	for _, tc := range []struct {
		live uint64
		want int
	}{
		{100 * mb, gcPercent}, // Wolf's sweep: as before
		{128 * mb, gcPercent},
		{512 * mb, 200},
		{1024 * mb, 100},
		{1536 * mb, 66},
		{4096 * mb, 50}, // the 4x4 analysis's live data passed 2 GB
	} {
		if got := paceGC(tc.live, sweepHeadroom); got != tc.want {
			t.Errorf("paceGC(%d MB, 1 GiB) = %d, want %d", tc.live/mb, got, tc.want)
		}
	}
}

// TestPaceGCBounds checks paceGC's promises over live heaps from 1 MB to
// 64 GiB, for both headrooms: the garbage it allows never shrinks as the
// live heap grows, never exceeds the live heap (Go's default) past the
// headroom, and past 2 GiB of live data is at most half of it, so that the
// heap stays near one and a half times the live data (issue 27, item 7:
// a 4x4 analysis with 2.2 GB live peaked at 4.47 GB at 100).
func TestPaceGCBounds(t *testing.T) {
	for _, headroom := range []uint64{gcHeadroom, sweepHeadroom} {
		prev := uint64(0)
		for live := uint64(1 << 20); live <= 64<<30; live += live / 16 {
			p := paceGC(live, headroom)
			garbage := live * uint64(p) / 100
			if garbage+live/100 < prev { // a rounding of 1% of live is allowed
				t.Errorf("headroom %d: garbage shrinks from %d to %d at live %d", headroom, prev, garbage, live)
			}
			prev = garbage
			if p < 50 || p > gcPercent {
				t.Errorf("headroom %d, live %d: %d%%, outside 50..%d", headroom, live, p, gcPercent)
			}
			if live > headroom && p > 100 {
				t.Errorf("headroom %d, live %d: %d%%, more garbage than live data", headroom, live, p)
			}
			if live >= 2<<30 && p > 50 {
				t.Errorf("headroom %d, live %d: %d%%, want 50", headroom, live, p)
			}
		}
	}
}
