#!/usr/bin/env bash
# Time the family solver beside Singular on the settings of the golden
# tables (issue 5), and print the ratio.
#
#     bash scripts/solve/bench.sh [testdata/solve/NAME.golden ...]
#
# Ours: `go run ./scripts/solve time`, which analyzes every setting as
# `families --ops` does: saturation by the nonzero conditions, class,
# dimension, degree, the decomposition into prime components, a family in
# chosen parameters for each positive-dimensional component (verified by
# substitution) and every solution of the finite ones (proved to 50
# digits).
# Singular, in one process over the same systems: saturation (iterated
# quotient by each nonzero condition), std, dim and minAssGTZ (primdec.lib),
# timed per system with rtimer at 0.1 ms resolution. Singular does less
# work (no parameters, formulas or numerics).
# Requires: Singular, go.

set -euo pipefail
cd "$(dirname "$0")/../.."
SINGULAR=${SINGULAR:-Singular}
command -v "$SINGULAR" >/dev/null || { echo "Singular not found" >&2; exit 1; }
if [ $# -eq 0 ]; then set -- testdata/solve/pattern_eq.golden testdata/solve/pattern_zero.golden; fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# shellcheck source=scripts/solve/singular_lib.sh
. scripts/solve/singular_lib.sh

# bench TABLE...: one line for ours, one for Singular, one for the ratio.
bench() {
  rm -rf "$TMP/sys"
  go run ./scripts/solve systems --out "$TMP/sys" "$@"
  local times="$TMP/times" s="$TMP/bench.sing"
  {
    echo 'LIB "primdec.lib"; option(redSB); system("--ticks-per-sec", 10000); int GT; int GD;'
    while read -r num ops; do
      echo "GT = rtimer;"
      ring_block "$TMP/sys/$num.sys"
      echo 'ideal GS = std(GJ); GD = dim(GS);'
      echo 'list GP; if (GD >= 0) { GP = minAssGTZ(GS); }'
      echo "write(\":a $times\", string(rtimer - GT));"
      echo 'kill GR;'
    done <"$TMP/sys/index.txt"
    echo 'quit;'
  } >"$s"
  : >"$times"
  "$SINGULAR" -q --no-warn --no-rc "$s" </dev/null >"$s.log" 2>&1 || { head -20 "$s.log" >&2; exit 1; }
  if grep -q '^ *? ' "$s.log"; then head -20 "$s.log" >&2; exit 1; fi
  local singular ours n s50 s90 s99 smax stotal o50 o99 ototal
  singular=$(sort -n "$times" | awk '{ t[NR] = $1 / 10; s += $1 / 10 }
    END { i50 = int(0.5 * NR) + 1; i90 = int(0.9 * NR) + 1; i99 = int(0.99 * NR) + 1
          if (i99 > NR) i99 = NR; if (i90 > NR) i90 = NR
          printf "%d %.3f %.3f %.3f %.3f %.3f", NR, t[i50], t[i90], t[i99], t[NR], s / 1000 }')
  read -r n s50 s90 s99 smax stotal <<<"$singular"
  ours=$(go run ./scripts/solve time "$@")
  echo "$*"
  echo "  families:  $ours"
  printf '  Singular:  settings %d  median %.3f ms  p90 %.3f ms  p99 %.3f ms  max %.3f ms  total %.3f s\n' \
    "$n" "$s50" "$s90" "$s99" "$smax" "$stotal"
  read -r o50 o99 ototal < <(sed -E 's/.*median ([0-9.]+) ms.*p99 ([0-9.]+) ms.*total ([0-9.]+) s.*/\1 \2 \3/' <<<"$ours")
  awk -v a="$o50" -v b="$s50" -v c="$o99" -v d="$s99" -v e="$ototal" -v f="$stotal" 'BEGIN {
    printf "  ratio families/Singular:  median %.2f  p99 %.2f  total %.2f\n", a / (b > 0 ? b : 0.1), c / (d > 0 ? d : 0.1), e / (f > 0 ? f : 0.001) }'
}

for table in "$@"; do bench "$table"; done
if [ $# -gt 1 ]; then bench "$@"; fi
