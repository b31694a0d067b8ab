#!/usr/bin/env bash
# One 24-puzzle board on a local Dask cluster (python/examples/dask_one_board.py):
# one worker process of one thread against two, and the command on one thread and on
# every core for scale, each run alternating with the others, RUNS rounds; wall
# seconds, and whether every answer is the command's byte for byte.
#
#   PYTHON=.venv/bin/python [PARTITION=6-6-6-6] bash bench/one_board.sh INSTANCE [RUNS]
#
# INSTANCE is a number of Korf's 50 (samples/korf50.in, goal korf). PYTHON is a Python
# with the tablesolve package and dask[distributed] installed. Tables come from
# $TABLESOLVE_TABLES (default the user's cache), built there first if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/tablesolve
python=${PYTHON:-python3}
partition=${PARTITION:-6-6-6-6}
instance=$1
runs=${2:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
awk -v n="$instance" '$1 == n' samples/korf50.in | cut -d' ' -f2- > "$work/board"
"$bin" --partition "$partition" stats twentyfour > /dev/null

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); commit $(git rev-parse --short HEAD)"
echo "instance $instance, $partition"
echo
echo "| round | run | seconds | same answer |"
echo "|---|---|---|---|"
RAYON_NUM_THREADS=1 "$bin" twentyfour --goal korf --partition "$partition" "$work/board" > "$work/expected"
for round in $(seq "$runs"); do
    for run in "command, 1 thread" "command, 2 threads" "dask, 1 worker x 1 thread" "dask, 2 workers x 1 thread"; do
        case $run in
            "command, 1 thread") command=(env RAYON_NUM_THREADS=1 "$bin" twentyfour --goal korf) ;;
            "command, 2 threads") command=(env RAYON_NUM_THREADS=2 "$bin" twentyfour --goal korf) ;;
            "dask, 1 worker"*) command=("$python" python/examples/dask_one_board.py twentyfour --goal korf --workers 1 --threads 1) ;;
            "dask, 2 workers"*) command=("$python" python/examples/dask_one_board.py twentyfour --goal korf --workers 2 --threads 1) ;;
        esac
        start=$(date +%s.%N)
        "${command[@]}" --partition "$partition" "$work/board" > "$work/out" 2> "$work/err"
        end=$(date +%s.%N)
        same=$(cmp -s "$work/out" "$work/expected" && echo yes || echo NO)
        printf '| %s | %s | %.1f | %s |\n' "$round" "$run" "$(echo "$end - $start" | bc)" "$same"
    done
done
