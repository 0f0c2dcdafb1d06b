"""Drives `authflow play` through a pseudo-terminal, as a person at a keyboard would: waits for each prompt,
then types the next line (Tab for completion, Return, and ^D at the end). Prints everything the terminal showed.

Usage: pty_session.py AUTHFLOW_BINARY SAVE_PATH
"""
import os
import pty
import select
import sys
import time

binary, save_path = sys.argv[1], sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    os.execv(binary, [binary, "play"])

shown = b""


def until(token, seconds=30):
    """Reads what the terminal shows until `token` appears (or the program ends)."""
    global shown
    deadline = time.monotonic() + seconds
    start = len(shown)
    while token not in shown[start:]:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            sys.stdout.write(shown.decode(errors="replace"))
            sys.exit(f"timed out waiting for {token!r}")
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            return
        if not chunk:
            return
        shown += chunk


until(b"1> ")
os.write(fd, b"lau\t\r")
until(b"2> ")
os.write(fd, b"sign_u\t: {em\t: ada@example.com, pas\t: Str0ng-pass}\r")
until(b"3> ")
os.write(fd, b"undo\r")
until(b"2> ")
os.write(fd, b"save " + save_path.encode() + b"\r")
until(b"2> ")
os.write(fd, b"\x04")
until(b"\x00", seconds=10)
_, status = os.waitpid(pid, 0)
sys.stdout.write(shown.decode(errors="replace"))
sys.exit(os.waitstatus_to_exitcode(status))
