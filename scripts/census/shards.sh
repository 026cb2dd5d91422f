#!/bin/sh
# Runs a census as K shards the way a Slurm array and a Kubernetes Indexed
# Job do (their environment variables, one process per shard), merges the
# shards and checks that the merge is byte for byte one run without shards.
#   scripts/census/shards.sh [K] [census flags...]
# e.g. scripts/census/shards.sh 4 --size 4x4 --max 3 --families
set -e
k=${1:-4}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- --size 4x3 --max 5
fam=${FAMILIES:-families}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$fam" census "$@" --out "$dir/one.jsonl" 2>/dev/null
i=0
while [ "$i" -lt "$k" ]; do
  if [ $((i % 2)) -eq 0 ]; then
    SLURM_ARRAY_TASK_ID=$((i + 1)) SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_COUNT=$k \
      "$fam" census "$@" --out "$dir/slurm-$i.jsonl" 2>/dev/null
  else
    JOB_COMPLETION_INDEX=$i "$fam" census "$@" --shards "$k" --out "$dir/k8s-$i.jsonl" 2>/dev/null
  fi
  i=$((i + 1))
done
"$fam" census --merge --out "$dir/merged.jsonl" "$dir"/slurm-*.jsonl "$dir"/k8s-*.jsonl
cmp "$dir/merged.jsonl" "$dir/one.jsonl"
echo "$k shards merged: $(wc -l < "$dir/merged.jsonl") lines, byte for byte one run"
