#!/bin/bash
# A Slurm array job: the 4x4 census to N = 128, every grid answered
# (--families), on 64 tasks, merged afterwards into the bytes of one run:
#   sbatch scripts/census/slurm.sh
#   families census --merge --out census-4x4-128.jsonl census-*.jsonl
# Each task reads its shard from SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN
# and SLURM_ARRAY_TASK_COUNT (the array's step must be 1) and takes every
# 64th task of the census. A task that was preempted or timed out is
# rerun with the same command: --resume keeps the tasks it wrote.
#SBATCH --job-name=families-census
#SBATCH --array=0-63
#SBATCH --cpus-per-task=2
#SBATCH --mem=2G
#SBATCH --time=02:00:00
#SBATCH --requeue
set -e
families census --size 4x4 --max 128 --families \
  --jobs "$SLURM_CPUS_PER_TASK" \
  --out "census-$SLURM_ARRAY_TASK_ID.jsonl" --resume
