package work

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"
)

func TestBudget(t *testing.T) {
	tests := []struct {
		units, spend int64
		spent        bool
	}{
		{0, 0, false},
		{0, 1, true},
		{5, 5, false},
		{5, 6, true},
		{100, 1000, true},
	}
	for _, tt := range tests {
		ctx, cancel := WithBudget(context.Background(), tt.units)
		for range tt.spend {
			Spend(ctx)
		}
		if got := Spent(ctx); got != tt.spent {
			t.Errorf("budget %d, spent %d: Spent = %v", tt.units, tt.spend, got)
		}
		if tt.spent && ctx.Err() == nil {
			t.Errorf("budget %d, spent %d: context not canceled", tt.units, tt.spend)
		}
		cancel()
		if Spent(ctx) != tt.spent {
			t.Errorf("budget %d: cancel changed the cause", tt.units)
		}
	}
}

func TestSpendN(t *testing.T) {
	ctx, cancel := WithBudget(context.Background(), 10)
	defer cancel()
	SpendN(ctx, 0)
	SpendN(ctx, -5)
	SpendN(ctx, 10)
	if Spent(ctx) {
		t.Fatal("10 units of 10 spent the budget")
	}
	SpendN(ctx, 3)
	if !Spent(ctx) {
		t.Fatal("13 units of 10 did not spend the budget")
	}
	if left, _ := Left(ctx); left != -3 {
		t.Fatalf("%d left, want -3", left)
	}
}

func TestSpendWithoutBudget(t *testing.T) {
	ctx := context.Background()
	for range 10 {
		Spend(ctx)
	}
	if Spent(ctx) || ctx.Err() != nil {
		t.Fatal("a context without a budget was stopped")
	}
}

// TestInnerBudget checks that work under an inner budget, through a
// derived context, spends it and the outer one.
func TestInnerBudget(t *testing.T) {
	outer, cancelOuter := WithBudget(context.Background(), 30)
	defer cancelOuter()
	inner, cancelInner := WithBudget(outer, 10)
	defer cancelInner()
	derived, cancel := context.WithTimeout(inner, time.Hour)
	defer cancel()
	for range 5 {
		Spend(derived)
	}
	if Spent(outer) || Spent(inner) {
		t.Fatal("5 units spent a budget of 10, or the outer one")
	}
	for range 6 {
		Spend(derived)
	}
	if !Spent(inner) || !Spent(derived) || Spent(outer) {
		t.Fatalf("after 11 units: inner %v, derived %v, outer %v", Spent(inner), Spent(derived), Spent(outer))
	}
	if left, _ := Left(outer); left != 19 {
		t.Fatalf("outer budget: %d left, want 19", left)
	}
	for range 19 {
		Spend(outer)
	}
	if Spent(outer) {
		t.Fatal("outer budget of 30 spent after 30 units")
	}
	Spend(outer)
	if !Spent(outer) {
		t.Fatal("outer budget of 30 not spent after 31 units")
	}
}

// TestConcurrentSpend checks that the units of many goroutines add up, so
// that whether a budget is spent does not depend on the schedule.
func TestConcurrentSpend(t *testing.T) {
	for _, total := range []int64{999, 1000, 1001} {
		ctx, cancel := WithBudget(context.Background(), 1000)
		var wg sync.WaitGroup
		per := total / 7
		rest := total - 7*per
		for g := range 7 {
			n := per
			if g == 0 {
				n += rest
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range n {
					Spend(ctx)
				}
			}()
		}
		wg.Wait()
		if got := Spent(ctx); got != (total > 1000) {
			t.Errorf("%d units of 1000: Spent = %v", total, got)
		}
		cancel()
	}
}

func TestParentDeadlineIsNotBudget(t *testing.T) {
	parent, cancel := context.WithCancel(context.Background())
	ctx, cancelBudget := WithBudget(parent, 10)
	defer cancelBudget()
	cancel()
	if ctx.Err() == nil || Spent(ctx) {
		t.Fatalf("parent canceled: Err %v, Spent %v", ctx.Err(), Spent(ctx))
	}
}

func ExampleWithBudget() {
	ctx, cancel := WithBudget(context.Background(), 2)
	defer cancel()
	for range 3 {
		Spend(ctx) // an engine's poll
	}
	fmt.Println(Spent(ctx), ctx.Err() != nil)
	// Output: true true
}

func BenchmarkSpend(b *testing.B) {
	ctx, cancel := WithBudget(context.Background(), 1<<62)
	defer cancel()
	ctx, cancel2 := context.WithCancel(ctx)
	defer cancel2()
	for b.Loop() {
		Spend(ctx)
	}
}
