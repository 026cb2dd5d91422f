package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The tests in this file run the built command, as a user does: flag
// parsing, exit statuses and which stream a text goes to are only seen
// whole from outside the process.

var cliBinary struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// removeBinary removes what familiesBinary built; TestMain calls it.
func removeBinary() {
	if cliBinary.dir != "" {
		os.RemoveAll(cliBinary.dir)
	}
}

// familiesBinary builds the command once per test run and returns its path.
func familiesBinary(t *testing.T) string {
	t.Helper()
	b := &cliBinary
	b.once.Do(func() {
		if b.dir, b.err = os.MkdirTemp("", "families-cli-"); b.err != nil {
			return
		}
		b.path = filepath.Join(b.dir, "families")
		out, err := exec.Command("go", "build", "-o", b.path, ".").CombinedOutput()
		if err != nil {
			b.err = errors.New(err.Error() + ": " + string(out))
		}
	})
	if b.err != nil {
		t.Fatalf("building the command: %v", b.err)
	}
	return b.path
}

// runBinary runs the built command with args and input on stdin, in dir
// (the package directory when empty), and returns its exit status and
// output streams.
func runBinary(t *testing.T, dir, input string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(familiesBinary(t), args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(input)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, out.String(), errb.String()
	case errors.As(err, &ee):
		return ee.ExitCode(), out.String(), errb.String()
	}
	t.Fatalf("running families %s: %v", strings.Join(args, " "), err)
	return 0, "", ""
}
