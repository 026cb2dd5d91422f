package main

import "fmt"

// stageError says which later stage of an analysis (members, puzzles or
// questions) stopped, and why. The stages keep what they found before it
// stopped: the command writes the report and those, then exits with
// exitStopped.
type stageError struct {
	stage string
	err   error
}

func (e stageError) Error() string { return fmt.Sprintf("%s while making %s", e.err, e.stage) }
func (e stageError) Unwrap() error { return e.err }

// The exit statuses of every command (README, "Exit status").
const (
	// exitOK: the command did what it was asked.
	exitOK = 0
	// exitStopped: a check failed, or a time limit (--timeout) or a
	// signal stopped the work. Whatever was found before is written
	// (an analysis's report, members, puzzles and questions so far; a
	// sweep's or census's records so far; count's lower bounds), and the
	// last line on stderr says which stage stopped and why.
	exitStopped = 1
	// exitUsage: bad input (a flag, a file, a grid): one line on stderr,
	// nothing done.
	exitUsage = 2
)
