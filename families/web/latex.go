package web

import (
	"bytes"
	"fmt"
	"net/http"

	frender "github.com/families-project/families/families/render"
)

// handleLaTeX serves the state's report as a LaTeX document, the one
// "families --format latex" writes (the same renderer, families/render),
// with the members, puzzles and questions asked for, as an attachment.
// Cost: the analysis (cached), the members, puzzles and questions, and
// the formatting of the formulas.
func (s *Server) handleLaTeX(w http.ResponseWriter, r *http.Request) {
	q, err := s.parse(r.URL.Query())
	if err != nil {
		fail(w, nil, err)
		return
	}
	ctx, cancel := s.deadline(r)
	defer cancel()
	a, err := s.analyze(ctx, q)
	if err != nil {
		fail(w, ctx, err)
		return
	}
	var b bytes.Buffer
	if err := frender.LaTeX(ctx, &b, a.rep); err != nil {
		fail(w, ctx, err)
		return
	}
	x, err := s.extras(ctx, q, a)
	if err != nil {
		fail(w, ctx, err)
		return
	}
	if fx := x.render(q); fx != nil {
		err = frender.LaTeXExtras(&b, fx)
	}
	if err == nil {
		err = frender.LaTeXEnd(&b)
	}
	if err != nil {
		fail(w, ctx, err)
		return
	}
	w.Header().Set("Content-Type", "application/x-tex; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", "families-"+q.Size+"-"+fileSafe.ReplaceAllString(q.Ops, "_")+".tex"))
	w.Write(b.Bytes())
}
