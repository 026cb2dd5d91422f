#!/bin/sh
# Benchmarks Wolf's 72,960-setting sweep against Singular doing the
# same per-system work (saturation by the product of the numbers, reduced
# std basis, dim, vdim) in one process on a random sample of the settings,
# and prints both rates in systems per second.
# Usage: sh scripts/sweep/bench.sh [SAMPLE]   (from the module root; needs Singular)
set -e
n=${1:-2000}
ops='..|.-.-.|..|.-.-.|..'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/families" ./cmd/families

start=$(date +%s.%N)
"$tmp/families" --ops "$ops" --positive --require-all-ops --out "$tmp/sweep.jsonl" 2> "$tmp/sweep.err"
end=$(date +%s.%N)
ours=$(echo "$end - $start" | bc)
settings=$(wc -l < "$tmp/sweep.jsonl")
solved=$(grep -c -v '"representative"' "$tmp/sweep.jsonl" || true)

# The sample, one system per setting, without the checks: only the work.
"$tmp/families" export --to singular --every-setting --ops "$ops" --positive --require-all-ops \
  --sample "$n" --seed 1 --out "$tmp/suite" > /dev/null
{
  echo 'LIB "elim.lib"; option(redSB); int dd; int vv;'
  # From each system file: its ring, equations and the product of its
  # nonzero conditions; then one saturation by the product (sat of
  # elim.lib), std, dim and vdim. The runner's checks are left out.
  for f in "$tmp"/suite/singular/systems/*.sing; do
    grep -E '^(ring fam_ring |ideal fam_eqs |poly fam_nonzero )' "$f"
    echo 'def L = sat(fam_eqs, fam_nonzero); ideal S; if (typeof(L) == "list") { S = L[1]; } else { S = L; }'
    echo 'S = std(S); dd = dim(S); vv = vdim(S); kill fam_ring;'
  done
  echo 'quit;'
} > "$tmp/bench.sing"
start=$(date +%s.%N)
Singular -q "$tmp/bench.sing" > "$tmp/bench.out" 2>&1
if grep -q '?' "$tmp/bench.out"; then
  echo "Singular reported errors on the benchmark script:" >&2
  head -5 "$tmp/bench.out" >&2
  exit 1
fi
if [ "$(grep -c '^S = std' "$tmp/bench.sing")" -ne "$n" ]; then
  echo "the benchmark script holds $(grep -c '^S = std' "$tmp/bench.sing") systems, not $n" >&2
  exit 1
fi
end=$(date +%s.%N)
sing=$(echo "$end - $start" | bc)

cat "$tmp/sweep.err"
echo "families: $settings settings ($solved systems solved, the rest renamed from equivalent ones) in ${ours}s:" \
  "$(echo "$settings / $ours" | bc) settings/s on $(nproc) cores"
echo "Singular 4: $n sampled settings, each saturated and solved, in ${sing}s: $(echo "$n / $sing" | bc) systems/s in one process"
echo "ratio (families settings/s over Singular systems/s): $(echo "scale=2; ($settings / $ours) / ($n / $sing)" | bc)"
