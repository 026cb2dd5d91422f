package factor

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"slices"
)

// wangConfig is one evaluation point for Wang's algorithm with what was
// learned from it.
type wangConfig struct {
	A   []*big.Int // values of the non-main variables
	s   upoly      // primitive image f(v, A), positive leading coefficient
	cs  *big.Int   // f(v, A) = cs * s
	E   []*big.Int // values of the leading-coefficient factors; nil when Wang's condition fails
	H   []upoly    // irreducible factors of s
	nz  int        // nonzero coordinates of A: fewer means sparser shifts
	wok bool       // Wang's condition holds
}

// Tuning of the evaluation-point search (cf. Wang 1978, section 3, and the
// EEZ parameters of SymPy's implementation): a few admissible points are
// compared and the one with the fewest image factors wins, since extra
// image factors are what makes lifting fail.
const (
	wangConfigs       = 2
	wangTriesPerRound = 40
	wangMaxRounds     = 60
	// wangMaxLarge is the number of points whose shifted polynomial
	// exceeds maxShiftTerms after which Wang's search gives up.
	wangMaxLarge = 3
	imposedRound = 3
)

// wangNonDivisors checks Wang's condition on the values E of the distinct
// leading-coefficient factors: each |E_i| must keep a prime factor after
// removing the primes of cs*ct and of the earlier E_j. Then the power of
// each factor in the leading coefficient of each true factor can be read
// off the integer leading coefficients of the image factors.
func wangNonDivisors(E []*big.Int, cs, ct *big.Int) bool {
	result := []*big.Int{new(big.Int).Mul(cs, ct)}
	for _, e := range E {
		q := new(big.Int).Abs(e)
		for i := len(result) - 1; i >= 0; i-- {
			r := new(big.Int).Abs(result[i])
			for r.Cmp(bigOne) != 0 {
				r.GCD(nil, nil, r, q)
				q.Quo(q, r)
			}
			if q.Cmp(bigOne) == 0 {
				return false
			}
		}
		result = append(result, q)
	}
	return true
}

// wangTestPoint checks that A keeps the degree in v (leading coefficient
// nonzero) and the square-freeness of the image, then records the image
// and Wang's condition.
func wangTestPoint(f mpoly, v int, others []int, A []*big.Int, lcf mpoly, T []mfac, ct *big.Int, needWok bool) (*wangConfig, bool) {
	pt := newPoint(others, A)
	if pt.evalInt(lcf).Sign() == 0 {
		return nil, false
	}
	E := make([]*big.Int, len(T))
	for i, t := range T {
		E[i] = pt.evalInt(t.f)
		if E[i].Sign() == 0 {
			return nil, false
		}
	}
	// The image content cs only removes more primes, so failing the
	// condition without it means failing it: skip the image entirely when
	// only points satisfying the condition are wanted.
	if needWok && !wangNonDivisors(E, bigOne, ct) {
		return nil, false
	}
	cs, s := uprimitive(pt.evalU(f, v))
	if !usquareFree(s) {
		return nil, false
	}
	cfg := &wangConfig{A: A, s: s, cs: cs, E: E}
	for _, a := range A {
		if a.Sign() != 0 {
			cfg.nz++
		}
	}
	cfg.wok = wangNonDivisors(E, cs, ct)
	return cfg, true
}

// usquareFree decides whether the primitive s is square-free, first by
// its image modulo a word prime not dividing lc(s) (square-free there
// implies square-free over Z), then by the gcd over Z.
func usquareFree(s upoly) bool {
	for i := 0; i < 2; i++ {
		p := bigPrime(i)
		if new(big.Int).Mod(s.lc(), new(big.Int).SetUint64(p)).Sign() == 0 {
			continue
		}
		if gsqfree(gfromZ(s, p), p) {
			return true
		}
		break
	}
	return ugcd(s, uderiv(s)).deg() == 0
}

// wangLeadCoeffs distributes the factors of lc_v(f) over the image factors
// (Wang 1978, Lemma; Geddes, Czapor & Labahn, section 6.9). It returns the
// possibly rescaled f, image factors and true leading coefficients, or false
// when some leading-coefficient factor could not be placed (extraneous image
// factors).
func wangLeadCoeffs(f mpoly, T []mfac, cfg *wangConfig, others []int) (mpoly, []upoly, []mpoly, bool) {
	cs := new(big.Int).Set(cfg.cs)
	r := len(cfg.H)
	C := make([]mpoly, r)
	J := make([]bool, len(T))
	m := new(big.Int)
	for k, h := range cfg.H {
		c := mconst(bigOne)
		d := new(big.Int).Mul(h.lc(), cs)
		for i := len(T) - 1; i >= 0; i-- {
			e := cfg.E[i]
			n := 0
			for {
				q, rem := new(big.Int).QuoRem(d, e, m)
				if rem.Sign() != 0 {
					break
				}
				d = q
				n++
			}
			if n > 0 {
				c = mmul(c, mpow(T[i].f, n))
				J[i] = true
			}
		}
		C[k] = c
	}
	for _, j := range J {
		if !j {
			return nil, nil, nil, false
		}
	}
	H := make([]upoly, r)
	pt := newPoint(others, cfg.A)
	for k := range C {
		d := pt.evalInt(C[k])
		lc := cfg.H[k].lc()
		h := cfg.H[k]
		var cc *big.Int
		if cs.Cmp(bigOne) == 0 {
			cc = new(big.Int).Quo(lc, d)
		} else {
			g := new(big.Int).GCD(nil, nil, new(big.Int).Abs(lc), new(big.Int).Abs(d))
			d = new(big.Int).Quo(d, g)
			cc = new(big.Int).Quo(lc, g)
			h = uscale(h, d)
			cs = new(big.Int).Quo(cs, d)
		}
		C[k] = mscale(C[k], cc)
		H[k] = h
	}
	if cs.Cmp(bigOne) != 0 {
		for k := range C {
			C[k] = mscale(C[k], cs)
			H[k] = uscale(H[k], cs)
		}
		f = mscale(f, new(big.Int).Exp(cs, big.NewInt(int64(r-1)), nil))
	}
	return f, H, C, true
}

