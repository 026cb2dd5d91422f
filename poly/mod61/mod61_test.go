package mod61

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// reference computes a*b mod P with big integers.
func reference(a, b uint64) uint64 {
	x := new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
	return x.Mod(x, big.NewInt(P)).Uint64()
}

func TestMulAgainstBig(t *testing.T) {
	vals := []uint64{0, 1, 2, 3, 7, 8, 1 << 32, 1<<60 + 12345, P - 1, P - 2, P / 2, 0x1234567890abcde}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100 {
		vals = append(vals, rng.Uint64N(P))
	}
	for _, a := range vals {
		for _, b := range vals {
			if got, want := Mul(a, b), reference(a, b); got != want {
				t.Errorf("Mul(%d, %d) = %d, want %d", a, b, got, want)
			}
		}
	}
}

func FuzzMul(f *testing.F) {
	f.Add(uint64(P-1), uint64(P-1))
	f.Fuzz(func(t *testing.T, a, b uint64) {
		a, b = a%P, b%P
		if got, want := Mul(a, b), reference(a, b); got != want {
			t.Fatalf("Mul(%d, %d) = %d, want %d", a, b, got, want)
		}
		if Add(a, b) != (a+b)%P || Add(Sub(a, b), b) != a {
			t.Fatalf("Add/Sub(%d, %d) wrong", a, b)
		}
	})
}

func TestInvAndFromRat(t *testing.T) {
	for _, a := range []uint64{1, 2, 3, 12345, P - 1} {
		if Mul(a, Inv(a)) != 1 {
			t.Errorf("Inv(%d) is no inverse", a)
		}
	}
	tests := []struct {
		x    *big.Rat
		want uint64
		ok   bool
	}{
		{big.NewRat(3, 1), 3, true},
		{big.NewRat(-1, 1), P - 1, true},
		{big.NewRat(1, 2), Inv(2), true},
		{new(big.Rat).SetFrac(big.NewInt(5), big.NewInt(P)), 0, false},
	}
	for _, tt := range tests {
		got, ok := FromRat(tt.x)
		if ok != tt.ok || (ok && got != tt.want) {
			t.Errorf("FromRat(%v) = %d, %v; want %d, %v", tt.x, got, ok, tt.want, tt.ok)
		}
	}
}

func TestRank(t *testing.T) {
	tests := []struct {
		name string
		rows [][]uint64
		want int
	}{
		{"empty", nil, 0},
		{"zero", [][]uint64{{0, 0}, {0, 0}}, 0},
		{"identity", [][]uint64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, 3},
		{"dependent", [][]uint64{{1, 2, 3}, {2, 4, 6}, {0, 1, 1}}, 2},
		{"modular dependence", [][]uint64{{1, 1}, {2, P + 2 - P}}, 1},
		{"ragged", [][]uint64{{1}, {0, 1}, {1, 1}}, 2},
		{"negative entry", [][]uint64{{1, P - 1}, {P - 1, 1}}, 1},
	}
	for _, tt := range tests {
		before := [][]uint64{}
		for _, r := range tt.rows {
			before = append(before, append([]uint64(nil), r...))
		}
		if got := Rank(tt.rows); got != tt.want {
			t.Errorf("%s: Rank = %d, want %d", tt.name, got, tt.want)
		}
		for i := range before {
			for j := range before[i] {
				if before[i][j] != tt.rows[i][j] {
					t.Fatalf("%s: Rank changed its input", tt.name)
				}
			}
		}
	}
}

func ExampleRank() {
	// The rows (1, 2) and (3, 6) are dependent over Q, so modulo P too.
	fmt.Println(Rank([][]uint64{{1, 2}, {3, 6}}))
	fmt.Println(Mul(P-1, P-1)) // (-1)(-1) = 1
	// Output:
	// 1
	// 1
}

func BenchmarkMul(b *testing.B) {
	x, y := uint64(P-3), uint64(0x123456789)
	for b.Loop() {
		x = Mul(x, y)
	}
	_ = x
}
