// Command families finds parametric families of calcrostics (arithmetic
// grid puzzles) exactly: it turns an operator grid into a polynomial system
// over the rationals and solves it with the project's own Gröbner-basis
// engine. Run "families --help" for the commands. The puzzles are T. Wolf's
// ("Calcrostics - a marathon test for the algebraic solution of polynomial
// systems", 2010 talk; Wolf 2010 in the help texts).
package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
	"unicode/utf8"

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
	tuneGC(firstArg(os.Args[1:]))
	hardDeadline = true
	// A closed pipe on standard output or error makes writes fail with
	// EPIPE instead of killing the process silently (status 141): the
	// command then says so and exits with status 1, as for a full disk.
	signal.Ignore(syscall.SIGPIPE)
	ctx, cancel := context.WithCancel(context.Background())
	interrupt = ctx
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		s := <-sig
		cancel()
		// The command stops at its next look at the context and says so.
		// One that does not within interruptGrace (or a second signal)
		// is ended here, with a word rather than silently.
		select {
		case <-sig:
		case <-time.After(interruptGrace):
		}
		fmt.Fprintf(os.Stderr, "%s: interrupted (%s)\n", commandPrefix(running.Load().(string)), s)
		os.Exit(1)
	}()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// interrupt is done once the process gets SIGINT or SIGTERM (main sets it
// up; tests may replace it). Every command's work runs under it.
var interrupt = context.Background()

// stopCause returns why ctx, a command's context, is done: "interrupted"
// after a signal, else its cause (the --timeout message).
func stopCause(ctx context.Context) error {
	if interrupt.Err() != nil {
		return errors.New("interrupted")
	}
	return context.Cause(ctx)
}

// running holds the name of the command being run, for the messages of
// main's own fallbacks (the signal's and the time limit's), which name it
// as every other message does.
var running atomic.Value

func init() { running.Store("analyze") }

// interruptGrace is how long a command may take to stop after a signal
// before main ends the process itself.
const interruptGrace = 10 * time.Second

// maxMessage bounds an error line, whatever a message quotes.
const maxMessage = 600

// run executes the command line args and returns the exit status. Standard
// output is buffered, and a write to it that fails (a full disk, a closed
// pipe) fails the command with status 1: output is never lost silently.
func run(args []string, stdout, stderr io.Writer) (code int) {
	out := bufio.NewWriter(stdout)
	defer func() {
		if err := out.Flush(); err != nil && code == 0 {
			fmt.Fprintf(stderr, "families: writing the output: %s\n", oneLine(err.Error()))
			code = 1
		}
	}()
	stdout = out
	name := "analyze"
	if len(args) > 0 && args[0] == "analyse" {
		// The British spelling of earlier releases still works.
		args = append([]string{"analyze"}, args[1:]...)
	}
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		if _, ok := commands[args[0]]; !ok {
			msg := fmt.Sprintf("unknown command %q (commands: %s)", args[0], commandNames())
			if args[0] == "sweep" {
				msg = "unknown command \"sweep\": a sweep is the default command with a pattern, families --ops PATTERN (a setting with . wildcards)"
			} else if near := nearest(args[0], commandSlice()); near != "" {
				msg = fmt.Sprintf("unknown command %q: did you mean %s? (commands: %s)", args[0], near, commandNames())
			}
			fmt.Fprintf(stderr, "families: %s\n", oneLine(msg))
			return exitUsage
		}
		name, args = args[0], args[1:]
	}
	running.Store(name)
	err := commands[name].run(args, stdout, stderr)
	switch {
	case interrupt.Err() != nil && err == nil:
		// The command ended its work without seeing the signal, which
		// came after its last look: say so, as merge does when it sees it.
		err = errors.New("interrupted after the work was complete")
	case interrupt.Err() != nil && !strings.Contains(err.Error(), "interrupted"):
		// A signal came: the work may be cut short wherever it was.
		err = errors.Join(err, errors.New("interrupted"))
	}
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, pflag.ErrHelp):
		return exitOK
	}
	fmt.Fprintf(stderr, "%s: %s\n", commandPrefix(name), oneLine(tidyMessage(name, err.Error())))
	var ue usageError
	if errors.As(err, &ue) && interrupt.Err() == nil {
		return exitUsage
	}
	return exitStopped
}

// commandPrefix is how errors name the command: "families" for the
// default command (the name the README and --help use for it),
// "families NAME" for the others.
func commandPrefix(name string) string {
	if name == "analyze" {
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

// maxWord bounds a run of characters without a space in an error line:
// the messages' own words are short, so a longer one quotes the input
// (a file name, a size, an operator string) and is cut.
const maxWord = 80

// oneLine returns msg on one line of at most maxMessage bytes, with every
// word of more than maxWord bytes cut, each at a character boundary.
func oneLine(msg string) string {
	msg = strings.ReplaceAll(strings.TrimSpace(msg), "\n", "; ")
	words := strings.Split(msg, " ")
	for i, w := range words {
		if len(w) > maxWord {
			words[i] = cutAt(w, maxWord) + fmt.Sprintf("...(%d bytes)", len(w))
		}
	}
	msg = strings.Join(words, " ")
	if len(msg) <= maxMessage {
		return msg
	}
	return cutAt(msg, maxMessage) + fmt.Sprintf("... (%d bytes)", len(msg))
}

// cutAt returns the longest prefix of s of at most n bytes that ends at a
// character boundary.
func cutAt(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
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
	// Flags of earlier releases spelt in British English still work.
	fs.SetNormalizeFunc(func(_ *pflag.FlagSet, name string) pflag.NormalizedName {
		return pflag.NormalizedName(strings.Replace(name, "analyse", "analyze", 1))
	})
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
		return usageError{flagHint(fs, err)}
	}
	return nil
}

// readInput returns the contents of the named file, or standard input for
// "-" or no name, read under ctx and bounded by textInput (see
// readInputContext).
func readInput(ctx context.Context, args []string) (string, error) {
	if len(args) > 1 {
		return "", usagef("expected at most one input file, got %d", len(args))
	}
	name := "-"
	if len(args) == 1 {
		name = args[0]
	}
	return readInputContext(ctx, name, textInput)
}

// parseFailure classifies an error of poly's parsers: bad input (status
// 2), or the command's time limit or an interruption reached while
// expanding (status 1).
func parseFailure(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return usageError{err}
}

func checkFormat(format string, allowed ...string) error {
	for _, a := range allowed {
		if format == a {
			return nil
		}
	}
	return usagef("unknown --format %q (want %s)", format, strings.Join(allowed, " or "))
}
