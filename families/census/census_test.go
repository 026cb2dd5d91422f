package census

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/output"
)

func runCensus(t *testing.T, opt Options) ([]*Record, *Summary) {
	t.Helper()
	c, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	sum, err := c.Write(context.Background(), &buf, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	var recs []*Record
	for _, ln := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var l line
		if err := json.Unmarshal([]byte(ln), &l); err != nil {
			t.Fatal(err)
		}
		if l.Done == nil {
			r := l.Record
			recs = append(recs, &r)
		}
	}
	return recs, sum
}

func splitFields(s string) []string {
	var out []string
	for _, f := range strings.Fields(s) {
		if f != "/" {
			out = append(out, f)
		}
	}
	return out
}

// TestAllZeroExperiment: Wolf's all-lines-zero question (2010 talk). The 3x3 sweep of every
// all-lines-zero setting with all four operators finds positive-integer
// solutions for 6 settings, all with the numbers 12 2 10 / 2 4 2 / 6 2 8 or
// their mirror image (testdata/sweep/allzero_members.jsonl). The census
// must find no grid below 12 and exactly that one above, its two images
// having exactly those 6 settings between them, and the engine must call
// it isolated.
func TestAllZeroExperiment(t *testing.T) {
	data, err := os.ReadFile("../../testdata/sweep/allzero_members.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	sweepOps := map[string]bool{}
	for _, ln := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r struct{ Ops string }
		if err := json.Unmarshal([]byte(ln), &r); err != nil {
			t.Fatal(err)
		}
		sweepOps[r.Ops] = true
	}
	if len(sweepOps) != 6 {
		t.Fatalf("the sweep's file has %d settings, want 6", len(sweepOps))
	}
	z := grid.Size{Rows: 3, Cols: 3}
	for _, max := range []int64{11, 12, 60} {
		recs, _ := runCensus(t, Options{Size: z, Max: max, Analyze: 1})
		if max < 12 {
			if len(recs) != 0 {
				t.Errorf("max %d: %d grids, want none", max, len(recs))
			}
			continue
		}
		if len(recs) != 1 {
			t.Fatalf("max %d: %d grids, want 1", max, len(recs))
		}
		r := recs[0]
		if r.Grid != "10 2 12 / 2 4 2 / 8 2 6" || len(r.Images) != 2 || r.Images[1].Grid != "12 2 10 / 2 4 2 / 6 2 8" {
			t.Errorf("max %d: grid %s with images %+v, want Wolf's grid and its mirror image", max, r.Grid, r.Images)
		}
		if r.Answer.Kind != "isolated" || r.Answer.By != "engine" || r.Checked < 1 {
			t.Errorf("max %d: answer %+v, checked %d: want isolated by the engine", max, r.Answer, r.Checked)
		}
		c, _ := New(Options{Size: z, Max: max})
		got := map[string]bool{}
		total := int64(0)
		for _, im := range r.Images {
			vals := parseGrid(t, z, im.Grid)
			st := c.g.countSettings(vals)
			total += st.All.Int64()
			st.list(false, 100, func(ops []grid.Op) bool {
				s, err := grid.NewSetting(z, ops)
				if err != nil {
					t.Fatal(err)
				}
				got[s.String()] = true
				return true
			})
		}
		if r.SettingsClass == nil || r.SettingsClass.Int64() != 6 {
			t.Errorf("max %d: settings_class %v, want the sweep's 6", max, r.SettingsClass)
		}
		if total != 6 || len(got) != 6 {
			t.Errorf("max %d: %d settings (%d listed), want the sweep's 6", max, total, len(got))
		}
		for ops := range sweepOps {
			if !got[ops] {
				t.Errorf("max %d: the sweep's setting %s is missing", max, ops)
			}
		}
	}
}

