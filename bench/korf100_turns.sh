#!/usr/bin/env bash
# Korf's 100 answered by two builds of `tablesolve` in turn (bench/batches.md): for
# each partition (6-6-3 and 7-8), ROUNDS rounds of the whole file, OLD then NEW, each
# build with its own table directory (built first, not timed); the wall time of each
# run, then a Markdown row a partition (least, median and most of each, NEW's median
# over OLD's) and whether the two answered the same bytes.
#
#   bash bench/korf100_turns.sh OLD_BINARY NEW_BINARY [ROUNDS]   (ROUNDS defaults to 5)
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1 new=$2 rounds=${3:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for b in old new; do
    for p in 6-6-3 7-8; do
        "${!b}" --tables "$work/tables-$b" --partition $p --goal korf fifteen < /dev/null > /dev/null 2>&1
    done
done
for p in 6-6-3 7-8; do
    for ((r = 0; r < rounds; r++)); do
        for b in old new; do
            start=$(date +%s.%N)
            "${!b}" --tables "$work/tables-$b" --partition $p --goal korf --numbered fifteen \
                samples/korf100.in > "$work/$b-$p.out"
            end=$(date +%s.%N)
            echo "$p $b $(python3 -c "print(f'{$end - $start:.3f}')")" | tee -a "$work/times"
        done
    done
    cmp -s "$work/old-$p.out" "$work/new-$p.out" && echo "$p: the same answers" || echo "$p: answers differ"
done
echo "| partition | old (s) | new (s) | new / old (medians) |"
echo "|---|---|---|---|"
python3 - "$work/times" <<'PY'
import statistics, sys
times = {}
for line in open(sys.argv[1]):
    p, b, t = line.split()
    times.setdefault(p, {}).setdefault(b, []).append(float(t))
for p, by in times.items():
    cell = lambda ts: f"{min(ts):.3f}-{max(ts):.3f} (median {statistics.median(ts):.3f})"
    ratio = statistics.median(by["new"]) / statistics.median(by["old"])
    print(f"| {p} | {cell(by['old'])} | {cell(by['new'])} | {ratio:.2f}x |")
PY
