#!/usr/bin/env bash
# Batches of exact answers, two builds of `tablesolve` alternating: 1,000,000 Rotation
# Game boards and 1,000,000 random 8-puzzle cases (`generate ... --count 1000000
# --seed 5`), each binary run RUNS times in turn on the same files, output to a file;
# the least, median and most wall time of each, and whether their outputs are the same
# bytes. With FLOOR (examples/floor, built with `cargo build --release --example
# floor`: the same reader and batch driver writing a fixed answer, without answering),
# it takes its turn too, and so does its parse-and-probe floor (`FLOOR PUZZLE FILE
# probe`: each case read, ranked and one table entry loaded, nothing written); NEW's
# median is also given against each floor's.
#
#   bash bench/batches.sh OLD_BINARY NEW_BINARY [RUNS [FLOOR]]   (RUNS defaults to 7)
#
# Each binary gets its own table directory (formats may differ between builds),
# built before the timing. Needs python3.
set -euo pipefail
old=$1 new=$2 runs=${3:-7} floor=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$new" --tables "$work/tables-new" generate rotation --count 1000000 --seed 5 > "$work/rotation.in" 2> /dev/null
"$new" --tables "$work/tables-new" generate eight --count 1000000 --seed 5 > "$work/eight.in"
for b in old new; do
    for puzzle in rotation eight; do
        "${!b}" --tables "$work/tables-$b" "$puzzle" "$work/$puzzle.in" > "$work/$puzzle-$b.out" 2> /dev/null
    done
done
echo "| puzzle | cases | old (s) | new (s) | new / old | floor (s) | new / floor | probe floor (s) | new / probe floor | same output |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for puzzle in rotation eight; do
    for ((i = 0; i < runs; i++)); do
        for b in old new; do
            start=$(date +%s.%N)
            "${!b}" --tables "$work/tables-$b" "$puzzle" "$work/$puzzle.in" > "$work/$puzzle-$b.out"
            end=$(date +%s.%N)
            echo "$b $end $start" >> "$work/$puzzle.times"
        done
        if [ -n "$floor" ]; then
            start=$(date +%s.%N)
            "$floor" "$puzzle" "$work/$puzzle.in" > /dev/null
            end=$(date +%s.%N)
            echo "floor $end $start" >> "$work/$puzzle.times"
            start=$(date +%s.%N)
            TABLESOLVE_TABLES="$work/tables-new" "$floor" "$puzzle" "$work/$puzzle.in" probe 2> /dev/null
            end=$(date +%s.%N)
            echo "probe $end $start" >> "$work/$puzzle.times"
        fi
    done
    same=$(cmp -s "$work/$puzzle-old.out" "$work/$puzzle-new.out" && echo yes || echo NO)
    python3 - "$work/$puzzle.times" "$puzzle" "$same" << 'PY'
import statistics, sys
times = {"old": [], "new": [], "floor": [], "probe": []}
for line in open(sys.argv[1]):
    b, end, start = line.split()
    times[b].append(float(end) - float(start))
o, n, f, p = times["old"], times["new"], times["floor"], times["probe"]
spread = lambda t: "%.3f-%.3f (median %.3f)" % (min(t), max(t), statistics.median(t))
ratio = statistics.median(n) / statistics.median(o)
against = lambda t: "%.2fx" % (statistics.median(n) / statistics.median(t)) if t else "-"
print("| %s | 1,000,000 | %s | %s | %.2fx (best %.2fx) | %s | %s | %s | %s | %s |" % (
    sys.argv[2], spread(o), spread(n), ratio, min(n) / min(o), spread(f) if f else "-", against(f),
    spread(p) if p else "-", against(p), sys.argv[3]))
PY
done
