package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// columns are the table's headers, in order.
var columns = []string{
	"system", "order", "dim", "elements",
	"ours (ms)", "Singular (ms)", "ours/Singular",
	"SymPy (ms)", "SymPy/ours", "check",
}

// report collects the measurements of one run and prints them.
type report struct {
	cfg                           config
	systems                       []*system
	ours, singular, sympy         results
	singularVersion, sympyVersion string
}

// tool pairs a tool's display name with its results.
type tool struct {
	name string
	rs   results
}

func (rep *report) tools() []tool {
	return []tool{{"ours", rep.ours}, {"Singular", rep.singular}, {"SymPy", rep.sympy}}
}

// write prints the table and the notes under it.
func (rep *report) write(w io.Writer) error {
	var rows [][]string
	for _, s := range rep.systems {
		for _, o := range []string{grevlex, lex} {
			rows = append(rows, rep.row(s.name, o))
		}
	}
	notes := rep.notes()
	if rep.cfg.Markdown {
		return writeMarkdown(w, rows, notes)
	}
	return writeText(w, rows, notes)
}

// row computes the cells of one table row.
func (rep *report) row(sys, ord string) []string {
	ours := rep.ours.get(sys, ord)
	sing := rep.singular.get(sys, ord)
	symp := rep.sympy.get(sys, ord)
	dim := "?"
	for _, t := range rep.tools() {
		if r := t.rs.get(sys, grevlex); r.hasDim {
			dim = fmt.Sprint(r.dim)
			break
		}
	}
	elems := "?"
	for _, r := range []*result{ours, sing, symp} {
		if r.status == stOK {
			elems = fmt.Sprint(r.elems)
			break
		}
	}
	return []string{
		sys, ord, dim, elems,
		rep.timeCell(ours), rep.timeCell(sing), rep.ratio(ours, sing),
		rep.timeCell(symp), rep.ratio(symp, ours),
		check(ours, sing, symp),
	}
}

// timeCell formats a measurement's best time in milliseconds.
func (rep *report) timeCell(r *result) string {
	switch r.status {
	case stOK:
		return fmtMS(r.best)
	case stTimeout:
		return ">timeout"
	case stError:
		return "error"
	}
	return "n/a"
}

// ratio formats a/b; a timeout on one side gives a bound (">12" or "<0.5")
// computed with the timeout in its place.
func (rep *report) ratio(a, b *result) string {
	T := rep.cfg.Timeout
	switch {
	case a.status == stOK && b.status == stOK:
		return fmtRatio(a.best, b.best)
	case a.status == stTimeout && b.status == stOK:
		return ">" + fmtRatio(T, b.best)
	case a.status == stOK && b.status == stTimeout:
		return "<" + fmtRatio(a.best, T)
	}
	return "n/a"
}

// check compares the bases of the finished tools, in canonical form (see
// canonical), and their numbers of elements: "MISMATCH" when two differ,
// "ok" when at least two finished and their bases agree, "-" otherwise. A
// tool that did not report its basis is compared by its number of
// elements alone, and the column says "sizes" instead of "ok", so that a
// lost basis cannot pass for a compared one.
func check(rs ...*result) string {
	n := 0
	sizesOnly := false
	var first *result
	for _, r := range rs {
		if r.status != stOK {
			continue
		}
		n++
		sizesOnly = sizesOnly || r.basis == ""
		if first == nil {
			first = r
			continue
		}
		if r.elems != first.elems || r.basis != "" && first.basis != "" && r.basis != first.basis {
			return "MISMATCH"
		}
		if first.basis == "" {
			first = r
		}
	}
	if n < 2 {
		return "-"
	}
	if sizesOnly {
		return "sizes"
	}
	return "ok"
}

// fmtMS formats d in milliseconds with about three significant digits.
func fmtMS(d time.Duration) string {
	ms := float64(d) / float64(time.Millisecond)
	switch {
	case ms < 10:
		return fmt.Sprintf("%.2f", ms)
	case ms < 1000:
		return fmt.Sprintf("%.1f", ms)
	}
	return fmt.Sprintf("%.0f", ms)
}

