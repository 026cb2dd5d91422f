package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"time"
)

// Config sets up a Server.
type Config struct {
	// Addr is the address served, host:port with the port bound (not 0):
	// only requests whose Host header names it are answered. A loopback
	// host also accepts "localhost" with the same port.
	Addr string
	// Hosts are further host names (with or without the port) that the
	// Host header may give, for a server reached by another name than
	// Addr (one listening on all interfaces, say).
	Hosts []string
	// Timeout bounds each analysis, with the members, puzzles and
	// questions made of it, as --timeout bounds the command line's (0:
	// DefaultTimeout). An analysis cut off is shown with class timeout.
	Timeout time.Duration
	// MaxAnalyzes bounds the analyzes that run at once (0: one per CPU);
	// a request past it waits for a turn until its deadline.
	MaxAnalyzes int
	// Open is the sweep or census file shown at /open (nil: none).
	Open *OpenFile
	// Check, when set, checks a setting's --size, --ops, --lines and
	// --eval as the command line does, before the explorer's own checks:
	// the command line passes its own parser, so that a bad setting gets
	// its message, hints included.
	Check func(size, ops, lines, eval string) error
	// Message, when set, rewrites the message of a refused request as
	// the command line prints it (after "families: ").
	Message func(msg string) string
}

// DefaultTimeout is the deadline of one analysis when Config.Timeout is 0:
// the command line's analyzes of 2x2 to 4x4 grids take milliseconds to
// seconds, and a page that waits longer is better told to use the
// command line.
const DefaultTimeout = time.Minute

// maxURL bounds the request's target: the longest query the page makes
// (a 6x6 setting with every option) is some 300 bytes.
const maxURL = 4 << 10

// A Server serves the explorer. It is safe for concurrent use.
type Server struct {
	cfg   Config
	hosts map[string]bool
	slots chan struct{}
	mux   *http.ServeMux
	cache *cache
}

// New returns the server of cfg, or an error for an address without a
// port. Cost: O(1); nothing is listened on (see Handler and HTTPServer).
func New(cfg Config) (*Server, error) {
	host, port, err := net.SplitHostPort(cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("--addr %s: %v", cfg.Addr, err)
	}
	if port == "" || port == "0" {
		return nil, fmt.Errorf("--addr %s: the server needs its bound port to check the Host header", cfg.Addr)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxAnalyzes <= 0 {
		cfg.MaxAnalyzes = runtime.GOMAXPROCS(0)
	}
	s := &Server{cfg: cfg, hosts: map[string]bool{}, slots: make(chan struct{}, cfg.MaxAnalyzes), cache: newCache(64)}
	s.hosts[strings.ToLower(net.JoinHostPort(host, port))] = true
	if ip := net.ParseIP(host); (ip != nil && ip.IsLoopback()) || host == "localhost" {
		for _, h := range []string{"localhost", "127.0.0.1", "::1"} {
			s.hosts[net.JoinHostPort(h, port)] = true
		}
	}
	for _, h := range cfg.Hosts {
		h = strings.ToLower(h)
		if _, _, err := net.SplitHostPort(h); err != nil {
			h = net.JoinHostPort(strings.Trim(h, "[]"), port)
		}
		s.hosts[h] = true
	}
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("GET /{$}", s.handlePage)
	s.mux.HandleFunc("GET /results", s.handleResults)
	s.mux.HandleFunc("GET /sheet", s.handleSheet)
	s.mux.HandleFunc("GET /download", s.handleDownload)
	s.mux.HandleFunc("GET /latex", s.handleLaTeX)
	s.mux.HandleFunc("GET /picture.svg", s.handlePicture)
	s.mux.HandleFunc("GET /open", s.handleOpen)
	s.mux.HandleFunc("GET /open/counts.svg", s.handleOpenCounts)
	s.mux.Handle("GET /assets/", http.FileServerFS(assetFS))
	return s, nil
}

// HTTPServer returns an http.Server for s with bounded header size and
// read, write and idle times (the write time is the analysis deadline and
// some seconds more). Cost: O(1).
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Addr:              s.cfg.Addr,
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       20 * time.Second,
		WriteTimeout:      s.cfg.Timeout + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
	}
}