// wangFactor factors f, primitive over Z and with respect to the main
// variable v, square-free, of degree >= 2 in v, by Wang's EEZ algorithm. Evaluation points are drawn from a growing box, starting
// with the origin; for each round the admissible points with the fewest
// image factors are compared and lifting is attempted with precomputed
// leading coefficients, or, when Wang's condition cannot be met, with
// lc_v(f) imposed on every factor. A one-factor image proves
// irreducibility. Lifting only fails on extraneous image factors, which by
// Hilbert's irreducibility theorem disappear for almost all points, so the
// search ends with probability one; it is bounded by ctx and wangMaxRounds.
func wangFactor(ctx context.Context, f mpoly, v int) ([]mpoly, error) {
	var others []int
	for _, w := range mvars(f) {
		if w != v {
			others = append(others, w)
		}
	}
	lcf := mlc(f, v)
	ct, T, err := mfactorFull(ctx, lcf)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(uint64(len(f)), uint64(mtdeg(f))))
	lcVars := map[int]bool{}
	for _, w := range mvars(lcf) {
		lcVars[w] = true
	}
	seen := map[string]bool{}
	bound, large := 1, 0
	for round := 0; round < wangMaxRounds; round++ {
		if err := polled(ctx); err != nil {
			return nil, err
		}
		var configs []*wangConfig // admissible points with the fewest image factors
		minR, nWok := -1, 0
		for try := 0; try < wangTriesPerRound && nWok < wangConfigs; try++ {
			A := make([]*big.Int, len(others))
			for i, w := range others {
				switch {
				case round == 0 && try == 0:
					A[i] = new(big.Int)
				case !lcVars[w] && rng.IntN(2) == 0:
					// Zero keeps the shifted polynomial sparse; only
					// variables of the leading coefficient must avoid it.
					A[i] = new(big.Int)
				case lcVars[w]:
					// Values of the leading-coefficient factors need prime
					// divisors of their own, which 0 and ±1 rarely give
					// (a factor that is a variable evaluates to the value).
					x := 2 + rng.Int64N(int64(bound+3))
					if rng.IntN(2) == 0 {
						x = -x
					}
					A[i] = big.NewInt(x)
				default:
					A[i] = big.NewInt(rng.Int64N(int64(2*bound+1)) - int64(bound))
				}
			}
			key := fmtInts(A)
			if seen[key] {
				continue
			}
			seen[key] = true
			cfg, ok := wangTestPoint(f, v, others, A, lcf, T, ct, len(configs) > nWok)
			if !ok {
				continue
			}
			// Points failing Wang's condition are only good for the
			// imposed-coefficient fallback (or an irreducibility proof);
			// factor one of them at most per round.
			if !cfg.wok && len(configs) > nWok {
				continue
			}
			fs, err := ufactorSqf(ctx, cfg.s)
			if err != nil {
				return nil, err
			}
			if len(fs) == 1 {
				return []mpoly{f}, nil
			}
			cfg.H = fs
			switch {
			case minR < 0 || len(fs) < minR:
				configs, minR, nWok = []*wangConfig{cfg}, len(fs), 0
			case len(fs) == minR:
				configs = append(configs, cfg)
			default:
				continue
			}
			if cfg.wok {
				nWok++
			}
		}
		// Widen the box quickly: Wang's condition needs the values of the
		// leading-coefficient factors to have distinct prime divisors,
		// which small boxes often cannot provide.
		bound += 1 + round/2
		if len(configs) == 0 {
			continue
		}
		slices.SortStableFunc(configs, func(a, b *wangConfig) int {
			if a.wok != b.wok {
				if a.wok {
					return -1
				}
				return 1
			}
			return a.nz - b.nz
		})
		for _, cfg := range configs {
			var res []mpoly
			var ok bool
			if cfg.wok {
				res, ok, err = wangLiftLC(ctx, f, v, others, T, cfg)
			} else if round >= imposedRound {
				res, ok, err = wangLiftImposed(ctx, f, v, others, cfg)
			}
			if errors.Is(err, errShiftTooLarge) {
				if large++; large >= wangMaxLarge {
					return nil, ErrTooLarge
				}
				continue
			}
			if err != nil {
				return nil, err
			}
			if ok {
				return res, nil
			}
		}
	}
	return nil, ErrNoConvergence
}

