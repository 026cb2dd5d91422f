package members

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/families-project/families/internal/checked"
	"github.com/families-project/families/internal/words"
)

// A Summary is what a member search proved, in the form the analysis
// output writes (the JSON key "members_search", see docs/members.md).
type Summary struct {
	// MaxSum is the bound on the parameter sum that was asked for
	// (Filter.MaxSum), 0 for none.
	MaxSum int64 `json:"max_sum"`
	// FinishedSum is the largest parameter sum S such that every member
	// with parameter sum at most S was found, -1 when not even the points
	// were; absent (with Complete) when no member lies beyond those found.
	FinishedSum *int64 `json:"finished_sum,omitempty"`
	// Count is the number of members with parameter sum at most
	// FinishedSum (every member, when Complete): a proved count, of one
	// member per class of the grid's symmetries.
	Count int64 `json:"count"`
	// Complete is set when no member lies beyond those found.
	Complete bool `json:"complete"`
	// Stopped is why the search ended before MaxSum: "budget",
	// "deadline", or "enough members" (--members without --max-sum);
	// absent when it reached MaxSum or was complete.
	Stopped string `json:"stopped,omitempty"`
	// Steps is the work the search did (see SearchReport.Steps).
	Steps int64 `json:"steps"`
	// NoMember holds the proofs that families have no member.
	NoMember []string `json:"no_member,omitempty"`
	// Text says all this in a sentence, for people.
	Text string `json:"-"`
}

// MembersUpTo returns the first n members (n <= 0: every member the search
// finds) in the order of EachMember, with a summary of what the search
// proved. With f.MaxSum > 0 the search goes on past the first n members
// to count every member with parameter sum at most f.MaxSum (Summary.Count),
// keeping only the first n; without it, it stops at the n-th member, and
// the summary counts the members of the sums it finished. The error is
// ctx's; the members and summary found before it are returned with it.
// Cost: Search's, to f.MaxSum or the n-th member.
func (src *Source) MembersUpTo(ctx context.Context, f Filter, n int) ([]*Member, Summary, error) {
	var ms []*Member
	var sums []int64 // the sum of every member found, in order
	rep, err := src.Search(ctx, f, nil, func(m *Member) bool {
		sums = append(sums, m.Sum)
		if n <= 0 || len(ms) < n {
			ms = append(ms, m)
		}
		return f.MaxSum > 0 || n <= 0 || len(ms) < n
	})
	return ms, src.summarize(rep, f, sums), err
}

// summarize makes the Summary of a search that found members with the
// parameter sums sums (in order).
func (src *Source) summarize(rep SearchReport, f Filter, sums []int64) Summary {
	s := Summary{MaxSum: f.MaxSum, Complete: rep.Complete, Steps: rep.Steps}
	for _, why := range rep.Empty {
		if why != "" {
			s.NoMember = append(s.NoMember, why)
		}
	}
	if !rep.Complete {
		fin := rep.Finished
		s.FinishedSum = &fin
	}
	for _, x := range sums {
		if rep.Complete || x <= rep.Finished {
			s.Count++
		}
	}
	if rep.Stop != StopDone {
		s.Stopped = rep.Stop.String()
	}
	s.Text = src.describe(rep, f, s)
	return s
}

