package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/families-project/families/families/web"
)

// explorer serves the explorer on a loopback port for a test.
func explorer(t *testing.T) *httptest.Server {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	s, err := web.New(serveConfig(web.Config{Addr: ts.Listener.Addr().String()}))
	if err != nil {
		t.Fatal(err)
	}
	ts.Config = s.HTTPServer()
	ts.Start()
	t.Cleanup(ts.Close)
	return ts
}

func fetch(t *testing.T, ts *httptest.Server, path string) (int, string) {
	t.Helper()
	resp, err := ts.Client().Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// flagsQuery turns command-line flags into the explorer's query.
func flagsQuery(args []string) string {
	v := url.Values{}
	for i := 0; i+1 < len(args); i += 2 {
		v.Set(strings.TrimPrefix(args[i], "--"), args[i+1])
	}
	return v.Encode()
}

// TestServeSameMessages: a bad setting gets the same message in the
// explorer as on the command line (status 400 there, 2 here).
func TestServeSameMessages(t *testing.T) {
	ts := explorer(t)
	for _, args := range [][]string{
		{"--ops", "x=|+x//-|x="},
		{"--ops", "x=|+x//-|x=|====?|x="},
		{"--size", "3by3"},
		{"--size", "1x1", "--ops", ""},
		{"--ops", "==|x-++-|+=|=====|/="},
		{"--eval", "sideways"},
		{"--lines", "rows,spirals"},
		{"--lines", "short", "--ops", "+=|x-++-|+=|=====|/="},
		{"--members", "-3"},
		{"--members", "abc"},
		{"--questions", "99999999999999999999"},
		{"--min", "x"},
		{"--size", "2x2", "--ops", "_|___|_"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, _, stderr := runCmd(t, "", args...)
			if code != 2 {
				t.Fatalf("command line: status %d, %q", code, stderr)
			}
			hc, body := fetch(t, ts, "/download?as=json&"+flagsQuery(args))
			if hc != http.StatusBadRequest || body != stderr {
				t.Errorf("explorer: status %d\n  %q\nwant the command line's\n  %q", hc, body, stderr)
			}
		})
	}
}

// TestServeSameOutput: the explorer's sheet is the --format html page, its
// JSON download the --format json report and its LaTeX download the
// --format latex document, byte for byte.
func TestServeSameOutput(t *testing.T) {
	ts := explorer(t)
	for _, c := range []struct {
		args []string
		path string
	}{
		{[]string{"--puzzles", "2", "--questions", "1", "--format", "html"}, "/sheet?puzzles=2&questions=1"},
		{[]string{"--ops", "-=|-xx/+|x=|=====|x=", "--questions", "2", "--format", "html"}, "/sheet?questions=2&ops=" + url.QueryEscape("-=|-xx/+|x=|=====|x=")},
		{[]string{"--format", "json"}, "/download?as=json"},
		{[]string{"--format", "latex"}, "/latex"},
		{[]string{"--ops", "-=|-xx/+|x=|=====|x=", "--members", "3", "--puzzles", "1", "--questions", "1", "--format", "latex"}, "/latex?members=3&puzzles=1&questions=1&ops=" + url.QueryEscape("-=|-xx/+|x=|=====|x=")},
		{[]string{"--members", "4", "--puzzles", "1", "--format", "json"}, "/download?as=json&members=4&puzzles=1"},
		{[]string{"--ops", "--|-----|-/|x-+--|+-", "--format", "json", "--members", "1"}, "/download?as=json&members=1&ops=" + url.QueryEscape("--|-----|-/|x-+--|+-")},
		{[]string{"--size", "2x3", "--ops", "+=|x-+-+|-=", "--format", "json"}, "/download?as=json&size=2x3&ops=" + url.QueryEscape("+=|x-+-+|-=")},
	} {
		code, stdout, stderr := runCmd(t, "", c.args...)
		if code != 0 {
			t.Fatalf("%v: status %d %s", c.args, code, stderr)
		}
		hc, body := fetch(t, ts, c.path)
		if hc != 200 || body != stdout {
			t.Errorf("%s: status %d, %d bytes; the command line's %d bytes differ", c.path, hc, len(body), len(stdout))
		}
	}
}

// syncBuffer is a buffer that the server's goroutine writes while the
// test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServeCommand runs "families serve --addr 127.0.0.1:0 --open FILE",
// asks it for a page and the opened file, and stops it with a signal
// (the interrupt context): status 1, "interrupted".
func TestServeCommand(t *testing.T) {
	file := filepath.Join(t.TempDir(), "run.jsonl")
	rec := `{"ops":"+=|x-++-|+=|=====|/=","size":"3x3","lines":"rows,cols,diag","eval":"precedence","class":"positive_dimensional","dimension":1,"members":[{"a":3}],"index":0}` + "\n"
	if err := os.WriteFile(file, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	interrupt = ctx
	defer func() { cancel(); interrupt = context.Background() }()
	var stderr syncBuffer
	done := make(chan int, 1)
	go func() { done <- run([]string{"serve", "--addr", "127.0.0.1:0", "--open", file}, io.Discard, &stderr) }()
	addr := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := addr.FindStringSubmatch(stderr.String()); m != nil {
			base = "http://" + m[1]
			break
		}
	}
	if base == "" {
		t.Fatalf("no address announced: %q", stderr.String())
	}
	for path, want := range map[string]string{"/": "dimension 1", "/open": "1 record matches"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), want) {
			t.Errorf("%s: status %d, want %q", path, resp.StatusCode, want)
		}
	}
	cancel()
	select {
	case code := <-done:
		if code != 1 || !strings.Contains(stderr.String(), "families serve: interrupted") {
			t.Errorf("stopped: status %d, %q", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop on the signal")
	}
}

// TestServeRefuses: bad flags and a bad --open file are refused with
// status 2 before anything is served.
func TestServeRefuses(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte("not json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--addr", "127.0.0.1"}, "missing port"},
		{[]string{"serve", "--addr", "127.0.0.1:0", "--timeout", "0s"}, "--timeout must be positive"},
		{[]string{"serve", "--addr", "127.0.0.1:0", "--max-analyzes", "-1"}, "--max-analyzes"},
		{[]string{"serve", "--addr", "127.0.0.1:0", "--open", filepath.Join(dir, "absent.jsonl")}, "no such file"},
		{[]string{"serve", "--addr", "127.0.0.1:0", "--open", dir}, "is a directory"},
		{[]string{"serve", "--addr", "127.0.0.1:0", "--open", bad}, "bad.jsonl:1: not a record"},
		{[]string{"serve", "extra"}, "unexpected argument"},
	} {
		code, _, stderr := runCmd(t, "", c.args...)
		if code != 2 || !strings.HasPrefix(stderr, "families serve: ") || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: status %d %q, want 2 with %q", c.args, code, stderr, c.want)
		}
	}
}
