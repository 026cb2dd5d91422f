package sweep

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/groebner"
)

// small is a pattern whose sweep has inconsistent, finite and renamed
// records and members, and takes a fraction of a second.
const small = "+-|-----|..|+-x-.|.."

func runPlan(t *testing.T, ops string, opt Options) ([]byte, *Summary, *Plan) {
	t.Helper()
	plan, err := NewPlan(context.Background(), grid.MustParseOps(ops, z3), opt)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	sum, err := plan.Run(context.Background(), &buf)
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), sum, plan
}

func summaryText(s *Summary) string {
	var b bytes.Buffer
	s.WriteTo(&b)
	return b.String()
}

// TestRunEndToEnd sweeps a small pattern on 1 and 2 goroutines: the same
// bytes, one record per setting in index order, each the setting its
// index names.
func TestRunEndToEnd(t *testing.T) {
	opt := Options{Filter: Filter{Positive: true}, Members: 3, Jobs: 1}
	one, sum, plan := runPlan(t, small, opt)
	opt.Jobs = 2
	two, _, _ := runPlan(t, small, opt)
	if !bytes.Equal(one, two) {
		t.Fatal("1 and 2 jobs write different records")
	}
	p := grid.MustParseOps(small, z3)
	var last *big.Int
	n := 0
	for line := range bytes.Lines(one) {
		v, err := parseRecord(line)
		if err != nil {
			t.Fatal(err)
		}
		if last != nil && v.Index.Cmp(last) <= 0 {
			t.Fatalf("index %s after %s", v.Index, last)
		}
		last = v.Index
		if s, err := p.Nth(v.Index); err != nil || s.String() != v.Ops {
			t.Fatalf("record %s has index %s, which is %v", v.Ops, v.Index, s)
		}
		n++
	}
	if n != plan.Len() || sum.Records != n || sum.Settings != n {
		t.Errorf("%d records, plan %d, summary %d", n, plan.Len(), sum.Records)
	}
	if sum.Solved != plan.Orbits() || sum.Solved == n {
		t.Errorf("%d solved, %d orbits, %d records", sum.Solved, plan.Orbits(), n)
	}
	if sum.ByClass[families.ClassFinite] == 0 || sum.ByClass[families.ClassInconsistent] == 0 {
		t.Errorf("classes %v", sum.ByClass)
	}
	// The plan runs again to the same bytes (it frees each leader's record
	// once written, and must solve the orbit anew then).
	var again bytes.Buffer
	if _, err := plan.Run(context.Background(), &again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(one, again.Bytes()) {
		t.Error("a second run of the plan writes different records")
	}
}

func TestOncePerOrbit(t *testing.T) {
	all, sumAll, planAll := runPlan(t, small, Options{Filter: Filter{Positive: true}})
	once, sumOnce, plan := runPlan(t, small, Options{Filter: Filter{Positive: true}, OncePerOrbit: true})
	// The two are different sweeps (other records), with their own marks.
	markAll, _ := json.Marshal(planAll.sweep)
	markOnce, _ := json.Marshal(plan.sweep)
	if bytes.Equal(markAll, markOnce) {
		t.Errorf("one sweep mark %s for both", markAll)
	}
	once = bytes.ReplaceAll(once, markOnce, markAll)
	if sumOnce.Records != plan.Orbits() || sumOnce.Settings != sumAll.Settings {
		t.Errorf("once per orbit: %d records for %d orbits, %d settings for %d", sumOnce.Records, plan.Orbits(), sumOnce.Settings, sumAll.Settings)
	}
	// Each record of the short output is the leader's record of the long one.
	long := map[string]string{}
	for line := range bytes.Lines(all) {
		v, _ := parseRecord(line)
		long[v.Ops] = string(line)
	}
	for line := range bytes.Lines(once) {
		v, _ := parseRecord(line)
		trimmed := strings.Replace(string(line), `,"equivalent":["`+strings.Join(v.Equivalent, `","`)+`"]`, "", 1)
		if len(v.Equivalent) == 0 {
			trimmed = string(line)
		}
		if long[v.Ops] != trimmed {
			t.Errorf("%s: once-per-orbit record differs:\n%s%s", v.Ops, line, long[v.Ops])
		}
	}
}

// TestTimeoutIsReported: a system that hits the time limit is written with
// class timeout, never dropped.
func TestTimeoutIsReported(t *testing.T) {
	opt := Options{Filter: Filter{Positive: true}, Members: 3}
	opt.Analysis.Limits = groebner.Limits{Timeout: time.Nanosecond}
	_, sum, plan := runPlan(t, small, opt)
	if sum.Records != plan.Len() || sum.ByClass[families.ClassTimeout] != plan.Len() {
		t.Errorf("%d records of %d, classes %v", sum.Records, plan.Len(), sum.ByClass)
	}
	if len(sum.Timeouts) != plan.Len() {
		t.Errorf("%d timeouts listed", len(sum.Timeouts))
	}
}

func TestShardsMergeToOneRun(t *testing.T) {
	opt := Options{Filter: Filter{Positive: true}, Members: 3}
	want, wantSum, _ := runPlan(t, small, opt)
	for _, n := range []int{2, 3} {
		var outs [][]byte
		var ins []io.Reader
		total := 0
		for i := range n {
			opt.Shard = Shard{Index: i, Count: n}
			out, _, plan := runPlan(t, small, opt)
			outs = append(outs, out)
			ins = append(ins, bytes.NewReader(out))
			total += plan.Len()
		}
		var merged bytes.Buffer
		sum, err := Merge(context.Background(), &merged, nil, ins...)
		if err != nil {
			t.Fatal(err)
		}
		if total != wantSum.Records || !bytes.Equal(merged.Bytes(), want) {
			t.Errorf("%d shards: %d records, merge differs from one run", n, total)
		}
		if summaryText(sum) != summaryText(wantSum) {
			t.Errorf("%d shards: summary\n%s\nwant\n%s", n, summaryText(sum), summaryText(wantSum))
		}
		// A torn shard and a shard given twice are refused.
		if _, err := Merge(context.Background(), &bytes.Buffer{}, nil, bytes.NewReader(outs[0][:len(outs[0])-3])); err == nil {
			t.Error("merge accepted a torn line")
		}
		if _, err := Merge(context.Background(), &bytes.Buffer{}, nil, bytes.NewReader(outs[0]), bytes.NewReader(outs[0])); err == nil && len(outs[0]) > 0 {
			t.Error("merge accepted a shard twice")
		}
	}
}

// TestResumeFromEveryCut: a checkpoint cut anywhere, within a line or
// between lines, resumes to exactly the records of an uninterrupted run.
func TestResumeFromEveryCut(t *testing.T) {
	opt := Options{Filter: Filter{Positive: true}, Members: 3}
	want, wantSum, _ := runPlan(t, small, opt)
	dir := t.TempDir()
	for _, cut := range []int{0, 1, len(want) / 3, bytes.IndexByte(want, '\n') + 1, len(want) / 2, len(want) - 1, len(want)} {
		path := filepath.Join(dir, "out.jsonl")
		if err := os.WriteFile(path, want[:cut], 0o644); err != nil {
			t.Fatal(err)
		}
		plan, err := NewPlan(context.Background(), grid.MustParseOps(small, z3), opt)
		if err != nil {
			t.Fatal(err)
		}
		sum, err := plan.RunFile(context.Background(), path, true)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(path)
		if !bytes.Equal(got, want) {
			t.Errorf("cut at %d: resumed output differs", cut)
		}
		if summaryText(sum) != summaryText(wantSum) {
			t.Errorf("cut at %d: summary differs", cut)
		}
	}
	// A checkpoint of another sweep is refused, and left alone.
	other, _, _ := runPlan(t, "--|..-.-|-/|x-+..|+-", opt)
	path := filepath.Join(dir, "other.jsonl")
	os.WriteFile(path, other, 0o644)
	plan, _ := NewPlan(context.Background(), grid.MustParseOps(small, z3), opt)
	if _, err := plan.RunFile(context.Background(), path, true); err == nil || !strings.Contains(err.Error(), "another sweep") {
		t.Errorf("resuming another sweep's file: %v", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, other) {
		t.Error("the refused file was changed")
	}
}

func TestCancelWritesAPrefix(t *testing.T) {
	opt := Options{Filter: Filter{Positive: true}, Members: 3}
	want, _, _ := runPlan(t, small, opt)
	plan, _ := NewPlan(context.Background(), grid.MustParseOps(small, z3), opt)
	ctx, cancel := context.WithCancel(context.Background())
	var buf bytes.Buffer
	plan.opt.Progress = func(done, total int) {
		if done == 10 {
			cancel()
		}
	}
	if _, err := plan.Run(ctx, &buf); err == nil {
		t.Fatal("a cancelled run reports no error")
	}
	// Progress counts finished records, some of which may still wait for
	// an earlier one when the run stops: what was written is whole records
	// in plan order, but not necessarily all ten.
	got := buf.Bytes()
	if !bytes.HasPrefix(want, got) || (len(got) > 0 && got[len(got)-1] != '\n') {
		t.Errorf("cancelled run wrote %d bytes, not a prefix of whole records", len(got))
	}
}

// TestRunAgainAfterCancel: a result computed once the run was cancelled
// (its algebra stopped: class timeout) is never kept for a later run of
// the plan, which writes the records of an uninterrupted run.
func TestRunAgainAfterCancel(t *testing.T) {
	opt := Options{Filter: Filter{Positive: true}, Members: 3}
	want, _, _ := runPlan(t, small, opt)
	tests := []struct {
		name   string
		cancel func(*Plan) // leaves the plan as a cancelled run may
	}{
		{"leader solved after cancellation", func(p *Plan) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			for _, it := range p.items {
				if it.lead.it == it {
					if _, err := p.record(ctx, it); err != nil {
						t.Fatal(err)
					}
					if it.lead.rec != nil {
						t.Errorf("%s: a record computed after cancellation was kept", it.s)
					}
				}
			}
		}},
		{"run cancelled after 10 records", func(p *Plan) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			p.opt.Progress = func(done, total int) {
				if done == 10 {
					cancel()
				}
			}
			if _, err := p.Run(ctx, io.Discard); err == nil {
				t.Error("a cancelled run reports no error")
			}
			p.opt.Progress = nil
		}},
	}
	for _, tc := range tests {
		plan, err := NewPlan(context.Background(), grid.MustParseOps(small, z3), opt)
		if err != nil {
			t.Fatal(err)
		}
		tc.cancel(plan)
		var got bytes.Buffer
		if _, err := plan.Run(context.Background(), &got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s: the next run writes other records (%d timeouts)", tc.name, bytes.Count(got.Bytes(), []byte(`"class":"timeout"`)))
		}
	}
}