// ServeHTTP applies the safety rules, then routes: a Host header that is
// not the served address gets 421 (a page of another site that a DNS
// rebinding pointed here cannot read it), a method other than GET and
// HEAD 405, a target longer than 4 KiB 414, and a request body is never
// read (bounded to 0 bytes). Cost: the route's.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'")
	if !s.hosts[strings.ToLower(r.Host)] {
		http.Error(w, fmt.Sprintf("families serve: Host %q is not the address served (%s)", r.Host, s.cfg.Addr), http.StatusMisdirectedRequest)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "families serve: only GET and HEAD are answered", http.StatusMethodNotAllowed)
		return
	}
	if len(r.RequestURI) > maxURL {
		http.Error(w, fmt.Sprintf("families serve: the request's target is %d bytes, more than %d", len(r.RequestURI), maxURL), http.StatusRequestURITooLong)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 0)
	s.mux.ServeHTTP(w, r)
}

// parse reads the page's state from v (see parseQuery), checked first by
// Config.Check, its refusal worded by Config.Message.
func (s *Server) parse(v url.Values) (*query, error) {
	if s.cfg.Check != nil {
		size, ops := v.Get("size"), v.Get("ops")
		if size == "" {
			size = "3x3"
		}
		if !v.Has("ops") {
			ops = defaultOps(size)
		}
		eval := v.Get("eval")
		if eval == "" {
			eval = "precedence"
		}
		if err := s.cfg.Check(size, ops, v.Get("lines"), eval); err != nil {
			return nil, s.bad(&BadRequest{err.Error()})
		}
	}
	q, err := parseQuery(v)
	return q, s.bad(err)
}

// bad words a BadRequest as the command line would (Config.Message).
func (s *Server) bad(err error) error {
	var b *BadRequest
	if s.cfg.Message == nil || !errors.As(err, &b) {
		return err
	}
	return &BadRequest{s.cfg.Message(b.Msg)}
}

// errBusy is the answer of a request that found every analysis slot taken
// until its deadline.
var errBusy = errors.New("the server is busy with other analyzes until this one's deadline: try again")

// acquire takes an analysis slot, waiting until ctx is done at most.
func (s *Server) acquire(ctx context.Context) (release func(), err error) {
	// A free slot is taken even when ctx is done already: select would
	// choose at random between the two, and the answer must not.
	select {
	case s.slots <- struct{}{}:
		return func() { <-s.slots }, nil
	default:
	}
	select {
	case s.slots <- struct{}{}:
		return func() { <-s.slots }, nil
	case <-ctx.Done():
		return nil, errBusy
	}
}

// deadline returns the context of one request's work: done when the
// client leaves or after the analysis deadline, whose cause then says so
// in the command line's words.
func (s *Server) deadline(r *http.Request) (context.Context, context.CancelFunc) {
	return context.WithTimeoutCause(r.Context(), s.cfg.Timeout, fmt.Errorf("timed out after %s (--timeout)", s.cfg.Timeout))
}

// fail answers err: a BadRequest with 400 and its message, a busy server
// with 503, a deadline with 504, anything else with 500; the message is
// one line of text, never a stack trace.
func fail(w http.ResponseWriter, ctx context.Context, err error) {
	var bad *BadRequest
	code := http.StatusInternalServerError
	switch {
	case errors.As(err, &bad):
		code = http.StatusBadRequest
	case errors.Is(err, errBusy):
		code = http.StatusServiceUnavailable
	case ctx != nil && ctx.Err() != nil:
		code = http.StatusGatewayTimeout
		err = context.Cause(ctx)
	}
	http.Error(w, "families: "+strings.ReplaceAll(err.Error(), "\n", "; "), code)
}

// A cache keeps the last analyzes (by query.key), so that asking for
// members, puzzles, a picture or a download of the setting on the page
// does not analyze it again. Only finished analyzes are kept: the same
// key always gives the same report.
type cache struct {
	mu    sync.Mutex
	max   int
	order []string
	m     map[string]*analysis
}

func newCache(n int) *cache { return &cache{max: n, m: map[string]*analysis{}} }

func (c *cache) get(k string) *analysis {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[k]
}

func (c *cache) put(k string, a *analysis) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k]; ok {
		return
	}
	if len(c.order) >= c.max {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	c.order = append(c.order, k)
	c.m[k] = a
}
