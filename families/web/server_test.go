package web

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"
)

// newTestServer serves s on a loopback port, as families serve does: the
// server knows the address it serves before the first request.
func newTestServer(t testing.TB, cfg Config) (*httptest.Server, *Server) {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	cfg.Addr = ts.Listener.Addr().String()
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts.Config = s.HTTPServer()
	ts.Start()
	t.Cleanup(ts.Close)
	return ts, s
}

// get fetches path from ts and returns the status and body.
func get(t testing.TB, ts *httptest.Server, path string) (int, string) {
	t.Helper()
	resp, err := ts.Client().Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

func q(kv ...string) string {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v.Encode()
}

// TestHandlers fetches every route once and checks what it must show.
func TestHandlers(t *testing.T) {
	of, err := LoadOpen("run.jsonl", strings.NewReader(sweepLines))
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := newTestServer(t, Config{Open: of})
	for _, c := range []struct {
		path, ctype string
		want        []string
	}{
		// The default grid: Wolf's one-parameter family, as the text
		// report draws and writes it.
		{"/", "text/html", []string{`data-class="positive_dimensional"`, "positive_dimensional, dimension 1, free numbers {k}",
			"every number a polynomial in the parameter k", "<code>c = k &#43; 2</code>", "<code>h = 2 k</code>", "row 3: h / k = m", `id="editor"`, "/picture.svg?"}},
		{"/results?" + q("ops", DefaultOps), "text/html", []string{"dimension 1", "family 1"}},
		{"/?" + q("members", "3", "puzzles", "1", "questions", "1"), "text/html", []string{"3 2 5 / 2 1 3 / 6 3 2", "4 2 6 / 2 2 4 / 8 4 2", "5 2 7 / 2 3 5 / 10 5 2", "puzzle 1", "question 1", `id="sheet"`}},
		// Wolf's two-parameter family.
		{"/?" + q("ops", "-=|-xx/+|x=|=====|x="), "text/html", []string{"dimension 2", "parameters"}},
		// All lines zero: one rational solution, drawn.
		{"/?" + q("ops", "--|-----|-/|x-+--|+-"), "text/html", []string{"finite", "solution 1: rational", `<td class="n">12</td>`}},
		{"/sheet?" + q("puzzles", "1"), "text/html", []string{"Calcrostics", "Made by: families --ops"}},
		{"/download?" + q("as", "json"), "application/json", []string{`"class": "positive_dimensional"`}},
		{"/download?" + q("as", "singular"), "text/plain", []string{"ring fam_ring = 0, (a,b,c,d,f,g,h,k,m), dp;", "fam_saturate"}},
		{"/download?" + q("as", "m2"), "text/plain", []string{"famRing = QQ[a, b, c, d, f, g, h, k, m, MonomialOrder => GRevLex];"}},
		{"/download?" + q("as", "sympy"), "text/x-python", []string{"from sympy import"}},
		{"/latex?" + q("members", "2"), "application/x-tex", []string{`\documentclass{article}`, `\end{document}`}},
		{"/picture.svg?" + q("family", "1"), "image/svg+xml", []string{"<svg", `class="positive"`, `class="member"`}},
		{"/open", "text/html", []string{"3 records match", "<code>&#43;-|-----|-&#43;|--/-x|--</code>"}},
		{"/open/counts.svg", "image/svg+xml", []string{"<svg", `class="bar"`}},
		{"/assets/explorer.js", "text/javascript", []string{"opsFromEditor"}},
		{"/assets/style.css", "text/css", []string{"table.grid"}},
	} {
		t.Run(c.path, func(t *testing.T) {
			resp, err := ts.Client().Get(ts.URL + c.path)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Fatalf("status %d: %s", resp.StatusCode, b)
			}
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, c.ctype) {
				t.Errorf("Content-Type %q, want %s", ct, c.ctype)
			}
			for _, w := range c.want {
				if !strings.Contains(string(b), w) {
					t.Errorf("missing %q in\n%.3000s", w, b)
				}
			}
		})
	}
}

