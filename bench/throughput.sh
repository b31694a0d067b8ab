#!/usr/bin/env bash
# End-to-end throughput of the `tablesolve` command on million-case files, against the
# project's own IDA* search on a sample of the same cases, plus table build time and the
# time to a first answer. Prints a Markdown table of the figures.
#
#   bash bench/throughput.sh [CASES]      (default 1000000)
#
# Wall times are the best of three runs: the machine may be shared. Peak memory is the
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
# Best wall time of three runs of "$@" (output discarded), in seconds.
best_of_3() {
    local best=
    for _ in 1 2 3; do
        local start end took
        start=$(now); "$@" > /dev/null; end=$(now)
        took=$(echo "$end - $start" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$took < $best" | bc -l)" = 1 ]; then best=$took; fi
    done
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
build=$(target/release/build-tables --out "$TABLESOLVE_TABLES" | awk '/tables built in/ { print $(NF-1) }')

echo "generating $cases Rotation Game boards and $cases Eight II pairs ..." >&2
"$bin" generate rotation --count "$cases" --seed 1 > "$work/rotation.in"
"$bin" generate eight2 --count "$cases" --seed 1 > "$work/eight2.in"

# The IDA* sample: the first cases of the same files.
rotation_sample=1000
eight2_sample=2000
{ head -n "$rotation_sample" "$work/rotation.in"; echo 0; } > "$work/rotation-sample.in"
{ echo "$eight2_sample"; sed -n "2,$((eight2_sample + 1))p" "$work/eight2.in"; } > "$work/eight2-sample.in"

echo "timing ..." >&2
rotation_wall=$(best_of_3 "$bin" rotation "$work/rotation.in")
eight2_wall=$(best_of_3 "$bin" eight2 "$work/eight2.in")
rotation_ida=$(best_of_3 "$bin" rotation --method ida "$work/rotation-sample.in")
eight2_ida=$(best_of_3 "$bin" eight2 --method ida "$work/eight2-sample.in")
rotation_peak=$(peak_mb "$bin" rotation "$work/rotation.in")
eight2_peak=$(peak_mb "$bin" eight2 "$work/eight2.in")

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
| Rotation Game, $cases boards | $(printf '%.3f' "$rotation_wall") s, $rotation_rate boards/s, peak ${rotation_peak} MB | $rotation_sample boards in $(printf '%.2f' "$rotation_ida") s, $rotation_ida_rate boards/s | $(rate "$rotation_rate" "$rotation_ida_rate")x |
| Eight II, $cases pairs | $(printf '%.3f' "$eight2_wall") s, $eight2_rate cases/s, peak ${eight2_peak} MB | $eight2_sample pairs in $(printf '%.2f' "$eight2_ida") s, $eight2_ida_rate cases/s | $(rate "$eight2_rate" "$eight2_ida_rate")x |
| every table built from nothing | $build s | | |
| first answer, one board, process included | $(printf '%.1f' "$(echo "$first * 1000" | bc -l)") ms | | |
TABLE
