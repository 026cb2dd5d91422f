package groebner

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/families-project/families/poly"
)

// TestGeobucketSum adds many random sorted polynomials mod p, some as
// multiples of a "reducer" and some with cancelling terms, and checks the
// terms lead hands out, then appendTo, against a sum kept in a map.
func TestGeobucketSum(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	for _, ord := range []poly.Order{poly.Grevlex, poly.Block(2)} {
		r := poly.MustRing(ord, "x", "y", "z", "w")
		ops := newMonoOps(r)
		e := newModEngine(ops, primes[0], nil)
		s := ops.stride
		key := func(m []uint16) [5]uint16 { return [5]uint16(m[:s]) }
		// random returns a sorted polynomial with n distinct terms.
		random := func(n int) *mpoly {
			set := map[[5]uint16]uint32{}
			for len(set) < n {
				m := make([]uint16, s)
				for v := 1; v < s; v++ {
					m[v] = uint16(rnd.IntN(4))
					m[0] += m[v]
				}
				set[key(m)] = uint32(1 + rnd.Uint64N(e.p-1))
			}
			var ms [][5]uint16
			for m := range set {
				ms = append(ms, m)
			}
			slices.SortFunc(ms, func(a, b [5]uint16) int { return -ops.cmp(a[:], b[:]) })
			g := &mpoly{}
			for _, m := range ms {
				g.c = append(g.c, set[m])
				g.m = append(g.m, m[:]...)
			}
			return g
		}
		for trial := range 20 {
			want := map[[5]uint16]uint64{}
			acc := func(c uint64, m []uint16) {
				k := key(m)
				if want[k] = (want[k] + c) % e.p; want[k] == 0 {
					delete(want, k)
				}
			}
			gb := e.gb
			gb.reset()
			for range 1 + rnd.IntN(40) {
				f := random(1 + rnd.IntN(150))
				if rnd.IntN(2) == 0 {
					gb.add(f.c, f.m)
					for i, c := range f.c {
						acc(uint64(c), f.m[i*s:])
					}
					continue
				}
				mul := 1 + rnd.Uint64N(e.p-1)
				tm := make([]uint16, s)
				tm[1], tm[0] = 1, 1
				gb.update(len(f.c)-1, func(dc []uint32, dm []uint16, ac []uint32, am []uint16) ([]uint32, []uint16) {
					return e.addMul(dc, dm, ac, am, mul, tm, f)
				})
				for i := 1; i < len(f.c); i++ {
					m := make([]uint16, s)
					monoMul(m, f.m[i*s:], tm)
					acc(mul*uint64(f.c[i])%e.p, m)
				}
			}
			// Take a few leading terms, then the rest at once.
			var got []uint64
			var gotM [][5]uint16
			for range trial {
				c, lm, ok := gb.lead()
				if !ok {
					break
				}
				got, gotM = append(got, uint64(c)), append(gotM, key(lm))
			}
			rc, rm := gb.appendTo(nil, nil)
			for i, c := range rc {
				got, gotM = append(got, uint64(c)), append(gotM, key(rm[i*s:]))
			}
			if len(got) != len(want) {
				t.Fatalf("%v trial %d: %d terms, want %d", ord, trial, len(got), len(want))
			}
			for i := range got {
				if i > 0 && ops.cmp(gotM[i-1][:], gotM[i][:]) <= 0 {
					t.Fatalf("%v trial %d: terms out of order at %d", ord, trial, i)
				}
				if want[gotM[i]] != got[i] {
					t.Fatalf("%v trial %d: coefficient of %v is %d, want %d", ord, trial, gotM[i], got[i], want[gotM[i]])
				}
			}
		}
	}
}
