package groebner

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/families-project/families/internal/work"
)

// Limits bounds a computation. A zero field means no bound. The time bound
// of a computation is the earlier of Timeout and the context's deadline.
type Limits struct {
	// Timeout bounds the wall-clock time.
	Timeout time.Duration
	// MaxBasis bounds the number of elements of the basis under
	// construction (including the modular run that guides the exact one).
	MaxBasis int
	// MaxCoeffBits bounds the bits of every integer coefficient of a basis
	// element and of every polynomial being reduced over Q, in the
	// engine's form: primitive integer polynomials, reduced fraction free.
	MaxCoeffBits int
}

// A LimitKind names the limit a computation stopped at. Compare with the
// constants, never with a literal: the text is for people.
type LimitKind string

// The kinds of LimitError this package reports. Packages with limits of
// their own define their kinds beside these (solve.LimitCases).
const (
	LimitTime      LimitKind = "time"             // Limits.Timeout or the context's deadline
	LimitCanceled  LimitKind = "canceled"         // the context was canceled
	LimitBasisSize LimitKind = "basis size"       // Limits.MaxBasis
	LimitCoeffBits LimitKind = "coefficient size" // Limits.MaxCoeffBits
	LimitDegree    LimitKind = "degree"           // a total degree beyond 65535
)

// A LimitError reports that a computation stopped at a limit; no partial
// result is returned with it.
type LimitError struct {
	Limit LimitKind
	Value int64 // the bound that was hit (nanoseconds, elements, bits or degree; 0 if unknown)
	Err   error // the context's error for LimitTime and LimitCanceled
}

// Error describes the limit that was hit.
func (e *LimitError) Error() string {
	switch e.Limit {
	case LimitTime:
		return "groebner: time limit exceeded"
	case LimitCanceled:
		return "groebner: computation canceled"
	}
	return fmt.Sprintf("groebner: %s limit of %d exceeded", e.Limit, e.Value)
}

// Unwrap returns the context's error, if any.
func (e *LimitError) Unwrap() error { return e.Err }

// IsLimit reports whether err is (or wraps) a *LimitError.
func IsLimit(err error) bool {
	var le *LimitError
	return errors.As(err, &le)
}

// limits is the working form of Limits. The engines call check between
// steps and poll it in proportion to work inside long steps, so that a
// limit stops a computation within milliseconds; it is safe for
// concurrent use (the certificate runs in several goroutines).
type limits struct {
	ctx      context.Context
	timeout  time.Duration
	maxBasis int
	maxBits  int
	// swellGuard lets the trace algorithm abandon an exact replay that
	// does far more work than its modular run (traceWith): the
	// coefficients then swell, as in cyclic-7, where a single reduction
	// grows past hundreds of megabytes with no coefficient over maxBits.
	swellGuard bool
	// swellBound, during a guarded replay, is the replay's work bound
	// (swellWork of its modular run), 0 until that run has ended.
	swellBound *atomic.Int64
}

func newLimits(ctx context.Context, l Limits) (limits, context.CancelFunc) {
	cancel := context.CancelFunc(func() {})
	if l.Timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, l.Timeout)
	}
	return limits{ctx: ctx, timeout: l.Timeout, maxBasis: l.MaxBasis, maxBits: l.MaxCoeffBits}, cancel
}

// check reports a limit error once the context is done. A nil *limits or
// context never stops.
func (l *limits) check() error {
	if l == nil || l.ctx == nil {
		return nil
	}
	// Each poll spends a unit of the work budget the context may carry
	// (internal/work): polls come in proportion to work done, so a budget
	// that chooses a path counts work, never time.
	work.Spend(l.ctx)
	if err := l.ctx.Err(); err != nil {
		if context.Cause(l.ctx) == errSwell {
			return errSwell
		}
		if errors.Is(err, context.DeadlineExceeded) {
			return &LimitError{Limit: LimitTime, Value: int64(l.timeout), Err: err}
		}
		return &LimitError{Limit: LimitCanceled, Err: err}
	}
	return nil
}

// spend spends n units of the context's work budget (internal/work) for
// an engine whose checks lie far apart in work, such as F4's symbolic
// preprocessing, where one check covers hundreds of rows.
func (l *limits) spend(n int64) {
	if l != nil && l.ctx != nil {
		work.SpendN(l.ctx, n)
	}
}

// checkBits enforces the coefficient bound on the integer coefficients c.
func (l *limits) checkBits(c []zint) error {
	if l == nil || l.maxBits == 0 {
		return nil
	}
	for _, x := range c {
		if x.bitLen() > l.maxBits {
			return &LimitError{Limit: LimitCoeffBits, Value: int64(l.maxBits)}
		}
	}
	return nil
}

// checkBasis enforces the basis bound for a basis about to have n elements,
// and checks the context.
func (l *limits) checkBasis(n int) error {
	if l != nil && l.maxBasis > 0 && n > l.maxBasis {
		return &LimitError{Limit: LimitBasisSize, Value: int64(l.maxBasis)}
	}
	return l.check()
}

// degreeError reports a monomial whose total degree would exceed the 65535
// that the packed representation holds.
func degreeError() error {
	return &LimitError{Limit: LimitDegree, Value: maxDeg}
}
