package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/families-project/families/poly"
)

// An external tool (Singular, SymPy) runs all systems in one process and
// reports on stdout, one line per event, times in microseconds:
//
//	START <system> <order>             a measurement begins
//	WARM <system> <order> <us> <n>     the warm-up took us and gave n elements
//	RUN <system> <order> <us> <n>      a timed run
//	DONE <system> <order>              the measurement is complete
//	BASIS <system> <order> <p>,<p>,... the basis of the last run
//	TIMEOUT <system> <order>           a run exceeded the timeout
//	SKIP <system> <order> <reason>     not measured
//	ERROR <system> <order> <message>   the tool failed on this measurement
//	DIM <system> <d>                   Krull dimension (Singular only)
//	VERSION <version>                  the tool's version
//	END                                all systems done
//
// Other lines are ignored, except that Singular's error lines ("? ...")
// end the process. When the process stays silent for longer than the
// watchdog allows it is killed, the current measurement becomes a timeout,
// and a new process starts with the next system; so one runaway system
// costs one timeout, never the whole table.

// external describes how to run one external tool.
type external struct {
	name     string
	watchdog time.Duration // silence after which the process is killed
	// command returns the process for systems[from:], and its stdin.
	command func(ctx context.Context, from int) (*exec.Cmd, io.Reader, error)
}

// runExternal runs the tool over systems, restarting after a killed or
// failed process, and returns its results and version string.
func runExternal(ctx context.Context, x external, systems []*system) (results, string) {
	rs := make(results)
	index := make(map[string]int, len(systems))
	for i, s := range systems {
		index[s.name] = i
	}
	version := ""
	for from := 0; from < len(systems); {
		cmd, stdin, err := x.command(ctx, from)
		if err != nil {
			markRest(rs, systems[from:], stNA, x.name+": "+err.Error())
			break
		}
		var stderr bytes.Buffer
		cmd.Stdin = stdin
		cmd.Stderr = &stderr
		p := &protocol{rs: rs}
		killed, err := streamLines(cmd, x.watchdog, p.line)
		if p.version != "" {
			version = p.version
		}
		if p.end {
			break
		}
		// The process ended early: decide what the current measurement was.
		if p.cur == (key{}) {
			msg := strings.TrimSpace(stderr.String() + " " + p.errText)
			if err != nil {
				msg = strings.TrimSpace(err.Error() + " " + msg)
			}
			markRest(rs, systems[from:], stError, x.name+" failed: "+firstLine(msg))
			break
		}
		r := rs[p.cur]
		switch {
		case killed && r.runs > 0:
			r.status = stOK // a repeat exceeded the timeout; keep the best so far
		case killed:
			*r = result{status: stTimeout}
		default:
			msg := p.errText
			if msg == "" {
				msg = firstLine(stderr.String())
			}
			if msg == "" && err != nil {
				msg = err.Error()
			}
			*r = result{status: stError, note: x.name + ": " + msg}
		}
		if p.cur.ord == grevlex {
			rs[key{p.cur.sys, lex}] = &result{status: stNA, note: "grevlex did not finish"}
		}
		from = index[p.cur.sys] + 1
	}
	canonicalize(rs, systems)
	return rs, version
}

// markRest gives every measurement of systems the status st with a note.
func markRest(rs results, systems []*system, st status, note string) {
	for _, s := range systems {
		for _, o := range []string{grevlex, lex} {
			rs[key{s.name, o}] = &result{status: st, note: note}
		}
	}
}

// firstLine returns the first nonempty line of s, trimmed and shortened.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			if len(l) > 160 {
				l = l[:160] + "..."
			}
			return l
		}
	}
	return ""
}

// protocol folds the event lines of one process into results.
type protocol struct {
	rs      results
	cur     key // measurement in progress, zero when none
	end     bool
	version string
	errText string
}