// TestResumeRefusesOtherSweep: a checkpoint whose records name the same
// settings in the same order but come from a sweep with other options or
// another shard is refused, and left alone.
func TestResumeRefusesOtherSweep(t *testing.T) {
	opt := Options{Filter: Filter{Positive: true}, Members: 3}
	ltr := opt
	ltr.Analysis.Eval = grid.LeftToRight
	rows := opt
	rows.Analysis.Lines = grid.Rows | grid.Cols | grid.Diag
	members := opt
	members.Members = 1
	shard := opt
	shard.Shard = Shard{Index: 0, Count: 2}
	other, _, _ := runPlan(t, small, opt)
	tests := []struct {
		name string
		opt  Options // the run that resumes other's checkpoint
		file []byte
		want string
	}{
		{"another evaluation", ltr, other, "another sweep"},
		{"other lines", rows, other, "another sweep"},
		{"other members", members, other, "another sweep"},
		{"a shard resuming the whole sweep", shard, other, "shard"},
		{"an older file without marks", opt, bytes.ReplaceAll(other, []byte(`,"sweep":`+sweepJSON(t, small, opt)), nil), "older"},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		path := filepath.Join(dir, "ck.jsonl")
		cut := tc.file[:bytes.IndexByte(tc.file, '\n')+1] // one record
		if err := os.WriteFile(path, cut, 0o644); err != nil {
			t.Fatal(err)
		}
		plan, err := NewPlan(context.Background(), grid.MustParseOps(small, z3), tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := plan.RunFile(context.Background(), path, true); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want an error saying %q", tc.name, err, tc.want)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, cut) {
			t.Errorf("%s: the refused file was changed", tc.name)
		}
	}
}

