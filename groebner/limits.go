package groebner

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Limits bounds a computation. A zero field means no bound. The time bound
// of a computation is the earlier of Timeout and the context's deadline.
type Limits struct {
	Timeout      time.Duration // wall-clock time
	MaxBasis     int           // elements in the basis under construction
	MaxCoeffBits int           // bits of any integer coefficient of a basis element
}

// A LimitError reports that a computation stopped at a limit; no partial
// result is returned with it.
type LimitError struct {
	Limit string // "time", "basis size", "coefficient size", "degree" or "canceled"
	Value int64  // the bound that was hit (nanoseconds, elements, bits or degree)
	Err   error  // the context's error for "time" and "canceled"
}

func (e *LimitError) Error() string {
	switch e.Limit {
	case "time":
		return fmt.Sprintf("groebner: time limit exceeded")
	case "canceled":
		return "groebner: computation canceled"
	}
	return fmt.Sprintf("groebner: %s limit of %d exceeded", e.Limit, e.Value)
}

func (e *LimitError) Unwrap() error { return e.Err }

// IsLimit reports whether err is a *LimitError.
func IsLimit(err error) bool {
	var le *LimitError
	return errors.As(err, &le)
}

type limits struct {
	ctx      context.Context
	maxBasis int
	maxBits  int
}

func newLimits(ctx context.Context, l Limits) (limits, context.CancelFunc) {
	cancel := context.CancelFunc(func() {})
	if l.Timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, l.Timeout)
	}
	return limits{ctx: ctx, maxBasis: l.MaxBasis, maxBits: l.MaxCoeffBits}, cancel
}

// check reports a limit error once the context is done.
func (l *limits) check() error {
	if l.ctx == nil {
		return nil
	}
	if err := l.ctx.Err(); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return &LimitError{Limit: "time", Err: err}
		}
		return &LimitError{Limit: "canceled", Err: err}
	}
	return nil
}

// checkBits enforces the coefficient bound on the integer coefficients c
// (of a basis element or of a polynomial being reduced, in the engine's
// primitive fraction-free form).
func (l *limits) checkBits(c []zint) error {
	if l.maxBits == 0 {
		return nil
	}
	for _, x := range c {
		if x.bitLen() > l.maxBits {
			return &LimitError{Limit: "coefficient size", Value: int64(l.maxBits)}
		}
	}
	return nil
}

// degreeError reports a monomial whose total degree would exceed the
// 65535 that the packed representation holds.
func degreeError() error {
	return &LimitError{Limit: "degree", Value: maxDeg}
}

func (l *limits) checkBasis(n int) error {
	if l.maxBasis > 0 && n > l.maxBasis {
		return &LimitError{Limit: "basis size", Value: int64(l.maxBasis)}
	}
	return l.check()
}