// line handles one output line; it returns false to stop the process.
func (p *protocol) line(l string) bool {
	t := strings.TrimSpace(l)
	if strings.HasPrefix(t, "? ") {
		if p.errText == "" {
			p.errText = strings.TrimPrefix(t, "? ")
		}
		return false
	}
	f := strings.Fields(t)
	if len(f) == 0 {
		return true
	}
	switch f[0] {
	case "END":
		p.end = true
		return true
	case "VERSION":
		p.version = strings.Join(f[1:], " ")
		return true
	}
	if len(f) < 3 {
		return true
	}
	k := key{f[1], f[2]}
	r := p.rs[k]
	switch f[0] {
	case "START":
		p.cur = k
		p.rs[k] = &result{status: stNA}
	case "WARM", "RUN":
		if r == nil || len(f) < 5 {
			return true
		}
		us, err1 := strconv.ParseInt(f[3], 10, 64)
		n, err2 := strconv.Atoi(f[4])
		if err1 != nil || err2 != nil {
			return true
		}
		r.addRun(time.Duration(us)*time.Microsecond, f[0] == "WARM")
		r.elems = n
	case "DONE":
		if r != nil {
			r.status = stOK
		}
		p.cur = key{}
	case "BASIS":
		// The polynomials may hold spaces: the rest of the line is the text.
		if r != nil {
			if parts := strings.SplitN(t, " ", 4); len(parts) == 4 {
				r.raw = parts[3]
			}
		}
	case "TIMEOUT":
		p.rs[k] = &result{status: stTimeout}
		p.cur = key{}
	case "SKIP":
		p.rs[k] = &result{status: stNA, note: strings.Join(f[3:], " ")}
		p.cur = key{}
	case "ERROR":
		p.rs[k] = &result{status: stError, note: strings.Join(f[3:], " ")}
		p.cur = key{}
	case "DIM":
		// "DIM <system> <d>": f[2] is the dimension, not an order.
		d, err := strconv.Atoi(f[2])
		if err != nil {
			return true
		}
		for _, o := range []string{grevlex, lex} {
			if r := p.rs[key{f[1], o}]; r != nil {
				r.dim, r.hasDim = d, true
			}
		}
	}
	return true
}

// streamLines starts cmd and passes each stdout line to handle until the
// process exits, handle returns false (the process is killed), or no line
// arrives for watchdog (the process is killed and killed is true).
func streamLines(cmd *exec.Cmd, watchdog time.Duration, handle func(string) bool) (killed bool, err error) {
	out, err := cmd.StdoutPipe()
	if err != nil {
		return false, err
	}
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		return false, err
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	timer := time.NewTimer(watchdog)
	defer timer.Stop()
	stopped := false
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				werr := cmd.Wait()
				if stopped {
					werr = nil
				}
				return killed, werr
			}
			timer.Reset(watchdog) // Go 1.23 timers: Reset drops a pending fire
			if !stopped && !handle(l) {
				stopped = true
				kill(cmd)
			}
		case <-timer.C:
			if !stopped {
				killed, stopped = true, true
				kill(cmd)
			}
			timer.Reset(watchdog)
		}
	}
}

// lookTool resolves a tool name to a path, or explains why it cannot.
func lookTool(name string) (string, error) {
	if name == "" {
		return "", fmt.Errorf("disabled")
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("%s not found", name)
	}
	return p, nil
}

// canonicalize reads the bases the tool printed in each system's ring and
// order and writes them in canonical form, for check. A basis that does
// not parse becomes a text no basis has, so check reports a mismatch, and
// the parse error goes to the note.
func canonicalize(rs results, systems []*system) {
	for _, s := range systems {
		for _, o := range []string{grevlex, lex} {
			r := rs[key{s.name, o}]
			if r == nil || r.raw == "" {
				continue
			}
			ring := s.ring
			if o == lex {
				var err error
				if ring, err = s.ring.WithOrder(poly.Lex); err != nil {
					r.basis, r.note = "unreadable", err.Error()
					continue
				}
			}
			b, err := canonicalText(ring, r.raw)
			if err != nil {
				b, r.note = "unreadable", "basis: "+err.Error()
			}
			r.basis, r.raw = b, ""
		}
	}
}
