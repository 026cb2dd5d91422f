package main

import (
	"strings"
	"testing"
)

// TestHardeningFactorLimits checks factor at its documented limits
// (issue 27, item 2): powers up to them are factored, one past them is
// refused in one line with status 2, and none panics ((x^85*y+1)^3 and
// (x+y)^255 panicked in the modular gcd).
func TestHardeningFactorLimits(t *testing.T) {
	tests := []struct {
		poly string
		code int
		want string // a fragment of stdout (status 0) or of the one-line stderr
	}{
		{"(x^85*y+1)^3", 0, "(x^85*y + 1)^3"},
		{"x^255*y + 1", 0, "(x^255*y + 1)^1"},
		{"(x+y)^256", 2, "exponent 256 exceeds the limit 255"},
		{"x^256*y + 1", 2, "exponent 256 exceeds the limit 255"},
		{"(2*x-1)^400", 0, "(2*x - 1)^400"},
		{"(2*x-1)^401", 2, "total degree 401 exceeds the limit 400"},
	}
	for _, tc := range tests {
		code, stdout, stderr := runCmd(t, "", "factor", "--timeout", "1m", tc.poly)
		got := stdout
		if tc.code != 0 {
			got = stderr
		}
		if code != tc.code || !strings.Contains(got, tc.want) || tc.code != 0 && strings.Count(stderr, "\n") != 1 {
			t.Errorf("factor %s: status %d, stdout %q, stderr %q; want %d and %q", tc.poly, code, stdout, stderr, tc.code, tc.want)
		}
	}
}