// sweepJSON is the "sweep" key of the records of a sweep.
func sweepJSON(t *testing.T, ops string, opt Options) string {
	t.Helper()
	plan, err := NewPlan(context.Background(), grid.MustParseOps(ops, z3), opt)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(plan.sweep)
	return string(b)
}

// indexRE finds the "index" key of a record.
var indexRE = regexp.MustCompile(`"index":-?[0-9]+`)

// setIndex returns b with the index of its record k replaced by idx.
func setIndex(t *testing.T, b []byte, k int, idx string) []byte {
	t.Helper()
	lines := bytes.SplitAfter(b, []byte("\n"))
	if k >= len(lines) || !indexRE.Match(lines[k]) {
		t.Fatalf("record %d has no index", k)
	}
	loc := indexRE.FindIndex(lines[k]) // the record's, not the shard's
	lines[k] = slices.Concat(lines[k][:loc[0]], []byte(`"index":`+idx), lines[k][loc[1]:])
	return bytes.Join(lines, nil)
}

// moveToSkipped returns b with its first record made the record of a
// setting of the pattern that filter f skips (index and ops together), so
// that each record is consistent in itself and only the plan tells.
func moveToSkipped(t *testing.T, b []byte, f Filter) []byte {
	t.Helper()
	pat := grid.MustParseOps(small, z3)
	for i := int64(0); i < pat.Count().Int64(); i++ {
		s, _ := pat.Nth(big.NewInt(i))
		if bruteAccept(t, s, pat.DefaultLines(), f) {
			continue
		}
		b = setIndex(t, b, 0, fmt.Sprint(i))
		i := bytes.Index(b, []byte(`"ops":"`))
		j := bytes.Index(b, []byte(`","size":`))
		return slices.Concat(b[:i], []byte(`"ops":"`+s.String()), b[j:])
	}
	t.Fatal("the filter skips no setting")
	return nil
}

