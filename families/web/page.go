package web

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"

	frender "github.com/families-project/families/families/render"
)

//go:embed assets templates
var embedded embed.FS

// assetFS serves /assets/ (the script and the style sheet).
var assetFS = must(fs.Sub(embedded, "."))

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"sizes": sizes,
	"inc":   func(i int) int { return i + 1 },
}).ParseFS(embedded, "templates/*.html"))

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// sizes lists the grid sizes the page offers, 2x2 to 6x6.
func sizes() []string {
	var out []string
	for r := 2; r <= maxSide; r++ {
		for c := 2; c <= maxSide; c++ {
			out = append(out, fmt.Sprintf("%dx%d", r, c))
		}
	}
	return out
}

// pageData is the whole page: the settings form, the clickable grid and
// the results.
type pageData struct {
	Q      *query
	Editor [][]cell
	Open   bool
	View   *view
}

// results analyzes the page's setting and makes what it asks for; a bad
// setting gives a view with its message (and status 400).
func (s *Server) results(w http.ResponseWriter, r *http.Request) (*query, *view, int) {
	q, err := s.parse(r.URL.Query())
	if err != nil {
		return nil, &view{Err: err.Error()}, http.StatusBadRequest
	}
	ctx, cancel := s.deadline(r)
	defer cancel()
	a, err := s.analyze(ctx, q)
	if err != nil {
		code := http.StatusInternalServerError
		var bad *BadRequest
		switch {
		case errors.As(err, &bad):
			code = http.StatusBadRequest
		case errors.Is(err, errBusy):
			code = http.StatusServiceUnavailable
		}
		return q, makeView(ctx, q, nil, nil, err, nil), code
	}
	x, xerr := s.extras(ctx, q, a)
	return q, makeView(ctx, q, a, x, nil, xerr), http.StatusOK
}

// handlePage serves the explorer page of the setting in the query.
// Cost: the analysis (cached), and the members, puzzles and questions
// asked for.
func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	q, v, code := s.results(w, r)
	d := pageData{Q: q, View: v, Open: s.cfg.Open != nil}
	if q == nil {
		// A bad setting still gets the page, with the message where the
		// results go, the fields as typed (to be corrected), and the
		// fresh grid of the size asked for (or of 3x3) to click.
		raw := r.URL.Query()
		fresh, err := parseQuery(url.Values{"size": {raw.Get("size")}})
		if err != nil {
			fresh, _ = parseQuery(nil)
		}
		d.Q = &query{Size: raw.Get("size"), Ops: raw.Get("ops"), Lines: raw.Get("lines"), Eval: raw.Get("eval"), setting: fresh.setting}
	}
	d.Editor = editor(d.Q.setting)
	render(w, "page.html", d, code)
}

// handleResults serves the results part of the page alone, which the
// page's script fetches as the operators are clicked.
func (s *Server) handleResults(w http.ResponseWriter, r *http.Request) {
	_, v, code := s.results(w, r)
	render(w, "results", v, code)
}

// render executes a template into a buffer first, so that a template
// error is a clean 500 rather than half a page.
func render(w http.ResponseWriter, name string, data any, code int) {
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, name, data); err != nil {
		http.Error(w, "families serve: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	w.Write(b.Bytes())
}

// handleSheet serves the printable sheet of the puzzles and questions in
// the query: the page "families --format html" writes, byte for byte.
func (s *Server) handleSheet(w http.ResponseWriter, r *http.Request) {
	q, err := s.parse(r.URL.Query())
	if err != nil {
		fail(w, nil, err)
		return
	}
	if q.Puzzles <= 0 && q.Questions <= 0 {
		fail(w, nil, badf("--format html prints a sheet of puzzles and questions: add --puzzles N or --questions N"))
		return
	}
	ctx, cancel := s.deadline(r)
	defer cancel()
	a, err := s.analyze(ctx, q)
	if err != nil {
		fail(w, ctx, err)
		return
	}
	if a.src == nil {
		fail(w, ctx, noSheet(a, q))
		return
	}
	x, err := s.extras(ctx, q, a)
	if err != nil {
		fail(w, ctx, err)
		return
	}
	rep := a.rep
	note := frender.SheetNote(rep, frender.SheetFlags{Puzzles: q.Puzzles, Questions: q.Questions, Min: q.puzzleMin(),
		MaxDigits: q.MaxDigits, Distinct: q.Distinct, Diagonals: q.Diagonals})
	var b bytes.Buffer
	err = frender.HTML(&b, rep, x.render(q), frender.SheetOptions{Note: note})
	if errors.Is(err, frender.ErrEmptySheet) {
		err = noSheet(a, q)
	}
	if err != nil {
		fail(w, ctx, err)
		return
	}
	// The sheet is self-contained with its own style element.
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b.Bytes())
}

// noSheet is the command line's message for a sheet with nothing on it.
func noSheet(a *analysis, q *query) error {
	if a.rep.Error != "" {
		return fmt.Errorf("the analysis of %s ended in class %s: %s", q.setting, a.rep.Class, a.rep.Error)
	}
	return &BadRequest{fmt.Sprintf("no sheet written: the setting %s has no puzzle or question to print (no positive-integer member passes the filters within --budget)", a.rep.Ops)}
}
