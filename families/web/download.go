package web

import (
	"bytes"
	"fmt"
	"net/http"
	"regexp"

	"github.com/families-project/families/families"
	frender "github.com/families-project/families/families/render"
)

// Downloads are what the page offers to save: the report as the command
// line's --format json writes it, and the system as a script for another
// algebra system that computes the saturated basis and checks it against
// ours. Every name a script introduces starts with "fam", so that no
// number of the grid (a single letter or x_R_C) is shadowed.

// handleDownload serves the download named by the query's "as": json,
// singular, m2 or sympy. Cost: the analysis (cached) and, for json, the
// members, puzzles and questions asked for.
func (s *Server) handleDownload(w http.ResponseWriter, r *http.Request) {
	q, err := s.parse(r.URL.Query())
	if err != nil {
		fail(w, nil, err)
		return
	}
	as := r.URL.Query().Get("as")
	ext := map[string]string{"json": ".json", "singular": ".sing", "m2": ".m2", "sympy": ".py"}[as]
	if ext == "" {
		fail(w, nil, badf("unknown download %q (want json, singular, m2 or sympy)", as))
		return
	}
	ctx, cancel := s.deadline(r)
	defer cancel()
	a, err := s.analyze(ctx, q)
	if err != nil {
		fail(w, ctx, err)
		return
	}
	var body []byte
	switch as {
	case "json":
		x, err := s.extras(ctx, q, a)
		if err != nil {
			fail(w, ctx, err)
			return
		}
		if body, err = reportJSON(a.rep, q, x); err != nil {
			fail(w, ctx, err)
			return
		}
	case "singular":
		body = []byte(frender.Script(a.rep, "singular", "families serve"))
	case "m2":
		body = []byte(frender.Script(a.rep, "m2", "families serve"))
	case "sympy":
		body = []byte(frender.Script(a.rep, "sympy", "families serve"))
	}
	name := "families-" + q.Size + "-" + fileSafe.ReplaceAllString(q.Ops, "_") + ext
	w.Header().Set("Content-Type", map[string]string{".json": "application/json", ".sing": "text/plain", ".m2": "text/plain", ".py": "text/x-python"}[ext]+"; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
	w.Write(body)
}

var fileSafe = regexp.MustCompile(`[^A-Za-z0-9+=-]`)

// reportJSON writes the report as "families --format json" does (the
// same renderer), with the members, puzzles and questions asked for as
// its last keys.
func reportJSON(rep *families.Report, q *query, x *extras) ([]byte, error) {
	var b bytes.Buffer
	if err := frender.JSON(&b, rep, x.render(q), true); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
