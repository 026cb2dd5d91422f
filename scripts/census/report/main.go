// Command report reads the JSON Lines of a census run with --families
// and writes the findings by bound N: a Markdown table on stdout (grids,
// grids up to symmetry, isolated, on a family, with distinct numbers,
// named families), the families that hold the most grids with their
// formulas, the first isolated grid that is not all-equal, and a plot of
// the counts against N as SVG (-svg). A census to N answers every bound
// below N too: a grid's record does not depend on the bound.
//
//	go run ./scripts/census/report -svg docs/census-4x4.svg census.jsonl
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"
)

type record struct {
	Grid    string           `json:"grid"`
	Numbers map[string]int64 `json:"numbers"`
	Sum     int64            `json:"sum"`
	Largest int64            `json:"largest"`
	Images  []json.RawMessage
	Answer  struct {
		Kind   string `json:"kind"`
		Ops    string `json:"ops"`
		By     string `json:"by"`
		Family *struct {
			Dimension int               `json:"dimension"`
			Kind      string            `json:"kind"`
			Solution  map[string]string `json:"solution"`
			Key       string            `json:"key"`
		} `json:"family"`
	} `json:"answer"`
	Done *json.RawMessage `json:"done"`
}

// row is one bound's counts.
type row struct {
	n                                          int64
	grids, classes, isolated, family, distinct int
	families                                   int
	// most is the grids (classes) on the family holding most of them,
	// mostKey its key (the least key among ties); first is the first
	// isolated grid that is not all-equal (least largest number, then
	// sum, then output order), nil when none.
	most    int
	mostKey string
	first   *record
}

