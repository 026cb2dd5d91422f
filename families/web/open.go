package web

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// An OpenFile is a sweep's or a census's JSON Lines output, read once
// (LoadOpen) and shown at /open as a filterable table with a plot of its
// counts.
type OpenFile struct {
	Name string
	// Kind is "sweep" or "census".
	Kind string
	Rows []OpenRow
}

// An OpenRow is one record of an opened file, as the table shows it.
type OpenRow struct {
	// Ops is a sweep record's setting, or the setting that answers a
	// census grid (its Answer's ops; "" when unknown).
	Ops  string
	Grid string // a census record's numbers, Wolf's rows form
	Size string
	// Lines and Eval are the record's, for the link to the explorer.
	Lines, Eval string
	// Class is a sweep record's class, or a census answer's kind
	// (isolated, family, unknown).
	Class string
	// Dimension is the record's (a census grid's family's, 0 when
	// isolated); -1 when there is none.
	Dimension int
	// Members counts the positive-integer members listed (a census grid
	// is one itself).
	Members int
	// Largest is a census grid's largest number (0 for a sweep).
	Largest int64
}

// maxOpenRecords bounds the records kept of an opened file: a sweep run
// writes at most 2^21, and a table row is some hundred bytes.
const maxOpenRecords = 1 << 21

