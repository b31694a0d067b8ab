#!/usr/bin/env bash
# Korf's 50 24-puzzle instances with a partition's databases (PARTITION, default the
# compound catalogue; 6-6-6-6 for the old default) and the reflected lookup, on every
# core, each within a time limit: per instance, the published length, ours (or
# `limit L`, the bound proven when the limit struck), nodes and seconds. With ANSWERS
# set to a file, each answer's JSON line is appended to it, to compare partitions.
#
#   [PARTITION=P] [ANSWERS=FILE] bash bench/korf50.sh [SECONDS_PER_INSTANCE] [INSTANCES...]
#
# Instances default to all 50, shortest published length first (a proxy for the
# easiest); the limit defaults to 120 s. Tables go to $TABLESOLVE_TABLES (default the
# user's cache); missing ones are built first, and that build is timed on its own.
# Needs python3.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/tablesolve
partition=${PARTITION:-compound}
limit=${1:-120}
shift || true
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
instances=("$@")
if [ ${#instances[@]} -eq 0 ]; then
    mapfile -t instances < <(sort -k2,2n -k1,1n samples/korf50.lengths | cut -d' ' -f1)
fi

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); commit $(git rev-parse --short HEAD)"
/usr/bin/time -f "%e s wall, %U s user, %M KB peak" -o "$work/build" \
    "$bin" --partition "$partition" stats twentyfour > /dev/null
echo "$partition tables (built if missing): $(cat "$work/build")"
echo
echo "| instance | published | length | nodes | seconds |"
echo "|---|---|---|---|---|"
for n in "${instances[@]}"; do
    awk -v n="$n" '$1 == n' samples/korf50.in > "$work/case"
    published=$(awk -v n="$n" '$1 == n { print $2 }' samples/korf50.lengths)
    "$bin" --partition "$partition" --goal korf --numbered twentyfour --format json \
        --timeout "$limit" "$work/case" > "$work/out.json" 2> /dev/null || true
    if [ -n "${ANSWERS:-}" ]; then cat "$work/out.json" >> "$ANSWERS"; fi
    python3 -c 'import json,sys; r=json.loads(open(sys.argv[1]).readline())
length = r.get("length", "limit %s" % r.get("lower_bound"))
print("| %s | %s | %s | {:,} | %.1f |".format(r["nodes"]) % (sys.argv[2], sys.argv[3], length, r["seconds"]))' \
        "$work/out.json" "$n" "$published"
done
