package digits

import (
	"context"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

var allOps = []Op{Add, Sub, Mul, Div}

// smallNumber returns a number of one to three digits, mostly small, so
// that random lines share digits and thus letters.
func smallNumber(rng *rand.Rand) int64 {
	switch rng.IntN(6) {
	case 0, 1, 2:
		return rng.Int64N(10)
	case 5:
		return rng.Int64N(1000)
	}
	return rng.Int64N(100)
}

func bigRats(vals []int64) []*big.Rat {
	r := make([]*big.Rat, len(vals))
	for i, v := range vals {
		r[i] = new(big.Rat).SetInt64(v)
	}
	return r
}

// trueLine returns the numbers and operators of a random line that holds
// under e. Operands come from pool (numbers of earlier lines, which makes
// lines cross like a grid) or are new.
func trueLine(rng *rand.Rand, e Eval, pool []int64) ([]int64, []Op) {
	for {
		var nums []int64
		var ops []Op
		for i := range 2 + rng.IntN(2) {
			if i > 0 {
				ops = append(ops, allOps[rng.IntN(4)])
			}
			if len(pool) > 0 && rng.IntN(3) == 0 {
				nums = append(nums, pool[rng.IntN(len(pool))])
			} else {
				nums = append(nums, smallNumber(rng))
			}
		}
		v, ok := sideBig(bigRats(nums), ops, e)
		if !ok || !v.IsInt() || v.Sign() < 0 || v.Num().Int64() > 99999 {
			continue
		}
		val := v.Num().Int64()
		switch rng.IntN(5) {
		case 0: // value = left side
			return append([]int64{val}, nums...), append([]Op{Eq}, ops...)
		case 1: // left side - value, a line without =
			return append(nums, val), append(ops, Sub)
		case 2: // left side = c op d
			if rng.IntN(2) == 0 {
				d := rng.Int64N(val + 1)
				return append(nums, val-d, d), append(ops, Eq, Add)
			}
			d := int64(1 + rng.IntN(9))
			if val%d != 0 {
				continue
			}
			return append(nums, val/d, d), append(ops, Eq, Mul)
		}
		return append(nums, val), append(ops, Eq)
	}
}

// randomPuzzle returns a puzzle made of random true lines encoded with a
// random digit-to-letter code, sometimes perturbed so that it may have
// no solution or many, with at most maxLetters letters. It also returns
// the planted assignment, which satisfies every line not perturbed.
func randomPuzzle(rng *rand.Rand, maxLetters int) (*Puzzle, Solution) {
	for {
		p := &Puzzle{Eval: Eval(rng.IntN(2))}
		switch rng.IntN(8) {
		case 0:
			p.Digits = []int{1, 2, 3, 4, 5, 6, 7, 8, 9}
		case 1:
			p.Digits = append(p.Digits, rng.Perm(10)[:6+rng.IntN(4)]...)
			slices.Sort(p.Digits)
		}
		limit := maxLetters
		if rng.IntN(8) == 0 {
			p.Repeat, limit = true, min(maxLetters, 5)
		}
		alphabet := rng.Perm(26)
		planted := Solution{}
		code := func(d byte) rune {
			r := rune('A' + alphabet[d-'0'])
			planted[r] = int(d - '0')
			return r
		}
		var pool []int64
		for range 2 + rng.IntN(4) {
			nums, ops := trueLine(rng, p.Eval, pool)
			pool = append(pool, nums...)
			var l Line
			for _, n := range nums {
				w := strconv.FormatInt(n, 10)
				if rng.IntN(10) > 0 { // else keep the given digits
					var b []rune
					for i := range w {
						if i == 0 || rng.IntN(12) > 0 {
							b = append(b, code(w[i]))
						} else {
							b = append(b, rune(w[i]))
						}
					}
					w = string(b)
				}
				l.Words = append(l.Words, w)
			}
			l.Ops = ops
			if rng.IntN(6) == 0 { // perturb an operator
				l.Ops[rng.IntN(len(l.Ops))] = []Op{Add, Sub, Mul, Div, Eq}[rng.IntN(5)]
			}
			p.Lines = append(p.Lines, l)
		}
		if n := len(p.lettersOrNil()); n > 0 && n <= limit {
			return p, planted
		}
	}
}

// TestRandomAgainstBruteForce is the main correctness test: on random
// puzzles the solver, at the default patience and at both extremes (never
// enumerate: interval reasoning only; always enumerate), must find exactly
// the brute force's solutions, and each must pass Check.
func TestRandomAgainstBruteForce(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 100
	}
	rng := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	var counts [3]int
	for i := range n {
		p, _ := randomPuzzle(rng, 7)
		brute, err := p.BruteForce(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := solutionStrings(brute)
		counts[min(len(want), 2)]++
		for _, patience := range []int{defaultPatience, 0, 1 << 30} {
			got, _, err := p.solve(ctx, 0, patience)
			if err != nil {
				t.Fatal(err)
			}
			if s := solutionStrings(got); !slices.Equal(s, want) {
				t.Fatalf("puzzle %d (patience %d) %+v:\nSolve      %q\nBruteForce %q", i, patience, p, s, want)
			}
		}
		for _, s := range brute.Solutions {
			if err := p.Check(s); err != nil {
				t.Fatalf("puzzle %d %+v: %v", i, p, err)
			}
		}
		two, err := p.Solve(ctx, 2)
		if err != nil || two.Status != statusOf(len(want)) {
			t.Fatalf("puzzle %d: limit 2 gives %v (%v), want %v", i, two.Status, err, statusOf(len(want)))
		}
	}
	t.Logf("%d puzzles: %d without solution, %d unique, %d with several", n, counts[0], counts[1], counts[2])
	for i, c := range counts {
		if c < n/20 {
			t.Errorf("only %d of %d random puzzles in class %d: the generator lacks variety", c, n, i)
		}
	}
}

// randomLine returns a line of given numbers, up to 18 digits, that holds
// about half the time, to test the exact evaluators against math/big.
func randomLine(rng *rand.Rand, e Eval) Line {
	nw := 2 + rng.IntN(5)
	nums := make([]int64, nw)
	ops := make([]Op, nw-1)
	for i := range nums {
		digits := 1 + rng.IntN(18)
		if rng.IntN(2) == 0 {
			digits = 1 + rng.IntN(3)
		}
		nums[i] = rng.Int64N(pow10(digits))
	}
	for i := range ops {
		ops[i] = []Op{Add, Sub, Mul, Div, Eq}[rng.IntN(5)]
	}
	if rng.IntN(2) == 0 { // make the last side the value of the others
		ops[nw-2] = Eq
		if v, ok := sideBig(bigRats(nums[:nw-1]), ops[:nw-2], e); ok && v.IsInt() && v.Sign() >= 0 && v.Num().IsInt64() && v.Num().Int64() < pow10(18) {
			nums[nw-1] = v.Num().Int64()
		}
	}
	l := Line{Ops: ops}
	for _, n := range nums {
		l.Words = append(l.Words, strconv.FormatInt(n, 10))
	}
	return l
}

// TestHoldsMatchesBig checks the int64 evaluator, overflow fallback
// included, against math/big.
func TestHoldsMatchesBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var held int
	for range 20000 {
		e := Eval(rng.IntN(2))
		l := randomLine(rng, e)
		pr, err := compile(&Puzzle{Lines: []Line{l}, Eval: e})
		if err != nil {
			t.Fatal(err)
		}
		vals := make([]*big.Rat, len(l.Words))
		for i, w := range l.Words {
			vals[i], _ = new(big.Rat).SetString(w)
		}
		want := holdsBig(vals, l.Ops, e)
		if got := pr.lines[0].holds(nil); got != want {
			t.Fatalf("%s (%v): holds %v, math/big %v", l, e, got, want)
		}
		if want {
			held++
		}
	}
	if held < 2000 {
		t.Errorf("only %d true lines: the test is weak", held)
	}
}

