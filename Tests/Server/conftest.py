"""Starts the built `authflow serve` on a free loopback port for each test module.

AUTHFLOW_BIN names the binary; without it, the debug build of the package is used.
"""
import os
import subprocess
import sys

import pytest
import requests

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROJECT = "demo-authflow"


def authflow_binary():
    if os.environ.get("AUTHFLOW_BIN"):
        return os.environ["AUTHFLOW_BIN"]
    path = subprocess.check_output(["swift", "build", "--show-bin-path"], cwd=ROOT, text=True).strip()
    return os.path.join(path, "authflow")


class Server:
    def __init__(self, process, port):
        self.process = process
        self.host = f"127.0.0.1:{port}"
        self.base = f"http://{self.host}"

    def post(self, endpoint, body):
        return requests.post(f"{self.base}/identitytoolkit.googleapis.com/v1/{endpoint}?key=fake-api-key",
                             json=body, timeout=10)

    def control(self, method, path, body=None):
        return requests.request(method, f"{self.base}/authflow/v1/{path}", json=body, timeout=10)

    def reset(self):
        requests.delete(f"{self.base}/emulator/v1/projects/{PROJECT}/accounts", timeout=10).raise_for_status()


def start_server(*extra):
    process = subprocess.Popen([authflow_binary(), "serve", "--port", "0", "--project", PROJECT, *extra],
                               stdout=subprocess.PIPE, stderr=sys.stderr, text=True)
    line = process.stdout.readline()
    if "listening on http://" not in line:
        process.kill()
        raise RuntimeError(f"authflow serve did not start: {line!r}")
    port = int(line.split("http://", 1)[1].split(" ", 1)[0].rsplit(":", 1)[1])
    return Server(process, port)


def stop_server(server):
    server.process.terminate()
    try:
        assert server.process.wait(timeout=10) == 0, "authflow serve did not exit cleanly on SIGTERM"
    finally:
        if server.process.poll() is None:
            server.process.kill()


@pytest.fixture(scope="module")
def server():
    running = start_server()
    os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = running.host
    yield running
    stop_server(running)
