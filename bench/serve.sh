#!/usr/bin/env bash
# `tablesolve serve` on loopback, on this machine's own cores (the load generator
# shares them):
#  1. single-board 8-puzzle requests over keep-alive: wrk (Debian's package) with
#     CONNECTIONS connections on 2 threads for SECONDS, after a warm-up; requests a
#     second and the latency percentiles wrk prints;
#  2. a batch of 1,000,000 random 8-puzzle cases (`generate eight --count 1000000
#     --seed 5`) POSTed with curl, against `tablesolve eight` on the same file, in turn
#     RUNS times: wall times, CPU times (the command's user and system; the server's
#     from /proc, in clock ticks), whether the outputs are the same bytes, and the
#     server's peak resident memory (VmHWM of a server started for the batches alone).
#
#   bash bench/serve.sh BINARY [CONNECTIONS] [SECONDS] [RUNS]    (64, 10, 5)
set -euo pipefail
binary=$1 connections=${2:-64} seconds=${3:-10} runs=${4:-5}
work=$(mktemp -d)
server=
stop() { [ -n "$server" ] && kill "$server" 2> /dev/null && wait "$server" 2> /dev/null || true; }
trap 'stop; rm -rf "$work"' EXIT

# Starts a server on a free port; sets $server (its pid) and $address.
start() {
    "$binary" --tables "$work/tables" serve --port 0 2> "$work/serve.err" &
    server=$!
    while ! grep -q "http://" "$work/serve.err"; do sleep 0.05; done
    address=$(sed -n 's|.*http://\([^/]*\)/.*|\1|p' "$work/serve.err" | head -1)
}

"$binary" --tables "$work/tables" generate eight --count 1000000 --seed 5 > "$work/eight.in"

start
board="2%203%204%201%205%20x%207%206%208"
url="http://$address/v1/eight/answer?board=$board"
curl -sf "$url" > /dev/null  # opens the table
echo "## Single boards: GET /v1/eight/answer?board=..., $connections connections, ${seconds} s"
echo
wrk -t2 -c"$connections" -d2s "$url" > /dev/null
wrk -t2 -c"$connections" -d"${seconds}s" --latency "$url" | sed 's/^/    /'
stop

start
curl -sf "http://$address/v1/eight/answer?board=$board" > /dev/null
echo
echo "## 1,000,000 cases: POST /v1/eight/answer against \`tablesolve eight\`"
echo
echo "| run | command (s) | service (s) | service / command | command CPU (s) | service CPU (s) | same output |"
echo "|---|---|---|---|---|---|---|"
ticks=$(getconf CLK_TCK)
for ((i = 1; i <= runs; i++)); do
    t0=$(date +%s.%N)
    /usr/bin/time -f "%U %S" -o "$work/command.cpu" \
        "$binary" --tables "$work/tables" eight "$work/eight.in" > "$work/command.out"
    t1=$(date +%s.%N)
    before=$(awk '{print $14 + $15}' "/proc/$server/stat")
    curl -sf --data-binary "@$work/eight.in" "http://$address/v1/eight/answer" > "$work/service.out"
    t2=$(date +%s.%N)
    after=$(awk '{print $14 + $15}' "/proc/$server/stat")
    same=$(cmp -s "$work/command.out" "$work/service.out" && echo yes || echo NO)
    python3 - "$t0" "$t1" "$t2" "$i" "$same" "$(cat "$work/command.cpu")" "$before" "$after" "$ticks" << 'PY'
import sys
t0, t1, t2 = map(float, sys.argv[1:4])
run, same, command_cpu = sys.argv[4], sys.argv[5], sum(map(float, sys.argv[6].split()))
service_cpu = (float(sys.argv[8]) - float(sys.argv[7])) / float(sys.argv[9])
c, s = t1 - t0, t2 - t1
print(f"| {run} | {c:.3f} | {s:.3f} | {s / c:.2f}x | {command_cpu:.2f} | {service_cpu:.2f} | {same} |")
PY
done
echo
echo "Server's peak resident memory: $(grep VmHWM "/proc/$server/status" | awk '{print $2 / 1024 " MB"}')"
