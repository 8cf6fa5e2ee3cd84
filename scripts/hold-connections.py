#!/usr/bin/env python3
"""Holds many connections to a cagey server on loopback, then sees whether a new client is
still answered (issue #41: 1,100 held connections under `ulimit -n 1024` stopped the server
answering anyone). Used by scripts/hold-connections.sh, which starts the server.

    hold-connections.py PORT [COUNT]

The connections are of three kinds, in turn: idle (nothing sent), a slow head (a request
line and one header, never finished) and a slow body (a POST announcing 100 kB, none sent).
After opening them all, it times five new `GET /api/examples` requests, counts how many of
the held connections the server has closed, and closes the rest. Bounded: COUNT connections
(default 1100, at most 5000), 127.0.0.1 only, each wait at most 15 s.
"""

import resource
import socket
import sys
import time

HOST = "127.0.0.1"
KINDS = ("idle", "slow head", "slow body")


def opened(port, kind):
    """A connection of `kind`, or None if it could not be made."""
    s = socket.socket()
    s.settimeout(5)
    try:
        s.connect((HOST, port))
        if kind == "slow head":
            s.sendall(b"GET /api/examples HTTP/1.1\r\nHost: localhost\r\n")
        elif kind == "slow body":
            s.sendall(
                b"POST /api/parse HTTP/1.1\r\nHost: localhost\r\n"
                b"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
            )
    except OSError:
        s.close()
        return None
    return s


def ask(port):
    """Times one GET /api/examples on a new connection: (seconds, status or error)."""
    started = time.monotonic()
    try:
        with socket.create_connection((HOST, port), timeout=15) as s:
            s.sendall(b"GET /api/examples HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            answer = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                answer += chunk
        status = answer.split(b" ", 2)[1].decode() if answer else "closed without an answer"
    except OSError as error:
        status = f"failed: {error}"
    return time.monotonic() - started, status


def closed_by_server(s):
    """Whether the server has closed `s` (a read gives end of file or an error)."""
    s.setblocking(False)
    try:
        while True:
            data = s.recv(65536)
            if not data:
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True


def main():
    port = int(sys.argv[1])
    count = min(int(sys.argv[2]) if len(sys.argv) > 2 else 1100, 5000)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < count + 64:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 64), hard))
    started = time.monotonic()
    held = [(KINDS[i % 3], opened(port, KINDS[i % 3])) for i in range(count)]
    made = sum(1 for _, s in held if s is not None)
    print(f"opened {made} of {count} connections in {time.monotonic() - started:.2f} s "
          f"(idle, slow head and slow body in turn)")
    time.sleep(0.5)
    for _ in range(5):
        took, status = ask(port)
        print(f"GET /api/examples on a new connection: {status} in {took * 1000:.1f} ms")
    for kind in KINDS:
        of_kind = [s for k, s in held if k == kind and s is not None]
        gone = sum(1 for s in of_kind if closed_by_server(s))
        print(f"{kind}: {gone} of {len(of_kind)} closed by the server")
    for _, s in held:
        if s is not None:
            s.close()


if __name__ == "__main__":
    main()
