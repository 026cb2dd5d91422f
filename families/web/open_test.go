package web

import (
	"os"
	"strings"
	"testing"
)

// sweepLines are three sweep records (the keys the table reads): two
// finite settings with members and one inconsistent setting.
const sweepLines = `{"ops":"+-|-----|-+|--/-x|--","size":"3x3","lines":"rows,cols,diag,short","eval":"precedence","class":"finite","dimension":0,"members":[{"a":10,"b":2,"c":12,"d":2,"f":4,"g":2,"h":8,"k":2,"m":6}],"index":1}
{"ops":"++|+++++|++|+++++|++","size":"3x3","lines":"rows,cols,diag,short","eval":"precedence","class":"inconsistent","dimension":-1,"index":2}
{"ops":"+=|x-++-|+=|=====|/=","size":"3x3","lines":"rows,cols,diag","eval":"precedence","class":"positive_dimensional","dimension":1,"members":[{"a":3}],"index":3}
`

// censusLines are a census's first lines: a done line, a grid, a done
// line (as families census --size 3x3 --max 12 writes them).
const censusLines = `{"done":{"task":0,"grids":0,"nodes":387,"leaves":11},"census":{"id":"191c0b60ec728fb3","size":"3x3","max":12,"tasks":12}}
{"grid":"10 2 12 / 2 4 2 / 8 2 6","numbers":{"a":10,"b":2,"c":12,"d":2,"f":4,"g":2,"h":8,"k":2,"m":6},"size":"3x3","lines":"rows,cols,diag,short","eval":"precedence","sum":48,"largest":12,"settings":3,"settings_any_ops":8,"settings_class":6,"images":[{"symmetry":"identity","grid":"10 2 12 / 2 4 2 / 8 2 6","settings":3},{"symmetry":"mirror-lr","grid":"12 2 10 / 2 4 2 / 6 2 8","settings":3}],"ranked":3,"tangent_dimension":0,"checked":1,"analyzes":[{"ops":"+-|-----|-+|--/-x|--","tangent_dimension":0,"class":"finite","dimension":0,"isolated":true}],"answer":{"kind":"isolated","ops":"+-|-----|-+|--/-x|--","by":"engine"},"task":1,"census":{"id":"191c0b60ec728fb3","size":"3x3","max":12,"tasks":12}}
{"done":{"task":1,"grids":1,"nodes":307,"leaves":2},"census":{"id":"191c0b60ec728fb3","size":"3x3","max":12,"tasks":12}}
`

func TestLoadOpen(t *testing.T) {
	of, err := LoadOpen("run.jsonl", strings.NewReader(sweepLines))
	if err != nil {
		t.Fatal(err)
	}
	if of.Kind != "sweep" || len(of.Rows) != 3 || of.Rows[0].Members != 1 || of.Rows[1].Dimension != -1 || of.Rows[2].Class != "positive_dimensional" {
		t.Errorf("sweep: %+v", of)
	}
	of, err = LoadOpen("census.jsonl", strings.NewReader(censusLines))
	if err != nil {
		t.Fatal(err)
	}
	if of.Kind != "census" || len(of.Rows) != 1 || of.Rows[0].Class != "isolated" || of.Rows[0].Largest != 12 || of.Rows[0].Ops != "+-|-----|-+|--/-x|--" {
		t.Errorf("census: %+v", of)
	}
	// The records of the project's own sweep data load.
	f, err := os.Open("../../testdata/sweep/allzero_members.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if of, err = LoadOpen("allzero_members.jsonl", f); err != nil || len(of.Rows) != 6 {
		t.Errorf("allzero_members.jsonl: %v, %d rows", err, len(of.Rows))
	}
}

func TestLoadOpenRefuses(t *testing.T) {
	census := strings.Split(censusLines, "\n")[1]
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "no record"},
		{"only done lines", strings.Split(censusLines, "\n")[0] + "\n", "no record"},
		{"not JSON", "hello\n", "run.jsonl:1: not a record"},
		{"no class", "{\"ops\":\"++\"}\n", "run.jsonl:1: not a record of a sweep"},
		{"mixed", sweepLines + census + "\n", "run.jsonl:4: a census record in a file of sweep records"},
		{"an array", "[1,2]\n", "run.jsonl:1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadOpen("run.jsonl", strings.NewReader(c.text))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err %v, want %q", err, c.want)
			}
		})
	}
}

// TestOpenFilters: the table's filters select the matching records, the
// plot counts them, and a bad filter is refused.
func TestOpenFilters(t *testing.T) {
	of, err := LoadOpen("run.jsonl", strings.NewReader(sweepLines))
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := newTestServer(t, Config{Open: of})
	for _, c := range []struct {
		query, want string
		code        int
	}{
		{"", "3 records match", 200},
		{"class=finite", "1 record matches", 200},
		{"dim=1", "1 record matches", 200},
		{"positive=yes", "2 records match", 200},
		{"positive=no", "1 record matches", 200},
		{"class=finite&positive=no", "0 records match", 200},
		{"page=2", "page 2 of 1", 200},
		{"positive=maybe", "positive must be yes or no", 400},
		{"page=0", "page must be a number from 1", 400},
	} {
		code, body := get(t, ts, "/open?"+c.query)
		if code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("/open?%s: status %d, want %d with %q", c.query, code, c.code, c.want)
		}
	}
	// Every setting links to the explorer with its members.
	_, body := get(t, ts, "/open?class=finite")
	if !strings.Contains(body, "/?lines=rows,cols,diag,short&amp;members=10&amp;ops=%2B-%7c-----%7c-%2B%7c--/-x%7c--&amp;size=3x3") {
		t.Errorf("no link to the explorer:\n%s", body)
	}
	_, svg := get(t, ts, "/open/counts.svg")
	for _, w := range []string{"finite 0: 1</title>", "inconsistent: 1</title>", "positive_dimensional 1: 1</title>"} {
		if !strings.Contains(svg, w) {
			t.Errorf("counts: missing %q in\n%s", w, svg)
		}
	}
	cf, err := LoadOpen("census.jsonl", strings.NewReader(censusLines))
	if err != nil {
		t.Fatal(err)
	}
	tc, _ := newTestServer(t, Config{Open: cf})
	_, svg = get(t, tc, "/open/counts.svg")
	if strings.Count(svg, "<rect") != 12 || !strings.Contains(svg, "<title>12: 1</title>") || !strings.Contains(svg, "<title>11: 0</title>") {
		t.Errorf("census counts: want 12 bars (N = 1..12), the last 1:\n%s", svg)
	}
	if _, page := get(t, tc, "/open"); !strings.Contains(page, "10 2 12 / 2 4 2 / 8 2 6") {
		t.Errorf("census table without its grid")
	}
}
