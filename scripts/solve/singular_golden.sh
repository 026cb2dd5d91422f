#!/usr/bin/env bash
# Regenerate a golden table of testdata/solve/ with Singular.
#
#     bash scripts/solve/singular_golden.sh NAME PATTERN [N] [SEED]
#     bash scripts/solve/singular_golden.sh pattern_eq   '.=|.....|.=|=====|.='
#     bash scripts/solve/singular_golden.sh pattern_zero '..|.-.-.|..|.-.-.|..'
#
# Draws N (default 300) settings of PATTERN with SEED (default 1) by
# `go run ./scripts/solve sample`, which writes each setting's system
# (equations and nonzero conditions, lines and evaluation by default), then
# runs one Singular process over all of them: the ideal is saturated by each
# nonzero condition in turn with iterated `quotient` until stable (as
# scripts/golden/singular_golden.sh does), then std, dim, and vdim when the
# dimension is 0. It writes testdata/solve/NAME.golden, one line per
# setting:
#
#     OPS CLASS DIM DEGREE
#
# CLASS is inconsistent (dim -1: the unit ideal), finite or
# positive_dimensional, DEGREE is vdim for finite systems and - otherwise.
# Deterministic: the sample depends only on PATTERN, N and SEED.
# Requires: Singular (Debian package `singular`), go.

set -euo pipefail

cd "$(dirname "$0")/../.."
NAME=${1:?usage: singular_golden.sh NAME PATTERN [N] [SEED]}
PATTERN=${2:?usage: singular_golden.sh NAME PATTERN [N] [SEED]}
N=${3:-300}
SEED=${4:-1}
SINGULAR=${SINGULAR:-Singular}
command -v "$SINGULAR" >/dev/null || { echo "Singular not found" >&2; exit 1; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
go run ./scripts/solve sample --pattern "$PATTERN" --n "$N" --seed "$SEED" --out "$TMP/sys"

OUT="$TMP/table"
S="$TMP/golden.sing"
# shellcheck source=scripts/solve/singular_lib.sh
. scripts/solve/singular_lib.sh
{
  echo 'option(redSB); int GD; int GV; string GC;'
  while read -r num ops; do
    sys="$TMP/sys/$num.sys"
    ring_block "$sys"
    class_block "$OUT" "$ops" a
    echo 'kill GR;'
  done <"$TMP/sys/index.txt"
  echo 'quit;'
} >"$S"
: >"$OUT"
"$SINGULAR" -q --no-warn --no-rc "$S" </dev/null >"$S.log" 2>&1 || { cat "$S.log" >&2; exit 1; }
if grep -q '^ *? ' "$S.log"; then cat "$S.log" >&2; exit 1; fi
n=$(wc -l <"$OUT")
[ "$n" -eq "$N" ] || { echo "Singular wrote $n of $N lines" >&2; exit 1; }

mkdir -p testdata/solve
{
  echo "# $NAME: $N settings of the pattern $PATTERN drawn with seed $SEED"
  echo "# (go run ./scripts/solve sample; lines and evaluation by default)."
  echo "# $("$SINGULAR" -v --no-rc -q -c 'quit;' </dev/null 2>/dev/null | head -1 | tr -d '\n' || true):"
  echo "# saturation by each nonzero condition (iterated quotient), std, dim, vdim."
  echo "# columns: OPS CLASS DIM DEGREE   (DEGREE = vdim for finite, - otherwise)"
  cat "$OUT"
} >"testdata/solve/$NAME.golden"
echo "testdata/solve/$NAME.golden: $(grep -vc '^#' "testdata/solve/$NAME.golden") settings"
awk '!/^#/ { c[$2]++ } END { for (k in c) printf "  %s %d\n", k, c[k] }' "testdata/solve/$NAME.golden"
