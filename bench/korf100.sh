#!/usr/bin/env bash
# Korf's 100 15-puzzle instances, answered by `tablesolve fifteen --goal korf` with
# each pattern-database partition given (default: 6-6-3), one process per partition
# (both cores, one case per task). Checks every length against the published optimum,
# then prints a Markdown table by optimal length: instances, search seconds (summed
# over cases, so CPU time), nodes generated, and the ratio to the nodes of Korf's
# 1985 Manhattan-distance IDA* (bench/korf1985-nodes.txt), the named peer. Wall time
# of the whole run and peak memory follow.
#
#   bash bench/korf100.sh [PARTITION...]      e.g.  bash bench/korf100.sh 6-6-3 7-8
#
# Tables go to $TABLESOLVE_TABLES (default ./tables); missing ones are built first and
# not timed. Needs python3 for the summary.
set -euo pipefail
cd "$(dirname "$0")/.."
partitions=("${@:-6-6-3}")
cargo build --release --quiet
bin=target/release/tablesolve
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); commit $(git rev-parse --short HEAD)"
for partition in "${partitions[@]}"; do
    # Build (or find) the databases first, so that the timed run only answers.
    echo "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0" | "$bin" --partition "$partition" fifteen > /dev/null
    /usr/bin/time -f "%e %M" -o "$work/time" \
        "$bin" --partition "$partition" --goal korf --numbered fifteen --format json \
        samples/korf100.in > "$work/answers.json"
    read -r wall kb < "$work/time"
    python3 - "$partition" "$wall" "$kb" "$work/answers.json" <<'PY'
import json, sys
partition, wall, kb, answers = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
lengths = {int(a): int(b) for a, b in (l.split() for l in open("samples/korf100.lengths"))}
korf = {}
for line in open("bench/korf1985-nodes.txt"):
    if not line.startswith("#"):
        label, _, nodes = line.split()
        korf[int(label)] = int(nodes)
rows = [json.loads(l) for l in open(answers)]
wrong = [r["label"] for r in rows if r.get("length") != lengths[r["label"]]]
if wrong or len(rows) != 100:
    sys.exit(f"{partition}: {len(rows)} answers, wrong lengths on {wrong}")
groups = [(41, 49), (50, 54), (55, 59), (60, 66)]
print(f"\n### partition {partition}: all 100 lengths as published\n")
print("| optimal length | instances | search s | nodes | Korf 1985 nodes | ratio |")
print("|---|---|---|---|---|---|")
def line(name, chosen):
    s = sum(r["seconds"] for r in chosen)
    n = sum(r["nodes"] for r in chosen)
    k = sum(korf[r["label"]] for r in chosen)
    print(f"| {name} | {len(chosen)} | {s:.2f} | {n:,} | {k:,} | {k / max(n, 1):,.0f}x fewer |")
for lo, hi in groups:
    line(f"{lo}-{hi}", [r for r in rows if lo <= r["length"] <= hi])
line("all", rows)
hardest = max(rows, key=lambda r: r["seconds"])
print(f"\nwall {wall:.2f} s for all 100 (both cores), peak memory {kb / 1024:.0f} MB; "
      f"slowest: instance {hardest['label']}, {hardest['seconds']:.2f} s")
PY
done
