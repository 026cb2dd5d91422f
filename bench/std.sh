#!/usr/bin/env bash
# Time `families groebner` beside Singular's `std` on the same system files,
# as whole processes (wall, CPU, peak resident memory), alternating the two
# in one run so that both meet the same machine state, for BENCHMARKS.md.
#
#     bash bench/std.sh                                   # katsura-8, 5 rounds
#     ROUNDS=3 bash bench/std.sh testdata/systems/large/cyclic7.sys
#
# Each round runs ours, then Singular (grevlex, option(redSB), std), on
# every file; the summary line gives the medians and the ratio of the
# median walls (ours / Singular). Needs Singular and GNU time
# (/usr/bin/time); the families binary is built first.
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-5}
SINGULAR=${SINGULAR:-Singular}
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(testdata/systems/large/katsura8.sys)
command -v "$SINGULAR" >/dev/null || { echo "bench/std.sh: $SINGULAR not found" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench/std.sh: /usr/bin/time (GNU time) not found" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/families" ./cmd/families

# singular_script FILE: a Singular program computing the reduced grevlex
# basis of the system FILE (a "vars:" line, then one polynomial per line).
singular_script() {
	awk '
		/^vars:/ { sub(/^vars:[ \t]*/, ""); gsub(/[ \t]+/, ","); vars = $0; next }
		/^[ \t]*(#|$)/ { next }
		{ polys = polys (polys == "" ? "" : ",\n") $0 }
		END {
			print "ring r = 0, (" vars "), dp;"
			print "option(redSB);"
			print "ideal i = " polys ";"
			print "ideal g = std(i);"
			print "print(size(g));"
			print "quit;"
		}' "$1"
}

echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$( [ -n "$(git status --porcelain -- groebner poly 2>/dev/null)" ] && echo ' + uncommitted changes')"
echo "- cores: $(nproc), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "- Singular: $("$SINGULAR" --version 2>&1 | head -1 | sed 's/ *$//')"
echo
printf '| system | round | ours wall s | ours CPU s | ours RSS MB | Singular wall s | Singular CPU s | Singular RSS MB |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|\n'
for f in "${files[@]}"; do
	name=$(basename "$f" .sys)
	singular_script "$f" >"$tmp/$name.sing"
	: >"$tmp/$name.ours" ; : >"$tmp/$name.sing.t"
	for round in $(seq "$ROUNDS"); do
		/usr/bin/time -f '%e %U %S %M' -o "$tmp/t" "$tmp/families" groebner "$f" >/dev/null
		read -r ow ou os om <"$tmp/t"
		/usr/bin/time -f '%e %U %S %M' -o "$tmp/t" "$SINGULAR" -q "$tmp/$name.sing" >/dev/null
		read -r sw su ss sm <"$tmp/t"
		echo "$ow" >>"$tmp/$name.ours"
		echo "$sw" >>"$tmp/$name.sing.t"
		awk -v n="$name" -v r="$round" -v ow="$ow" -v oc="$(echo "$ou + $os" | bc)" -v om="$om" \
			-v sw="$sw" -v sc="$(echo "$su + $ss" | bc)" -v sm="$sm" \
			'BEGIN { printf "| %s | %d | %.2f | %.2f | %.0f | %.2f | %.2f | %.0f |\n", n, r, ow, oc, om/1024, sw, sc, sm/1024 }'
	done
	mo=$(sort -n "$tmp/$name.ours" | awk '{ a[NR] = $1 } END { print a[int((NR+1)/2)] }')
	ms=$(sort -n "$tmp/$name.sing.t" | awk '{ a[NR] = $1 } END { print a[int((NR+1)/2)] }')
	awk -v n="$name" -v mo="$mo" -v ms="$ms" 'BEGIN { printf "\n%s: median wall ours %.2f s, Singular %.2f s, ratio %.2f\n\n", n, mo, ms, mo/ms }'
done
