#!/bin/sh
# Adversarial inputs for every command of families (issue 12): malformed and
# oversized polynomials, operator strings, grids and flags, outputs that
# fail or are not regular files, signals, concurrent writers, edited and
# killed sweeps. Each run is limited to $HANG seconds (a run killed there
# is a hang) and its peak resident memory is measured with /usr/bin/time.
# It prints one line per failed expectation and a tally:
#
#   runs N, panics 0, hangs 0, past T+1 s 0, over 4 GB 0, bad exit codes 0, data loss 0
#
# and exits with status 1 if any count but runs is nonzero.
#
# Rerun: sh scripts/adversarial/run.sh [path to a families binary]
# (default: builds ./cmd/families into a temporary directory). Needs a
# POSIX shell, /usr/bin/time (GNU), timeout, python3 for the random inputs.
set -u
HANG=${HANG:-60}
LIMIT_KB=$((4 * 1024 * 1024))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ $# -ge 1 ]; then
	fam=$1
else
	fam=$work/families
	go build -o "$fam" ./cmd/families || exit 1
fi
runs=0 panics=0 hangs=0 over=0 badcode=0 loss=0 maxkb=0

# check WANT NAME CMD...: runs CMD (stdout to $OUT, normally $work/out;
# stdin from $IN, normally /dev/null), and checks the exit status is WANT
# (a list such as "2" or "0 1"), no panic, no hang, RSS under 4 GB, and,
# when $T is set (a time limit given to CMD, in seconds), that it ended
# within T + 1 s of wall time.
OUT= IN= T=
late=0
check() {
	want=$1 name=$2
	shift 2
	runs=$((runs + 1))
	timeout -s KILL "$HANG" /usr/bin/time -f '%e %M' -o "$work/rss" "$@" >"${OUT:-$work/out}" 2>"$work/err" <"${IN:-/dev/null}"
	code=$?
	last=$(tail -1 "$work/rss" 2>/dev/null)
	kb=$(echo "$last" | awk '{print $2}' | tr -dc 0-9)
	kb=${kb:-0}
	secs=$(echo "$last" | awk '{print $1}')
	if [ -n "$T" ] && [ -n "$secs" ] && awk -v e="$secs" -v t="$T" 'BEGIN { exit !(e > t + 1) }'; then
		late=$((late + 1))
		echo "LATE $name: ${secs}s with a limit of ${T}s"
	fi
	[ "$kb" -gt "$maxkb" ] && maxkb=$kb
	if grep -q -e '^panic:' -e '^fatal error:' -e '^goroutine [0-9]' "$work/err"; then
		panics=$((panics + 1))
		echo "PANIC $name: $(head -c 300 "$work/err")"
	fi
	if [ $code -eq 137 ] || [ $code -eq 124 ]; then
		hangs=$((hangs + 1))
		echo "HANG $name: killed after ${HANG}s"
		return
	fi
	if [ "$kb" -gt "$LIMIT_KB" ]; then
		over=$((over + 1))
		echo "OVER 4 GB $name: ${kb} KB"
	fi
	case " $want " in
	*" $code "*) ;;
	*)
		badcode=$((badcode + 1))
		echo "EXIT $name: status $code, want $want: $(head -c 200 "$work/err")"
		;;
	esac
	# Errors are one line of reasonable length.
	if [ $code -eq 2 ] && [ "$(wc -c <"$work/err")" -gt 800 ]; then
		badcode=$((badcode + 1))
		echo "LONG ERROR $name: $(wc -c <"$work/err") bytes"
	fi
}

# lost NAME: counts data loss with a message.
lost() {
	loss=$((loss + 1))
	echo "DATA LOSS $1"
}

long=$(python3 -c 'print("q"*120000)')

# 1. Polynomials: powers, products, nesting, long and non-ASCII text.
for p in '(x+y+z)^200' '(x+y+z)^140 )' '(x+y+z+w)^80' '(x+y+z)^100*(x+y+z)^100' \
	'(x+44700)^7700' '(a+b+c+d+e+f+g+h)^30' '(x+1)^10000' 'x^99999999' \
	'((((((((((x+y)^2)^2)^2)^2)^2)^2)^2)^2)^2)' "$(python3 -c 'print("("*50000+"x"+")"*50000)')" \
	"$(python3 -c 'print("-"*100000+"x")')" "$(python3 -c 'print("x*"*50000+"y")')" \
	"$(python3 -c 'print("+".join("x%d"%i for i in range(3000)))')" \
	"x + $long" "$long" 'x + α' 'x − y' '2x' 'x/0' 'x/y' '1/0' '' ' ' 'x^' '^2' '((' '))' \
	"$(python3 -c 'print("9"*100000+"^100")')" "$(python3 -c 'print("9"*5000+"^10000")')"; do
	check "0 1 2" "factor ${#p}-byte input" "$fam" factor --timeout 5s "$p"
	printf '%s\n' "$p" >"$work/in.sys"
	check "0 1 2" "groebner ${#p}-byte input" "$fam" groebner --timeout 5s "$work/in.sys"
