"""The authflow adapter protocol, version 1: JSON objects, one per line, over stdin and stdout.

Copy this file next to your adapter and write the app's auth logic as a class with:

    description          a dict: name, summary, actions, providers, screens, tap_targets, type_fields,
                         secret_fields (the type fields whose values authflow hides in every output)
    __init__(harness, hello)
                         the app starts; hello["user"] is the session persisted on the device (or None)
    perform(action, args)
                         a device action of the scenario ("sign_in", {"email": ..., "password": ...})
    auth_state_changed(user, error)
                         the auth client's listener: a sign-in, a reload that changed the user, a sign-out
                         (error is set when the client signed itself out: a revoked session, ...)
    view()               what the app shows: {"state", "screen", "error", "ui"}

then call run(YourApp). Inside those methods, harness.call("signIn", email=..., password=...) calls the
device's auth client and returns its value or raises AuthError(code). See Docs/AdapterProtocol.md.
Standard library only.
"""

import calendar
import json
import sys
import time
import traceback

PROTOCOL = 1


class AuthError(Exception):
    """The auth client refused a call; `code` is the error as the app sees it (`wrong-password`, ...)."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


def seconds(timestamp):
    """`2026-01-01T00:00:00Z` (the harness's virtual time) as seconds since 1970."""
    return calendar.timegm(time.strptime(timestamp, "%Y-%m-%dT%H:%M:%SZ"))


class Harness:
    """The harness at the other end of stdin/stdout: the device's auth client and its virtual clock."""

    def __init__(self, incoming, outgoing):
        self._incoming = incoming
        self._outgoing = outgoing
        self._app = None
        self._last_id = 0
        self.now = None
        """The virtual time of the message being handled: use it for countdowns, never your own clock."""

    def clock(self):
        """The virtual time in seconds since 1970."""
        return seconds(self.now)

    def call(self, method, **args):
        """Calls the device's auth client; returns the result's value or raises AuthError.

        While the harness works, the client may change its user: that arrives as an event, handled here
        (auth_state_changed, then `done`) before the result."""
        self._last_id += 1
        call_id = self._last_id
        self._send({"type": "call", "id": call_id, "method": method, "args": args})
        while True:
            message = self._receive()
            if message is None:
                sys.exit(0)  # the harness stopped us while we waited
            if message.get("type") == "result" and message.get("id") == call_id:
                if message["ok"]:
                    return message.get("value")
                raise AuthError(message["error"])
            self._handle(message)

    def serve(self, make_app):
        """Answers hello with ready, then every message with done, until stdin closes."""
        hello = self._receive()
        if hello is None:
            return
        if hello.get("type") != "hello" or hello.get("protocol") != PROTOCOL:
            self._send({"type": "fail", "message": f"expected hello with protocol {PROTOCOL}, got {hello}"})
            return
        self.now = hello["now"]
        try:
            self._app = make_app(self, hello)
            ready = {"type": "ready", "protocol": PROTOCOL, **self._app.description, **self._app.view()}
        except Exception as error:  # noqa: BLE001 - reported to the harness, which errors the scenario
            traceback.print_exc()
            self._send({"type": "fail", "message": f"{type(error).__name__}: {error}"})
            return
        self._send(ready)
        while (message := self._receive()) is not None:
            self._handle(message)

    def _handle(self, message):
        """One action, event or tick, answered with `done` (or `fail` when the app raised)."""
        self.now = message.get("now", self.now)
        kind = message.get("type")
        try:
            if kind == "action":
                self._app.perform(message["action"], message["args"])
            elif kind == "event":
                self._app.auth_state_changed(message["user"], message["error"])
            elif kind != "tick":
                raise ValueError(f"unexpected message type {kind!r}")
            done = {"type": "done", **self._app.view()}
        except Exception as error:  # noqa: BLE001 - reported to the harness, which errors the scenario
            traceback.print_exc()
            self._send({"type": "fail", "message": f"{type(error).__name__}: {error}"})
            return
        self._send(done)

    def _receive(self):
        line = self._incoming.readline()
        return json.loads(line) if line else None

    def _send(self, message):
        self._outgoing.write(json.dumps(message, separators=(",", ":")) + "\n")
        self._outgoing.flush()


def run(make_app):
    """Serves the protocol on stdin/stdout. Anything the app prints goes to stderr, which the harness keeps
    and quotes when something fails, so a stray print() cannot break the protocol."""
    outgoing = sys.stdout
    sys.stdout = sys.stderr
    try:
        Harness(sys.stdin, outgoing).serve(make_app)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
