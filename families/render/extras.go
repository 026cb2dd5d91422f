package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/members"
	"github.com/families-project/families/families/puzzle"
	"github.com/families-project/families/internal/words"
	"github.com/families-project/families/schema"
)

// Extras are what is made from a report on request: positive-integer
// members, digit puzzles and "find the numbers" questions. A nil slice was
// not asked for; an empty one was asked for and none was found.
type Extras struct {
	// Families counts the families searched for members, Params holds
	// their parameters, and Algebraic counts the algebraic families,
	// whose members are not searched.
	Families  int
	Params    [][]string
	Algebraic int
	Members   []*members.Member
	// MembersNote says why fewer members than asked were listed, when
	// the search, not the families, ended it ("" otherwise).
	MembersNote string
	// MembersSearch is what the member search proved (the key
	// "members_search", see docs/members.md); nil when no members were
	// asked for.
	MembersSearch *members.Summary
	Puzzles       []*puzzle.Puzzle
	// Long counts the members that made no puzzle because a number had
	// more digits than the digit solver takes.
	Long      int
	Questions []*puzzle.Question
	// Stopped says which stage a time limit or a signal stopped, and why
	// ("" when every stage finished).
	Stopped string
}

// ExtrasText writes x as the sections that follow the report's text.
func ExtrasText(w io.Writer, x *Extras) error {
	b := &strings.Builder{}
	var ps []string
	for _, p := range x.Params {
		ps = append(ps, "{"+strings.Join(p, ", ")+"}")
	}
	fmt.Fprintf(b, "\nfamilies searched for integer members: %d", x.Families)
	if len(ps) > 0 {
		fmt.Fprintf(b, " (parameters %s)", strings.Join(ps, ", "))
	}
	if x.Algebraic > 0 {
		noun := "families"
		if x.Algebraic == 1 {
			noun = "family"
		}
		fmt.Fprintf(b, "; not searched: %d algebraic %s, whose integer members, if any, are not listed", x.Algebraic, noun)
	}
	fmt.Fprintln(b)
	if x.Stopped != "" {
		fmt.Fprintf(b, "\nstopped: %s; what was found before is below\n", x.Stopped)
	}
	if x.Members != nil {
		fmt.Fprintf(b, "\nmembers (%d, by the sum of the parameters):\n", len(x.Members))
		if x.MembersNote != "" {
			fmt.Fprintf(b, "  (%s)\n", x.MembersNote)
		} else if x.MembersSearch != nil {
			fmt.Fprintf(b, "  search: %s\n", x.MembersSearch.Text)
		}
		for _, m := range x.Members {
			fmt.Fprintf(b, "  %s\n", m)
		}
	}
	if x.Puzzles != nil {
		fmt.Fprintf(b, "\ndigit puzzles (%d, each with exactly one solution):\n", len(x.Puzzles))
		if x.Long > 0 {
			fmt.Fprintf(b, "  (%s skipped: a number of more than %d digits makes no digit puzzle)\n", words.Count(x.Long, "member"), puzzle.MaxPuzzleDigits)
		}
		for i, p := range x.Puzzles {
			fmt.Fprintf(b, "\npuzzle %d (%s: %s)\n", i+1, p.Solution, p.Letters)
			b.WriteString(Indent(p.Text(), "  "))
		}
	}
	if x.Questions != nil {
		fmt.Fprintf(b, "\nfind the numbers (%d, each forced by the numbers shown, proved):\n", len(x.Questions))
		for i, q := range x.Questions {
			rev := "nothing"
			if len(q.Revealed) > 0 {
				rev = strings.Join(q.Revealed, ", ")
			}
			fmt.Fprintf(b, "\nquestion %d (revealed %s; solution %s)\n", i+1, rev, q.Solution)
			b.WriteString(Indent(q.Text(), "  "))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// JSON writes the report's object, its first key "schema" naming its
// JSON Schema (schema.Analysis), with the keys of x (when not nil) added at
// its end: "stopped", "members", "members_error", "members_search", "puzzles",
// "questions"; indented as the analyze command writes JSON, or on one
// line (the record of a sweep) when indent is false.
func JSON(w io.Writer, rep *families.Report, x *Extras, indent bool) error {
	b, err := json.Marshal(rep)
	if err != nil {
		return err
	}
	// The schema's version comes first, so that a reader knows the keys
	// before it reads them (schema/analysis.schema.json).
	b = append([]byte(`{"schema":"`+schema.Analysis+`",`), b[1:]...)
	if x != nil {
		var extra bytes.Buffer
		add := func(key string, v any, asked bool) error {
			if !asked {
				return nil
			}
			vb, err := json.Marshal(v)
			if err != nil {
				return err
			}
			fmt.Fprintf(&extra, ",%q:%s", key, vb)
			return nil
		}
		for _, k := range []struct {
			key   string
			v     any
			asked bool
		}{
			{"stopped", x.Stopped, x.Stopped != ""},
			{"members", x.Members, x.Members != nil},
			{"members_error", x.MembersNote, x.MembersNote != ""},
			{"members_search", x.MembersSearch, x.MembersSearch != nil},
			{"puzzles", x.Puzzles, x.Puzzles != nil},
			{"questions", x.Questions, x.Questions != nil},
		} {
			if err := add(k.key, k.v, k.asked); err != nil {
				return err
			}
		}
		b = append(append(bytes.TrimSuffix(bytes.TrimSpace(b), []byte("}")), extra.Bytes()...), '}')
	}
	var out bytes.Buffer
	if !indent {
		out.Write(b)
	} else if err := json.Indent(&out, b, "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	_, err = w.Write(out.Bytes())
	return err
}

// SheetOptions are the choices of the printable sheet that the report
// does not hold.
type SheetOptions struct {
	// Note is printed small under the answer key: the command that makes
	// the sheet again.
	Note string
	// Paper is the page size, "letter" or "a4" ("" is letter).
	Paper string
}

// ErrEmptySheet is returned by HTML when there is no puzzle and no
// question to print.
var ErrEmptySheet = puzzle.ErrEmptySheet

// HTML writes the printable sheet of x's puzzles and questions for the
// report's setting, with the answer key on a page of its own.
func HTML(w io.Writer, rep *families.Report, x *Extras, opt SheetOptions) error {
	lines, err := grid.ParseLineSet(rep.Lines)
	if err != nil {
		return err
	}
	ev, err := grid.ParseEval(rep.Eval)
	if err != nil {
		return err
	}
	sheet := &puzzle.Sheet{Title: "Calcrostics", Note: opt.Note, Setting: rep.Setting(), Lines: lines, Eval: ev,
		Puzzles: x.Puzzles, Questions: x.Questions, Paper: opt.Paper}
	if err := puzzle.WriteHTML(w, sheet); err != nil {
		if errors.Is(err, puzzle.ErrEmptySheet) {
			return ErrEmptySheet
		}
		return err
	}
	return nil
}