// TestBadSettings: a bad setting or count is answered with status 400
// and the command line's message, never a stack trace.
func TestBadSettings(t *testing.T) {
	ts, _ := newTestServer(t, Config{})
	for _, c := range []struct{ query, want string }{
		{q("ops", "zz"), "grid: ops: unknown character 'z' at position 1"},
		{q("ops", "+="), "grid: ops: expected 16 operators for a 3x3 grid, got 2"},
		{q("size", "1x3"), "grid: bad size 1x3: a grid needs at least 2 rows"},
		{q("size", "7x7"), "the explorer takes grids up to 6x6"},
		{q("size", "banana"), `grid: bad size "banana"`},
		{q("lines", "rows,nope"), "nope"},
		{q("eval", "rtl"), "rtl"},
		{q("ops", "+.|x-++-|+=|=====|/="), "is a pattern of 4 settings"},
		{q("members", "-3"), "--members must be at least 0, got -3"},
		{q("members", "abc"), `invalid argument "abc" for "--members" flag`},
		{q("puzzles", "51"), "--puzzles 51 is more than 50"},
		{q("questions", "99999999999999999999"), "value out of range"},
		{q("min", "x"), `invalid argument "x" for "--min" flag`},
		{q("as", "pdf"), "unknown download"},
	} {
		t.Run(c.query, func(t *testing.T) {
			code, body := get(t, ts, "/download?as=json&"+c.query)
			if c.query == q("as", "pdf") {
				code, body = get(t, ts, "/download?"+c.query)
			}
			if code != http.StatusBadRequest || !strings.Contains(body, c.want) || !strings.HasPrefix(body, "families: ") {
				t.Errorf("status %d, body %q; want 400 with %q", code, body, c.want)
			}
			if strings.Contains(body, "goroutine") || strings.Contains(body, ".go:") {
				t.Errorf("a stack trace in %q", body)
			}
			// The page shows the same message where the results go.
			if c.query != q("as", "pdf") {
				code, page := get(t, ts, "/?"+c.query)
				if code != http.StatusBadRequest || !strings.Contains(page, `id="error"`) {
					t.Errorf("page: status %d, no error paragraph", code)
				}
			}
		})
	}
}

// TestSafety checks every rule of Server.ServeHTTP and the bounds.
func TestSafety(t *testing.T) {
	ts, s := newTestServer(t, Config{})
	port := ts.Listener.Addr().(interface{ String() string }).String()
	port = port[strings.LastIndex(port, ":"):]
	do := func(method, host, target string, body io.Reader) (int, string) {
		req, err := http.NewRequest(method, ts.URL+target, body)
		if err != nil {
			t.Fatal(err)
		}
		if host != "" {
			req.Host = host
		}
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, c := range []struct {
		name, method, host, target string
		body                       io.Reader
		want                       int
	}{
		{"served address", "GET", "", "/", nil, 200},
		{"localhost", "GET", "localhost" + port, "/", nil, 200},
		{"HEAD", "HEAD", "", "/", nil, 200},
		{"DNS rebinding", "GET", "attacker.example" + port, "/", nil, http.StatusMisdirectedRequest},
		{"other port", "GET", "127.0.0.1:1", "/", nil, http.StatusMisdirectedRequest},
		{"no port", "GET", "127.0.0.1", "/", nil, http.StatusMisdirectedRequest},
		{"POST", "POST", "", "/", strings.NewReader("x=1"), http.StatusMethodNotAllowed},
		{"PUT", "PUT", "", "/download", strings.NewReader(strings.Repeat("x", 1<<20)), http.StatusMethodNotAllowed},
		{"long target", "GET", "", "/?ops=" + strings.Repeat("+", 5000), nil, http.StatusRequestURITooLong},
		{"unknown route", "GET", "", "/etc/passwd", nil, http.StatusNotFound},
		{"templates are not served", "GET", "", "/assets/../templates/page.html", nil, http.StatusNotFound},
		{"no file without --open", "GET", "", "/open", nil, http.StatusNotFound},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, body := do(c.method, c.host, c.target, c.body)
			if code != c.want {
				t.Errorf("status %d (%q), want %d", code, body, c.want)
			}
		})
	}
	// The analyzes at once are bounded: with every slot taken, a request
	// waits until its deadline and is answered 503.
	busy, bs := newTestServer(t, Config{MaxAnalyzes: 1, Timeout: 300 * time.Millisecond})
	release, err := bs.acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	code, body := get(t, busy, "/download?as=json&ops="+url.QueryEscape("-=|-xx/+|x=|=====|x="))
	release()
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "busy") {
		t.Errorf("with every slot taken: status %d %q, want 503 busy", code, body)
	}
	if code, _ := get(t, busy, "/download?as=json&ops="+url.QueryEscape("-=|-xx/+|x=|=====|x=")); code != 200 {
		t.Errorf("after the slot is free: status %d", code)
	}
	_ = s
}

