package main

import (
	"io"

	"github.com/families-project/families/families"
	"github.com/families-project/families/families/grid"
	"github.com/spf13/pflag"
)

// sweepPattern solves every setting a pattern with wildcards matches.
func sweepPattern(fs *pflag.FlagSet, s *grid.Setting, opt families.Options, stdout, stderr io.Writer) error {
	return usagef("the pattern %s matches %s settings; sweeping patterns is not built yet: use --count, or fix every operator", s, s.Count())
}
