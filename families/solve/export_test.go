package solve

import (
	"context"

	"github.com/families-project/families/poly"
)

// The strategies of SolveCases, for the tests that run each on its own.
const (
	BothStrategies = int(bothStrategies)
	BasisFirstOnly = int(basisFirstOnly)
	SplitOnly      = int(splitOnly)
	SplitAlways    = int(splitAlways)
)

// SolveCasesWith is solveCases, the raw cases, with the strategies chosen.
func SolveCasesWith(ctx context.Context, F, nonzero, saturated []*poly.Poly, opt Options, s int) (*Result, error) {
	opt.strategy = strategy(s)
	return solveCases(ctx, F, nonzero, saturated, opt)
}
