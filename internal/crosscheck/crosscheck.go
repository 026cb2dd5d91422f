// Package crosscheck decides what a test that compares with an external
// tool (Singular, SymPy, Chromium, Macaulay2) does when the tool is
// absent: on a developer's machine it skips with a clear message, and
// under CI=true, where .ci/run installs every tool, it fails, so that a
// cross-check cannot pass in CI by not running.
package crosscheck

import (
	"os"
	"os/exec"
	"testing"
)

// InCI reports whether the tests run in CI (the environment variable CI is
// "true", as GitHub Actions, GitLab CI and .ci/run set it). Cost: one
// environment lookup.
func InCI() bool { return os.Getenv("CI") == "true" }

// Skip stops the cross-check t because its tool is absent: t.Skip with
// msg, or under CI=true t.Fatal, since CI must run every cross-check. Call
// it from the test's goroutine, as t.Skip.
func Skip(t testing.TB, msg string) {
	t.Helper()
	if failInCI(t, msg) {
		return
	}
	t.Skip(msg)
}

// Missing reports that a tool for part of test t is absent, for a test
// that goes on without that part: t.Log with msg, or under CI=true
// t.Fatal, as Skip. Call it from the test's goroutine.
func Missing(t testing.TB, msg string) {
	t.Helper()
	if failInCI(t, msg) {
		return
	}
	t.Log(msg)
}

// failInCI fails t with msg under CI=true and reports whether it did (for
// a testing.TB whose Fatalf returns).
func failInCI(t testing.TB, msg string) bool {
	t.Helper()
	if !InCI() {
		return false
	}
	t.Fatalf("%s (CI=true: a cross-check that does not run fails)", msg)
	return true
}

// LookPath returns the path of the first of names found on PATH, or stops
// t with Skip and the message "<names[0]> is not installed (<install>)".
// Cost: one PATH search per name.
func LookPath(t testing.TB, install string, names ...string) string {
	t.Helper()
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	Skip(t, names[0]+" is not installed ("+install+"): the cross-check is not run")
	return ""
}