// TestSolveConstantLine: left to right, (2 - 2) x n and (2 - 2) / n are
// zero for every n, so the search must take every value there (the brute
// force found grids such a line allowed that the census missed); under
// precedence the term of n is never zero and there is one value or none.
func TestSolveConstantLine(t *testing.T) {
	for _, tc := range []struct {
		ev      grid.Eval
		x       []int64
		o       []grid.Op
		j       int
		v       int64
		ok, all bool
	}{
		{grid.LeftToRight, []int64{2, 2, 0}, []grid.Op{grid.Sub, grid.Mul}, 2, 0, false, true},
		{grid.LeftToRight, []int64{2, 2, 0}, []grid.Op{grid.Sub, grid.Div}, 2, 0, false, true},
		{grid.LeftToRight, []int64{2, 2, 0, 3}, []grid.Op{grid.Sub, grid.Mul, grid.Add}, 2, 0, false, false},
		{grid.LeftToRight, []int64{2, 3, 0}, []grid.Op{grid.Sub, grid.Mul}, 2, 0, false, false},
		{grid.LeftToRight, []int64{2, 0, 4}, []grid.Op{grid.Mul, grid.Sub}, 1, 2, true, false},
		{grid.Precedence, []int64{2, 2, 0}, []grid.Op{grid.Sub, grid.Mul}, 2, 1, true, false},
		{grid.Precedence, []int64{2, 4, 0}, []grid.Op{grid.Sub, grid.Div}, 2, 2, true, false},
	} {
		v, ok, all := solveLine(tc.ev, tc.x, tc.o, tc.j)
		if ok != tc.ok || all != tc.all || ok && (v.n != tc.v || v.d != 1) {
			t.Errorf("%s %v %v, number %d: %v %t %t, want %d %t %t", tc.ev, tc.x, tc.o, tc.j, v, ok, all, tc.v, tc.ok, tc.all)
		}
	}
}

// TestOnesCount: the independent count of the settings of the 3x4
// grid of ones.
func TestOnesCount(t *testing.T) {
	g, err := newGeometry(grid.Size{Rows: 3, Cols: 4}, grid.AllLines, grid.Precedence)
	if err != nil {
		t.Fatal(err)
	}
	ones := []int64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	if got := g.countSettings(ones).All; got.Int64() != 1680480 {
		t.Errorf("settings of the 3x4 grid of ones: %s, want 1680480", got)
	}
}

// TestResume cuts a census file as a kill would leave it, at every
// line, and checks that --resume completes it to the same bytes; a file
// of another census is refused.
func TestResume(t *testing.T) {
	opt := Options{Size: grid.Size{Rows: 3, Cols: 4}, Max: 4, Analyze: 0, Jobs: 2}
	c, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	full := filepath.Join(dir, "full.jsonl")
	if _, err := c.WriteFile(context.Background(), full, false); err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(full)
	lines := bytes.SplitAfter(want, []byte("\n"))
	for _, cut := range []int{0, 1, 3, len(lines) / 2, len(lines) - 2} {
		part := filepath.Join(dir, fmt.Sprintf("part%d.jsonl", cut))
		prefix := bytes.Join(lines[:cut], nil)
		torn := append(slices.Clone(prefix), lines[cut][:len(lines[cut])/2]...)
		os.WriteFile(part, torn, 0o644)
		if _, err := c.WriteFile(context.Background(), part, true); err != nil {
			t.Fatalf("cut at line %d: %v", cut, err)
		}
		if got, _ := os.ReadFile(part); !bytes.Equal(got, want) {
			t.Errorf("cut at line %d: the resumed file differs from an uninterrupted run", cut)
		}
	}
	other, _ := New(Options{Size: grid.Size{Rows: 3, Cols: 4}, Max: 5})
	if _, err := other.WriteFile(context.Background(), full, true); err == nil || !strings.Contains(err.Error(), "another census") {
		t.Errorf("resuming another census's file: %v, want a refusal", err)
	}
}