// LoadOpen reads a sweep's or a census's output from r (name is for
// messages): every JSON line is a record, except a census's done lines,
// which are skipped. The file's kind is that of its first record; a line
// that is no JSON object, or a record of the other kind, is an error that
// names the line. Cost: one JSON decode per line; the rows are kept in
// memory.
func LoadOpen(name string, r io.Reader) (*OpenFile, error) {
	of := &OpenFile{Name: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var rec struct {
			Ops       string            `json:"ops"`
			Size      string            `json:"size"`
			Lines     string            `json:"lines"`
			Eval      string            `json:"eval"`
			Class     string            `json:"class"`
			Dimension *int              `json:"dimension"`
			Members   []json.RawMessage `json:"members"`
			Grid      string            `json:"grid"`
			Largest   int64             `json:"largest"`
			Done      json.RawMessage   `json:"done"`
			Answer    *struct {
				Kind   string `json:"kind"`
				Ops    string `json:"ops"`
				Family *struct {
					Dimension int `json:"dimension"`
				} `json:"family"`
			} `json:"answer"`
		}
		if err := json.Unmarshal(line, &rec); err != nil {
			return nil, fmt.Errorf("%s:%d: not a record of a sweep or a census: %v", name, n, err)
		}
		if rec.Done != nil {
			continue
		}
		kind := "sweep"
		if rec.Grid != "" {
			kind = "census"
		}
		if kind == "sweep" && rec.Class == "" {
			return nil, fmt.Errorf("%s:%d: not a record of a sweep (no class) or a census (no grid)", name, n)
		}
		if of.Kind == "" {
			of.Kind = kind
		} else if of.Kind != kind {
			return nil, fmt.Errorf("%s:%d: a %s record in a file of %s records", name, n, kind, of.Kind)
		}
		if len(of.Rows) >= maxOpenRecords {
			return nil, fmt.Errorf("%s: more than %d records", name, maxOpenRecords)
		}
		row := OpenRow{Ops: rec.Ops, Size: rec.Size, Lines: rec.Lines, Eval: rec.Eval, Class: rec.Class, Dimension: -1, Members: len(rec.Members)}
		if rec.Dimension != nil {
			row.Dimension = *rec.Dimension
		}
		if kind == "census" {
			row.Grid, row.Largest, row.Members, row.Class = rec.Grid, rec.Largest, 1, "unknown"
			if a := rec.Answer; a != nil {
				row.Class, row.Ops = a.Kind, a.Ops
				if a.Kind == "isolated" {
					row.Dimension = 0
				}
				if a.Family != nil {
					row.Dimension = a.Family.Dimension
				}
			}
		}
		of.Rows = append(of.Rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if of.Kind == "" {
		return nil, fmt.Errorf("%s: no record of a sweep or a census", name)
	}
	return of, nil
}

// openFilter is the table's filter: "" matches anything.
type openFilter struct {
	Class, Dim, Positive string
	Page                 int
}

func (f openFilter) match(r *OpenRow) bool {
	switch {
	case f.Class != "" && r.Class != f.Class:
		return false
	case f.Dim != "" && strconv.Itoa(r.Dimension) != f.Dim:
		return false
	case f.Positive == "yes" && r.Members == 0, f.Positive == "no" && r.Members > 0:
		return false
	}
	return true
}

const openPage = 100

// handleOpen serves the table of the opened file, filtered by the
// query's class, dim and positive (yes or no), 100 rows a page. Cost:
// one pass over the rows.
func (s *Server) handleOpen(w http.ResponseWriter, r *http.Request) {
	of := s.cfg.Open
	if of == nil {
		http.Error(w, "families serve: no file was opened (families serve --open FILE)", http.StatusNotFound)
		return
	}
	v := r.URL.Query()
	f := openFilter{Class: v.Get("class"), Dim: v.Get("dim"), Positive: v.Get("positive")}
	if p := v.Get("page"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 {
			fail(w, nil, badf("page must be a number from 1, got %q", p))
			return
		}
		f.Page = n - 1
	}
	if f.Positive != "" && f.Positive != "yes" && f.Positive != "no" {
		fail(w, nil, badf("positive must be yes or no, got %q", f.Positive))
		return
	}
	classes, dims := map[string]bool{}, map[int]bool{}
	var match []int
	for i := range of.Rows {
		classes[of.Rows[i].Class] = true
		dims[of.Rows[i].Dimension] = true
		if f.match(&of.Rows[i]) {
			match = append(match, i)
		}
	}
	type viewRow struct {
		OpenRow
		Link string
	}
	data := struct {
		File            *OpenFile
		F               openFilter
		Classes         []string
		Dims            []string
		Rows            []viewRow
		Matched, Pages  int
		Prev, Next      string
		Counts, CountOf string
	}{File: of, F: f, Matched: len(match), Pages: max(1, (len(match)+openPage-1)/openPage)}
	for c := range classes {
		data.Classes = append(data.Classes, c)
	}
	slices.Sort(data.Classes)
	var ds []int
	for d := range dims {
		ds = append(ds, d)
	}
	slices.Sort(ds)
	for _, d := range ds {
		data.Dims = append(data.Dims, strconv.Itoa(d))
	}
	lo := min(f.Page*openPage, len(match))
	for _, i := range match[lo:min(lo+openPage, len(match))] {
		row := of.Rows[i]
		link := ""
		if row.Ops != "" && !strings.Contains(row.Ops, ".") {
			lv := url.Values{"size": {row.Size}, "ops": {row.Ops}, "members": {"10"}}
			if row.Eval != "" && row.Eval != "precedence" {
				lv.Set("eval", row.Eval)
			}
			if row.Lines != "" {
				lv.Set("lines", row.Lines)
			}
			link = "/?" + encode(lv)
		}
		data.Rows = append(data.Rows, viewRow{row, link})
	}
	page := func(p int) string {
		pv := url.Values{}
		for k, x := range map[string]string{"class": f.Class, "dim": f.Dim, "positive": f.Positive} {
			if x != "" {
				pv.Set(k, x)
			}
		}
		pv.Set("page", strconv.Itoa(p+1))
		return "/open?" + encode(pv)
	}
	if f.Page > 0 {
		data.Prev = page(f.Page - 1)
	}
	if lo+openPage < len(match) {
		data.Next = page(f.Page + 1)
	}
	data.CountOf = "class"
	if of.Kind == "census" {
		data.CountOf = "the largest number N (grids with largest number at most N)"
	}
	render(w, "open.html", data, http.StatusOK)
}

// handleOpenCounts serves the plot of the opened file's counts as SVG:
// for a sweep, the records by class (and dimension); for a census, the
// grids whose largest number is at most N, for every N. Cost: one pass
// over the rows.
func (s *Server) handleOpenCounts(w http.ResponseWriter, r *http.Request) {
	of := s.cfg.Open
	if of == nil {
		http.Error(w, "families serve: no file was opened (families serve --open FILE)", http.StatusNotFound)
		return
	}
	var labels []string
	var counts []float64
	if of.Kind == "census" {
		by := map[int64]int{}
		var hi int64
		for _, r := range of.Rows {
			by[r.Largest]++
			hi = max(hi, r.Largest)
		}
		total := 0
		for n := int64(1); n <= hi; n++ {
			total += by[n]
			labels = append(labels, strconv.FormatInt(n, 10))
			counts = append(counts, float64(total))
		}
	} else {
		by := map[string]int{}
		for _, r := range of.Rows {
			k := r.Class
			if r.Class == "positive_dimensional" || r.Class == "finite" {
				k = fmt.Sprintf("%s %d", r.Class, r.Dimension)
			}
			by[k]++
		}
		for k := range by {
			labels = append(labels, k)
		}
		slices.Sort(labels)
		for _, k := range labels {
			counts = append(counts, float64(by[k]))
		}
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	w.Write([]byte(barsSVG(labels, counts)))
}

// barsSVG draws one bar per label, its count written above it.
func barsSVG(labels []string, counts []float64) string {
	const h, top, bottom, left = 240.0, 20.0, 90.0, 40.0
	bw := math.Max(4, math.Min(60, 640/math.Max(1, float64(len(labels)))))
	W := left + bw*float64(len(labels)) + 20
	hi := 1.0
	for _, c := range counts {
		hi = math.Max(hi, c)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %.0f %.0f" width="%.0f" height="%.0f" font-family="sans-serif" font-size="10">`+"\n", W, h+top+bottom, W, h+top+bottom)
	for i, c := range counts {
		x := left + float64(i)*bw
		bh := h * c / hi
		fmt.Fprintf(&b, `<rect class="bar" x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="#6a9fd8"><title>%s: %g</title></rect>`+"\n", x+1, top+h-bh, bw-2, bh, xmlEscape(labels[i]), c)
		if bw >= 14 || i == len(counts)-1 {
			fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" text-anchor="middle">%g</text>`+"\n", x+bw/2, top+h-bh-3, c)
		}
		if bw >= 14 || i%10 == 9 {
			fmt.Fprintf(&b, `<text transform="translate(%.2f %.2f) rotate(60)">%s</text>`+"\n", x+bw/2, top+h+8, xmlEscape(labels[i]))
		}
	}
	fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%.2f" y2="%g" stroke="#333"/>`+"\n", left, top+h, W-10, top+h)
	b.WriteString("</svg>\n")
	return b.String()
}

func xmlEscape(s string) string { return html.EscapeString(s) }
