package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/families-project/families/families/web"
)

const serveUsage = `usage: families serve [--addr 127.0.0.1:8080] [--open FILE] [--timeout 1m]

Serves the explorer: a page where one picks a grid size (2x2 to 6x6),
sets its operators by clicking them (or pastes an --ops string), and sees
the lines as equations, the class, the dimension and every family drawn
into the grid, with a picture of where a family of one or two parameters
is positive; lists members, makes digit puzzles and "find the numbers"
questions, prints the sheet of --format html, and downloads the JSON
report or the system as a Singular, Macaulay2 or SymPy script. The
address bar is always a link to what the page shows.

--open FILE shows a sweep's or a census's JSON Lines output at /open: a
table filtered by class, dimension and positive members, and a plot of
the counts. It is the only file the server reads; it writes none.

It listens on the loopback address unless --addr says otherwise, and
answers only requests whose Host header names the address it serves
(--host adds names, for a server reached by another name). Each analysis
runs under --timeout, as the command line's does, and at most
--max-analyzes run at once. Ctrl-C stops the server. Example:

  families serve --open run.jsonl      # then open http://127.0.0.1:8080/
`

func init() {
	register("serve", "explore settings and their families in a browser", runServe)
}

// serveConfig returns cfg with the command line's checks: the explorer
// checks a setting with the command line's own parser and words its
// refusals as run does after "families: ", so that a bad setting gets
// the same message in both.
func serveConfig(cfg web.Config) web.Config {
	cfg.Check = func(size, ops, lines, eval string) error {
		g := gridFlags{ops: ops, size: size, lines: lines, eval: eval}
		_, _, err := g.parse()
		return err
	}
	cfg.Message = func(msg string) string { return oneLine(tidyMessage("analyze", msg)) }
	return cfg
}

func runServe(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("serve", serveUsage, stdout)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on, host:port (port 0: any free port)")
	open := fs.String("open", "", "a sweep's or census's JSON Lines output to browse at /open")
	hosts := fs.StringSlice("host", nil, "further names the Host header may give (comma list)")
	timeout := fs.Duration("timeout", web.DefaultTimeout, "give up on one analysis (with its members, puzzles and questions) after this long")
	maxAnalyzes := fs.Int("max-analyzes", 0, "analyzes at once (default: one per CPU)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if *timeout <= 0 {
		return usagef("--timeout must be positive, got %s", *timeout)
	}
	if *maxAnalyzes < 0 || *maxAnalyzes > maxJobs {
		return usagef("--max-analyzes must be from 0 to %d, got %d", maxJobs, *maxAnalyzes)
	}
	if _, _, err := net.SplitHostPort(*addr); err != nil {
		return usagef("--addr %s: %v", *addr, err)
	}
	cfg := serveConfig(web.Config{Hosts: *hosts, Timeout: *timeout, MaxAnalyzes: *maxAnalyzes})
	if *open != "" {
		// Read once, here: the server itself touches no file.
		ctx, cancel := context.WithCancel(interrupt)
		r, err := openInput(ctx, *open, shardInput)
		if err != nil {
			cancel()
			return err
		}
		cfg.Open, err = web.LoadOpen(*open, r)
		r.Close()
		cancel()
		if err != nil {
			if interrupt.Err() != nil {
				return errors.New("interrupted")
			}
			return usageError{err}
		}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return usageError{err}
	}
	cfg.Addr = ln.Addr().String()
	srv, err := web.New(cfg)
	if err != nil {
		ln.Close()
		return usageError{err}
	}
	hs := srv.HTTPServer()
	fmt.Fprintf(stderr, "families serve: http://%s/ (Ctrl-C stops)\n", cfg.Addr)
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && !tcp.IP.IsLoopback() && len(*hosts) == 0 {
		fmt.Fprintf(stderr, "families serve: listening beyond the loopback address; requests must name %s in their Host header (--host adds names)\n", cfg.Addr)
	}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-interrupt.Done():
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	hs.Shutdown(ctx)
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return errors.New("interrupted")
}
