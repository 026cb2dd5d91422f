package main

import (
	"bufio"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// gcPercent is the garbage collector's target while the heap is well below
// the memory limit. The algebra allocates many short-lived big numbers and
// polynomials; at Go's default of 100 the collector takes about a third of
// a sweep's CPU time (Wolf's sweep: 6.5 s wall at 100, 4.2 s at 800
// with a limit, on 2 cores).
const gcPercent = 800

// A gcTuning is what tuneGC sets: a soft memory limit (0: the runtime's
// own, from GOMEMLIMIT or none) and, when pace, gcPercent paced by the
// live heap with headroom bytes of garbage (paceGC).
type gcTuning struct {
	limit    int64
	pace     bool
	headroom uint64
}

// planGC decides the tuning of a command from the environment's GOGC and
// GOMEMLIMIT and the memory the process may use (0: unknown). The memory
// limit is half of that memory, where the collector works harder instead
// of letting the heap grow. The collector runs at gcPercent while the
// garbage is below the command's headroom (gcHeadroom for pacedCommands,
// sweepHeadroom or an eighth of the memory, whichever is smaller, for the
// others) and at no less than Go's default above. GOGC or GOMEMLIMIT in
// the environment turns all of this off: the user's setting wins, and
// the runtime reads it.
func planGC(command, gogc, gomemlimit string, avail int64) gcTuning {
	var t gcTuning
	if gogc != "" || gomemlimit != "" {
		return t
	}
	if avail > 0 {
		t.limit = avail / 2
	}
	t.pace, t.headroom = true, sweepHeadroom
	if pacedCommands[command] {
		t.headroom = gcHeadroom
	} else if avail > 0 {
		t.headroom = min(t.headroom, uint64(avail/8))
	}
	return t
}

// tuneGC applies planGC for command.
func tuneGC(command string) {
	t := planGC(command, os.Getenv("GOGC"), os.Getenv("GOMEMLIMIT"), availableMemory())
	if t.limit > 0 {
		debug.SetMemoryLimit(t.limit)
	}
	if t.pace {
		debug.SetGCPercent(gcPercent)
		paceGCAfterEachCycle(t.headroom)
	}
}

// availableMemory returns the bytes this process may use: the smallest of
// the machine's memory, the address-space limit (RLIMIT_AS, ulimit -v) and
// every memory limit on the way from its own cgroup (Slurm's job, a
// Kubernetes pod, a systemd scope) up to the root; 0 when none is known.
func availableMemory() int64 {
	total := int64(0)
	if f, err := os.Open("/proc/meminfo"); err == nil {
		total = memTotal(bufio.NewScanner(f))
		f.Close()
	}
	total = smaller(total, addressSpaceLimit())
	self, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return total
	}
	for _, file := range cgroupLimitFiles(string(self)) {
		if b, err := os.ReadFile(file); err == nil {
			total = smaller(total, cgroupLimit(string(b)))
		}
	}
	return total
}

// smaller returns the smaller of two limits, 0 standing for none.
func smaller(a, b int64) int64 {
	if a <= 0 || b > 0 && b < a {
		return b
	}
	return a
}

// addressSpaceLimit returns the soft RLIMIT_AS (ulimit -v) in bytes, 0
// when there is none. The Go runtime reserves address space beyond what it
// uses, so the heap is given at most three quarters of it.
func addressSpaceLimit() int64 {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil {
		return 0
	}
	return rlimitBytes(rl.Cur)
}

// rlimitBytes turns a soft limit into usable bytes: 0 for none
// (RLIM_INFINITY, or past what an int64 holds), three quarters otherwise.
func rlimitBytes(cur uint64) int64 {
	if cur == 0 || cur >= 1<<62 {
		return 0
	}
	return int64(cur / 4 * 3)
}

// cgroupLimitFiles lists the memory limit files that bound the cgroup
// given by /proc/self/cgroup's content, from the process's own cgroup up to
// the root, for cgroup v2 (the "0::/path" line, memory.max and memory.high
// under /sys/fs/cgroup, or /sys/fs/cgroup/unified on hybrid hosts) and v1
// (the "N:memory:/path" line, memory.limit_in_bytes under
// /sys/fs/cgroup/memory). Files that do not exist are simply not read.
func cgroupLimitFiles(self string) []string {
	var files []string
	up := func(root, path string, names ...string) {
		path = "/" + strings.Trim(path, "/")
		for {
			dir := strings.TrimSuffix(root+path, "/")
			for _, n := range names {
				files = append(files, dir+"/"+n)
			}
			if path == "/" {
				return
			}
			path = path[:strings.LastIndex(path, "/")]
			if path == "" {
				path = "/"
			}
		}
	}
	for _, line := range strings.Split(self, "\n") {
		f := strings.SplitN(line, ":", 3)
		if len(f) != 3 {
			continue
		}
		switch {
		case f[0] == "0" && f[1] == "":
			up("/sys/fs/cgroup", f[2], "memory.max", "memory.high")
			up("/sys/fs/cgroup/unified", f[2], "memory.max", "memory.high")
		case slices.Contains(strings.Split(f[1], ","), "memory"):
			up("/sys/fs/cgroup/memory", f[2], "memory.limit_in_bytes")
		}
	}
	return files
}

// memTotal reads the MemTotal line of /proc/meminfo, in bytes; 0 if absent.
func memTotal(sc *bufio.Scanner) int64 {
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 2 && f[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil || kb <= 0 {
				return 0
			}
			return kb * 1024
		}
	}
	return 0
}

// cgroupLimit parses a cgroup memory limit: bytes, or "max" (v2) and the
// huge number cgroup v1 uses for no limit, both 0.
func cgroupLimit(s string) int64 {
	s = strings.TrimSpace(s)
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 || n >= 1<<62 {
		return 0
	}
	return n
}
