package grid

import (
	"fmt"
	"iter"
	"math/big"
)

// Count returns the number of settings the pattern s matches: 4^w for w
// wildcards (1 for a setting without wildcards). It costs O(mn).
func (s *Setting) Count() *big.Int {
	return new(big.Int).Lsh(big.NewInt(1), uint(2*s.Wildcards()))
}

// wildcardCells returns the wildcard cells in row-major layout order.
func (s *Setting) wildcardCells() []int {
	var cells []int
	s.eachOpCell(func(p Pos) {
		if i := s.size.layoutIndex(p); s.ops[i] == Any {
			cells = append(cells, i)
		}
	})
	return cells
}

// Nth returns the setting number i, 0 <= i < Count(), of the pattern s. The
// settings are numbered in the order of their --ops strings when operators
// are ordered + - x /: i written in base 4 with one digit per wildcard, the
// first wildcard of the layout being the most significant digit. So a sweep
// can be cut into shards by index. It costs O(mn + w).
func (s *Setting) Nth(i *big.Int) (*Setting, error) {
	if i.Sign() < 0 || i.Cmp(s.Count()) >= 0 {
		return nil, fmt.Errorf("grid: setting index %s out of range [0, %s)", i, s.Count())
	}
	cells := s.wildcardCells()
	t := s.clone()
	for k := range cells {
		// Digit k from the least significant end belongs to the last wildcards.
		d := i.Bit(2*k) | i.Bit(2*k+1)<<1
		t.ops[cells[len(cells)-1-k]] = arith[d]
	}
	return t, nil
}

// All returns the settings the pattern s matches, in the order of Nth. Each
// step costs O(mn) for the copy.
func (s *Setting) All() iter.Seq[*Setting] {
	return func(yield func(*Setting) bool) {
		cells := s.wildcardCells()
		digit := make([]int, len(cells))
		t := s.clone()
		for _, c := range cells {
			t.ops[c] = arith[0]
		}
		for {
			if !yield(t.clone()) {
				return
			}
			// Odometer: increment the last wildcard, carrying to the left.
			k := len(cells) - 1
			for ; k >= 0; k-- {
				digit[k]++
				if digit[k] < len(arith) {
					t.ops[cells[k]] = arith[digit[k]]
					break
				}
				digit[k] = 0
				t.ops[cells[k]] = arith[0]
			}
			if k < 0 {
				return
			}
		}
	}
}
