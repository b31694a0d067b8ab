#!/usr/bin/env bash
# Hard boards: the search's node rate per core on Korf's 100 (one thread, so that
# nodes/s is per core) for each partition, against an earlier build given as BASE;
# then one 80-move board (samples/hard80.in) on one thread and on every core.
#
#   bash bench/hard.sh [BASE_BINARY]
#
# Tables go to $TABLESOLVE_TABLES (default ./tables); missing ones are built first and
# not timed. Binaries are run in turn, case by case, in one run, so that the shared
# machine's swings touch both alike. Needs python3.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
new=target/release/tablesolve
base=${1:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for partition in 6-6-3 7-8; do
    echo "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0" | "$new" --partition "$partition" fifteen > /dev/null
done

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); commit $(git rev-parse --short HEAD)"
rate() { # binary partition -> "nodes seconds" summed over Korf's 100 on one thread
    RAYON_NUM_THREADS=1 "$1" --partition "$2" --goal korf --numbered fifteen --format json \
        samples/korf100.in > "$work/out.json"
    python3 -c 'import json,sys; r=[json.loads(l) for l in open(sys.argv[1])]; print(sum(x["nodes"] for x in r), sum(x["seconds"] for x in r))' "$work/out.json"
}
echo
echo "| partition | build | nodes | search s (1 thread) | M nodes/s per core |"
echo "|---|---|---|---|---|"
for partition in 6-6-3 7-8; do
    for round in 1 2; do
        for bin in ${base:+"$base"} "$new"; do
            read -r nodes seconds < <(rate "$bin" "$partition")
            name=$([ "$bin" = "$new" ] && echo "this" || echo "base")
            python3 -c "import sys; n,s=int(sys.argv[1]),float(sys.argv[2]); print(f'| {sys.argv[3]} | {sys.argv[4]} (round $round) | {n:,} | {s:.2f} | {n/s/1e6:.1f} |')" \
                "$nodes" "$seconds" "$partition" "$name"
        done
    done
done

echo
echo "| board | threads | length | nodes | search s | wall s |"
echo "|---|---|---|---|---|---|"
while read -r label board; do
    for threads in 1 "$(nproc)"; do
        echo "$board" > "$work/board"
        /usr/bin/time -f "%e" -o "$work/time" env RAYON_NUM_THREADS="$threads" \
            "$new" --partition 7-8 --goal korf fifteen --format json "$work/board" > "$work/out.json"
        python3 -c 'import json,sys; r=json.loads(open(sys.argv[1]).readline()); a=sys.argv; print("| %s | %s | %d | {:,} | %.2f | %s |".format(r["nodes"]) % (a[2], a[3], r["length"], r["seconds"], a[4]))' \
            "$work/out.json" "$label" "$threads" "$(cat "$work/time")"
    done
done < samples/hard80.in
