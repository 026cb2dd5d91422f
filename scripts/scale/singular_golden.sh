#!/usr/bin/env bash
# Regenerate a golden table of larger grids (testdata/scale) with Singular.
#
#     bash scripts/scale/singular_golden.sh NAME SIZE PATTERN N SEED [LINES] [consistent]
#
# The committed tables were made with Singular 4.3.1 (BOUND=60, 5x5 BOUND=30):
#
#     bash scripts/scale/singular_golden.sh grid4x4 4x4 '..=|.......|..=|.......|..=|=======|..=' 100 1
#     BOUND=30 bash scripts/scale/singular_golden.sh grid5x5 5x5 '...=|.........|...=|.........|...=|.........|...=|=========|...=' 50 1
#     bash scripts/scale/singular_golden.sh zero3x4 3x4 '...|.......|...|.......|...' 25 1 rows,cols,diag,short consistent
#     bash scripts/scale/singular_golden.sh zero4x3 4x3 '..|.....|..|.....|..|.....|..' 25 1 rows,cols,diag,short consistent
#
# Draws settings of PATTERN (SIZE grid) with SEED by `go run ./scripts/solve
# sample` (PCG, deterministic), writes each setting's system (equations with
# denominators cleared, nonzero conditions, LINES or the default lines,
# evaluation with precedence) and runs one Singular process per setting,
# bounded by BOUND seconds (default 60): saturation by each nonzero
# condition in turn by iterated `quotient` until stable (Singular's `sat` by
# the product of all conditions runs for minutes on these), then std, dim,
# and vdim when the dimension is 0. A setting that Singular does not finish
# within the bound is listed with class singular_timeout.
#
# With `consistent`, 10 N settings are drawn and the first N whose system is
# consistent are kept (in the order drawn), filled up with inconsistent ones
# when fewer are: all-lines-zero grids are mostly inconsistent, and a table
# of them alone would test little.
#
# Writes testdata/scale/NAME.golden: "# size:" and "# lines:" header lines
# (read by scripts/solve and the tests) and one line per setting:
#
#     OPS CLASS DIM DEGREE
#
# CLASS is inconsistent (DIM -), finite (DEGREE = vdim), positive_dimensional
# (DEGREE -) or singular_timeout (DIM and DEGREE -).
# Requires: Singular (Debian package `singular`), go, coreutils timeout.

set -euo pipefail

cd "$(dirname "$0")/../.."
usage="usage: singular_golden.sh NAME SIZE PATTERN N SEED [LINES] [consistent]"
NAME=${1:?$usage}
SIZE=${2:?$usage}
PATTERN=${3:?$usage}
N=${4:?$usage}
SEED=${5:?$usage}
LINES=${6:-}
MODE=${7:-}
BOUND=${BOUND:-60}
SINGULAR=${SINGULAR:-Singular}
command -v "$SINGULAR" >/dev/null || { echo "Singular not found" >&2; exit 1; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
DRAW=$N
if [ "$MODE" = consistent ]; then DRAW=$((10 * N)); fi
go run ./scripts/solve sample --size "$SIZE" --pattern "$PATTERN" --n "$DRAW" --seed "$SEED" \
  ${LINES:+--lines "$LINES"} --out "$TMP/sys"

# shellcheck source=scripts/solve/singular_lib.sh
. scripts/solve/singular_lib.sh

# classify NUM OPS: one table line for the system NUM, from its own Singular
# process within BOUND seconds.
classify() {
  local sys="$TMP/sys/$1.sys" s="$TMP/$1.sing" out="$TMP/$1.out"
  {
    echo 'option(redSB); int GD; int GV; string GC;'
    ring_block "$sys"
    class_block "$out" "$2" w
    echo 'quit;'
  } >"$s"
  rm -f "$out"
  if timeout "$BOUND" "$SINGULAR" -q --no-warn --no-rc "$s" </dev/null >"$s.log" 2>&1 && [ -s "$out" ]; then
    if grep -q '^ *? ' "$s.log"; then cat "$s.log" >&2; exit 1; fi
    cat "$out"
  else
    echo "$2 singular_timeout - -"
  fi
}

: >"$TMP/good"
: >"$TMP/rest"
while read -r num ops; do
  line=$(classify "$num" "$ops")
  echo "$line" >&2
  if [ "$MODE" = consistent ] && [[ "$line" == *" inconsistent "* ]]; then
    echo "$num $line" >>"$TMP/rest"
  else
    echo "$num $line" >>"$TMP/good"
  fi
  if [ "$(wc -l <"$TMP/good")" -ge "$N" ]; then break; fi
done <"$TMP/sys/index.txt"

mkdir -p testdata/scale
{
  echo "# $NAME: settings of the pattern $PATTERN drawn with seed $SEED"
  if [ "$MODE" = consistent ]; then echo "# (the first $N with a consistent system among $DRAW drawn, filled up with inconsistent ones)"; fi
  echo "# by go run ./scripts/solve sample; evaluation with precedence."
  echo "# size: $SIZE"
  if [ -n "$LINES" ]; then echo "# lines: $LINES"; fi
  echo "# $("$SINGULAR" -v --no-rc -q -c 'quit;' </dev/null 2>/dev/null | head -1 | tr -d '\n' || true),"
  echo "# one process per setting bounded by $BOUND s: saturation by each nonzero condition"
  echo "# (iterated quotient), std, dim, vdim. Rerun: see scripts/scale/singular_golden.sh."
  echo "# columns: OPS CLASS DIM DEGREE   (DEGREE = vdim for finite, - otherwise)"
  cat "$TMP/good" "$TMP/rest" | head -n "$N" | sort -n -k1,1 | cut -d' ' -f2-
} >"testdata/scale/$NAME.golden"
echo "testdata/scale/$NAME.golden: $(grep -vc '^#' "testdata/scale/$NAME.golden") settings" >&2
awk '!/^#/ { c[$2]++ } END { for (k in c) printf "  %s %d\n", k, c[k] }' "testdata/scale/$NAME.golden" >&2