// editOps returns b with the last operator of its first record's setting
// changed to another one.
func editOps(t *testing.T, b []byte) []byte {
	t.Helper()
	i := bytes.Index(b, []byte(`","size":`))
	if i < 0 || !bytes.HasPrefix(b, []byte(`{"schema":"families/sweep-record/1","ops":"`)) {
		t.Fatal("no ops at the start of the first record")
	}
	out := slices.Clone(b)
	out[i-1] = map[byte]byte{'+': '-', '-': 'x', 'x': '/', '/': '+'}[b[i-1]]
	return out
}

// swapIndices returns b with the indices of its first two records swapped.
func swapIndices(t *testing.T, b []byte) []byte {
	t.Helper()
	lines := bytes.SplitAfter(b, []byte("\n"))
	if len(lines) < 2 {
		t.Fatal("fewer than two records")
	}
	a, c := indexRE.Find(lines[0]), indexRE.Find(lines[1])
	b = setIndex(t, b, 0, string(c[len(`"index":`):]))
	return setIndex(t, b, 1, string(a[len(`"index":`):]))
}

// TestMergeRefuses: merge finds shards of different sweeps or splits, a
// shard that did not finish, and a missing shard, and says which.
func TestMergeRefuses(t *testing.T) {
	opt := Options{Filter: Filter{Positive: true}}
	shards := func(opt Options, n int) [][]byte {
		var out [][]byte
		for i := range n {
			opt.Shard = Shard{Index: i, Count: n}
			b, _, _ := runPlan(t, small, opt)
			if len(b) == 0 {
				t.Fatalf("shard %d/%d is empty", i, n)
			}
			out = append(out, b)
		}
		return out
	}
	three := shards(opt, 3)
	two := shards(opt, 2)
	ltr := opt
	ltr.Analysis.Eval = grid.LeftToRight
	threeLTR := shards(ltr, 3)
	unmark := func(b []byte) []byte {
		var out []byte
		for line := range bytes.Lines(b) {
			line = line[:bytes.Index(line, []byte(`,"sweep":`))]
			out = append(append(out, line...), "}\n"...)
		}
		return out
	}
	firstLines := func(b []byte, n int) []byte {
		i := 0
		for range n {
			i += bytes.IndexByte(b[i:], '\n') + 1
		}
		return b[:i]
	}
	tests := []struct {
		name   string
		inputs [][]byte
		want   string // in the error; "" for a merge that succeeds
	}{
		{"all shards", three, ""},
		{"a missing shard", three[:2], "missing shards: 2/3"},
		{"two missing shards", three[1:2], "missing shards: 0/3, 2/3"},
		{"an unfinished shard", [][]byte{three[0], firstLines(three[1], 3), three[2]}, "shard 1/3 has 3 of its"},
		{"a shard given twice", [][]byte{three[0], three[0], three[1], three[2]}, "given more than once"},
		{"shards of two sweeps", [][]byte{three[0], threeLTR[1], threeLTR[2]}, "different sweeps"},
		{"shards of two splits", [][]byte{two[0], three[1], three[2]}, "one split"},
		{"older files", [][]byte{unmark(three[0]), unmark(three[1])}, ""},
		{"older and newer files", [][]byte{unmark(three[0]), three[1], three[2]}, "different versions"},
		// Edited records (issue 12 item 6): merge checks each record's
		// index against its setting, as resuming checks the plan. The
		// digests are recomputed after each edit (resign), as a deliberate
		// edit would: those checks hold without them. Without, the digest
		// finds the edit first (TestMergeFindsEdits).
		{"an index edited to 99", [][]byte{resign(setIndex(t, three[0], 0, "99")), three[1], three[2]}, "the record was altered"},
		{"an index edited to 1024", [][]byte{resign(setIndex(t, three[0], 0, "1024")), three[1], three[2]}, "is not a setting of the pattern"},
		{"an index edited to -1", [][]byte{resign(setIndex(t, three[0], 0, "-1")), three[1], three[2]}, "is not a setting of the pattern"},
		{"an index edited to 10^20", [][]byte{resign(setIndex(t, three[0], 0, "100000000000000000000")), three[1], three[2]}, "is not a setting of the pattern"},
		{"two indices swapped", [][]byte{resign(swapIndices(t, three[0])), three[1], three[2]}, "the record was altered"},
		{"ops edited", [][]byte{resign(editOps(t, three[0])), three[1], three[2]}, "the record was altered"},
		{"a record moved to a setting the filter skips", [][]byte{resign(moveToSkipped(t, three[0], opt.Filter)), three[1], three[2]}, "the sweep plans"},
		{"an index edited, not re-signed", [][]byte{setIndex(t, three[0], 0, "99"), three[1], three[2]}, "its digest does not match"},
	}
	for _, tc := range tests {
		var ins []io.Reader
		for _, b := range tc.inputs {
			ins = append(ins, bytes.NewReader(b))
		}
		var out bytes.Buffer
		_, err := Merge(context.Background(), &out, nil, ins...)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v; want an error saying %q", tc.name, err, tc.want)
		case tc.want != "" && out.Len() > 0:
			t.Errorf("%s: a refused merge wrote %d bytes", tc.name, out.Len())
		}
	}
}
