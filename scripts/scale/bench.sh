#!/usr/bin/env bash
# Time the whole analysis of the larger grids (testdata/scale) beside Singular's
# saturation alone, in one run, and print the ratio.
#
#     bash scripts/scale/bench.sh [TABLE [N]]
#     bash scripts/scale/bench.sh testdata/scale/grid4x4.golden 30
#
# For the first N settings (default all) of a table of testdata/scale:
# ours is `go run ./scripts/solve time --timeout BOUNDs`, the analysis as
# `families --size ... --ops ...` does it (substitution, saturated basis,
# class, dimension, families verified by substitution); Singular is one
# process per setting, bounded by BOUND seconds (default 30), timing with
# rtimer only the saturation by each nonzero condition in turn (iterated
# quotient) and std: less work than ours. A setting that Singular does not
# finish counts as BOUND seconds, so its figures are lower bounds.
# Requires: Singular, go, coreutils timeout.

set -euo pipefail
cd "$(dirname "$0")/../.."
TABLE=${1:-testdata/scale/grid4x4.golden}
N=${2:-0}
BOUND=${BOUND:-30}
SINGULAR=${SINGULAR:-Singular}
command -v "$SINGULAR" >/dev/null || { echo "Singular not found" >&2; exit 1; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
if [ "$N" -gt 0 ]; then
  { grep '^#' "$TABLE"; grep -v '^#' "$TABLE" | head -n "$N"; } >"$TMP/table.golden"
else
  cp "$TABLE" "$TMP/table.golden"
fi
go run ./scripts/solve systems --out "$TMP/sys" "$TMP/table.golden"
# shellcheck source=scripts/solve/singular_lib.sh
. scripts/solve/singular_lib.sh
: >"$TMP/times"
while read -r num _; do
  s="$TMP/$num.sing"
  {
    echo 'option(redSB); system("--ticks-per-sec", 1000); int GT = rtimer;'
    ring_block "$TMP/sys/$num.sys"
    echo 'ideal GS = std(GJ);'
    echo "write(\":w $TMP/$num.t\", string(rtimer - GT));"
    echo 'quit;'
  } >"$s"
  if timeout "$BOUND" "$SINGULAR" -q --no-warn --no-rc "$s" </dev/null >/dev/null 2>&1 && [ -s "$TMP/$num.t" ]; then
    cat "$TMP/$num.t" >>"$TMP/times"
  else
    echo "$((BOUND * 1000)) timeout" >>"$TMP/times"
  fi
done <"$TMP/sys/index.txt"
singular=$(sort -n "$TMP/times" | awk '{ t[NR] = $1; s += $1; if ($2 == "timeout") to++ }
  END { i50 = int(0.5 * NR) + 1; i90 = int(0.9 * NR) + 1; if (i90 > NR) i90 = NR
        printf "%d %.1f %.1f %.1f %.3f %d", NR, t[i50], t[i90], t[NR], s / 1000, to }')
read -r n s50 s90 smax stotal sto <<<"$singular"
ours=$(go run ./scripts/solve time --timeout "${BOUND}s" "$TMP/table.golden")
echo "$TABLE (first ${N/#0/all} settings, bound $BOUND s)"
echo "  families (whole analysis):  $ours"
printf '  Singular (saturation+std):  settings %d  median %.1f ms  p90 %.1f ms  max %.1f ms  total %.3f s  (%d over the bound)\n' \
  "$n" "$s50" "$s90" "$smax" "$stotal" "$sto"
read -r o50 o90 omax ototal < <(sed -E 's/.*median ([0-9.]+) ms.*p90 ([0-9.]+) ms.*max ([0-9.]+) ms.*total ([0-9.]+) s.*/\1 \2 \3 \4/' <<<"$ours")
awk -v a="$o50" -v b="$s50" -v c="$o90" -v d="$s90" -v e="$ototal" -v f="$stotal" 'BEGIN {
  printf "  ratio families/Singular:  median %.2f  p90 %.2f  total %.2f\n", a / (b > 0 ? b : 0.1), c / (d > 0 ? d : 0.1), e / (f > 0 ? f : 0.001) }'
