#!/usr/bin/env bash
# Korf's 50 24-puzzle instances with one or more partitions' databases (PARTITIONS,
# comma-separated, default "compound,6-6-6-6"; each with the reflected lookup), on
# every core, each instance within a time limit, the partitions taking turns instance
# by instance so that the shared machine's swings touch them alike: per instance and
# partition, the published length, ours (or `limit L`, the bound proven when the limit
# struck), nodes, seconds and M nodes/s; and whether the partitions' answers are
# byte for byte the same.
#
#   [PARTITIONS=P1,P2] [BATCH=1] bash bench/korf50.sh [SECONDS_PER_INSTANCE] [INSTANCES...]
#
# With BATCH=1 the instances are answered as one batch file a partition, the cases side
# by side as a user's batch runs them, each within the limit of its share of the
# cores; the table then gives each case's own seconds and the batch's wall time.
#
# Instances default to all 50, shortest published length first (a proxy for the
# easiest); the limit defaults to 120 s. Tables go to $TABLESOLVE_TABLES (default the
# user's cache); missing ones are built first, and that build is timed on its own.
# Needs python3.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/tablesolve
IFS=, read -r -a partitions <<< "${PARTITIONS:-compound,6-6-6-6}"
limit=${1:-120}
shift || true
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
instances=("$@")
if [ ${#instances[@]} -eq 0 ]; then
    mapfile -t instances < <(sort -k2,2n -k1,1n samples/korf50.lengths | cut -d' ' -f1)
fi

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); commit $(git rev-parse --short HEAD)"
for partition in "${partitions[@]}"; do
    /usr/bin/time -f "%e s wall, %U s user, %M KB peak" -o "$work/build" \
        "$bin" --partition "$partition" stats twentyfour > /dev/null
    echo "$partition tables (built if missing): $(cat "$work/build")"
done
echo
echo "| instance | published | partition | length | nodes | seconds | M nodes/s |"
echo "|---|---|---|---|---|---|---|"
row='import json,sys
lengths = dict(line.split()[:2] for line in open("samples/korf50.lengths"))
for line in open(sys.argv[1]):
    r = json.loads(line)
    length = r.get("length", "limit %s" % r.get("lower_bound"))
    rate = r["nodes"] / max(r["seconds"], 1e-9) / 1e6
    label = str(r["label"])
    print("| %s | %s | %s | %s | {:,} | %.1f | %.1f |".format(r["nodes"]) % (label, lengths[label], sys.argv[2], length, r["seconds"], rate))'
if [ "${BATCH:-}" = 1 ]; then
    for n in "${instances[@]}"; do awk -v n="$n" '$1 == n' samples/korf50.in; done > "$work/batch"
    for partition in "${partitions[@]}"; do
        start=$(date +%s.%N)
        "$bin" --partition "$partition" --goal korf --numbered twentyfour --format json \
            --timeout "$limit" "$work/batch" > "$work/batch.json" 2> /dev/null || true
        wall=$(python3 -c "import sys; print('%.1f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$start" "$(date +%s.%N)")
        python3 -c "$row" "$work/batch.json" "$partition"
        answered=$(grep -c '"length"' "$work/batch.json" || true)
        echo "| batch | | $partition | $answered answered | | $wall wall | |"
    done
    exit 0
fi
for n in "${instances[@]}"; do
    awk -v n="$n" '$1 == n' samples/korf50.in > "$work/case"
    published=$(awk -v n="$n" '$1 == n { print $2 }' samples/korf50.lengths)
    for p in "${!partitions[@]}"; do
        "$bin" --partition "${partitions[$p]}" --goal korf --numbered twentyfour \
            --format json --timeout "$limit" "$work/case" > "$work/out$p.json" \
            2> /dev/null || true
        python3 -c 'import json,sys; r=json.loads(open(sys.argv[1]).readline())
length = r.get("length", "limit %s" % r.get("lower_bound"))
rate = r["nodes"] / max(r["seconds"], 1e-9) / 1e6
print("| %s | %s | %s | %s | {:,} | %.1f | %.1f |".format(r["nodes"]) % (sys.argv[2], sys.argv[3], sys.argv[4], length, r["seconds"], rate))' \
            "$work/out$p.json" "$n" "$published" "${partitions[$p]}"
    done
    python3 -c 'import json,sys
moves = [json.loads(open(f).readline()).get("moves") for f in sys.argv[2:]]
if all(m is not None for m in moves) and len(moves) > 1:
    print("| %s | | answers | %s | | | |" % (sys.argv[1], "equal" if len(set(moves)) == 1 else "DIFFER"))' \
        "$n" "$work"/out*.json
done