done
check 2 "factor (x+y+z)^200 is refused" "$fam" factor --timeout 5s '(x+y+z)^200'
check 2 "groebner ^140 with a syntax error" "$fam" factor '(x+y+z)^140 )'
check 1 "factor --timeout bounds expansion" "$fam" factor --timeout 1ms '(x+y+z)^60 - 1'

# 2. Random byte strings and random polynomial-like text.
python3 - "$work" <<'PY'
import random, os, sys
random.seed(12)
d = sys.argv[1]
alpha = "xyz0123456789+-*/^() =,;#αé\t"
for i in range(150):
    n = random.choice([1, 5, 20, 200, 5000])
    s = "".join(random.choice(alpha) for _ in range(n))
    open(os.path.join(d, "r%03d.sys" % i), "w").write(s + "\n")
for i in range(50):
    open(os.path.join(d, "b%03d.sys" % i), "wb").write(os.urandom(random.choice([3, 100, 4000])))
PY
for f in "$work"/r*.sys "$work"/b*.sys; do
	check "0 1 2" "factor $(basename "$f")" "$fam" factor --timeout 5s "$f"
	check "0 1 2" "groebner $(basename "$f")" "$fam" groebner --timeout 5s "$f"
	check "0 1 2" "solve $(basename "$f")" "$fam" solve --timeout 5s "$f"
	check "0 1 2" "check $(basename "$f")" "$fam" check "$f"
done

# 3. Operator strings, sizes, flags.
for o in "$long" '' '|' '.' "$(python3 -c 'print("."*1000)')" '+=|x-++-|+=|=====|/=α' 'x=|+x//-|x=|====?|x=' '==|x-++-|+=|=====|/='; do
	check 2 "--ops ${#o} bytes" "$fam" --ops "$o"
done
for z in 1x1 0x0 -3x3 1000x1000 99999999999x2 "$long" 3x; do
	check 2 "--size $z" "$fam" --size "$z" --ops .
done
check 2 "4x4 all wildcards sweep" "$fam" --size 4x4 --ops '.................................' --out "$work/x.jsonl"
check 2 "3x3 pattern over the limit" "$fam" --ops '..|.-.-.|..|.-.-.|..' --out "$work/x.jsonl"
check 2 "export of a 4x4 pattern" "$fam" export --to json --size 4x4 --ops '.................................' --out "$work/exp"
check 2 "export of the 3x3 pattern, unsharded" "$fam" export --to json --ops '..|.-.-.|..|.-.-.|..' --out "$work/exp"
check 2 "sweep of the 3x3 pattern once per orbit" "$fam" --ops '..|.-.-.|..|.-.-.|..' --once-per-orbit --out "$work/x.jsonl"
for f in members puzzles questions budget max-digits; do
	for v in -1 -2147483648 99999999999999999999; do
		check 2 "--$f $v" "$fam" "--$f" "$v"
	done
done
for f in members puzzles questions; do
	check 2 "--$f 2147483648" "$fam" "--$f" 2147483648
done
for f in sample jobs members shards; do
	check 2 "sweep --$f -1" "$fam" --ops '+=|x-+.-|+=|=====|.=' "--$f" -1
done
for s in 0/0 1/0 -1/4 4/4 a/b "$long" 1/99999999999999999999; do
	check 2 "--shard $s" "$fam" --ops '..|.-.-.|..|.-.-.|..' --positive --require-all-ops --shard "$s" --dry-run
done
sed 's/^AB /ABABABABABABABABABAB /' testdata/puzzles/p1.grid >"$work/w19.grid"
check 2 "solve words over 18 digits" "$fam" solve "$work/w19.grid"
check 2 "solve 6 letters, 5 digits" "$fam" solve --distinct-digits 02468 testdata/puzzles/p1.grid
check 2 "solve bad digit set" "$fam" solve --distinct-digits 9-1 testdata/puzzles/p1.grid

# 4. Standard output that fails: every command exits 1.
pat='+=|x-+.-|+=|=====|.='
"$fam" --ops "$pat" --out "$work/whole.jsonl" 2>/dev/null
for args in "factor x^2-1" "solve testdata/puzzles/p1.grid" "groebner testdata/systems/katsura5.sys" \
	"check --ops x=|+x//-|x=|=====|x= testdata/grids/s1.txt" "count --ops +=|x-+.-|+=|=====|.= --max-sum 6" \
	"--members 2" "--format json" "--ops +=|x-+.-|+=|=====|.=" "merge $work/whole.jsonl"; do
	OUT=/dev/full
	# shellcheck disable=SC2086
	check 1 "stdout on /dev/full: $args" "$fam" $args
	OUT=
done

