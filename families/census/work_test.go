package census

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/families-project/families/families/grid"
	"github.com/families-project/families/families/output"
)

// TestBoundsRefused: bounds that cannot finish (issue 27, item 4: each
// of these passed 4 GB in seconds) are refused by New at once, without
// memory that grows with the bound, saying the largest bound that can;
// that bound itself is accepted and the next one refused. Bounds the model
// accepts but that the old code could not hold (2x2 --max 2000000) are
// planned in constant memory.
func TestBoundsRefused(t *testing.T) {
	sz := func(r, c int) grid.Size { return grid.Size{Rows: r, Cols: c} }
	tests := []struct {
		name   string
		opt    Options
		refuse bool
		why    string // a fragment of the reason
	}{
		{"3x3 max int64", Options{Size: sz(3, 3), Max: math.MaxInt64}, true, "would assign about 1.1e+40 numbers"},
		{"3x3 max-sum int64", Options{Size: sz(3, 3), MaxSum: math.MaxInt64}, true, "would assign about"},
		{"3x3 max 1e8", Options{Size: sz(3, 3), Max: 100_000_000}, true, "would assign about 1.3e+18 numbers"},
		{"3x3 max 1e6", Options{Size: sz(3, 3), Max: 900_000}, true, "would assign about"},
		{"3x3 both", Options{Size: sz(3, 3), Max: 900_000, MaxSum: 8_000_000}, true, "would assign about"},
		{"2x3 max 2^31", Options{Size: sz(2, 3), Max: 1 << 31}, true, "overflow"},
		{"4x4 max 2^40", Options{Size: sz(4, 4), Max: 1 << 40}, true, "would assign about"},
		{"4x4 max-sum 2^40", Options{Size: sz(4, 4), MaxSum: 1 << 40}, true, "would assign about"},
		{"8x8 max 3", Options{Size: sz(8, 8), Max: 3}, true, "would assign about"},
		{"4x4 max 128", Options{Size: sz(4, 4), Max: 128}, false, ""},
		{"3x4 max 5000", Options{Size: sz(3, 4), Max: 5000}, false, ""},
		{"2x2 max 2e6", Options{Size: sz(2, 2), Max: 2_000_000}, false, ""},
		{"8x8 max-sum 64", Options{Size: sz(8, 8), MaxSum: 64}, false, ""},
		{"4x4 max 2^40 shard", Options{Size: sz(4, 4), Max: 1 << 40, Shard: output.Shard{Index: 3, Count: 8}}, true, "this shard's 1/8"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			c, err := New(tc.opt)
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			if grown := after.TotalAlloc - before.TotalAlloc; grown > 1<<20 {
				t.Errorf("New allocated %d bytes", grown)
			}
			if took > time.Second {
				t.Errorf("New took %s", took)
			}
			if !tc.refuse {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if tc.opt.Max > 0 && c.Tasks() != int(tc.opt.Max) && tc.opt.Shard.Count <= 1 {
					t.Errorf("%d tasks, want %d", c.Tasks(), tc.opt.Max)
				}
				return
			}
			var be *BoundError
			if !errors.As(err, &be) {
				t.Fatalf("error %v, want a *BoundError", err)
			}
			msg := err.Error()
			if !strings.Contains(msg, tc.why) || !strings.Contains(msg, "the largest "+be.Flag+" that can is") || strings.Contains(msg, "\n") {
				t.Errorf("message %q", msg)
			}
			if be.Largest <= 0 || be.Largest >= be.Given {
				t.Fatalf("largest %d for %d", be.Largest, be.Given)
			}
			// The largest bound fits, the next does not (the other bound,
			// when both were given, left out).
			at := func(v int64) Options {
				o := tc.opt
				o.Max, o.MaxSum = 0, 0
				if be.Flag == "--max" {
					o.Max = v
				} else {
					o.MaxSum = v
				}
				return o
			}
			if _, err := New(at(be.Largest)); err != nil {
				t.Errorf("%s %d, said to fit: %v", be.Flag, be.Largest, err)
			}
			if _, err := New(at(be.Largest + 1)); !errors.As(err, new(*BoundError)) {
				t.Errorf("%s %d, one past the largest: %v", be.Flag, be.Largest+1, err)
			}
			if tc.opt.Max > 0 && tc.opt.MaxSum > 0 {
				o := tc.opt
				o.Max, o.MaxSum = 0, be.LargestSum
				if _, err := New(o); be.LargestSum <= 0 || err != nil {
					t.Errorf("--max-sum %d, said to fit alone: %v", be.LargestSum, err)
				}
			}
		})
	}
}