// TestDeadline: an analysis past the deadline is shown with class timeout
// and the command line's words, and is not kept.
func TestDeadline(t *testing.T) {
	ts, s := newTestServer(t, Config{Timeout: time.Nanosecond})
	code, body := get(t, ts, "/?"+q("size", "4x4", "ops", "x-=|x-+-+-+|--=|=======|+-=|-------|-x="))
	if code != 200 || !strings.Contains(body, `data-class="timeout"`) {
		t.Fatalf("status %d, want 200 with class timeout:\n%.2000s", code, body)
	}
	if len(s.cache.m) != 0 {
		t.Errorf("an analysis cut off was cached")
	}
	code, body = get(t, ts, "/sheet?"+q("size", "4x4", "ops", "x-=|x-+-+-+|--=|=======|+-=|-------|-x=", "puzzles", "1"))
	if code == 200 || !strings.Contains(body, "timeout") {
		t.Errorf("sheet past the deadline: status %d %q", code, body)
	}
}

// TestNewRefuses: an address whose port is unknown cannot check Host.
func TestNewRefuses(t *testing.T) {
	for _, addr := range []string{"127.0.0.1", "127.0.0.1:0", ":"} {
		if _, err := New(Config{Addr: addr}); err == nil {
			t.Errorf("New(%q) accepted", addr)
		}
	}
}

// TestSameBytes: the same state gives the same page, picture and
// download bytes, from a fresh server and from the cache.
func TestSameBytes(t *testing.T) {
	paths := []string{"/?" + q("members", "5", "puzzles", "1", "questions", "1"), "/picture.svg?" + q("ops", "-=|-xx/+|x=|=====|x=", "family", "1"),
		"/download?" + q("as", "json", "members", "4")}
	ts1, _ := newTestServer(t, Config{})
	ts2, _ := newTestServer(t, Config{MaxAnalyzes: 1})
	for _, p := range paths {
		_, a := get(t, ts1, p)
		_, b := get(t, ts1, p) // cached
		_, c := get(t, ts2, p)
		// The pages hold their own address only through the query.
		if a != b || a != c {
			t.Errorf("%s: different bytes", p)
		}
	}
}

// TestNoFiles: the server needs no file and writes none. Run from an
// empty directory, it serves its page, script, style, pictures and
// downloads (all embedded or made), and the directory stays empty.
func TestNoFiles(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	ts, _ := newTestServer(t, Config{})
	for _, p := range []string{"/", "/assets/explorer.js", "/assets/style.css", "/picture.svg?family=1", "/sheet?puzzles=1",
		"/download?as=json", "/download?as=singular", "/latex", "/results"} {
		if code, body := get(t, ts, p); code != 200 {
			t.Errorf("%s: status %d %.200s", p, code, body)
		}
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
		t.Errorf("the working directory holds %v (%v)", entries, err)
	}
}

// TestEncodeRoundTrip: the readable links parse back to the same state,
// whatever the values hold (a value with & % # + = | / , and spaces).
func TestEncodeRoundTrip(t *testing.T) {
	for _, v := range []url.Values{
		{"ops": {DefaultOps}, "size": {"3x3"}},
		{"ops": {"--|-----|-/|x-+--|+-"}, "lines": {"rows,cols,diag"}, "eval": {"ltr"}, "members": {"10"}},
		{"ops": {"a&b=c%7C|d#e+f g/h,%3D%25"}},
	} {
		enc := encode(v)
		back, err := url.ParseQuery(enc)
		if err != nil || back.Encode() != v.Encode() {
			t.Errorf("%v: encoded %q, parsed back %v (%v)", v, enc, back, err)
		}
		if strings.Contains(enc, "%7C") || strings.Contains(enc, "%2F") {
			t.Errorf("%q: | or / still escaped", enc)
		}
	}
}
