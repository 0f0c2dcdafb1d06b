#!/usr/bin/env python3
"""authkit, out of process: the reference adapter for authflow's `--machine exec:COMMAND`.

A Python port of the built-in `authkit` machine (Sources/AuthFlowEngine/Machines/AuthKitMachine.swift), behaviour
for behaviour: a SwiftUI app with separate sign-in, sign-up, verify-email, forgot-password and account-settings
screens that gates on email verification. Run the bundled authkit scenarios against it with

    swift run authflow run --machine "exec:python3 Adapters/python/authkit_adapter.py" \
      --skip-tag firebaseui --skip-tag paper --skip-tag showcase Scenarios

`--mutant NAME` plants one of authkit's mutants' bugs (no-foreground-refresh, unverified-is-signed-in,
delete-without-reauth), to check the scenarios catch it out of process too.
"""

import sys

from authflow_adapter import AuthError, run

SIGNED_OUT_SCREENS = ("signIn", "signUp", "forgotPassword")
RESEND_COOLDOWN = 60
MUTANTS = ("no-foreground-refresh", "unverified-is-signed-in", "delete-without-reauth")

ADJECTIVES = ["Brave", "Calm", "Clever", "Eager", "Gentle", "Happy", "Lucky", "Quiet", "Swift", "Witty"]
ANIMALS = ["Badger", "Falcon", "Fox", "Heron", "Koala", "Lynx", "Otter", "Panda", "Robin", "Wombat"]


