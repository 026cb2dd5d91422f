package web

import (
	"context"
	"fmt"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/families/puzzle"
	frender "github.com/families-project/families/families/render"
	"github.com/families-project/families/families/solve"
	"github.com/families-project/families/groebner"
)

// An analysis is the report of one setting, with the source of its
// members once made.
type analysis struct {
	rep *families.Report
	opt families.Options
	// src is nil when the analysis did not finish (class timeout or
	// error), or found no families to search (inconsistent).
	src *members.Source
}

// analyze returns the analysis of q's setting from the cache, or makes
// it under ctx in an analysis slot. An analysis cut off by ctx is
// returned with class timeout and not kept.
func (s *Server) analyze(ctx context.Context, q *query) (*analysis, error) {
	if a := s.cache.get(q.key()); a != nil {
		return a, nil
	}
	release, err := s.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	opt := q.opt
	opt.Limits = groebner.Limits{Timeout: s.cfg.Timeout}
	rep, err := families.Analyze(ctx, q.setting, opt)
	if err != nil {
		return nil, s.bad(&BadRequest{err.Error()})
	}
	a := &analysis{rep: rep, opt: opt}
	if rep.Class == families.ClassTimeout || rep.Class == families.ClassError {
		return a, nil
	}
	if rep.Class != families.ClassInconsistent {
		if a.src, err = members.FromReport(ctx, rep, opt); err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("%w while finding the families' members", context.Cause(ctx))
			}
			return nil, err
		}
	}
	s.cache.put(q.key(), a)
	return a, nil
}

// extras is what q asks of an analysis besides the report.
type extras struct {
	Members   []*members.Member
	Puzzles   []*puzzle.Puzzle
	Questions []*puzzle.Question
	// MembersNote says why fewer members than asked were found, and
	// Search what the member search proved (nil when no members were
	// asked for).
	MembersNote string
	Search      *members.Summary
	// Families and Params are the families searched for members and
	// their parameters, Algebraic the algebraic families not searched,
	// Long the members too long for a digit puzzle (as the command
	// line's report of them says).
	Families  int
	Params    [][]string
	Algebraic int
	Long      int
}

// render returns x as the command line's renderers take it, with the
// slices q asked for set (empty when none was found), or nil when q asks
// for nothing, as "families --format json|latex" passes them.
func (x *extras) render(q *query) *frender.Extras {
	if x == nil || (q.Members == 0 && q.Puzzles == 0 && q.Questions == 0) {
		return nil
	}
	fx := &frender.Extras{Families: x.Families, Params: x.Params, Algebraic: x.Algebraic, MembersNote: x.MembersNote,
		MembersSearch: x.Search, Long: x.Long}
	if q.Members > 0 {
		fx.Members = nonNil(x.Members)
	}
	if q.Puzzles > 0 {
		fx.Puzzles = nonNil(x.Puzzles)
	}
	if q.Questions > 0 {
		fx.Questions = nonNil(x.Questions)
	}
	return fx
}

// extras makes the members, puzzles and questions that q asks for, in an
// analysis slot, as the command line's --members, --puzzles and
// --questions make them (the same filter, the same order). Cost: the
// member search within the default budget, and one proof per question.
func (s *Server) extras(ctx context.Context, q *query, a *analysis) (*extras, error) {
	x := &extras{}
	if a.src == nil || (q.Members == 0 && q.Puzzles == 0 && q.Questions == 0) {
		return x, nil
	}
	release, err := s.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	x.Families = len(a.src.Families)
	for _, fam := range a.src.Families {
		x.Params = append(x.Params, fam.ParamNames())
	}
	if res := a.rep.Result(); res != nil {
		for _, fam := range res.Families() {
			if fam.Kind == solve.Algebraic {
				x.Algebraic++
			}
		}
	}
	f := q.filter()
	if q.Members > 0 {
		// As the command line: the first members with the summary of
		// what the search proved, and a note when a limit, not the
		// families, ended it.
		var sum members.Summary
		if x.Members, sum, err = a.src.MembersUpTo(ctx, f, q.Members); err != nil {
			return nil, s.stopped(ctx, err)
		}
		x.Search = &sum
		if sum.Stopped == members.StopBudget.String() || sum.Stopped == members.StopContext.String() {
			x.MembersNote = sum.Text
		}
	}
	// Puzzles and questions as the command line makes them: no number
	// below puzzle.DefaultMin unless a min is asked for, and no question
	// with a puzzle's numbers.
	f.Min = q.puzzleMin()
	if q.Puzzles > 0 {
		popt := puzzle.PuzzleOptions{Diagonals: q.Diagonals, Seed: 1, Skipped: func(*members.Member) { x.Long++ }}
		if x.Puzzles, err = puzzle.Puzzles(ctx, a.src, f, popt, q.Puzzles); err != nil {
			return nil, s.stopped(ctx, err)
		}
	}
	if q.Questions > 0 {
		if x.Questions, err = puzzle.QuestionsApart(ctx, a.src, f, q.Questions, x.Puzzles); err != nil {
			return nil, s.stopped(ctx, err)
		}
	}
	return x, nil
}

// stopped names the deadline when ctx ended the work, as the command line
// does.
func (s *Server) stopped(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("%w while making members, puzzles or questions", context.Cause(ctx))
	}
	return err
}
