#!/usr/bin/env bash
# Time this build beside an earlier one in one run, alternated, and check
# that their answers are byte-identical (issue 26's acceptance: no
# behaviour change, timings within 5%).
#
#     bash scripts/calltrace/timings.sh BASE [REPEAT [HEAD]]
#     bash scripts/calltrace/timings.sh be42f5a 3
#     GOLDENS=0 bash scripts/calltrace/timings.sh 72291d6 5 8e469ca
#
# BASE and HEAD (default HEAD: committed work only) are commits, each
# checked out in a temporary git worktree. Each repeat runs, for each
# build in turn (the order swapped every repeat): Wolf's 3x3 sweep
# (families --ops '..|.-.-.|..|.-.-.|..' --positive --require-all-ops)
# and, unless GOLDENS=0, the 100 4x4 goldens of
# testdata/scale/grid4x4.golden (families --size 4x4 --ops OPS --format
# json --timeout 60s, one process each). Every process runs with
# GOMAXPROCS=1, so that its CPU time does not include the spinning of
# idle workers on a busy machine, nor the race of the two strategies of
# a 4x4 analysis. It prints user+system
# CPU seconds of each run (from /usr/bin/time, children included) and,
# at the end, whether every output was byte-identical between the builds
# and across repeats. Run it with nice on a busy machine; wall time is
# printed but not compared.
set -euo pipefail
cd "$(dirname "$0")/../.."
BASE=${1:?usage: timings.sh BASE [REPEAT [HEAD]]}
REPEAT=${2:-3}
HEAD=${3:-HEAD}
GOLDENS=${GOLDENS:-1}
TMP=$(mktemp -d)
cleanup() {
  git worktree remove --force "$TMP/wt_base" 2>/dev/null || true
  git worktree remove --force "$TMP/wt_head" 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT
git worktree add -q --detach "$TMP/wt_base" "$BASE"
git worktree add -q --detach "$TMP/wt_head" "$HEAD"
for b in base head; do
  (cd "$TMP/wt_$b" && go build -o "$TMP/families_$b" ./cmd/families)
done
grep -v '^#' testdata/scale/grid4x4.golden | awk '{print $1}' >"$TMP/ops4x4"
echo "base $(git rev-parse --short "$BASE"), head $(git rev-parse --short "$HEAD"), $(wc -l <"$TMP/ops4x4") 4x4 settings, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

sweep() { # build repeat
  GOMAXPROCS=1 /usr/bin/time -f '%U %S %e' -o "$TMP/t" "$TMP/families_$1" --ops '..|.-.-.|..|.-.-.|..' \
    --positive --require-all-ops >"$TMP/sweep_$1_$2.out" 2>/dev/null
  read -r u s e <"$TMP/t"
  printf 'sweep3x3 %s run %d: cpu %.2f s wall %.1f s\n' "$1" "$2" "$(echo "$u + $s" | bc)" "$e"
}
grids() { # build repeat
  mkdir -p "$TMP/g_$1_$2"
  /usr/bin/time -f '%U %S %e' -o "$TMP/t" bash -c '
    i=0
    while read -r ops; do
      i=$((i + 1))
      GOMAXPROCS=1 "$1" --size 4x4 --ops "$ops" --format json --timeout 60s >"$2/$i.json" 2>/dev/null || echo "exit $? $ops" >>"$2/status"
    done <"$3"' _ "$TMP/families_$1" "$TMP/g_$1_$2" "$TMP/ops4x4"
  read -r u s e <"$TMP/t"
  printf 'goldens4x4 %s run %d: cpu %.2f s wall %.1f s\n' "$1" "$2" "$(echo "$u + $s" | bc)" "$e"
}
for r in $(seq 1 "$REPEAT"); do
  order="base head"
  [ $((r % 2)) -eq 0 ] && order="head base"
  for b in $order; do sweep "$b" "$r"; done
  if [ "$GOLDENS" != 0 ]; then
    for b in $order; do grids "$b" "$r"; done
  fi
done
same=yes
for r in $(seq 1 "$REPEAT"); do
  for b in base head; do
    cmp -s "$TMP/sweep_base_1.out" "$TMP/sweep_${b}_$r.out" || { echo "sweep output differs: $b run $r"; same=no; }
    [ "$GOLDENS" = 0 ] || diff -rq "$TMP/g_base_1" "$TMP/g_${b}_$r" >/dev/null || { echo "4x4 output differs: $b run $r"; diff -rq "$TMP/g_base_1" "$TMP/g_${b}_$r" | head; same=no; }
  done
done
echo "byte-identical: $same ($(wc -c <"$TMP/sweep_base_1.out") bytes of sweep$([ "$GOLDENS" = 0 ] || echo ", $(cat "$TMP"/g_base_1/*.json | wc -c) bytes of 4x4 JSON"))"