// TestArithmeticBound: at the bound arithmeticBound(L), no line of L
// numbers at most N overflows, whatever its operators, under either
// evaluation, evaluated or solved for any of its numbers, with all
// numbers N, alternating N and N-1, or random in [N/2, N]; a line of
// multiplications of numbers whose product passes 2^62 does overflow.
func TestArithmeticBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 4))
	for L := 2; L <= MaxLine; L++ {
		n := arithmeticBound(L)
		xss := [][]int64{make([]int64, L), make([]int64, L)}
		for i := range L {
			xss[0][i] = n
			xss[1][i] = n - int64(i%2)
		}
		for range 3 {
			xs := make([]int64, L)
			for i := range xs {
				xs[i] = n/2 + rng.Int64N(n-n/2) + 1
			}
			xss = append(xss, xs)
		}
		ops := make([]grid.Op, L-1)
		for tup := uint32(0); tup < 1<<(2*(L-1)); tup++ {
			tupleOps(tup, ops)
			for _, ev := range []grid.Eval{grid.Precedence, grid.LeftToRight} {
				for _, xs := range xss {
					func() {
						defer func() {
							if p := recover(); p != nil {
								t.Fatalf("L %d, N %d, %s %v %v: %v", L, n, ev, xs, ops, p)
							}
						}()
						evalLine(ev, xs, ops)
						for j := range L {
							solveLine(ev, xs, ops, j)
						}
					}()
				}
			}
		}
		// Past the bound by the factor that makes the product pass 2^62,
		// the all-x line overflows: the bound is not far from the truth.
		big := int64(math.Ceil(math.Pow(math.Ldexp(1, 62), 1/float64(L)))) + 1
		xs := make([]int64, L)
		for i := range xs {
			xs[i] = big
			if i < L-1 {
				ops[i] = grid.Mul
			}
		}
		func() {
			defer func() {
				if _, ok := recover().(overflow); !ok {
					t.Errorf("L %d: %d^%d did not overflow", L, big, L)
				}
			}()
			evalLine(grid.Precedence, xs, ops)
		}()
		if f := float64(big) / float64(n); f > 2.01 {
			t.Errorf("L %d: bound %d is %.2f times below where the product overflows", L, n, f)
		}
	}
}

// TestRunMemory: Run keeps at most a window of tasks, so its heap does
// not grow with the number of tasks (issue 27, item 4: one channel per
// task kept about 2 KB each); 60,000 cheap 2x3 tasks in a row.
func TestRunMemory(t *testing.T) {
	c, err := New(Options{Size: grid.Size{Rows: 2, Cols: 3}, Max: 60_000, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	var early, late uint64
	n := 0
	err = c.Run(context.Background(), 0, func(_ []*Record, d Done) error {
		if d.Task != n {
			t.Fatalf("task %d emitted as the %d-th", d.Task, n)
		}
		n++
		switch n {
		case 5_000:
			early = heap()
		case 55_000:
			late = heap()
		}
		return nil
	})
	if err != nil || n != 60_000 {
		t.Fatalf("%d tasks, %v", n, err)
	}
	if late > early+1<<20 {
		t.Errorf("heap grew from %d to %d bytes over 50,000 tasks", early, late)
	}
}

// TestRunStops: a cancelled census stops within a second, even inside a
// task that assigns tens of millions of numbers between two complete
// grids (3x3 at N = 200,000: the search asks the context every
// stopEvery numbers), and an error of emit stops the other goroutines.
func TestRunStops(t *testing.T) {
	c, err := New(Options{Size: grid.Size{Rows: 3, Cols: 3}, Max: 200_000, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	err = c.Run(ctx, 0, func([]*Record, Done) error { return nil })
	if !errors.Is(err, context.Canceled) || time.Since(start) > 1300*time.Millisecond {
		t.Errorf("cancelled after 300ms: %v after %s", err, time.Since(start))
	}
	c, err = New(Options{Size: grid.Size{Rows: 2, Cols: 3}, Max: 1000, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	stop := errors.New("disk full")
	n := 0
	err = c.Run(context.Background(), 0, func([]*Record, Done) error {
		if n++; n == 10 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 10 {
		t.Errorf("emit failed at task 10: Run returned %v after %d tasks", err, n)
	}
}