// fmtRatio formats a/b.
func fmtRatio(a, b time.Duration) string {
	if b <= 0 {
		b = time.Microsecond // Singular's resolution is 10 µs; never divide by 0
	}
	x := float64(a) / float64(b)
	switch {
	case x < 0.1:
		return strconv.FormatFloat(x, 'g', 2, 64)
	case x < 10:
		return fmt.Sprintf("%.2f", x)
	case x < 100:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.0f", x)
}

// notes explains the run's settings, missing tools, errors, timeouts,
// single-run measurements and element-count mismatches.
func (rep *report) notes() []string {
	cfg := rep.cfg
	notes := []string{fmt.Sprintf(
		"Wall-clock ms, best of up to %d timed runs after one warm-up; repeats stop once a measurement has used %v; a run over %v is >timeout. "+
			"lex = grevlex then FGLM (ours), stdfglm (Singular), fglm('lex') (SymPy) when dim = 0, the grevlex basis [1] when dim = -1, a direct lex basis otherwise. "+
			"Ratios with a timeout use the timeout as a bound.",
		cfg.Repeat, cfg.Budget, cfg.Timeout)}
	var versions []string
	if rep.singularVersion != "" {
		versions = append(versions, "Singular "+rep.singularVersion)
	}
	if rep.sympyVersion != "" {
		versions = append(versions, "SymPy "+rep.sympyVersion)
	}
	if len(versions) > 0 {
		notes = append(notes, "Versions: "+strings.Join(versions, ", ")+".")
	}
	total := 2 * len(rep.systems)
	for _, t := range rep.tools() {
		// Group the notes of this tool by text; a note on every cell (a
		// missing tool) is printed once without the cell list.
		var order []string
		cells := map[string][]string{}
		add := func(text, cell string) {
			if _, ok := cells[text]; !ok {
				order = append(order, text)
			}
			cells[text] = append(cells[text], cell)
		}
		for _, s := range rep.systems {
			for _, o := range []string{grevlex, lex} {
				r := t.rs.get(s.name, o)
				cell := s.name + " " + o
				switch {
				case r.status == stOK && r.runs == 0 && cfg.Repeat > 0:
					add("warm-up only (it used the whole budget)", cell)
				case r.status == stTimeout:
					add("timeout", cell)
				case r.status == stError:
					add("error: "+orDefault(r.note, "unknown"), cell)
				case r.status == stNA:
					add("n/a: "+orDefault(r.note, "not measured"), cell)
				}
			}
		}
		for _, text := range order {
			if len(cells[text]) == total {
				notes = append(notes, fmt.Sprintf("%s: %s (all systems).", t.name, text))
			} else {
				notes = append(notes, fmt.Sprintf("%s: %s: %s.", t.name, text, strings.Join(cells[text], ", ")))
			}
		}
	}
	for _, s := range rep.systems {
		for _, o := range []string{grevlex, lex} {
			var parts []string
			for _, t := range rep.tools() {
				if r := t.rs.get(s.name, o); r.status == stOK {
					parts = append(parts, fmt.Sprintf("%s %d", t.name, r.elems))
				}
			}
			if check(rep.ours.get(s.name, o), rep.singular.get(s.name, o), rep.sympy.get(s.name, o)) == "MISMATCH" {
				notes = append(notes, fmt.Sprintf("MISMATCH %s %s: the bases differ (elements: %s).", s.name, o, strings.Join(parts, ", ")))
			}
		}
	}
	return notes
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// writeText prints an aligned plain-text table.
func writeText(w io.Writer, rows [][]string, notes []string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, strings.Join(columns, "\t")+"\t")
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t")+"\t")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for _, n := range notes {
		if _, err := fmt.Fprintln(w, "- "+n); err != nil {
			return err
		}
	}
	return nil
}

// writeMarkdown prints a Markdown table (text columns left, numbers right)
// followed by the notes as a list.
func writeMarkdown(w io.Writer, rows [][]string, notes []string) error {
	var b strings.Builder
	b.WriteString("| " + strings.Join(columns, " | ") + " |\n|")
	for i := range columns {
		if i < 2 || i == len(columns)-1 {
			b.WriteString(" --- |")
		} else {
			b.WriteString(" ---: |")
		}
	}
	b.WriteString("\n")
	for _, r := range rows {
		b.WriteString("| " + strings.Join(r, " | ") + " |\n")
	}
	b.WriteString("\n")
	for _, n := range notes {
		b.WriteString("- " + strings.ReplaceAll(n, "|", "\\|") + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
