#!/usr/bin/env bash
# The 15-puzzle's pattern databases built from nothing, one partition at a time, each
# into an empty directory (`tablesolve --partition P stats fifteen`, which builds the
# missing databases and then recounts them), under /usr/bin/time -v: wall time, CPU
# time, peak memory and the files' sizes. Then, with the tables present, the time one
# board takes as a whole process (what opening and validating the tables adds) and
# Korf's 100 instances answered (best of three, every length checked against the
# published optimum). Needs bc.
#
#   bash bench/build.sh [PARTITION...]      default: 6-6-3 7-8
#
# Prints a Markdown report; bench/build.md holds the last one.
set -euo pipefail
cd "$(dirname "$0")/.."
partitions=("${@:-6-6-3}")
[ $# -eq 0 ] && partitions=(6-6-3 7-8)
cargo build --release --quiet
bin=target/release/tablesolve
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The wall time of a command, in seconds to the millisecond; its output is dropped.
seconds() {
    local start end
    start=$(date +%s%N)
    "$@" > /dev/null
    end=$(date +%s%N)
    printf "%.3f\n" "$(echo "scale=3; ($end - $start) / 1000000000" | bc)"
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(free -g | awk '/Mem:/ {print $2}') GiB; commit $(git rev-parse --short HEAD)"
echo
echo "| partition | build wall | CPU (user + sys) | peak memory | files | one board, tables present | Korf's 100, best of 3 |"
echo "|---|---|---|---|---|---|---|"
for partition in "${partitions[@]}"; do
    dir="$work/$partition"
    /usr/bin/time -v -o "$work/time" "$bin" --tables "$dir" --partition "$partition" \
        stats fifteen > "$work/stats" 2> /dev/null
    wall=$(awk -F': ' '/Elapsed/ {print $2}' "$work/time")
    cpu=$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {printf "%.1f s", u + s}' "$work/time")
    kb=$(awk -F': ' '/Maximum resident/ {print $2}' "$work/time")
    grep -q "recount agrees" "$work/stats"
    files=$(stat -c %s "$dir"/*.tbl | paste -sd+ | sed 's/+/ + /g')
    echo "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15" > "$work/one"
    one=$(for _ in $(seq 10); do
        seconds "$bin" --tables "$dir" --partition "$partition" --no-build fifteen "$work/one"
    done | sort -n | head -1)
    korf=$(for _ in 1 2 3; do
        seconds "$bin" --tables "$dir" --partition "$partition" --no-build --goal korf \
            --numbered fifteen samples/korf100.in
    done | sort -n | head -1)
    "$bin" --tables "$dir" --partition "$partition" --no-build --goal korf --numbered \
        fifteen samples/korf100.in | awk '{print NR, length($0)}' \
        | diff -q - samples/korf100.lengths > /dev/null || { echo "$partition: wrong lengths" >&2; exit 1; }
    printf '| %s | %s | %s | %s MB | %s bytes | %s s | %s s |\n' \
        "$partition" "$wall" "$cpu" "$((kb / 1024))" "$files" "$one" "$korf"
done