// TestShards: the shards' grids together are the whole census's.
func TestShards(t *testing.T) {
	z := grid.Size{Rows: 4, Cols: 3}
	all, _ := runCensus(t, Options{Size: z, Max: 4})
	var union []string
	for i := range 3 {
		recs, _ := runCensus(t, Options{Size: z, Max: 4, Shard: output.Shard{Index: i, Count: 3}})
		for _, r := range recs {
			if r.Shard == nil || r.Shard.Index != i {
				t.Errorf("shard %d wrote a record marked %v", i, r.Shard)
			}
			union = append(union, r.Grid)
		}
	}
	var want []string
	for _, r := range all {
		want = append(want, r.Grid)
	}
	slices.Sort(union)
	slices.Sort(want)
	if !slices.Equal(union, want) || len(want) == 0 {
		t.Errorf("shards found %v, the whole census %v", union, want)
	}
}

// TestBadOptions: bad input is an error, never a panic.
func TestBadOptions(t *testing.T) {
	for _, opt := range []Options{
		{Size: grid.Size{Rows: 3, Cols: 3}},
		{Size: grid.Size{Rows: 3, Cols: 3}, Max: -1},
		{Size: grid.Size{Rows: 3, Cols: 3}, MaxSum: 5},
		{Size: grid.Size{Rows: 9, Cols: 9}, Max: 3},
		{Size: grid.Size{Rows: 1, Cols: 3}, Max: 3},
		{Size: grid.Size{Rows: 3, Cols: 3}, Max: 3, Shard: output.Shard{Index: 3, Count: 2}},
	} {
		if _, err := New(opt); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
}

// TestMaxSum: --max-sum bounds the sum of the numbers. Wolf's grid sums to
// 48, so the 3x3 census finds it at 48 and nothing at 47; with both bounds
// the census is the one of --max alone cut to the sums in range (a
// symmetry keeps the sum, so the classes are the same).
func TestMaxSum(t *testing.T) {
	z := grid.Size{Rows: 3, Cols: 3}
	for _, tc := range []struct {
		sum  int64
		want int
	}{{47, 0}, {48, 1}} {
		if recs, _ := runCensus(t, Options{Size: z, MaxSum: tc.sum}); len(recs) != tc.want {
			t.Errorf("3x3 max-sum %d: %d grids, want %d", tc.sum, len(recs), tc.want)
		}
	}
	z = grid.Size{Rows: 3, Cols: 4}
	all, _ := runCensus(t, Options{Size: z, Max: 4})
	var want []string
	for _, r := range all {
		if r.Sum <= 16 {
			want = append(want, r.Grid)
		}
	}
	recs, _ := runCensus(t, Options{Size: z, Max: 4, MaxSum: 16})
	var got []string
	for _, r := range recs {
		got = append(got, r.Grid)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) || len(want) == 0 || len(want) == len(all) {
		t.Errorf("3x4 max 4 max-sum 16: %v, want %v (of %d grids with max 4)", got, want, len(all))
	}
}

// TestStoppedEarly: with --analyze 1 a grid the first setting does not
// show isolated is answered from that setting alone and marked stopped
// early, and the summary says so; with any operators the 3x3 grids up to 4
// include such grids (they lie on families under their first setting).
func TestStoppedEarly(t *testing.T) {
	recs, sum := runCensus(t, Options{Size: grid.Size{Rows: 3, Cols: 3}, Max: 4, AnyOps: true, Analyze: 1})
	early := 0
	for _, r := range recs {
		if len(r.Analyzes) > 1 {
			t.Errorf("%s: %d settings analyzed with --analyze 1", r.Grid, len(r.Analyzes))
		}
		if r.Answer.StoppedEarly != (r.Answer.Kind != "isolated" && r.Settings.Cmp(big.NewInt(1)) > 0) {
			t.Errorf("%s: answer %s from 1 of %s settings, stopped_early %t", r.Grid, r.Answer.Kind, r.Settings, r.Answer.StoppedEarly)
		}
		if r.Answer.StoppedEarly {
			early++
		}
	}
	var b bytes.Buffer
	sum.WriteTo(&b)
	if early == 0 || sum.StoppedEarly != early || !strings.Contains(b.String(), fmt.Sprintf("%d stopped early", early)) {
		t.Errorf("%d grids stopped early, summary %d:\n%s", early, sum.StoppedEarly, b.String())
	}
}
