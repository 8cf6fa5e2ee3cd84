#!/usr/bin/env python3
"""Times GET /api/examples while four clients post bad input to /api/parse (issue #41:
reading a puzzle on the server's event loop made every other answer wait).

    parse-stall.py PORT [SECONDS]

Against a running `cagey serve` on 127.0.0.1:PORT. Four threads post 20 kB that no format
reads (5,000 lines of `1,2`) as fast as they are answered; meanwhile GET /api/examples is
asked every 50 ms. Prints the posts' statuses and the examples' latency (median, p90,
max). Loopback only, bounded: SECONDS (default 10, at most 120).
"""

import json
import socket
import statistics
import sys
import threading
import time

CLIENTS = 4


def ask(port, method, path, data=b""):
    """One request on a new connection; its status, or 'none'."""
    head = (
        f"{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(head.encode() + data)
        answer = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            answer += chunk
    return answer.split(b" ", 2)[1].decode() if answer else "none"


def main():
    port = int(sys.argv[1])
    seconds = min(float(sys.argv[2]) if len(sys.argv) > 2 else 10, 120)
    body = json.dumps({"puzzle": "1,2\n" * 5000}).encode()
    end = time.monotonic() + seconds
    statuses = []

    def post():
        while time.monotonic() < end:
            statuses.append(ask(port, "POST", "/api/parse", body))

    posters = [threading.Thread(target=post) for _ in range(CLIENTS)]
    for poster in posters:
        poster.start()
    took = []
    while time.monotonic() < end:
        started = time.monotonic()
        ask(port, "GET", "/api/examples")
        took.append((time.monotonic() - started) * 1000)
        time.sleep(0.05)
    for poster in posters:
        poster.join()
    took.sort()
    counts = ", ".join(f"{s}: {statuses.count(s)}" for s in sorted(set(statuses)))
    print(
        f"{len(statuses)} posts ({counts}); GET /api/examples x{len(took)}: "
        f"median {statistics.median(took):.1f} ms, p90 {took[int(len(took) * 0.9)]:.1f} ms, "
        f"max {took[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
