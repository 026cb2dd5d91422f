#!/bin/bash
# A Slurm array job: 8 shards of Wolf's experiment, merged afterwards.
#   sbatch scripts/sweep/slurm.sh
#   families merge shard-*.jsonl > allzero.jsonl   (when all 8 have finished)
# Each task reads its shard from SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN
# and SLURM_ARRAY_TASK_COUNT. A task that was preempted or timed out is
# rerun with the same command: --resume keeps what it wrote.
#SBATCH --job-name=families-sweep
#SBATCH --array=0-7
#SBATCH --cpus-per-task=4
#SBATCH --time=01:00:00
#SBATCH --requeue
set -e
families --ops '..|.-.-.|..|.-.-.|..' --positive --require-all-ops \
  --jobs "$SLURM_CPUS_PER_TASK" --system-timeout 60s \
  --out "shard-$SLURM_ARRAY_TASK_ID.jsonl" --resume
