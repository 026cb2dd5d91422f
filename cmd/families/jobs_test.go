package main

import (
	"strconv"
	"strings"
	"testing"
)

// TestHardeningJobs checks that --jobs past maxJobs is refused up front,
// in one line with status 2, by every command that has it (issue 27,
// item 3: 9223372036854775807 panicked in makeslice, 4294967296 ran out of
// memory), and that maxJobs itself is accepted.
func TestHardeningJobs(t *testing.T) {
	const pattern = "..|.-.-.|-.|.-.-.|-."
	commands := map[string][]string{
		"sweep":  {"--ops", pattern, "--positive", "--require-all-ops", "--dry-run"},
		"count":  {"count", "--ops", pattern, "--max-sum", "4"},
		"export": {"export", "--to", "json", "--ops", pattern, "--out-dir", t.TempDir() + "/x"},
		"census": {"census", "--size", "2x2", "--max", "3"},
	}
	tests := []struct {
		jobs string
		code int
		want string
	}{
		{"9223372036854775807", 2, "--jobs 9223372036854775807 is more than 1024"},
		{"4294967296", 2, "--jobs 4294967296 is more than 1024"},
		{"100000000", 2, "--jobs 100000000 is more than 1024"},
		{strconv.Itoa(maxJobs + 1), 2, "--jobs 1025 is more than 1024"},
		{"-1", 2, "must not be negative"},
		{"9223372036854775808", 2, "--jobs"}, // past int64: pflag's error
	}
	for name, args := range commands {
		for _, tc := range tests {
			t.Run(name+" "+tc.jobs, func(t *testing.T) {
				a := append(append([]string{}, args...), "--jobs", tc.jobs)
				code, _, stderr := runCmd(t, "", a...)
				if code != tc.code || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
					t.Errorf("%v: status %d, stderr %q; want %d and one line with %q", a, code, stderr, tc.code, tc.want)
				}
			})
		}
	}
	// maxJobs itself runs (a dry run and a three-task census: cheap).
	for _, name := range []string{"sweep", "census"} {
		a := append(append([]string{}, commands[name]...), "--jobs", strconv.Itoa(maxJobs))
		if code, _, stderr := runCmd(t, "", a...); code != 0 {
			t.Errorf("%v: status %d, stderr %q; want 0", a, code, stderr)
		}
	}
}
