"""Stopping `authflow serve`: bounded by its shutdown grace (Docs/Serve.md), even while a client is still
sending a request body, and at once on a second signal."""
import signal
import socket
import time

from conftest import start_server

# Docs/Serve.md: in-flight requests get 5 s after the first SIGINT or SIGTERM.
GRACE = 5
# Generous: the machine building and testing may be loaded.
MARGIN = 10


def hold_half_sent_request(server):
    """Opens a connection and sends a request head promising a body it never finishes."""
    host, port = server.host.rsplit(":", 1)
    client = socket.create_connection((host, int(port)), timeout=10)
    client.sendall(b"POST /identitytoolkit.googleapis.com/v1/accounts:signUp?key=k HTTP/1.1\r\n"
                   b"Host: " + server.host.encode() + b"\r\nContent-Type: application/json\r\n"
                   b"Content-Length: 1000000\r\n\r\n{\"email\":")
    return client


def exit_status_within(process, seconds):
    try:
        return process.wait(timeout=seconds)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def started_with_half_sent_request():
    server = start_server()
    client = hold_half_sent_request(server)
    # Let the server read the head, so the request is in flight when the signal comes.
    time.sleep(0.5)
    return server, client


def test_sigterm_stops_within_the_grace_while_a_body_is_half_sent():
    server, client = started_with_half_sent_request()
    try:
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        assert exit_status_within(server.process, GRACE + MARGIN) == 0
        assert time.monotonic() - started >= GRACE - 1, "in-flight requests get the grace period"
    finally:
        client.close()


def test_a_second_signal_stops_at_once():
    server, client = started_with_half_sent_request()
    try:
        server.process.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        started = time.monotonic()
        server.process.send_signal(signal.SIGINT)
        assert exit_status_within(server.process, MARGIN) == 0
        assert time.monotonic() - started < GRACE - 1, "a second signal does not wait for the grace"
    finally:
        client.close()


def test_sigint_stops_an_idle_server_at_once():
    server = start_server()
    started = time.monotonic()
    server.process.send_signal(signal.SIGINT)
    assert exit_status_within(server.process, MARGIN) == 0
    assert time.monotonic() - started < GRACE - 1, "nothing in flight: no reason to wait"


def test_a_standard_output_nobody_reads_is_exit_2_not_a_crash():
    """The listening line goes to a pipe whose reader is gone: serve keeps serving, and on SIGTERM exits 2
    saying why (Docs/CommandLine.md, output that cannot be written) instead of crashing on the write."""
    import subprocess
    from conftest import authflow_binary
    process = subprocess.Popen([authflow_binary(), "serve", "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    process.stdout.close()
    try:
        time.sleep(2)  # time to bind and try to print the listening line
        process.send_signal(signal.SIGTERM)
        assert exit_status_within(process, GRACE + MARGIN) == 2
        assert "cannot write standard output: broken pipe" in process.stderr.read()
    finally:
        process.stderr.close()
