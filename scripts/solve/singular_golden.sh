#!/usr/bin/env bash
# Regenerate a golden table of testdata/solve/ with Singular.
#
#     bash scripts/solve/singular_golden.sh NAME PATTERN [N] [SEED] [SIZE] [EVAL] [LINES] [FINITE]
#
# The committed tables:
#
#     bash scripts/solve/singular_golden.sh pattern_eq   '.=|.....|.=|=====|.='
#     bash scripts/solve/singular_golden.sh pattern_zero '..|.-.-.|..|.-.-.|..'
#     bash scripts/solve/singular_golden.sh finite_zero  '..|.-.-.|..|.-.-.|..' 60 1 3x3 precedence default finite
#     bash scripts/solve/singular_golden.sh ltr_eq       '.=|.....|.=|=====|.=' 100 1 3x3 ltr
#     bash scripts/solve/singular_golden.sh grid_3x4     '..=|.......|..=|=======|..=' 100 1 3x4
#     bash scripts/solve/singular_golden.sh eqs_3x4      '.==|.......|..=|=======|.==' 100 1 3x4
#     MAXBASIS=10000 bash scripts/solve/singular_golden.sh grid_4x4 '..=|.......|..=|.......|..=|=======|..=' 50 1 4x4
#
# MAXBASIS, when set, then keeps only the settings whose basis is at most
# that many characters long (the 4x4 bases run to half a megabyte; some
# 16 minutes of Singular on a loaded 2-core machine for the 50).
#
# Draws N (default 300) settings of PATTERN with SEED (default 1) by
# `go run ./scripts/solve sample` (sweep.Sample, deterministic) on a SIZE
# grid (default 3x3), evaluated by EVAL (precedence or ltr) on the lines
# LINES (default: the setting's). With FINITE "positive" it draws only
# settings that can have a positive solution (sweep.Filter.Positive); with
# "finite" it draws 100 times as many of those and keeps the first N whose
# solution set is finite.
#
# The systems are not families/grid's, the code the tables check: the small
# reader scripts/solve/reader.py reads each setting again from its --ops
# string (layout, lines, sides, evaluation) and writes the Singular program.
# One Singular process saturates each ideal by every number in turn with
# iterated `quotient` until stable, then computes std, dim, and vdim when
# the dimension is 0. It writes testdata/solve/NAME.golden, one line per
# setting,
#
#     OPS CLASS DIM DEGREE
#
# CLASS is inconsistent (dim -1: the unit ideal), finite or
# positive_dimensional, DEGREE is vdim for finite systems and - otherwise;
# the header states the size, evaluation and lines. It also writes
# testdata/solve/NAME.basis, each setting's reduced saturated basis:
# "OPS p1,p2,..." in Singular's syntax. families/analyze_test.go compares
# both with families.Analyze, which builds the systems with families/grid.
# Deterministic: the output depends only on the arguments.
# Requires: Singular (Debian package `singular`), python3 with SymPy, go.

set -euo pipefail

cd "$(dirname "$0")/../.."
NAME=${1:?usage: singular_golden.sh NAME PATTERN [N] [SEED] [SIZE] [EVAL] [LINES] [FINITE]}
PATTERN=${2:?usage: singular_golden.sh NAME PATTERN [N] [SEED] [SIZE] [EVAL] [LINES] [FINITE]}
N=${3:-300}
SEED=${4:-1}
SIZE=${5:-3x3}
EVAL=${6:-precedence}
LINES=${7:-default}
FINITE=${8:-}
SINGULAR=${SINGULAR:-Singular}
PYTHON=${PYTHON:-/usr/bin/python3}
command -v "$SINGULAR" >/dev/null || { echo "Singular not found" >&2; exit 1; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
draw=$N
flags=()
if [ "$FINITE" = finite ]; then draw=$((100 * N)); flags=(--positive); fi
if [ "$FINITE" = positive ]; then flags=(--positive); fi
golines=""
if [ "$LINES" != default ]; then golines=$LINES; fi
go run ./scripts/solve sample --pattern "$PATTERN" --n "$draw" --seed "$SEED" --size "$SIZE" \
  --eval "$EVAL" --lines "$golines" "${flags[@]}" --out "$TMP/sys"

OUT="$TMP/table"
BASIS="$TMP/basis"
S="$TMP/golden.sing"
"$PYTHON" scripts/solve/reader.py "$SIZE" "$EVAL" "$LINES" "$N" "$FINITE" "$OUT" "$BASIS" \
  <"$TMP/sys/index.txt" >"$S"
: >"$OUT"
: >"$BASIS"
"$SINGULAR" -q --no-warn --no-rc "$S" </dev/null >"$S.log" 2>&1 || { cat "$S.log" >&2; exit 1; }
if grep -q '^ *? ' "$S.log"; then cat "$S.log" >&2; exit 1; fi
n=$(wc -l <"$OUT")
[ "$n" -eq "$N" ] || { echo "Singular wrote $n of $N lines" >&2; exit 1; }

if [ -n "${MAXBASIS:-}" ]; then
  awk -v max="$MAXBASIS" 'NR == FNR { keep[FNR] = length($0) <= max; next } keep[FNR]' "$BASIS" "$OUT" >"$OUT.kept"
  awk -v max="$MAXBASIS" 'length($0) <= max' "$BASIS" >"$BASIS.kept"
  mv "$OUT.kept" "$OUT"
  mv "$BASIS.kept" "$BASIS"
fi

mkdir -p testdata/solve
{
  echo "# $NAME: $N settings of the pattern $PATTERN drawn with seed $SEED"
  if [ "$FINITE" = finite ]; then
    echo "# (go run ./scripts/solve sample --positive, the first $N with a finite solution set)."
  elif [ "$FINITE" = positive ]; then
    echo "# (go run ./scripts/solve sample --positive)."
  else
    echo "# (go run ./scripts/solve sample)."
  fi
  echo "# size: $SIZE"
  echo "# eval: $EVAL"
  echo "# lines: ${golines:-default}"
  echo "# systems read by scripts/solve/reader.py, not by families/grid."
  if [ -n "${MAXBASIS:-}" ]; then echo "# kept: the $(wc -l <"$OUT") settings whose basis has at most $MAXBASIS characters."; fi
  echo "# $("$SINGULAR" -v --no-rc -q -c 'quit;' </dev/null 2>/dev/null | head -1 | tr -d '\n' || true):"
  echo "# saturation by every number (iterated quotient), std, dim, vdim."
  echo "# columns: OPS CLASS DIM DEGREE   (DEGREE = vdim for finite, - otherwise)"
  cat "$OUT"
} >"testdata/solve/$NAME.golden"
cp "$BASIS" "testdata/solve/$NAME.basis"
echo "testdata/solve/$NAME.golden: $(grep -vc '^#' "testdata/solve/$NAME.golden") settings"
awk '!/^#/ { c[$2]++ } END { for (k in c) printf "  %s %d\n", k, c[k] }' "testdata/solve/$NAME.golden"