func main() {
	svg := flag.String("svg", "", "write the plot of the counts against N to this file")
	top := flag.Int("top", 8, "families listed")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: report [-svg FILE] [-top K] census.jsonl")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *svg, *top, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

func run(path, svg string, top int, w io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var recs []*record
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var r record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return err
		}
		if r.Done == nil {
			recs = append(recs, &r)
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if len(recs) == 0 {
		return fmt.Errorf("%s holds no grids", path)
	}
	var maxN int64
	for _, r := range recs {
		maxN = max(maxN, r.Largest)
	}
	rows := make([]row, 0, maxN)
	for n := int64(1); n <= maxN; n++ {
		rw := row{n: n}
		keys := map[string]int{}
		for _, r := range recs {
			if r.Largest > n {
				continue
			}
			rw.classes++
			rw.grids += len(r.Images)
			switch r.Answer.Kind {
			case "isolated":
				rw.isolated++
				if !allEqual(r) && (rw.first == nil || r.Largest < rw.first.Largest || r.Largest == rw.first.Largest && r.Sum < rw.first.Sum) {
					rw.first = r
				}
			case "family":
				rw.family++
				if r.Answer.Family != nil {
					keys[r.Answer.Family.Key]++
				}
			}
			if distinct(r) {
				rw.distinct++
			}
		}
		rw.families = len(keys)
		for k, c := range keys {
			if c > rw.most || c == rw.most && k < rw.mostKey {
				rw.most, rw.mostKey = c, k
			}
		}
		rows = append(rows, rw)
	}
	fmt.Fprintln(w, "| N | grids | up to symmetry | isolated | on a family | distinct numbers | families | most on one family (key) | first isolated grid, not all-equal |")
	fmt.Fprintln(w, "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |")
	var prev *record
	for _, rw := range rows {
		most := "-"
		if rw.most > 0 {
			most = fmt.Sprintf("%d (%s)", rw.most, rw.mostKey)
		}
		first := "none"
		switch {
		case rw.first != nil && rw.first == prev:
			first = "as above"
		case rw.first != nil:
			first = "`" + rw.first.Grid + "`"
		}
		prev = rw.first
		fmt.Fprintf(w, "| %d | %d | %d | %d | %d | %d | %d | %s | %s |\n", rw.n, rw.grids, rw.classes, rw.isolated, rw.family, rw.distinct, rw.families, most, first)
	}
	// The families holding the most grids (classes), at the largest N.
	type fam struct {
		key, ops, formulas, first string
		dim, grids                int
	}
	byKey := map[string]*fam{}
	for _, r := range recs {
		fr := r.Answer.Family
		if r.Answer.Kind != "family" || fr == nil {
			continue
		}
		fm := byKey[fr.Key]
		if fm == nil {
			fm = &fam{key: fr.Key, ops: r.Answer.Ops, formulas: formulas(fr.Solution), first: r.Grid, dim: fr.Dimension}
			byKey[fr.Key] = fm
		}
		fm.grids++
	}
	fams := make([]*fam, 0, len(byKey))
	for _, fm := range byKey {
		fams = append(fams, fm)
	}
	slices.SortFunc(fams, func(a, b *fam) int {
		if a.grids != b.grids {
			return b.grids - a.grids
		}
		return strings.Compare(a.key, b.key)
	})
	fmt.Fprintf(w, "\nThe %d families holding the most grids up to symmetry (N = %d):\n\n", min(top, len(fams)), maxN)
	fmt.Fprintln(w, "| grids | dimension | setting (standard form) | formulas | first grid | key |")
	fmt.Fprintln(w, "| ---: | ---: | --- | --- | --- | --- |")
	for _, fm := range fams[:min(top, len(fams))] {
		fmt.Fprintf(w, "| %d | %d | `%s` | %s | `%s` | %s |\n", fm.grids, fm.dim, fm.ops, fm.formulas, fm.first, fm.key)
	}
	// The first isolated grid that is not all-equal, by largest number,
	// then sum, then output order.
	var first *record
	for _, r := range recs {
		if r.Answer.Kind != "isolated" || allEqual(r) {
			continue
		}
		if first == nil || r.Largest < first.Largest || r.Largest == first.Largest && r.Sum < first.Sum {
			first = r
		}
	}
	if first != nil {
		fmt.Fprintf(w, "\nFirst isolated grid that is not all-equal: `%s` (largest %d, sum %d), forced by `%s` (%s).\n", first.Grid, first.Largest, first.Sum, first.Answer.Ops, first.Answer.By)
	}
	if svg != "" {
		return os.WriteFile(svg, []byte(plot(rows)), 0o644)
	}
	return nil
}

func distinct(r *record) bool {
	seen := map[int64]bool{}
	for _, v := range r.Numbers {
		if seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}

func allEqual(r *record) bool {
	for _, v := range r.Numbers {
		if v != r.Largest {
			return false
		}
	}
	return true
}

// formulas writes a family's numbers in name order, grouping the names
// with one formula: "a, d = u; b, c = 1".
func formulas(sol map[string]string) string {
	names := make([]string, 0, len(sol))
	for nm := range sol {
		names = append(names, nm)
	}
	slices.Sort(names)
	var order []string
	group := map[string][]string{}
	for _, nm := range names {
		f := sol[nm]
		if group[f] == nil {
			order = append(order, f)
		}
		group[f] = append(group[f], nm)
	}
	parts := make([]string, len(order))
	for i, f := range order {
		parts[i] = strings.Join(group[f], ",") + " = " + f
	}
	return strings.Join(parts, "; ")
}

// plot draws the counts against N on a logarithmic scale, as SVG.
func plot(rows []row) string {
	const W, H, L, R, T, B = 720, 420, 70, 170, 30, 50
	series := []struct {
		name, color string
		get         func(row) int
	}{
		{"grids", "#1f77b4", func(r row) int { return r.grids }},
		{"up to symmetry", "#ff7f0e", func(r row) int { return r.classes }},
		{"isolated", "#2ca02c", func(r row) int { return r.isolated }},
		{"on a family", "#d62728", func(r row) int { return r.family }},
		{"families", "#9467bd", func(r row) int { return r.families }},
		{"distinct numbers", "#8c564b", func(r row) int { return r.distinct }},
	}
	top := 1
	for _, r := range rows {
		top = max(top, r.grids)
	}
	decades := int(math.Ceil(math.Log10(float64(top))))
	maxN := float64(rows[len(rows)-1].n)
	x := func(n float64) float64 { return L + (n-1)/math.Max(maxN-1, 1)*(W-L-R) }
	y := func(v int) float64 {
		return H - B - math.Log10(float64(v))/float64(decades)*(H-T-B)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", W, H)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", W, H)
	for d := 0; d <= decades; d++ {
		yy := y(int(math.Pow(10, float64(d))))
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/><text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", L, yy, W-R, yy, L-6, yy+4, pow10(d))
	}
	for n := 1.0; n <= maxN; n++ {
		if int(n)%4 == 0 || n == 1 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n", x(n), H-B+18, int(n))
		}
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/><line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n", L, H-B, W-R, H-B, L, T, L, H-B)
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">N (largest number)</text>`+"\n", (L+W-R)/2, H-10)
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">4x4 all-lines-zero census: counts up to N (log scale)</text>`+"\n", (L+W-R)/2, T-10)
	for i, s := range series {
		var pts []string
		for _, r := range rows {
			if v := s.get(r); v > 0 {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(float64(r.n)), y(v)))
			}
		}
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`+"\n", s.color, strings.Join(pts, " "))
		ly := T + 10 + 20*i
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/><text x="%d" y="%d">%s</text>`+"\n", W-R+10, ly, W-R+30, ly, s.color, W-R+35, ly+4, s.name)
	}
	b.WriteString("</svg>\n")
	return b.String()
}

func pow10(d int) string {
	return "1" + strings.Repeat("0", d)
}
