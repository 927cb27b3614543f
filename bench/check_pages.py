#!/usr/bin/env python3
"""Leaderboard pages and member entries (additions to spec 4.2) against the whole leaderboard.

Usage: check_pages.py HOST PORT GUILD API_KEY [--repeat R] [--limit N] [--markdown FILE --label TEXT]

Reads the whole leaderboard once, then every page of --limit entries by following the next links, and
checks that the pages concatenated are the whole body byte for byte (entries, ranks, and no next link on
the last page). Then times, R times each over one kept-alive connection: the first page, the last full
page before the end (a cursor near the end of the guild), and the entries of the first member, of the
member at 90 % and of the last member; every answer is checked against the whole leaderboard.
Prints one line per figure (min/median/p95/max ms) and exits 1 when any check failed.
"""
import http.client
import json
import re
import statistics
import sys
import time

args = sys.argv[1:]
def option(name, default):
    if name in args:
        i = args.index(name)
        value = args[i + 1]
        del args[i:i + 2]
        return value
    return default

repeat = int(option("--repeat", "20"))
limit = int(option("--limit", "1000"))
markdown = option("--markdown", None)
label = option("--label", "")
host, port, guild, key = args[0], int(args[1]), args[2], args[3]
failures = []
conn = http.client.HTTPConnection(host, port, timeout=300)

def get(path):
    started = time.perf_counter()
    conn.request("GET", path, headers={"X-API-Key": key})
    response = conn.getresponse()
    body = response.read()
    elapsed = (time.perf_counter() - started) * 1000
    return response.status, dict(response.getheaders()), body, elapsed

base = f"/api/{guild}/leaderboard"
status, _, whole_body, whole_ms = get(base)
if status != 200:
    sys.exit(f"check_pages.py: the whole leaderboard answered {status}")
whole = json.loads(whole_body)
print(f"whole leaderboard: {len(whole)} entries, {len(whole_body)} bytes, {whole_ms:.0f} ms")

# Every page, following the links.
NEXT = re.compile(r"</api/(\d+)/leaderboard\?limit=(\d+)&after=([A-Za-z0-9_-]+)>; rel=\"next\"")
pieces, cursors, path, pages, walk_started = [], [], f"{base}?limit={limit}", 0, time.perf_counter()
while path:
    status, headers, body, _ = get(path)
    pages += 1
    if status != 200:
        failures.append(f"page {pages}: status {status}: {body[:200]!r}")
        break
    pieces.append(body[1:-1])
    link = headers.get("Link")
    path = None
    if link:
        match = NEXT.fullmatch(link)
        if not match or match.group(3) != headers.get("X-Next-Cursor"):
            failures.append(f"page {pages}: bad next link {link!r}")
            break
        cursors.append(match.group(3))
        path = link[1:link.index(">")]
walk_s = time.perf_counter() - walk_started
joined = b"[" + b",".join(p for p in pieces if p) + b"]"
if joined != whole_body:
    failures.append(f"the {pages} pages concatenated ({len(joined)} bytes) are not the whole body ({len(whole_body)} bytes)")
print(f"all pages of {limit}: {pages} pages in {walk_s:.1f} s, concatenated {'identical' if joined == whole_body else 'DIFFERENT'}")

def timed(name, path, expected):
    times = []
    for _ in range(repeat):
        status, _, body, ms = get(path)
        times.append(ms)
        if status != 200 or body != expected:
            failures.append(f"{name}: status {status}, body {body[:120]!r} is not the expected {expected[:120]!r}")
            break
    times.sort()
    p95 = times[max(0, -(-len(times) * 95 // 100) - 1)]
    summary = f"{times[0]:.1f}/{statistics.median(times):.1f}/{p95:.1f}/{times[-1]:.1f}"
    print(f"{name:<34} min/median/p95/max ms {summary}")
    return statistics.median(times)

def entry_bytes(entry):
    return json.dumps(entry, separators=(",", ":"), ensure_ascii=False).encode()

figures = {}
n = len(whole)
if n:
    first_page = b"[" + b",".join(entry_bytes(e) for e in whole[:limit]) + b"]"
    figures["page 1"] = timed(f"page 1 (limit={limit})", f"{base}?limit={limit}", first_page)
    if len(cursors) >= 2:
        k = len(cursors) - 1  # the page after cursors[k-1] is the last full one
        start = k * limit
        near_end = b"[" + b",".join(entry_bytes(e) for e in whole[start:start + limit]) + b"]"
        figures["page near the end"] = timed(f"page {k + 1} of {pages} (near the end)", f"{base}?limit={limit}&after={cursors[k - 1]}", near_end)
    for name, index in (("rank of the first member", 0), ("rank of the member at 90 %", (n * 9) // 10), ("rank of the last member", n - 1)):
        entry = whole[index]
        figures[name] = timed(f"{name} (rank {entry['rank']})", f"{base}/{entry['user_id']}", entry_bytes(entry))

if markdown:
    with open(markdown, "a") as out:
        cells = [label, str(n), f"{pages} x {limit}", "identical" if joined == whole_body else "DIFFERENT"]
        cells += [f"{figures.get(k, float('nan')):.1f}" for k in ("page 1", "page near the end", "rank of the first member", "rank of the member at 90 %", "rank of the last member")]
        out.write("| " + " | ".join(cells) + " |\n")

for failure in failures:
    print("FAILED:", failure)
sys.exit(1 if failures else 0)
