package main

import (
	"bufio"
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
