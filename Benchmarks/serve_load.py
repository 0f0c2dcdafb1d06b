#!/usr/bin/env python3
"""Bounded load test of `authflow serve` on loopback: N sign-ups from C concurrent clients (stdlib only).

Starts the server on a free port (or uses --host HOST:PORT), signs up --count distinct accounts from
--clients threads over keep-alive connections, then checks through the Admin API that every account exists
exactly once (none lost, none duplicated), and prints requests per second.

    python3 Benchmarks/serve_load.py --bin .build/release/authflow --count 10000 --clients 16
"""
import argparse
import http.client
import json
import subprocess
import sys
import threading
import time

PROJECT = "demo-authflow"


def start(binary):
    process = subprocess.Popen([binary, "serve", "--port", "0", "--project", PROJECT],
                               stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    if "listening on http://" not in line:
        process.kill()
        sys.exit(f"authflow serve did not start: {line!r}")
    return process, int(line.split("http://", 1)[1].split(" ", 1)[0].rsplit(":", 1)[1])


def request(connection, method, path, body=None, headers=None):
    connection.request(method, path, body=None if body is None else json.dumps(body),
                       headers={"Content-Type": "application/json", **(headers or {})})
    response = connection.getresponse()
    return response.status, json.loads(response.read() or b"{}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug/authflow")
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--clients", type=int, default=16)
    args = parser.parse_args()

    process, port = start(args.bin)
    failures, uids, lock = [], [], threading.Lock()

    def client(index):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine = []
        for n in range(index, args.count, args.clients):
            status, body = request(connection, "POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key",
                                   {"email": f"load{n}@example.com", "password": "secret-1"})
            if status != 200:
                with lock:
                    failures.append((n, status, body))
                continue
            mine.append(body["localId"])
        connection.close()
        with lock:
            uids.extend(mine)

    try:
        started = time.perf_counter()
        threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started

        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        users, token = [], None
        while True:  # listUsers' paging: 1,000 accounts a page, in uid order
            path = f"/identitytoolkit.googleapis.com/v1/projects/{PROJECT}/accounts:batchGet?maxResults=1000"
            _, listing = request(connection, "GET", path + (f"&nextPageToken={token}" if token else ""),
                                 headers={"Authorization": "Bearer owner"})  # the Admin SDK's credential
            users += listing.get("users", [])
            token = listing.get("nextPageToken")
            if not token:
                break
        emails = [user["email"] for user in users]
        assert not failures, f"{len(failures)} sign-ups failed, first: {failures[0]}"
        assert len(uids) == args.count, f"{len(uids)} sign-ups answered, expected {args.count}"
        assert len(set(uids)) == args.count, "a uid was handed out twice"
        assert len(users) == args.count, f"the server holds {len(users)} accounts, expected {args.count}"
        assert set(emails) == {f"load{n}@example.com" for n in range(args.count)}, "accounts lost or duplicated"
        print(f"{args.count} sign-ups from {args.clients} clients in {elapsed:.2f}s: "
              f"{args.count / elapsed:.0f} requests/s; {len(users)} accounts, none lost or duplicated")
    finally:
        process.terminate()
        status = process.wait(timeout=10)
        if status != 0:
            sys.exit(f"authflow serve exited with {status} on SIGTERM")


if __name__ == "__main__":
    main()