# 5. Signals: status 1 and a word, never a silent kill.
for sig in INT TERM; do
	for args in "--questions 5000" "--ops ..|.-.-.|..|.-.-.|.. --positive --out $work/sig.jsonl" \
		"--ops ..|.-.-.|..|.-.-.|.. --shard 0/8 --dry-run" "count --ops .=|.....|.=|=====|.= --max-sum 8"; do
		runs=$((runs + 1))
		# shellcheck disable=SC2086
		"$fam" $args >/dev/null 2>"$work/err" &
		pid=$!
		sleep 1
		kill -s $sig $pid
		wait $pid
		code=$?
		if [ $code -ne 1 ] || ! grep -q interrupted "$work/err"; then
			badcode=$((badcode + 1))
			echo "SIGNAL $sig $args: status $code: $(head -c 200 "$work/err")"
		fi
	done
done

# 6. Data safety: merges of edited records, outputs of other kinds,
# concurrent sweeps, kill -9 and resume.
for i in 0 1 2; do
	"$fam" --ops "$pat" --shard $i/3 --out "$work/s$i.jsonl" 2>/dev/null
done
check 0 "merge of three shards" "$fam" merge --out "$work/merged.jsonl" "$work"/s0.jsonl "$work"/s1.jsonl "$work"/s2.jsonl
cmp -s "$work/merged.jsonl" "$work/whole.jsonl" || lost "merge of three shards differs from the whole sweep"
n=$(wc -l <"$work/s0.jsonl")
for edit in 's/"index":[0-9]*/"index":99/' 's/"index":[0-9]*/"index":-1/' 's/"index":[0-9]*/"index":100000000000000000000/' \
	's/"ops":"+=|x-+/"ops":"+=|x-x/' 's/"ops":"+=|x-+-/"ops":"+=|x-++/'; do
	sed "1$edit" "$work/s0.jsonl" >"$work/e0.jsonl"
	cmp -s "$work/e0.jsonl" "$work/s0.jsonl" && continue
	check 2 "merge with record edited by $edit" "$fam" merge "$work/e0.jsonl" "$work/s1.jsonl" "$work/s2.jsonl"
done
if [ "$n" -ge 2 ]; then
	python3 - "$work/s0.jsonl" "$work/e0.jsonl" <<'PY'
import json, re, sys
lines = open(sys.argv[1]).read().splitlines()
idx = [re.search(r'"index":(\d+)', l).group(1) for l in lines[:2]]
lines[0] = re.sub(r'"index":\d+', '"index":' + idx[1], lines[0], count=1)
lines[1] = re.sub(r'"index":\d+', '"index":' + idx[0], lines[1], count=1)
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
	check 2 "merge with two indices swapped" "$fam" merge "$work/e0.jsonl" "$work/s1.jsonl" "$work/s2.jsonl"
fi
echo keep >"$work/target"
ln -s "$work/target" "$work/link"
mkfifo "$work/fifo"
for o in "$work/link" "$work/fifo" "$work" /dev/full /dev/null; do
	check 2 "merge --out $o" "$fam" merge --out "$o" "$work/whole.jsonl"
	check 2 "sweep --out $o" "$fam" --ops "$pat" --out "$o"
	check 2 "sweep --out $o --resume" "$fam" --ops "$pat" --out "$o" --resume
	check 2 "census --out $o" "$fam" census --size 3x3 --max 3 --out "$o"
done
[ "$(cat "$work/target")" = keep ] && [ -L "$work/link" ] || lost "a symbolic link or its target was replaced"
[ -c /dev/full ] || lost "/dev/full is no longer a device"
# Two sweeps on one file: the second is refused, the first's records stay.
"$fam" --ops '..|.-.-.|..|.-.-.|..' --positive --require-all-ops --out "$work/two.jsonl" 2>/dev/null &
first=$!
sleep 1
check 2 "a second sweep on the same --out" "$fam" --ops "$pat" --out "$work/two.jsonl"
check 2 "a census on a sweep's --out" "$fam" census --size 3x3 --max 3 --out "$work/two.jsonl"
kill -TERM $first
wait $first
"$fam" --ops '..|.-.-.|..|.-.-.|..' --positive --require-all-ops --out "$work/two.jsonl" --resume 2>/dev/null ||
	lost "the first sweep's file could not be resumed after a second writer was refused"
# kill -9 at random moments, resume, compare with an uninterrupted run.
"$fam" --ops '+=|x-+.-|+=|=====|..' --out "$work/ref.jsonl" 2>/dev/null
for delay in 0.1 0.3 0.5 0.8; do
	rm -f "$work/k.jsonl"
	"$fam" --ops '+=|x-+.-|+=|=====|..' --out "$work/k.jsonl" 2>/dev/null &
	pid=$!
	sleep $delay
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	"$fam" --ops '+=|x-+.-|+=|=====|..' --out "$work/k.jsonl" --resume 2>/dev/null
	cmp -s "$work/k.jsonl" "$work/ref.jsonl" || lost "kill -9 after ${delay}s and --resume differ from an uninterrupted run"
done

# 7. The second round of hardening (issue 27), items 1 to 10, decompose.
. "$(dirname "$0")/issue27.sh"

echo "runs $runs, panics $panics, hangs $hangs, past T+1 s $late, over 4 GB $over, bad exit codes $badcode, data loss $loss (peak RSS $((maxkb / 1024)) MB)"
[ $((panics + hangs + late + over + badcode + loss)) -eq 0 ]
