#!/usr/bin/env bash
# Time our Gröbner engine beside giac's gbasis and Singular's std on the
# systems of issue 28, as whole processes in one run, for BENCHMARKS.md and
# docs/engine.md.
#
#     bash bench/giac.sh                        # all systems, 240 s per run
#     TIMEOUT=60 bash bench/giac.sh katsura8 cyclic7
#     PHASES=1 bash bench/giac.sh katsura9      # also our two phases
#
# For each system of bench/systems (python3 bench/systems/gen.py writes
# them) it runs, one after the other on the same cores: `families
# groebner` (grevlex), giac (gbasis(..., revlex), its multi-modular F4 with
# the default threads) and Singular (std in dp with option(redSB)). Each
# cell is CPU seconds (user + system) and peak resident memory (MB) from
# GNU time, the wall seconds beside; a run past TIMEOUT seconds of wall
# time is ">T s wall" with the CPU seconds it had used. The check column
# says whether the three bases have the same number of elements and
# whether ours equals Singular's reduced basis exactly
# (bench/samebasis, where Singular finishes). The ratio columns are ours
# over giac and over Singular in CPU seconds, and ours over giac in peak
# memory. Needs giac (Debian: apt-get install -y xcas), Singular and GNU
# time; a missing tool gives "n/a". giac prints (on stderr) the size only.
#
# With PHASES=1 a second table splits our multi-modular path into its
# candidate (F4 modulo primes and reconstruction: what giac's gbasis
# computes and returns, unproved) and its exact proof (the certificate
# over Z), from groebner's BenchmarkPhases in a process of its own per
# system, and sets the candidate beside giac's whole run.
set -euo pipefail
cd "$(dirname "$0")/.."

TIMEOUT=${TIMEOUT:-240}
GIAC=${GIAC:-giac}
SINGULAR=${SINGULAR:-Singular}
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(katsura8 katsura9 katsura10 cyclic7 cyclic8 eco10 noon6 reimer5 reimer6 henrion5 quad5)
[ -x /usr/bin/time ] || { echo "bench/giac.sh: /usr/bin/time (GNU time) not found" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/samebasis" ./bench/samebasis
# ours: `families groebner`, or bench/gbasis (the same groebner.Basis,
# without the command's collector settings) when the command does not
# build or OURS=gbasis.
ours=("$tmp/families" groebner)
if [ "${OURS:-cli}" = gbasis ] || ! go build -o "$tmp/families" ./cmd/families 2>"$tmp/build.err"; then
	go build -o "$tmp/gbasis" ./bench/gbasis
	ours=("$tmp/gbasis")
fi

have() { command -v "$1" >/dev/null 2>&1; }

# vars FILE, polys FILE: the variables (comma-separated) and polynomials
# (comma-separated, one a line) of a system file.
vars() { awk '/^vars:/ { sub(/^vars:[ \t]*/, ""); gsub(/[ \t]+/, ","); print; exit }' "$1"; }
polys() { awk '/^vars:/ || /^[ \t]*(#|$)/ { next } { printf "%s%s", (n++ ? ",\n" : ""), $0 } END { print "" }' "$1"; }

singular_script() {
	echo "ring r = 0, ($(vars "$1")), dp;"
	echo "option(redSB); short = 0;"
	echo "ideal i = $(polys "$1");"
	echo "ideal g = std(i);"
	echo 'int k; for (k = 1; k <= size(g); k++) { print(g[k]); }'
	echo "quit;"
}

giac_script() {
	echo "G:=gbasis([$(polys "$1")],[$(vars "$1")],revlex):;"
	echo 'print("SIZE "+size(G));'
}

# measure NAME CMD...: runs CMD under GNU time and TIMEOUT, stdout to
# $tmp/NAME.out; sets cpu, mem, wall (mem and wall "" when timed out or
# failed).
measure() {
	local name=$1
	shift
	local rc=0
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/t" timeout "$TIMEOUT" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" || rc=$?
	local w u s m
	# GNU time writes "Command exited with non-zero status N" first when
	# the command fails: the numbers are on the last line.
	read -r w u s m < <(tail -n 1 "$tmp/t") || true
	if [ "$rc" -ne 0 ]; then
		# Stopped at TIMEOUT seconds of wall time: the CPU seconds used so
		# far say how far it got on a busy machine.
		cpu=">$TIMEOUT s wall, $(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.1f", u + s }') CPU s" mem="" wall=""
		[ "$rc" -eq 124 ] || cpu="failed($rc)"
		return
	fi
	cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
	mem=$(awk -v m="$m" 'BEGIN { printf "%.0f", m / 1024 }')
	wall=$w
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && b > 0) printf "%.2fx", a / b; else printf "-" }'; }

echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$( [ -n "$(git status --porcelain -- groebner poly 2>/dev/null)" ] && echo ' + uncommitted changes in groebner/ or poly/')"
echo "- cores: $(nproc), load before: $(cut -d' ' -f1-3 /proc/loadavg), CPU: $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
echo "- giac: $(have "$GIAC" && dpkg-query -W -f "\${Version}" libgiac0 2>/dev/null || echo n/a), Singular: $(have "$SINGULAR" && "$SINGULAR" --version 2>&1 | head -1 | sed 's/ *$//' || echo n/a)"
echo "- ours: ${ours[*]##*/}"
echo "- cells: CPU s (user+sys) / peak RSS MB, wall s in parentheses; timeout $TIMEOUT s"
echo
echo '| system | ours | giac `gbasis` | Singular `std` | ours/giac CPU | ours/Singular CPU | ours/giac memory | check |'
echo '|---|---|---|---|---:|---:|---:|---|'
declare -A giac_cpu
for name in "${names[@]}"; do
	f=bench/systems/$name.sys
	[ -f "$f" ] || { echo "bench/giac.sh: no $f (python3 bench/systems/gen.py)" >&2; exit 1; }
	measure ours "${ours[@]}" "$f"
	oc=$cpu om=$mem ow=$wall
	gc=n/a gm="" gw=""
	if have "$GIAC"; then
		giac_script "$f" >"$tmp/g.giac"
		# giac writes session.tex into its working directory: run it in
		# the temporary one, not in the repository.
		cd "$tmp"
		measure giac "$GIAC" "$tmp/g.giac"
		cd "$OLDPWD"
		gc=$cpu gm=$mem gw=$wall
	fi
	giac_cpu[$name]=$gc
	sc=n/a sm="" sw=""
	if have "$SINGULAR"; then
		singular_script "$f" >"$tmp/s.sing"
		measure sing "$SINGULAR" -q "$tmp/s.sing"
		sc=$cpu sm=$mem sw=$wall
	fi
	# sizes of the bases of the tools that finished ("-" for the others)
	n_ours=- n_giac=- n_sing=-
	[[ $oc =~ ^[0-9] ]] && n_ours=$(grep -c . "$tmp/ours.out" || true)
	[[ $gc =~ ^[0-9] ]] && n_giac=$(sed -n "s/^SIZE //p" "$tmp/giac.err" "$tmp/giac.out" 2>/dev/null | tail -1)
	[[ $sc =~ ^[0-9] ]] && n_sing=$(grep -c . "$tmp/sing.out" || true)
	check="sizes $n_ours/${n_giac:-?}/$n_sing"
	if [[ $oc =~ ^[0-9] && $sc =~ ^[0-9] ]]; then
		check="$check, vs Singular: $("$tmp/samebasis" "$f" "$tmp/ours.out" "$tmp/sing.out" || true)"
	fi
	cell() { if [ -n "$2" ]; then echo "$1 / $2 ($3)"; else echo "$1"; fi; }
	echo "| $name | $(cell "$oc" "$om" "$ow") | $(cell "$gc" "$gm" "$gw") | $(cell "$sc" "$sm" "$sw") | $(ratio "$oc" "$gc") | $(ratio "$oc" "$sc") | $(ratio "$om" "$gm") | $check |"
done

[ "${PHASES:-0}" = 1 ] || exit 0
go test -c -o "$tmp/groebner.test" ./groebner
echo
echo "Our multi-modular path in two phases (BenchmarkPhases, CPU s, one process a system):"
echo
echo '| system | candidate | certificate | giac `gbasis` | candidate/giac | certificate share |'
echo '|---|---:|---:|---:|---:|---:|'
for name in "${names[@]}"; do
	out=$(cd groebner && timeout "$TIMEOUT" "$tmp/groebner.test" -test.run '^$' -test.bench "Phases/$name\$" -test.benchtime 1x 2>&1 || true)
	read -r cand cert < <(awk '/^BenchmarkPhases/ { for (i = 1; i < NF; i++) { if ($(i+1) == "cand-cpu-s/op") c = $i; if ($(i+1) == "cert-cpu-s/op") d = $i } } END { print (c == "" ? "-" : c), (d == "" ? "-" : d) }' <<<"$out")
	[ "$cand" = - ] && continue # not a system of BenchmarkPhases, or past TIMEOUT
	share=$(awk -v a="$cand" -v b="$cert" 'BEGIN { printf "%.0f%%", 100 * b / (a + b) }')
	echo "| $name | $cand | $cert | ${giac_cpu[$name]} | $(ratio "$cand" "${giac_cpu[$name]}") | $share |"
done