func fmtInts(a []*big.Int) string {
	b := make([]byte, 0, 4*len(a))
	for _, x := range a {
		b = x.Append(b, 10)
		b = append(b, ',')
	}
	return string(b)
}

// wangLiftLC lifts with the leading coefficients from wangLeadCoeffs.
func wangLiftLC(ctx context.Context, f mpoly, v int, others []int, T []mfac, cfg *wangConfig) ([]mpoly, bool, error) {
	f2, H, C, ok := wangLeadCoeffs(f, T, cfg, others)
	if !ok {
		return nil, false, nil
	}
	// Consistency of the leading coefficients is cheap to check and keeps
	// the lifting preconditions honest.
	prodC := mconst(bigOne)
	for _, c := range C {
		prodC = mmul(prodC, c)
	}
	if !mequal(prodC, mlc(f2, v)) {
		return nil, false, nil
	}
	F, ok, err := liftFactors(ctx, f2, v, others, cfg.A, H, C)
	if err != nil || !ok {
		return nil, false, err
	}
	out := make([]mpoly, len(F))
	for i, g := range F {
		_, out[i] = mprimitive(g)
	}
	return out, verifyProduct(f, out), nil
}

// wangLiftImposed lifts lc^(r-1)*f with lc = lc_v(f) imposed on every factor
// (Geddes, Czapor & Labahn, section 6.8): it needs no condition on the point,
// and the true factors are the primitive parts (in v) of the lifted ones.
func wangLiftImposed(ctx context.Context, f mpoly, v int, others []int, cfg *wangConfig) ([]mpoly, bool, error) {
	lcf := mlc(f, v)
	r := len(cfg.H)
	lcA := newPoint(others, cfg.A).evalInt(lcf)
	H := make([]upoly, r)
	C := make([]mpoly, r)
	for i, h := range cfg.H {
		q := new(big.Int).Quo(lcA, h.lc())
		H[i] = uscale(h, q)
		C[i] = lcf
	}
	// prod H = lcA^r / lc(s) * s = lcA^(r-1) * f(A) / cs. When
	// lc^(r-1)*f would hold an exponent past maxExp this point cannot
	// be lifted here; the search goes on with Wang's own leading
	// coefficients.
	df, dl := mdegs(f), mdegs(lcf)
	for i := range df {
		if int(df[i])+(r-1)*int(dl[i]) > maxExp {
			return nil, false, nil
		}
	}
	f2 := mmul(f, mpow(lcf, r-1))
	scale := new(big.Int).Quo(new(big.Int).Exp(lcA, big.NewInt(int64(r)), nil), cfg.s.lc())
	want := new(big.Int).Mul(new(big.Int).Exp(lcA, big.NewInt(int64(r-1)), nil), cfg.cs)
	// Make prod H match f2(A) exactly: prod H = scale * s, f2(A) = want * s.
	if scale.Cmp(want) != 0 {
		return nil, false, nil
	}
	F, ok, err := liftFactors(ctx, f2, v, others, cfg.A, H, C)
	if err != nil || !ok {
		return nil, false, err
	}
	out := make([]mpoly, len(F))
	for i, g := range F {
		_, pp := mcontentPrim(ctx, g, v)
		_, out[i] = mprimitive(pp)
	}
	return out, verifyProduct(f, out), nil
}

// verifyProduct reports whether prod fs = ±f.
func verifyProduct(f mpoly, fs []mpoly) bool {
	// Two cheap necessary conditions first: the lifting's wrong candidates
	// can be far larger than f, and multiplying them out took seconds
	// (a 4x4 grid's family value, factored for display).
	deg := 0
	for _, g := range fs {
		if g.isConst() {
			return false
		}
		deg += mtdeg(g)
	}
	if deg != mtdeg(f) {
		return false
	}
	q := bigPrime(2)
	vals := make([]uint64, maxVars)
	for i := range vals {
		vals[i] = splitmix(uint64(i)+uint64(len(f))<<16) % q
	}
	fv, pv := mevalMod(f, vals, q), uint64(1)
	for _, g := range fs {
		pv = pv * mevalMod(g, vals, q) % q
	}
	if fv != pv && fv != (q-pv)%q {
		return false
	}
	p := mconst(bigOne)
	for _, g := range fs {
		p = mmul(p, g)
	}
	return mequal(p, f) || mequal(p, mneg(f))
}

// mevalMod returns f at the point vals modulo the word prime q.
func mevalMod(f mpoly, vals []uint64, q uint64) uint64 {
	u := pimage(f, 0, vals, q)
	var s uint64
	for k := len(u) - 1; k >= 0; k-- {
		s = (s*vals[0] + u[k]) % q
	}
	return s
}
