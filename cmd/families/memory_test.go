package main

import (
	"bufio"
	"slices"
	"strings"
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