// describe says in a sentence what the search proved and, when it found
// no member, what to try.
func (src *Source) describe(rep SearchReport, f Filter, s Summary) string {
	lo := f.lo()
	what := "positive member"
	if lo > 1 {
		what = fmt.Sprintf("member with every number at least %d", lo)
	}
	if f.AllOps || f.Distinct || f.MaxDigits > 0 {
		what += " passing the filters"
	}
	count := func(k int64) string {
		if k == 1 {
			return "1 member"
		}
		return fmt.Sprintf("%d members", k)
	}
	if rep.Complete {
		if s.Count == 0 {
			if len(s.NoMember) > 0 && len(s.NoMember) == len(src.Families) {
				return fmt.Sprintf("no %s exists (proved): %s", what, strings.Join(s.NoMember, "; "))
			}
			return fmt.Sprintf("no %s exists (proved: every family is a point, proved empty or bounded)", what)
		}
		return fmt.Sprintf("%s in all (proved: no other exists)", count(s.Count))
	}
	var b strings.Builder
	switch {
	case rep.Finished < 0:
		b.WriteString("no sum of the parameters was finished")
	case s.MaxSum > 0 && rep.Finished == s.MaxSum && s.Count == 0:
		fmt.Fprintf(&b, "no %s with parameter sum at most %d (proved: every choice of the parameters up to that sum was decided)", what, rep.Finished)
	case s.MaxSum > 0 && rep.Finished == s.MaxSum:
		fmt.Fprintf(&b, "exactly %s with parameter sum at most %d (proved: every choice of the parameters up to that sum was decided)", count(s.Count), rep.Finished)
	case s.Count == 0:
		fmt.Fprintf(&b, "no %s with parameter sum at most %d (proved)", what, rep.Finished)
	default:
		fmt.Fprintf(&b, "every member with parameter sum at most %d is listed (%s, proved)", rep.Finished, count(s.Count))
	}
	switch rep.Stop {
	case StopBudget:
		budget := f.Budget
		if budget <= 0 {
			budget = DefaultBudget
		}
		fmt.Fprintf(&b, "; the search stopped at the budget of %d steps (--budget) in sum %d", budget, rep.Finished+1)
	case StopContext:
		fmt.Fprintf(&b, "; the search stopped at the deadline in sum %d", rep.Finished+1)
	}
	for _, why := range s.NoMember {
		fmt.Fprintf(&b, "; a family has no member (proved): %s", why)
	}
	if rep.Listed == 0 && (rep.Stop == StopBudget || rep.Stop == StopContext) {
		b.WriteString("; " + src.advice(rep, f))
	}
	return b.String()
}

// advice tells a user whose search found no member what was searched and
// what to try.
func (src *Source) advice(rep SearchReport, f Filter) string {
	var parts []string
	for i, fam := range src.Families {
		d := len(fam.Params)
		if d == 0 || rep.Empty[i] != "" {
			continue
		}
		n := tuples(d, rep.Finished, f.lo())
		noun := "choices"
		if n == "1" {
			noun = "choice"
		}
		parts = append(parts, fmt.Sprintf("%s %s of the %s %s", n, noun, words.Count(d, "parameter"), strings.Join(fam.ParamNames(), ", ")))
	}
	var b strings.Builder
	if len(parts) > 0 {
		fmt.Fprintf(&b, "searched: every one of the %s with sum at most %d; ", strings.Join(parts, " and "), rep.Finished)
	}
	b.WriteString("members may have larger parameters: try a larger --budget (the choices grow about as the sum to the power of the parameters) with --max-sum to bound the sums")
	var loosen []string
	if f.lo() > 1 {
		loosen = append(loosen, "--min 1")
	}
	if f.Distinct {
		loosen = append(loosen, "no --distinct")
	}
	if f.MaxDigits > 0 {
		loosen = append(loosen, "no --max-digits")
	}
	if len(loosen) > 0 {
		b.WriteString(", or " + strings.Join(loosen, ", "))
	}
	b.WriteString("; a setting with fewer parameters (another --lines, or operators whose lines fix more numbers) has nearer members")
	return b.String()
}

// tuples returns the number of tuples of d integers of at least lo with
// sum at most s, binomial(s - d(lo-1), d), as text.
func tuples(d int, s, lo int64) string {
	n := new(big.Int)
	if m, ok := checked.Mul(int64(d), lo-1); ok && s-m >= int64(d) && s < math.MaxInt64 {
		n.Binomial(s-m, int64(d))
	}
	return n.String()
}
