#!/usr/bin/env bash
# End-to-end throughput of the `tablesolve` command on million-case files: against a
# floor (examples/floor.rs: the same readers and batch driver writing a fixed answer,
# without answering), and against the project's own IDA* search on a sample of the
# same cases; plus table build time and the time to a first answer. Prints Markdown.
#
#   bash bench/throughput.sh [CASES]      (default 1000000)
#
# Wall times are the best of several runs, the floor's and the command's taken in turn:
# the machine may be shared. Peak memory is the
# process's maximum resident set, tables included.
set -euo pipefail
cd "$(dirname "$0")/.."
cases=${1:-1000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TABLESOLVE_TABLES="$work/tables"

cargo build --release --workspace --quiet
bin=target/release/tablesolve

now() { date +%s.%N; }
# Wall time of one run of "$@" (output discarded), in seconds.
took() {
    local start end
    start=$(now); "$@" > /dev/null; end=$(now)
    echo "$end - $start" | bc -l
}
min() { if [ -z "$1" ] || [ "$(echo "$2 < $1" | bc -l)" = 1 ]; then echo "$2"; else echo "$1"; fi; }
# Best wall time of three runs of "$@", in seconds.
best_of_3() {
    local best=
    for _ in 1 2 3; do best=$(min "$best" "$(took "$@")"); done
    echo "$best"
}
# Peak resident memory of one run of "$@", in MB.
peak_mb() {
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f %M "$@" 2>&1 > /dev/null | tail -1 | awk '{ printf "%.1f", $1 / 1024 }'
    else
        echo "n/a"
    fi
}
rate() { echo "$1 / $2" | bc -l | xargs printf '%.0f'; }

echo "building every table from nothing ..." >&2
# The Rotation Game's and the 8-puzzle's tables, distances and walks (not the
# 15-puzzle's pattern databases, which build-tables reports on their own lines).
build=$(target/release/build-tables --out "$TABLESOLVE_TABLES" \
    | awk '/(rotation|eight)-[0-9]+(\.walks)?\.tbl:/ { sum += $(NF-1) } END { printf "%.3f", sum }')

cargo build --release --example floor --quiet
floor=target/release/examples/floor

echo "generating $cases cases of each puzzle ..." >&2
for puzzle in rotation eight eight2; do
    "$bin" generate "$puzzle" --count "$cases" --seed 1 > "$work/$puzzle.in"
done

# The IDA* sample: the first cases of the same files.
rotation_sample=1000
eight2_sample=2000
{ head -n "$rotation_sample" "$work/rotation.in"; echo 0; } > "$work/rotation-sample.in"
{ echo "$eight2_sample"; sed -n "2,$((eight2_sample + 1))p" "$work/eight2.in"; } > "$work/eight2-sample.in"

echo "timing ..." >&2
echo "| input | size | floor (reader only) | floor reads | tablesolve | tablesolve / floor | peak |"
echo "|---|---|---|---|---|---|---|"
for puzzle in rotation eight eight2; do
    input="$work/$puzzle.in"
    mb=$(echo "$(stat -c %s "$input") / 1000000" | bc -l)
    # Best of seven each, in turn, so that both meet the same load.
    floor_wall= wall=
    for _ in 1 2 3 4 5 6 7; do
        floor_wall=$(min "$floor_wall" "$(took "$floor" "$puzzle" "$input")")
        wall=$(min "$wall" "$(took "$bin" "$puzzle" "$input")")
    done
    peak=$(peak_mb "$bin" "$puzzle" "$input")
    printf '| %s, %s cases | %.1f MB | %.3f s | %.0f MB/s | %.3f s, %s cases/s | %.2fx | %s MB |\n' \
        "$puzzle" "$cases" "$mb" "$floor_wall" "$(echo "$mb / $floor_wall" | bc -l)" \
        "$wall" "$(rate "$cases" "$wall")" "$(echo "$wall / $floor_wall" | bc -l)" "$peak"
done

rotation_wall=$(best_of_3 "$bin" rotation "$work/rotation.in")
eight2_wall=$(best_of_3 "$bin" eight2 "$work/eight2.in")
rotation_ida=$(best_of_3 "$bin" rotation --method ida "$work/rotation-sample.in")
eight2_ida=$(best_of_3 "$bin" eight2 --method ida "$work/eight2-sample.in")

# The first answer: a whole process, tables present, one case.
echo "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3 0" > "$work/one.in"
first=$(best_of_3 "$bin" rotation "$work/one.in")

rotation_rate=$(rate "$cases" "$rotation_wall")
eight2_rate=$(rate "$cases" "$eight2_wall")
rotation_ida_rate=$(rate "$rotation_sample" "$rotation_ida")
eight2_ida_rate=$(rate "$eight2_sample" "$eight2_ida")

cat <<TABLE

| measure | tables | IDA* (sample) | ratio |
|---|---|---|---|
| Rotation Game, $cases boards | $rotation_rate boards/s | $rotation_sample boards in $(printf '%.2f' "$rotation_ida") s, $rotation_ida_rate boards/s | $(rate "$rotation_rate" "$rotation_ida_rate")x |
| Eight II, $cases pairs | $eight2_rate cases/s | $eight2_sample pairs in $(printf '%.2f' "$eight2_ida") s, $eight2_ida_rate cases/s | $(rate "$eight2_rate" "$eight2_ida_rate")x |
| every table (distances and walks) built from nothing | $build s | | |
| first answer, one board, process included | $(printf '%.1f' "$(echo "$first * 1000" | bc -l)") ms | | |
TABLE
