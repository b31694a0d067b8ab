#!/usr/bin/env python3
"""`tablesolve serve --searches 2` under every attack of issue 77 at once, on loopback.

For SECONDS (60) clients run, each in a loop: a 20 MB ksolve+ block, `moves=` lists
of fresh names (leaks, if names were kept), `moves=` of 1,000 names, openings of big
tables (three 3x4 goals, two sharing one table; the 15-puzzle's 7-8), `random?length`
past a puzzle's diameter, slow uploads (silent, and 3 bytes every 2 s), a 1 MB JSON
line, 28 KB inline boards, and eight long 3x3x3 searches (10 s each). Meanwhile a prober asks
for `/v1/puzzles` and one 8-puzzle board every 100 ms; its latencies (p50, p99,
max, failures) and the server's resident memory (idle before, peak, and 30 s after
the attacks stop) are printed as a Markdown table.

    python3 bench/adversary.py BINARY [SECONDS]

Only the Python standard library; every request goes to 127.0.0.1 and has a timeout;
the server is stopped at the end whatever happens.
"""

import http.client
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

BINARY = os.path.abspath(sys.argv[1])
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
work = tempfile.mkdtemp(prefix="tablesolve-adversary-")
tables = os.path.join(work, "tables")
definitions = os.path.join(work, "definitions")
os.makedirs(definitions)
for name in ["2x2x2.def", "3x3x3.def", "3x3x3.kpuzzle.json"]:
    with open(os.path.join(ROOT, "definitions", name), "rb") as f:
        data = f.read()
    with open(os.path.join(definitions, name), "wb") as f:
        f.write(data)
# One 14-cycle: every state one turn from solved, none two.
with open(os.path.join(definitions, "cycle.def"), "w") as f:
    f.write("Set X 14 1\nSolved\nX\n" + " ".join(map(str, range(1, 15))) + "\nEnd\n")
    f.write("Move M\nX\n" + " ".join(map(str, list(range(2, 15)) + [1])) + "\nEnd\n")

# The prober's board needs the 8-puzzle's table: built before the server starts.
subprocess.run([BINARY, "--tables", tables, "eight"], input=b"", check=True)
log = open(os.path.join(work, "serve.err"), "w+")
server = subprocess.Popen(
    [BINARY, "--tables", tables, "serve", "--port", "0", "--searches", "2",
     "--definitions", definitions],
    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log)
address = None
while address is None:
    time.sleep(0.05)
    log.seek(0)
    found = re.search(r"http://([^/]+)/", log.read())
    address = found and found.group(1)
host, port = address.rsplit(":", 1)
port = int(port)


