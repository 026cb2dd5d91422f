package groebner

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// randBig returns a random integer of up to bits bits, of either sign.
func randBig(rng *rand.Rand, bits int) *big.Int {
	n := new(big.Int)
	for range (bits + 31) / 32 {
		n.Lsh(n, 32)
		n.Or(n, big.NewInt(int64(rng.Uint32())))
	}
	n.Rsh(n, uint(rng.IntN(bits+1)))
	if rng.IntN(2) == 0 {
		n.Neg(n)
	}
	return n
}

// TestWideAccMatchesBig applies random updates acc -= q*row and scalings
// to a few columns of a wideAcc started one word wide and to big integers,
// and compares after each: the accumulator must widen whenever a value
// passes its width (the overflow the sign change reveals), in either
// direction and at any term of a row, and stay exact.
func TestWideAccMatchesBig(t *testing.T) { checkWideAcc(t) }

func checkWideAcc(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		var x wideAcc
		const cols = 5
		x.start(10, 10+cols-1, 1)
		want := make([]big.Int, cols)
		var p, a big.Int
		for step := range 60 {
			c := rng.IntN(cols)
			if rng.IntN(8) == 0 {
				// Scale the columns from c on by a positive a.
				a.Abs(randBig(rng, 1+rng.IntN(150)))
				if a.Sign() == 0 {
					a.SetInt64(3)
				}
				x.scale(int32(10+c), 10+cols-1, &a)
				for k := c; k < cols; k++ {
					want[k].Mul(&want[k], &a)
				}
				continue
			}
			// A row of terms at columns c.. (each kept with probability
			// 1/2, c always), after a term that subMulRow skips (k0 = 1).
			q := randBig(rng, 1+rng.IntN(500)) // up to eight words: chunks and tails
			rowCols := []int32{int32(10 + rng.IntN(cols))}
			coefs := []*big.Int{big.NewInt(1)}
			bitsM := 0
			for k := c; k < cols; k++ {
				if k > c && rng.IntN(2) == 0 {
					continue
				}
				m := randBig(rng, 1+rng.IntN(130))
				if m.Sign() == 0 {
					m.SetInt64(-5)
				}
				rowCols = append(rowCols, int32(10+k))
				coefs = append(coefs, m)
				bitsM = max(bitsM, m.BitLen())
			}
			if rng.IntN(2) == 0 && bitsM < x.w*64-2 {
				// Products just inside the width, so that sums overflow it.
				q.Lsh(big.NewInt(int64(1-2*rng.IntN(2))), uint(x.w*64-2-bitsM))
			}
			if need := q.BitLen() + bitsM; need >= x.w*64 {
				x.widen(need/64 + 1) // no spare word: sums overflow
			}
			row := denseRow{cols: rowCols, wide: newWideCoefs(coefs)}
			x.subMulRow(q.Bits(), q.Sign() < 0, row, 1, false)
			for k, col := range rowCols[1:] {
				p.Mul(q, coefs[k+1])
				want[col-10].Sub(&want[col-10], &p)
			}
			for k := range cols {
				if got := x.toBig(x.entry(int32(10 + k))); got.Cmp(&want[k]) != 0 {
					t.Fatalf("trial %d step %d column %d: got %v, want %v (width %d)", trial, step, k, got, &want[k], x.w)
				}
			}
		}
		// setBig and toBig round trip, and clear leaves zeros.
		setBig(x.entry(10), &want[1])
		if got := x.toBig(x.entry(10)); got.Cmp(&want[1]) != 0 {
			t.Fatalf("setBig/toBig: got %v, want %v", got, &want[1])
		}
		buf := x.buf
		x.clear()
		for i, v := range buf {
			if v != 0 {
				t.Fatalf("word %d not cleared", i)
			}
		}
	}
}

// TestSubMulRowRefusesOutside checks the guard in front of the row's
// assembly, which checks no bounds itself: a row with a column past the
// live entries, or before them, or a product wider than the accumulator,
// must panic rather than write outside it.
func TestSubMulRowRefusesOutside(t *testing.T) {
	one := []*big.Int{big.NewInt(1), big.NewInt(3)}
	wide := []*big.Int{big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), 100)}
	for _, tc := range []struct {
		name  string
		cols  []int32
		coefs []*big.Int
		q     *big.Int
	}{
		{"past the live entries", []int32{10, 15}, one, big.NewInt(2)},
		{"before the live entries", []int32{10, 9}, one, big.NewInt(2)},
		{"product wider than the entries", []int32{10, 11}, wide, new(big.Int).Lsh(big.NewInt(1), 100)},
	} {
		var x wideAcc
		x.start(10, 14, 2)
		row := denseRow{cols: tc.cols, wide: newWideCoefs(tc.coefs)}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", tc.name)
				}
			}()
			x.subMulRow(tc.q.Bits(), false, row, 1, false)
		}()
	}
	// Inside the bounds the same call goes through.
	var x wideAcc
	x.start(10, 14, 2)
	x.subMulRow(big.NewInt(2).Bits(), false, denseRow{cols: []int32{10, 14}, wide: newWideCoefs(one)}, 1, false)
	if got := x.toBig(x.entry(14)); got.Int64() != -6 {
		t.Fatalf("entry 14 = %v, want -6", got)
	}
}

// TestSignedLen pins the bit length of two's complement entries at the
// edges of a word.
func TestSignedLen(t *testing.T) {
	for _, tc := range []struct {
		v    string
		want int
	}{{"0", 0}, {"1", 1}, {"-1", 0}, {"-2", 1}, {"255", 8}, {"-256", 8}, {"-257", 9},
		{"18446744073709551615", 64}, {"-18446744073709551616", 64}, {"18446744073709551616", 65}} {
		v, _ := new(big.Int).SetString(tc.v, 10)
		e := make([]big.Word, 3)
		setBig(e, v)
		if got := signedLen(e); got != tc.want {
			t.Errorf("signedLen(%s) = %d, want %d", tc.v, got, tc.want)
		}
	}
}

// TestCertifyKernels runs the certificate by degree with the int64 kernel
// first (as certify does) and with the accumulator of several words alone,
// on the candidates of systems whose coefficients pass a word and on the
// candidates spoiled by one: both accept the first and refuse the second,
// as the reductions one at a time do.
func TestCertifyKernels(t *testing.T) {
	defer func(v bool) { certifySmallFirst = v }(certifySmallFirst)
	for _, name := range []string{"katsura5", "cyclic5", "katsura6h", "random_03"} {
		e, G, in := homogCandidate(t, "../testdata/systems/"+name+".sys")
		bad := spoilLongest(t, G)
		want, err := e.certifyEach(bad, in)
		if err != nil || want {
			t.Fatalf("%s: one at a time accepted the spoiled candidate (%v)", name, err)
		}
		for _, small := range []bool{true, false} {
			certifySmallFirst = small
			if ok, err := e.certifyByDegree(G, in); err != nil || !ok {
				t.Errorf("%s, int64 first %v: refused the candidate (%v)", name, small, err)
			}
			if ok, err := e.certifyByDegree(bad, in); err != nil || ok {
				t.Errorf("%s, int64 first %v: accepted the spoiled candidate (%v)", name, small, err)
			}
		}
	}
}
