#!/usr/bin/env bash
# Korf's 100 answered by two builds of `tablesolve` in turn (bench/batches.md): for
# each partition (6-6-3 and 7-8), ROUNDS rounds of the whole file, OLD then NEW, each
# build with its own table directory (built first, not timed); the wall time of each
# run, then whether the two answered the same bytes.
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
            echo "$p $b $(python3 -c "print(f'{$end - $start:.3f}')")"
        done
    done
    cmp -s "$work/old-$p.out" "$work/new-$p.out" && echo "$p: the same answers" || echo "$p: answers differ"
done