def rss_mb():
    """Resident memory in MB: all of it, and the process's own (anonymous) part, which
    leaves out the tables' mapped pages (the kernel's page cache, reclaimable)."""
    fields = {}
    with open(f"/proc/{server.pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "RssAnon"):
                fields[key] = int(value.split()[0]) / 1024
    return fields.get("VmRSS", 0.0), fields.get("RssAnon", 0.0)


def request(method, path, body=None, timeout=120):
    """Status and body length, or the exception's name."""
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        connection.request(method, path, body=body)
        response = connection.getresponse()
        return response.status, len(response.read())
    except Exception as e:  # noqa: BLE001: an attack's failure is only counted
        return type(e).__name__, 0
    finally:
        connection.close()


stop = threading.Event()
outcomes = {}
lock = threading.Lock()


def count(attack, outcome):
    with lock:
        key = (attack, str(outcome))
        outcomes[key] = outcomes.get(key, 0) + 1


def attack(name, one):
    def loop():
        while not stop.is_set():
            outcome = one()
            count(name, outcome[0] if isinstance(outcome, tuple) else outcome)
            time.sleep(0.05)
    return threading.Thread(target=loop, name=name, daemon=True)


q = urllib.parse.quote
line = " ".join(["R", "U", "R'", "U'"] * 12) + "\n"
huge_block = ("ScrambleAlg long\n" + line * 420_000 + "End\n").encode()
many_names = ",".join(f"R{k}" for k in range(1000))
json_line = ('{"CORNERS":{"pieces":[' + ",".join(["0"] * 250_000) + "]}}\n").encode()
inline = q("R U " * 7_000)  # 28 KB: hyper refuses a request line past 64 KB (414)
hard = q("R U F D L B R2 U' F' D2 L' B2 R' U2")  # 14 turns of the 3x3x3
rng = random.Random(7)


def fresh_moves():
    names = ",".join("".join(rng.choice("UDRLFBxyz") for _ in range(40)) for _ in range(1500))
    return request("GET", f"/v1/3x3x3.def/answer?moves={q(names)}&board=R")


def slow_upload(trickle):
    s = socket.create_connection((host, port), timeout=60)
    try:
        s.sendall(f"POST /v1/eight/answer HTTP/1.1\r\nHost: {address}\r\n"
                  "Content-Length: 1000000\r\n\r\n".encode())
        if trickle:
            s.settimeout(2)
            for _ in range(30):
                try:
                    s.sendall(b"   ")
                    answer = s.recv(64)
                    return answer.split(b"\r\n")[0].decode()
                except socket.timeout:
                    continue
                except OSError as e:
                    return type(e).__name__
        s.settimeout(60)
        return s.recv(64).split(b"\r\n")[0].decode()
    except Exception as e:  # noqa: BLE001
        return type(e).__name__
    finally:
        s.close()


attacks = [
    attack("20 MB ksolve+ block", lambda: request("POST", "/v1/2x2x2.def/answer", huge_block)),
    attack("moves= of fresh names", fresh_moves),
    attack("moves= of 1,000 names",
           lambda: request("GET", f"/v1/3x3x3.def/answer?moves={q(many_names)}&board=R")),
    attack("random past the diameter", lambda: request("GET", "/v1/cycle.def/random?length=2")),
    attack("silent upload", lambda: slow_upload(False)),
    attack("trickling upload", lambda: slow_upload(True)),
    attack("1 MB JSON line",
           lambda: request("POST", "/v1/3x3x3.kpuzzle.json/answer", json_line)),
    attack("28 KB inline board", lambda: request("GET", f"/v1/2x2x2.def/answer?board={inline}")),
]
for k in range(8):
    attacks.append(attack("long 3x3x3 search",
                          lambda: request("GET", f"/v1/3x3x3.def/answer?board={hard}&timeout=10")))
for goal in ["1 2 3 4 5 6 7 8 9 10 11 0", "2 1 3 4 5 6 7 8 9 10 11 0",
             "1 2 3 4 5 6 7 8 9 10 0 11"]:
    attacks.append(attack("3x4 openings, one table",
                          lambda g=goal: request("GET", f"/v1/sliding/answer?size=4x3&goal={q(g)}"
                                                        f"&board={q(g)}")))
attacks.append(attack("15-puzzle 7-8 opening", lambda: request(
    "GET", "/v1/fifteen/answer?board=" + q("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"))))

latencies = {"/v1/puzzles": [], "one 8-puzzle board": []}
failures = {key: 0 for key in latencies}
probes = {"/v1/puzzles": "/v1/puzzles",
          "one 8-puzzle board": "/v1/eight/answer?board=" + q("2 3 4 1 5 x 7 6 8")}


def probe():
    while not stop.is_set():
        for key, path in probes.items():
            started = time.perf_counter()
            status, _ = request("GET", path, timeout=10)
            elapsed = time.perf_counter() - started
            if status == 200:
                latencies[key].append(elapsed * 1000)
            else:
                failures[key] += 1
        time.sleep(0.1)


memory = []


def sample_memory(until):
    while not until.is_set():
        memory.append(rss_mb())
        time.sleep(0.5)


# The definitions the attacks use are opened (their tables built) first, so that the
# attacks reach their own paths rather than wait for an opening.
for name in ["2x2x2.def", "3x3x3.def", "3x3x3.kpuzzle.json", "cycle.def"]:
    request("GET", f"/v1/{name}/answer?board=", timeout=600)
time.sleep(1)
idle = rss_mb()
sampling_done = threading.Event()
sampler = threading.Thread(target=sample_memory, args=(sampling_done,), daemon=True)
sampler.start()
prober = threading.Thread(target=probe, daemon=True)
try:
    prober.start()
    for thread in attacks:
        thread.start()
    time.sleep(SECONDS)
    stop.set()
    prober.join(timeout=30)
    # The attackers' requests end within their timeouts; the server forgets them.
    for thread in attacks:
        thread.join(timeout=130)
    time.sleep(30)
    after = rss_mb()
    sampling_done.set()
    alive = server.poll() is None
finally:
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else float("nan")


print(f"Attacks for {SECONDS:.0f} s on `serve --searches 2`; the service "
      f"{'answered throughout' if alive else 'DIED'}.\n")
print("| cheap request | answered | failed | p50 ms | p99 ms | max ms |")
print("|---|---|---|---|---|---|")
for key, values in latencies.items():
    print(f"| {key} | {len(values)} | {failures[key]} | {percentile(values, 50):.1f} | "
          f"{percentile(values, 99):.1f} | {max(values, default=float('nan')):.1f} |")
peak = (max(m[0] for m in memory), max(m[1] for m in memory))
print("\n| resident memory, MB | all | the process's own (anonymous) |")
print("|---|---|---|")
for label, (whole, own) in [("idle, tables of the definitions open", idle), ("peak", peak),
                            ("30 s after the attacks", after)]:
    print(f"| {label} | {whole:.0f} | {own:.0f} |")
print()
print("| attack | outcome | times |")
print("|---|---|---|")
for (name, outcome), times in sorted(outcomes.items()):
    print(f"| {name} | {outcome} | {times} |")
subprocess.run(["rm", "-rf", work])
