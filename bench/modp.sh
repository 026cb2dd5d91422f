#!/usr/bin/env bash
# Times Gröbner bases modulo the prime 2147483647 (grevlex) beside Singular
# in one run: our Buchberger engine (the trace algorithm's guide, modp.go)
# and our F4 (f4.go) through `go test -bench 'Large/modular'`, and
# Singular's std (option(redSB)) in characteristic 2147483647 on the same
# files, with the ratio of F4 to Singular. Rerun:
#
#     bash bench/modp.sh                      # katsura7 katsura8 cyclic7 nzd4x4
#     bash bench/modp.sh katsura8 nzd4x4      # some of them
#
# Needs Singular (Debian package singular); without it only our times print.
set -euo pipefail
cd "$(dirname "$0")/.."
systems=("$@")
[ ${#systems[@]} -eq 0 ] && systems=(katsura7 katsura8 cyclic7 nzd4x4)
SINGULAR=${SINGULAR:-Singular}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-10s %12s %12s %12s %10s\n' system buchberger f4 singular f4/singular
for s in "${systems[@]}"; do
	f=testdata/systems/large/$s.sys
	ns() { go test -run '^$' -bench "Large/$1-$s\$" -benchtime 1x ./groebner | awk '/ns\/op/ {print $3}'; }
	bb=$(ns modular)
	f4=$(ns modular-f4)
	sing=-
	if command -v "$SINGULAR" >/dev/null; then
		vars=$(head -1 "$f" | sed 's/^vars: *//' | tr ' ' ',')
		polys=$(grep -v '^#' "$f" | tail -n +2 | grep -v '^ *$' | paste -sd, -)
		cat >"$tmp/run.sing" <<EOS
ring RR = 2147483647, ($vars), dp;
ideal i = $polys;
option(redSB);
int t = rtimer;
ideal g = std(i);
print(rtimer - t);
quit;
EOS
		# rtimer counts in units of 1/timerResolution seconds: ask for ms.
		sing=$("$SINGULAR" -q --ticks-per-sec=1000 "$tmp/run.sing" | tail -1)
	fi
	ms() { awk -v x="$1" 'BEGIN { printf "%.1f ms", x / 1e6 }'; }
	ratio=-
	[ "$sing" != - ] && ratio=$(awk -v a="$f4" -v b="$sing" 'BEGIN { printf "%.2f", a / 1e6 / b }')
	printf '%-10s %12s %12s %12s %10s\n' "$s" "$(ms "$bb")" "$(ms "$f4")" "${sing} ms" "$ratio"
done
