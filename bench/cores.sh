#!/usr/bin/env bash
# How the databases' build and the search scale past two cores, on a machine with many:
# the 24-puzzle's 6-6-6-6 and compound built on every core (and 6-6-6-6 again on two,
# time allowing), Korf's 24-puzzle instance 1 on 2, 4, 8 and all threads, Korf's 100
# 15-puzzles with 6-6-3 on 2 threads and all, and the twenty shortest of Korf's 50 as
# one batch file with `--timeout LIMIT`, by BIN and, where given, by BASE (an older
# build, for the same run). Takes prebuilt binaries, so that it runs where there is no
# cargo; needs python3. Writes a Markdown report to standard output and each batch's
# JSON answers into OUT_DIR.
#
#   [PARTS="build one fifteen twenty build2"] [ONE=1] [ONE_THREADS="2 4 8 N"]
#   [ONE_PARTITION=6-6-6-6] [CAP=SECONDS] [TABLES=DIR] [BIN_NAME=..] [BASE_NAME=..]
#   bash bench/cores.sh BIN [BASE] [LIMIT] [OUT_DIR]
#
# PARTS picks the sections; ONE names the Korf instance searched on more threads,
# ONE_THREADS the thread counts, ONE_PARTITION its databases (`default`: the command's
# own choice); CAP bounds each batch's wall time (default 25 times LIMIT); TABLES keeps
# the databases in DIR (default a scratch directory, removed at the end).
# bench/cores.md holds the last report.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "$1")
base=${2:+$(realpath "$2")}
limit=${3:-30}
out=${4:-$(mktemp -d)}
mkdir -p "$out"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
db=${TABLES:-$scratch/db}
one=${ONE:-1}
cap=${CAP:-$((limit * 25))}
cores=$(nproc)
parts=" ${PARTS:-build one fifteen twenty build2} "
want() { [[ $parts == *" $1 "* ]]; }
one_partition=()
[ "${ONE_PARTITION:-6-6-6-6}" != default ] && one_partition=(--partition "${ONE_PARTITION:-6-6-6-6}")
began=$(date +%s)

# Runs a command, its output to the file named first, and prints its wall seconds.
timed() {
    local file=$1 start
    shift
    start=$(date +%s.%N)
    "$@" > "$file" 2> "$file.err"
    python3 -c "import sys; print('%.1f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$start" "$(date +%s.%N)"
}

# The goal board under --goal korf: nothing to search, so the run is the build.
seq 0 24 | tr '\n' ' ' > "$scratch/goal"
korf50_row() { awk -v n="$1" '$1 == n' samples/korf50.in; }

echo "machine: $cores cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); $("$bin" --version)"
if want build; then
echo
echo "## Building on $cores threads"
echo
echo "(compound: the 16 databases beyond 6-6-6-6's four, which it shares)"
echo
echo "| databases | threads | seconds |"
echo "|---|---|---|"
for partition in 6-6-6-6 compound; do
    s=$(RAYON_NUM_THREADS=$cores timed "$out/build.txt" "$bin" --tables "$db" \
        --partition "$partition" --goal korf twentyfour "$scratch/goal")
    echo "| $partition | $cores | $s |"
done
seq 0 15 | tr '\n' ' ' > "$scratch/goal16"
"$bin" --tables "$db" --partition 6-6-3 --goal korf fifteen "$scratch/goal16" > /dev/null
fi

if want one; then
echo
echo "## One board on more threads"
echo
echo "Korf's 24-puzzle instance $one, ${ONE_PARTITION:-6-6-6-6}:"
echo
echo "| threads | seconds | nodes | M nodes/s | same answer |"
echo "|---|---|---|---|---|"
korf50_row "$one" > "$scratch/one"
threads_list=(${ONE_THREADS:-2 4 8 $cores})
for threads in "${threads_list[@]}"; do
    RAYON_NUM_THREADS=$threads timed "$out/one-$threads.json" "$bin" --tables "$db" \
        --no-build "${one_partition[@]}" --goal korf --numbered twentyfour --format json \
        "$scratch/one" > /dev/null
    python3 -c 'import json,sys
r = json.loads(open(sys.argv[1]).readline())
first = json.loads(open(sys.argv[3]).readline())
print("| %s | %.1f | {:,} | %.1f | %s |".format(r["nodes"]) % (sys.argv[2], r["seconds"],
      r["nodes"] / r["seconds"] / 1e6, "yes" if r["moves"] == first["moves"] else "NO"))' \
        "$out/one-$threads.json" "$threads" "$out/one-${threads_list[0]}.json"
done
fi

if want fifteen; then
echo
echo "## Korf's 100 15-puzzles, 6-6-3 (tables present)"
echo
echo "| threads | seconds, each of three runs |"
echo "|---|---|"
for threads in 2 "$cores"; do
    runs=()
    for _ in 1 2 3; do
        runs+=("$(RAYON_NUM_THREADS=$threads timed "$out/korf100-$threads.txt" "$bin" --tables "$db" \
            --no-build --partition 6-6-3 --goal korf --numbered fifteen samples/korf100.in)")
    done
    echo "| $threads | ${runs[*]} |"
done
cmp -s "$out/korf100-2.txt" "$out/korf100-$cores.txt" && echo && echo "Answers the same on both."
fi

if want twenty; then
echo
echo "## The twenty shortest of Korf's 50 as one batch, --timeout $limit"
echo
sort -k2,2n -k1,1n samples/korf50.lengths | head -20 | while read -r n _; do korf50_row "$n"; done > "$scratch/twenty"
echo "| build | answered | at published length | wall seconds | M nodes/s, the batch's |"
echo "|---|---|---|---|---|"
declare -A names=([bin]="${BIN_NAME:-BIN}" [base]="${BASE_NAME:-BASE}")
for who in bin base; do
    [ "$who" = base ] && [ -z "$base" ] && continue
    program=$bin
    [ "$who" = base ] && program=$base
    s=$(timed "$out/twenty-$who.json" timeout "$cap" "$program" --tables "$db" \
        --no-build --goal korf --numbered twentyfour --format json --timeout "$limit" "$scratch/twenty")
    python3 -c 'import json,sys
lengths = dict(line.split()[:2] for line in open("samples/korf50.lengths"))
rows = [json.loads(line) for line in open(sys.argv[1])]
answered = [r for r in rows if "length" in r]
right = [r for r in answered if str(r["length"]) == lengths[str(r["label"])]]
nodes = sum(r["nodes"] for r in rows)
print("| %s | %d of %d | %d | %s | %.1f |" % (sys.argv[2], len(answered), len(rows), len(right), sys.argv[3], nodes / float(sys.argv[3]) / 1e6))' \
        "$out/twenty-$who.json" "${names[$who]}" "$s"
done
fi

if want build2 && [ $(($(date +%s) - began)) -lt 420 ]; then
    echo
    echo "## Building 6-6-6-6 on two threads, the same machine"
    echo
    s=$(RAYON_NUM_THREADS=2 timed "$out/build2.txt" "$bin" --tables "$scratch/two" \
        --partition 6-6-6-6 --goal korf twentyfour "$scratch/goal")
    echo "6-6-6-6 on 2 threads: $s s"
fi