// TestRelaxationsSound checks that whatever satisfies a line also
// satisfies its relaxations modulo 10^k and lies in its interval bounds,
// for random domains around the assignment.
func TestRelaxationsSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var tested int
	for range 2000 {
		p, planted := randomPuzzle(rng, 10)
		pr, err := compile(p)
		if err != nil {
			t.Fatal(err)
		}
		n := len(pr.letters)
		val := make([]int8, n)
		dom := make([]uint16, n)
		for L, r := range pr.letters {
			val[L] = int8(planted[r])
		}
		for _, c := range constraints(pr) {
			if !c.line.holds(val) {
				continue
			}
			tested++
			if !c.holds(val) {
				t.Fatalf("%s holds for %v but not modulo %d", c.line.src, val, c.mod)
			}
			for range 20 {
				for L := range dom {
					// Random bits, some cleared by a second draw.
					set, off := uint16(rng.IntN(1<<10)), uint16(rng.IntN(1<<10))
					dom[L] = 1<<val[L] | set&^off
				}
				wiv := make([]iv, len(c.line.words))
				for i, w := range c.line.words {
					wiv[i] = wordIv(w, dom)
				}
				if !c.line.feasible(wiv) {
					t.Fatalf("%s holds for %v but is infeasible on %v", c.line.src, val, dom)
				}
			}
		}
	}
	if tested < 5000 {
		t.Errorf("only %d constraints tested", tested)
	}
}
