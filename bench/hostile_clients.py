"""Hostile and slow clients against a running service (bench/hostile.sh starts it): idle connections, slowloris
clients, and clients that ask for a big leaderboard and never read it. Prints one line per phase and exits 1
when a phase breaks its rule (connections left open past their timeout, an API call failing or not answered).

usage: python3 bench/hostile_clients.py PORT MANAGEMENT_PORT PID KEY GUILD IDLE RIDLE SLOWLORIS RREAD STALLED RWRITE
  IDLE/SLOWLORIS/STALLED: how many clients of each kind (0 skips the phase);
  RIDLE/RREAD/RWRITE: the service's IDLE_TIMEOUT, READ_TIMEOUT and WRITE_TIMEOUT, in seconds.
"""
import http.client
import re
import socket
import sys
import time
import urllib.request

PORT, MPORT, PID, KEY, GUILD = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
IDLE, R_IDLE, SLOW, R_READ, STALLED, R_WRITE = (int(a) for a in sys.argv[6:12])
failed = False


def api_call():
    """One GET /api/beta_testing on a new connection: its time in ms, or None when it failed."""
    t0 = time.monotonic()
    try:
        c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
        c.request("GET", "/api/beta_testing", headers={"X-API-Key": KEY})
        r = c.getresponse()
        r.read()
        c.close()
        return (time.monotonic() - t0) * 1000 if r.status == 200 else None
    except OSError:
        return None


def summary(times):
    ok = sorted(t for t in times if t is not None)
    bad = len(times) - len(ok)
    if not ok:
        return f"0 of {len(times)} API calls answered"
    p = lambda q: ok[min(len(ok) - 1, int(q * len(ok)))]
    return (f"{len(ok)} API calls answered meanwhile (p50 {p(0.5):.0f} ms, p99 {p(0.99):.0f} ms, max {ok[-1]:.0f} ms)"
            + (f", {bad} FAILED" if bad else ""))


def closed(s):
    """Whether the server closed the connection (or reset it)."""
    try:
        s.setblocking(False)
        while True:
            data = s.recv(65536)
            if not data:
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True


def connect(rcvbuf=0):
    s = socket.socket()
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(10)
    s.connect(("127.0.0.1", PORT))
    return s


def metrics():
    body = urllib.request.urlopen(f"http://127.0.0.1:{MPORT}/prometheus", timeout=10).read().decode()
    heap = sum(float(v) for v in re.findall(r'^jvm_memory_used_bytes\{area="heap"[^}]*\} ([0-9.eE+]+)', body, re.M))
    active = re.search(r"^hikaricp_connections_active\{[^}]*\} ([0-9.]+)", body, re.M)
    with open(f"/proc/{PID}/status") as f:
        rss = int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) // 1024
    return heap / 2**20, float(active.group(1)) if active else -1, rss


def idle_phase():
    global failed
    t0 = time.monotonic()
    socks = [connect() for _ in range(IDLE)]
    opened = time.monotonic() - t0
    times = [api_call() for _ in range(50)]
    time.sleep(R_IDLE + 5)
    still = sum(1 for s in socks if not closed(s))
    print(f"idle: {IDLE} connections opened in {opened:.1f} s; {summary(times)}; "
          f"{still} still open {R_IDLE + 5} s later (IDLE_TIMEOUT {R_IDLE} s)")
    failed |= still > 0 or None in times
    for s in socks:
        s.close()


def slowloris_phase():
    global failed
    head = (f"GET /api/beta_testing HTTP/1.1\r\nHost: x\r\nX-API-Key: {KEY}\r\n" + "X-Slow: " + "a" * 4000).encode()
    socks = [connect() for _ in range(SLOW)]
    sent = [0] * SLOW
    done = [None] * SLOW
    times = []
    t0 = time.monotonic()
    while time.monotonic() - t0 < R_READ * 3 and None in done:
        for i, s in enumerate(socks):
            if done[i] is None:
                try:
                    s.setblocking(True)
                    s.send(head[sent[i]:sent[i] + 1])
                    sent[i] += 1
                    if closed(s):
                        done[i] = time.monotonic() - t0
                except OSError:
                    done[i] = time.monotonic() - t0
        times.append(api_call())
        time.sleep(2)
    left = done.count(None)
    ends = sorted(d for d in done if d is not None)
    print(f"slowloris: {SLOW} clients sending a byte every 2 s; closed after {ends[0] if ends else 0:.0f}-"
          f"{ends[-1] if ends else 0:.0f} s (READ_TIMEOUT {R_READ} s), {left} still open after {R_READ * 3} s; "
          f"{summary(times)}")
    failed |= left > 0 or None in times
    for s in socks:
        s.close()


def stalled_phase():
    global failed
    heap0, active0, rss0 = metrics()
    socks = []
    for _ in range(STALLED):
        s = connect(rcvbuf=4096)
        s.sendall(f"GET /api/{GUILD}/leaderboard HTTP/1.1\r\nHost: x\r\nX-API-Key: {KEY}\r\n\r\n".encode())
        socks.append(s)
    peak_heap, peak_rss, peak_active, times = 0, 0, 0, []
    t0 = time.monotonic()
    while time.monotonic() - t0 < R_WRITE + 15:
        heap, active, rss = metrics()
        peak_heap, peak_rss, peak_active = max(peak_heap, heap), max(peak_rss, rss), max(peak_active, active)
        times.append(api_call())
        time.sleep(1)
    still = sum(1 for s in socks if not closed(s))
    heap, active, rss = metrics()
    print(f"stalled: {STALLED} clients asked for the leaderboard of guild {GUILD} and read nothing; heap before "
          f"{heap0:.0f} MiB, peak {peak_heap:.0f} MiB, after {heap:.0f} MiB; RSS before {rss0} MiB, peak {peak_rss} MiB; "
          f"pool connections active: peak {peak_active:.0f}, after {active:.0f}; {still} still open {R_WRITE + 15} s "
          f"later (WRITE_TIMEOUT {R_WRITE} s); {summary(times)}")
    failed |= still > 0 or active > 0 or None in times
    for s in socks:
        s.close()


if IDLE:
    idle_phase()
if SLOW:
    slowloris_phase()
if STALLED:
    stalled_phase()
sys.exit(1 if failed else 0)
