#!/usr/bin/env python3
"""Helpers of bench/baseline.sh (the service against the bare baseline of bench/baseline/).

usage:
  baseline_tools.py launch --url URL --key KEY --log FILE [--timeout S] -- COMMAND...
      Starts COMMAND in a session of its own (it outlives this helper), its output to FILE, and asks URL with
      the key every 5 ms until it answers 200. Prints "PID SECONDS": the seconds from the exec to that first
      200. Exits 1 (having killed COMMAND) when it exits first or does not answer within S seconds (default 300).
  baseline_tools.py wrk FILE
      Reads the output of `wrk --latency` and prints "REQUESTS_PER_S P99_MS NON_2XX SOCKET_ERRORS".
  baseline_tools.py json FILE
      Exits 0 when FILE holds exactly one JSON value, 1 (with the reason) when it does not.
  baseline_tools.py summary RESULTS RECORDS STORE [--markdown FILE --header TEXT]
      Prints the table of one size and store from the results file (lines "records store repeat side figure
      value"): figure | service | baseline | ratio, each the median over repeats of the per-repeat medians;
      with --markdown, appends the same as Markdown to FILE (TEXT first when the file does not have it yet).
"""
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request

# (figure key in the results file, label, format); ratio = service / baseline for every figure
FIGURES = [
    ("roles_rps", "`roles` throughput (req/s)", "{:.0f}"),
    ("roles_p99_ms", "`roles` p99 latency (ms)", "{:.2f}"),
    ("ibt_rps", "`is_bot_there` throughput, 10 ids (req/s)", "{:.0f}"),
    ("ibt_p99_ms", "`is_bot_there` p99 latency (ms)", "{:.2f}"),
    ("lb_total_ms", "leaderboard whole body (ms)", "{:.1f}"),
    ("lb_first_ms", "leaderboard first byte (ms)", "{:.1f}"),
    ("start_s", "start to first answer (s)", "{:.2f}"),
    ("rss_start_mib", "RSS after start (MiB)", "{:.0f}"),
    ("peak_rss_mib", "peak RSS (MiB)", "{:.0f}"),
    ("wrk_errors", "wrk socket errors (count)", "{:.0f}"),
]


def launch(args):
    sep = args.index("--")
    opts, command = args[:sep], args[sep + 1:]
    url = opts[opts.index("--url") + 1]
    key = opts[opts.index("--key") + 1]
    log = opts[opts.index("--log") + 1]
    timeout = float(opts[opts.index("--timeout") + 1]) if "--timeout" in opts else 300.0
    with open(log, "wb") as out:
        started = time.monotonic()
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   start_new_session=True)
    request = urllib.request.Request(url, headers={"X-API-Key": key})
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: never through a proxy
    while True:
        if process.poll() is not None:
            print(f"exited with status {process.returncode} before it answered", file=sys.stderr)
            return 1
        try:
            with direct.open(request, timeout=5) as response:
                response.read()
                if response.status == 200:
                    print(process.pid, f"{time.monotonic() - started:.3f}")
                    return 0
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if time.monotonic() - started > timeout:
            os.killpg(process.pid, signal.SIGKILL)
            print(f"no 200 from {url} within {timeout:.0f} s", file=sys.stderr)
            return 1
        time.sleep(0.005)


def wrk(args):
    text = open(args[0], encoding="utf-8").read()
    rps = re.search(r"Requests/sec:\s*([0-9.]+)", text)
    p99 = re.search(r"^\s*99%\s+([0-9.]+)(us|ms|s)\s*$", text, re.M)
    if not rps or not p99:
        print(f"not the output of wrk --latency: {text[:300]!r}", file=sys.stderr)
        return 1
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
    non2xx = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", text)
    sockets = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    errors = sum(int(n) for n in sockets.groups()) if sockets else 0
    print(rps.group(1), f"{float(p99.group(1)) * scale:.3f}", non2xx.group(1) if non2xx else 0, errors)
    return 0


def json_check(args):
    try:
        with open(args[0], "rb") as f:
            json.loads(f.read().decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as e:
        print(f"not one complete JSON value: {e}")
        return 1
    return 0


def summary(args):
    results, records, store = args[0], args[1], args[2]
    markdown = args[args.index("--markdown") + 1] if "--markdown" in args else None
    header = args[args.index("--header") + 1] if "--header" in args else ""
    # figure -> side -> repeat -> samples
    samples = {}
    notes = {}
    for line in open(results, encoding="utf-8"):
        parts = line.split()
        if len(parts) != 6 or parts[0] != records or parts[1] != store:
            continue
        _, _, repeat, side, figure, value = parts
        if side == "-":
            notes[figure] = value
            continue
        samples.setdefault(figure, {}).setdefault(side, {}).setdefault(repeat, []).append(float(value))

    def median(figure, side):
        repeats = samples.get(figure, {}).get(side, {})
        if not repeats:
            return None
        return statistics.median(statistics.median(v) for v in repeats.values())

    rows = []
    for key, label, fmt in FIGURES:
        service, baseline = median(key, "service"), median(key, "baseline")
        if service is None and baseline is None:
            continue
        show = lambda v: "-" if v is None else fmt.format(v)
        ratio = f"{service / baseline:.2f}" if service is not None and baseline else "-"
        rows.append((label, show(service), show(baseline), ratio))
    repeats = max((len(r) for s in samples.values() for r in s.values()), default=0)
    title = (f"{int(records):,} records, {store}: import {notes.get('import_s', '?')} s, leaderboard body "
             f"{int(float(notes.get('lb_bytes', 0))):,} bytes, {repeats} repeat(s); bodies "
             f"{notes.get('bodies', '?').replace('_', ' ')}")
    width = max(len(r[0]) for r in rows) if rows else 10
    print(title)
    print(f"  {'figure':<{width}}  {'service':>10}  {'baseline':>10}  {'ratio':>6}")
    for label, service, baseline, ratio in rows:
        print(f"  {label:<{width}}  {service:>10}  {baseline:>10}  {ratio:>6}")
    if markdown:
        existing = open(markdown, encoding="utf-8").read() if os.path.exists(markdown) else ""
        with open(markdown, "a", encoding="utf-8") as out:
            if header and header not in existing:
                out.write(header.rstrip("\n") + "\n\n")
            out.write(f"**{title}**\n\n| figure | service | baseline | ratio |\n|---|---:|---:|---:|\n")
            for label, service, baseline, ratio in rows:
                out.write(f"| {label} | {service} | {baseline} | {ratio} |\n")
            out.write("\n")
    return 0


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    command, args = sys.argv[1], sys.argv[2:]
    handlers = {"launch": launch, "wrk": wrk, "json": json_check, "summary": summary}
    if command not in handlers:
        print(__doc__, file=sys.stderr)
        return 2
    return handlers[command](args)


if __name__ == "__main__":
    sys.exit(main())
