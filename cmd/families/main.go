// Command families finds parametric families of calcrostics (arithmetic
// grid puzzles) exactly: it turns an operator grid into a polynomial system
// over the rationals and solves it with the project's own Gröbner-basis
// engine. Run "families --help" for the commands.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/spf13/pflag"
)

// A command is one subcommand: it parses its own flags from args and
// writes to stdout; an error of type usageError exits with status 2.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

var commands = map[string]command{}

func register(name, summary string, run func(args []string, stdout, stderr io.Writer) error) {
	commands[name] = command{summary: summary, run: run}
}

// usageError marks bad input: the message goes to stderr on one line and
// the exit status is 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

func main() {
	tuneGC()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the command line args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	name := "analyse"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		if _, ok := commands[args[0]]; !ok {
			fmt.Fprintf(stderr, "families: unknown command %q (commands: %s)\n", args[0], commandNames())
			return 2
		}
		name, args = args[0], args[1:]
	}
	err := commands[name].run(args, stdout, stderr)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, pflag.ErrHelp):
		return 0
	}
	msg := strings.ReplaceAll(err.Error(), "\n", "; ")
	fmt.Fprintf(stderr, "%s: %s\n", commandPrefix(name), msg)
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

// commandPrefix is how errors name the command: "families" for the
// default command (the name the README and --help use for it),
// "families NAME" for the others.
func commandPrefix(name string) string {
	if name == "analyse" {
		return "families"
	}
	return "families " + name
}

// commandList lists every command with its summary, one a line, for the
// usage text.
func commandList() string {
	var b strings.Builder
	for _, n := range strings.Split(commandNames(), ", ") {
		fmt.Fprintf(&b, "  %-9s %s\n", n, commands[n].summary)
	}
	return b.String()
}

func commandNames() string {
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// newFlags returns a flag set that reports errors instead of exiting.
// The usage text is help that was asked for (--help, -h), so it goes to
// stdout, where "families --help | less" finds it; pflag calls Usage for
// nothing else when errors are continued, and a flag error is one line on
// stderr (see run).
func newFlags(name, usage string, stdout io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	fs.Usage = func() {
		fmt.Fprint(stdout, usage)
		fmt.Fprintln(stdout, "\nFlags:")
		fmt.Fprint(stdout, fs.FlagUsages())
	}
	return fs
}

// parseFlags parses args and wraps flag errors as usage errors.
func parseFlags(fs *pflag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard) // the one-line error is printed by run
	err := fs.Parse(args)
	if errors.Is(err, pflag.ErrHelp) {
		return err
	}
	if err != nil {
		return usageError{err}
	}
	return nil
}

// readInput returns the contents of the named file, or standard input for
// "-" or no name.
func readInput(args []string, stdin io.Reader) (string, error) {
	if len(args) > 1 {
		return "", usagef("expected at most one input file, got %d", len(args))
	}
	if len(args) == 0 || args[0] == "-" {
		b, err := io.ReadAll(stdin)
		return string(b), err
	}
	b, err := os.ReadFile(args[0])
	if err != nil {
		return "", usageError{err}
	}
	return string(b), nil
}

func checkFormat(format string, allowed ...string) error {
	for _, a := range allowed {
		if format == a {
			return nil
		}
	}
	return usagef("unknown --format %q (want %s)", format, strings.Join(allowed, " or "))
}