class AuthKit:
    description = {
        "name": "authkit (Python)",
        "summary": "SwiftUI app with sign-in, sign-up, verify-email, forgot-password and account-settings screens",
        "actions": [
            "launch", "terminate", "background", "foreground", "sign_up", "sign_in", "sign_in_with",
            "sign_out", "forgot_password", "resend_verification", "refresh", "delete_account",
            "reauthenticate", "cancel", "link_provider", "change_password",
        ],
        "providers": ["apple.com"],
        "screens": [
            "signIn", "signUp", "forgotPassword", "verifyEmail", "home", "accountSettings", "reauthenticate",
        ],
    }

    def __init__(self, harness, hello, mutant=None):
        self.harness = harness
        self.mutant = mutant
        self.user = hello["user"]  # the session persisted on the device, kept current by the listener
        self.screen = "signIn"
        self.error = None
        self.resend_started_at = None
        self.settle()

    # What the app shows

    @property
    def state(self):
        if self.user is None:
            return "signedOut"
        unverified = "password" in self.user["providers"] and not self.user["email_verified"]
        if unverified and self.mutant != "unverified-is-signed-in":
            return "signedInUnverified"
        return "signedIn"

    def view(self):
        ui = {"resend_seconds_left": self.resend_seconds_left()}
        if self.user is not None:
            ui["email"] = self.user["email"] or ""
            ui["display_name"] = self.user["display_name"] or ""
        return {"state": self.state, "screen": self.screen, "error": self.error, "ui": ui}

    def resend_seconds_left(self):
        """Measured against the (virtual) clock, so it keeps running while the app is in the background."""
        if self.resend_started_at is None:
            return 0
        return max(0, RESEND_COOLDOWN - (self.harness.clock() - self.resend_started_at))

    def settle(self):
        """Puts the app on the screen its auth state calls for."""
        state = self.state
        if state == "signedOut":
            if self.screen not in SIGNED_OUT_SCREENS:
                self.screen = "signIn"
            self.resend_started_at = None
        elif state == "signedInUnverified":
            self.screen = "verifyEmail"
        elif self.screen in SIGNED_OUT_SCREENS or self.screen == "verifyEmail":
            self.screen = "home"

    def auth_state_changed(self, user, error):
        """The auth state listener: the client signed in, reloaded, or signed itself out."""
        self.user = user
        if error is not None:
            self.error = error
        self.settle()

    def show(self, error):
        self.error = error

    def nothing(self, why):
        self.harness.call("log", text=f"nothing happens: {why}")

    def call(self, method, **args):
        """A client call whose error the app shows; returns whether it succeeded."""
        try:
            self.harness.call(method, **args)
            return True
        except AuthError as error:
            self.show(error.code)
            return False

    # Actions

    def perform(self, action, args):
        self.error = None
        try:
            getattr(self, action)(args)
        finally:
            self.settle()

    def launch(self, args):
        pass

    def terminate(self, args):
        pass

    def background(self, args):
        pass

    def foreground(self, args):
        if self.mutant != "no-foreground-refresh" and self.user is not None:
            self.call("reload")

    def sign_up(self, args):
        if self.state != "signedOut":
            return self.nothing(f"no sign-up form on {self.screen}")
        self.screen = "signUp"
        if not self.call("signUp", email=args["email"], password=args["password"]):
            return
        name = args["display_name"] if args["display_name"] is not None else self.nickname()
        self.call("updateDisplayName", name=name)
        self.call("sendEmailVerification")

    def sign_in(self, args):
        if self.state != "signedOut":
            return self.nothing(f"no sign-in form on {self.screen}")
        self.screen = "signIn"
        if not self.call("signIn", email=args["email"], password=args["password"]):
            return
        pending = self.harness.call("pendingCredential")
        if pending is not None and pending["email"] == args["email"].lower():
            self.call("linkPendingCredential")

    def sign_in_with(self, sheet):
        if self.state != "signedOut":
            return self.nothing(f"no sign-in button on {self.screen}")
        self.screen = "signIn"
        self.call("signInWithProvider", **sheet)

    def sign_out(self, args):
        if self.user is None:
            return self.nothing("already signed out")
        self.harness.call("signOut")
        self.screen = "signIn"

    def forgot_password(self, args):
        email = args["email"]
        if self.screen == "reauthenticate":
            address = email if email is not None else (self.user or {}).get("email")
            if address is None:
                return self.show("invalid-email")
            if self.call("sendPasswordReset", email=address):
                self.screen = "accountSettings"
            return
        if self.state != "signedOut":
            return self.nothing(f"no forgot-password link on {self.screen}")
        self.screen = "forgotPassword"
        if not email:
            return self.show("app/missing-email")
        if self.call("sendPasswordReset", email=email):
            self.screen = "signIn"

    def resend_verification(self, args):
        if self.state != "signedInUnverified":
            return self.nothing(f"no resend button on {self.screen}")
        left = self.resend_seconds_left()
        if left != 0:
            return self.nothing(f"resend is disabled for {left} more seconds")
        if self.call("sendEmailVerification"):
            self.resend_started_at = self.harness.clock()

    def refresh(self, args):
        if self.user is None:
            return self.nothing(f"no user to refresh on {self.screen}")
        self.call("reload")

    def delete_account(self, args):
        if self.state != "signedIn":
            return self.nothing(f"no delete button on {self.screen}")
        self.screen = "accountSettings"
        if self.mutant == "delete-without-reauth":
            self.call("delete")
            return
        self.screen = "reauthenticate"

    def reauthenticate(self, answer):
        if self.screen != "reauthenticate":
            return self.nothing(f"no re-authentication prompt on {self.screen}")
        if "password" in answer:
            reauthenticated = self.call("reauthenticateWithPassword", password=answer["password"])
        else:
            reauthenticated = self.call("reauthenticateWithProvider", **answer)
        if reauthenticated and not self.call("delete"):
            self.screen = "accountSettings"

    def cancel(self, args):
        if self.screen == "reauthenticate":
            self.screen = "accountSettings"
        elif self.screen == "accountSettings":
            self.screen = "home"
        elif self.screen in ("signUp", "forgotPassword"):
            self.screen = "signIn"
        else:
            self.nothing(f"nothing to dismiss on {self.screen}")

    def link_provider(self, sheet):
        if self.state != "signedIn":
            return self.nothing(f"no link button on {self.screen}")
        self.call("linkProvider", **sheet)

    def change_password(self, args):
        if self.state != "signedIn":
            return self.nothing(f"no change-password form on {self.screen}")
        if self.call("updatePassword", password=args["new_password"]):
            # A new password adds the password provider without telling the listener.
            self.user = self.harness.call("currentUser")

    def nickname(self):
        """A random nickname, from the scenario's seeded generator (never Python's own)."""
        value = self.harness.call("random")
        return ADJECTIVES[value % 10] + ANIMALS[value // 10 % 10] + str(value // 100 % 100)


def main():
    mutant = None
    if sys.argv[1:2] == ["--mutant"] and len(sys.argv) == 3 and sys.argv[2] in MUTANTS:
        mutant = sys.argv[2]
    elif len(sys.argv) > 1:
        sys.exit(f"usage: authkit_adapter.py [--mutant {'|'.join(MUTANTS)}]")
    run(lambda harness, hello: AuthKit(harness, hello, mutant))


if __name__ == "__main__":
    main()
