package sweep

import (
	"bytes"
	"context"
	"io"
	"math/big"
	"os"
	"path/filepath"
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
	all, sumAll, _ := runPlan(t, small, Options{Filter: Filter{Positive: true}})
	once, sumOnce, plan := runPlan(t, small, Options{Filter: Filter{Positive: true}, OncePerOrbit: true})
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
			opt.Shard = Shard{i, n}
			out, _, plan := runPlan(t, small, opt)
			outs = append(outs, out)
			ins = append(ins, bytes.NewReader(out))
			total += plan.Len()
		}
		var merged bytes.Buffer
		sum, err := Merge(&merged, nil, ins...)
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
		if _, err := Merge(&bytes.Buffer{}, nil, bytes.NewReader(outs[0][:len(outs[0])-3])); err == nil {
			t.Error("merge accepted a torn line")
		}
		if _, err := Merge(&bytes.Buffer{}, nil, bytes.NewReader(outs[0]), bytes.NewReader(outs[0])); err == nil && len(outs[0]) > 0 {
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
	if !bytes.HasPrefix(want, buf.Bytes()) || bytes.Count(buf.Bytes(), []byte("\n")) < 10 {
		t.Errorf("cancelled run wrote %d bytes, not a prefix of at least 10 records", buf.Len())
	}
}
