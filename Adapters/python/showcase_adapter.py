#!/usr/bin/env python3
"""showcase, out of process: the built-in `showcase` machine ported to Python, for `--machine exec:COMMAND`.

A port of the careful app of Sources/AuthFlowEngine/Machines/ShowcaseMachine.swift (no mutants), behaviour for
behaviour: anonymous-first onboarding (continue as a guest, then keep the guest's data by upgrading the same
account), email-link sign-in (the email kept in the device's store; links opened on the device), account settings
with a re-authentication prompt that retries the change it interrupted, phone sign-in, multi-factor
authentication and a role read from the ID token's claims. Run the bundled scenarios against it with

    swift run authflow run --machine "exec:python3 Adapters/python/showcase_adapter.py" Scenarios/showcase

Like the built-in machine, the app reads the user from the auth client (`currentUser`) whenever it needs it,
never from a copy of its own: the client changes its cached user without an event too (a new password).
"""

from authflow_adapter import AuthError, run

# Where the app keeps the email it asked a sign-in link for, as Firebase's guides advise.
EMAIL_FOR_SIGN_IN = "emailForSignIn"

# Account-settings operations: they run on `home` only and may ask to sign in again.
SETTINGS_ACTIONS = ("change_email", "change_password", "delete_account", "enroll_mfa", "unenroll_mfa")

# The error codes the app treats on their own.
MFA_REQUIRED = "multi-factor-auth-required"
REQUIRES_RECENT_LOGIN = "requires-recent-login"
CREDENTIAL_ALREADY_IN_USE = "credential-already-in-use"
INVALID_CODE = "invalid-verification-code"
MISSING_CODE = "missing-verification-code"
SESSION_EXPIRED = "session-expired"


def query(name, link):
    """The value of `name` in a link's query (what follows the first `?`, or the whole link without one)."""
    parts = [part for part in link.split("?", 1) if part]
    if not parts:
        return None
    for pair in (pair for pair in parts[-1].split("&") if pair):
        halves = [half for half in pair.split("=", 1) if half]
        if len(halves) == 2 and halves[0] == name:
            return halves[1]
    return None


class Showcase:
    description = {
        "name": "showcase (Python)",
        "summary": (
            "anonymous-first onboarding (continue as a guest, then keep the guest's data by upgrading it), "
            "email-link sign-in and account settings"
        ),
        "actions": [
            "launch", "terminate", "background", "foreground", "sign_in_anonymously", "sign_up", "sign_in",
            "sign_in_with", "link_provider", "unlink_provider", "update_profile", "change_email",
            "change_password", "delete_account", "reauthenticate", "cancel", "sign_out", "refresh",
            "send_sign_in_link", "type", "sign_in_with_custom_token", "sign_in_with_phone", "enter_code",
            "enroll_mfa", "unenroll_mfa", "forgot_password", "resend_verification",
        ],
        "providers": ["google.com", "apple.com"],
        "screens": ["welcome", "home", "reauthenticate", "confirmEmail", "enterCode"],
        "type_fields": ["email"],
        # Not part of protocol 1 (authflow ignores it): the ui values the app shows, as the built-in lists them.
        "ui_names": ["greeting", "member_since", "role", "needs_email", "code_sent_to", "code_from"],
        "opens_links": True,
    }

    def __init__(self, harness, hello):
        self.harness = harness
        self.error = None
        # The account-settings operation waiting for the user to sign in again: (action, args).
        self.awaiting_reauthentication = None
        # The sign-in link opened on this device, waiting for the user to type the email it was sent to.
        self.pending_link = None
        # The SMS code the app waits for: {"verification_id", "number", "purpose"} (sign_in, link or enroll).
        self.pending_phone = None
        # The authenticator enrolment (its session id) waiting for its first code.
        self.pending_totp = None
        # The second factor a sign-in waits for: {"factor", "verification_id"} (None for TOTP).
        self.pending_second_factor = None

    # What the app shows

    @property
    def user(self):
        """The client's cached user, as the built-in machine reads `client.currentUser`."""
        return self.harness.call("currentUser")

    def is_guest(self, user):
        return user is not None and bool(user.get("anonymous"))

    def waits_for_code(self):
        return (
            self.pending_phone is not None or self.pending_totp is not None
            or self.pending_second_factor is not None
        )

    def screen_for(self, user):
        if self.waits_for_code():
            return "enterCode"
        if user is None:
            return "welcome" if self.pending_link is None else "confirmEmail"
        return "home" if self.awaiting_reauthentication is None else "reauthenticate"

    @property
    def screen(self):
        return self.screen_for(self.user)

    def view(self):
        user = self.user
        state = "signedOut" if user is None else "signedIn"
        return {"state": state, "screen": self.screen_for(user), "error": self.error, "ui": self.ui(user)}

    def ui(self, user):
        if self.pending_phone is not None:
            return {"code_sent_to": self.pending_phone["number"]}
        if self.pending_totp is not None:
            return {"code_from": "authenticator"}
        if self.pending_second_factor is not None:
            number = self.pending_second_factor["factor"].get("phone_number")
            return {"code_sent_to": number} if number is not None else {"code_from": "authenticator"}
        if user is None:
            return {} if self.pending_link is None else {"needs_email": "true"}
        name = user.get("display_name") or None
        if self.is_guest(user):
            greeting = "Guest"
        else:
            greeting = name or user.get("email") or user.get("phone_number") or "Stranger"
        values = {"greeting": greeting, "member_since": user["created_at"][:10]}
        role = self.role()
        if role is not None:
            values["role"] = role
        return values

    def role(self):
        """The `role` claim of the ID token the app holds (a number or boolean as text): it changes when the
        token is refreshed, not when the claim is set."""
        role = self.harness.call("idTokenClaims").get("role")
        if isinstance(role, bool):
            return "true" if role else "false"
        return None if role is None else str(role)

    def auth_state_changed(self, user, error):
        """The listener: the built-in machine keeps only the error the client signed itself out with."""
        if error is not None:
            self.error = error

    def nothing_happens(self, why):
        self.harness.call("log", text=f"nothing happens: {why}")

    def log(self, text):
        self.harness.call("log", text=text)

    def show(self, error):
        """Shows an error; `multi-factor-auth-required` instead opens the code screen for the account's first
        second factor (sending its SMS code), as the SDK's resolver is meant to be used."""
        self.error = error
        if error != MFA_REQUIRED:
            return
        challenge = self.harness.call("pendingMultiFactor")
        if challenge is None or not challenge["factors"]:
            return
        factor = challenge["factors"][0]
        self.error = None
        try:
            verification_id = None
            if factor["factor"] == "phone":
                verification_id = self.harness.call("startSecondFactor", factor_id=factor["id"])
            self.pending_second_factor = {"factor": factor, "verification_id": verification_id}
        except AuthError as failure:
            self.error = failure.code

    def attempt(self, method, **args):
        """A client call whose error the app shows; returns whether it succeeded."""
        try:
            self.harness.call(method, **args)
            return True
        except AuthError as failure:
            self.show(failure.code)
            return False

    # Actions

    def perform(self, action, args):
        if action == "follow_link":
            return self.open_link(args["link"])
        self.error = None
        if self.user is None:
            self.awaiting_reauthentication = None
            self.pending_totp = None
        if action in ("launch", "terminate", "background", "foreground"):
            return
        if action in SETTINGS_ACTIONS:
            return self.account_settings(action, args)
        if action == "link_provider":
            provider = args.get("provider")
            if provider == "password":
                return self.link_password(args)
            if provider == "phone":
                return self.link_phone(args)
        handler = getattr(self, action, None)
        if handler is None:
            raise ValueError(f"showcase does not handle {action!r}")
        handler(args)

    def forgot_password(self, args):
        """"Forgot password?": on the re-authentication prompt, a reset link to the user's own email (the prompt
        stays); signed out, to the email typed (`app/missing-email` without one)."""
        email = (args or {}).get("email")
        user = self.user
        if self.awaiting_reauthentication is not None:
            address = email if email is not None else (user or {}).get("email")
            if address is not None:
                self.attempt("sendPasswordReset", email=address)
                return
        if user is not None or self.pending_phone is not None or self.pending_second_factor is not None:
            return self.nothing_happens(f"no forgot-password link on {self.screen_for(user)}")
        if not email:
            self.error = "app/missing-email"
            return
        self.attempt("sendPasswordReset", email=email)

    def resend_verification(self, args):
        """The banner on home of a password user whose email is not verified: "Send the link again"."""
        user = self.user
        if (
            user is None or self.is_guest(user) or "password" not in user["providers"]
            or user["email_verified"] or self.screen_for(user) != "home"
        ):
            return self.nothing_happens(f"no verification banner on {self.screen_for(user)}")
        self.attempt("sendEmailVerification")

    def sign_in_anonymously(self, args):
        if self.user is not None:
            return self.nothing_happens(f"no guest button on {self.screen}")
        self.attempt("signInAnonymously")

    def sign_up(self, args):
        user = self.user
        if self.is_guest(user):
            self.upgrade(args["email"], args["password"], args["display_name"])
        elif user is None:
            self.create_account(args["email"], args["password"], args["display_name"])
        else:
            self.nothing_happens(f"no sign-up form on {self.screen}")

    def link_password(self, args):
        if self.user is None:
            return self.nothing_happens(f"no link button on {self.screen}")
        self.upgrade(args["email"], args["password"], None)

    def sign_in(self, args):
        # From a guest's home, "I already have an account" signs in to it; the guest is left behind.
        user = self.user
        if not (user is None or self.is_guest(user)):
            return self.nothing_happens(f"no sign-in form on {self.screen}")
        self.attempt("signIn", email=args["email"], password=args["password"])

    def sign_in_with(self, sheet):
        user = self.user
        if self.is_guest(user):
            return self.link(sheet)
        if user is not None:
            return self.nothing_happens(f"no sign-in buttons on {self.screen}")
        self.attempt("signInWithProvider", **sheet)

    def link_provider(self, sheet):
        if self.user is None:
            return self.nothing_happens(f"no link button on {self.screen}")
        self.link(sheet)

    def update_profile(self, fields):
        # Account settings: the profile form. A missing key leaves the field alone, null clears it.
        user = self.user
        if user is None or self.is_guest(user):
            return self.nothing_happens(f"no profile form on {self.screen}")
        if "display_name" not in fields and "photo_url" not in fields:
            return self.nothing_happens("nothing changed in the form")
        changes = {key: fields[key] for key in ("display_name", "photo_url") if key in fields}
        self.attempt("updateProfile", **changes)

    def unlink_provider(self, args):
        # Account settings: "Disconnect" next to a sign-in method.
        user = self.user
        if user is None or self.is_guest(user):
            return self.nothing_happens(f"no account settings on {self.screen}")
        self.attempt("unlink", provider=args["provider"])

    def account_settings(self, action, args):
        # Account settings (and its "Two-step verification" section).
        user = self.user
        if (
            user is None or self.is_guest(user) or self.awaiting_reauthentication is not None
            or self.screen_for(user) != "home"
        ):
            return self.nothing_happens(f"no account settings on {self.screen}")
        self.settle(action, args)

    def reauthenticate(self, answer):
        pending = self.awaiting_reauthentication
        if pending is None:
            return self.nothing_happens(f"no re-authentication prompt on {self.screen}")
        try:
            if "password" in answer:
                self.harness.call("reauthenticateWithPassword", password=answer["password"])
            else:
                self.harness.call("reauthenticateWithProvider", **answer)
        except AuthError as failure:
            return self.show(failure.code)
        self.awaiting_reauthentication = None
        self.settle(*pending)

    def cancel(self, args):
        if self.waits_for_code():
            # Dismissing the code a re-authentication sent drops the change waiting on it too.
            if self.pending_phone is not None and self.pending_phone["purpose"] == "reauthenticate":
                self.awaiting_reauthentication = None
            self.pending_phone = None
            self.pending_totp = None
            self.pending_second_factor = None
            return
        if self.awaiting_reauthentication is None:
            return self.nothing_happens(f"nothing to dismiss on {self.screen}")
        self.awaiting_reauthentication = None

    def sign_out(self, args):
        if self.user is None:
            return self.nothing_happens("already signed out")
        self.awaiting_reauthentication = None
        self.pending_phone = None
        self.pending_totp = None
        self.harness.call("signOut")

    def refresh(self, args):
        # Pull to refresh reloads the user and gets a fresh ID token, so new claims (a role) show at once.
        if self.user is None:
            return self.nothing_happens(f"no user to refresh on {self.screen}")
        try:
            self.harness.call("reload")
            self.harness.call("getIDToken", force_refresh=True)
        except AuthError as failure:
            self.show(failure.code)

    def sign_in_with_custom_token(self, args):
        # "Sign in with your company account": the app's server checks the user and mints a custom token.
        if self.user is not None:
            return self.nothing_happens("already signed in")
        self.attempt("signInWithCustomToken", uid=args["uid"], claims=args.get("claims") or {})

    def sign_in_with_phone(self, args):
        # "Continue with phone" on welcome; for a guest it links the number, keeping the guest's account.
        user = self.user
        if not (user is None or self.is_guest(user)) or self.pending_phone is not None:
            return self.nothing_happens(f"no phone sign-in on {self.screen}")
        self.request_code(args["number"], "sign_in" if user is None else "link")

    def link_phone(self, args):
        # Account settings: "Add phone number".
        if self.user is None or self.pending_phone is not None:
            return self.nothing_happens(f"no link button on {self.screen}")
        self.request_code(args["number"], "link")

    def enter_code(self, args):
        code = args.get("code")
        if self.pending_phone is not None:
            pending = self.pending_phone
            if code is None:
                code = self.harness.call("smsCode", number=pending["number"])
            self.enter(code, pending)
        elif self.pending_totp is not None:
            session = self.pending_totp
            if code is None:
                code = self.harness.call("authenticatorCode", session_id=session)
            self.finish_enrollment(session, code)
        elif self.pending_second_factor is not None:
            pending = self.pending_second_factor
            factor = pending["factor"]
            if factor.get("phone_number") is not None:
                right = self.harness.call("smsCode", verification_id=pending["verification_id"])
            else:
                right = self.harness.call("authenticatorCode", factor_id=factor["id"])
            self.resolve(pending, code if code is not None else right)
        else:
            self.nothing_happens(f"no code field on {self.screen}")

    def send_sign_in_link(self, args):
        # "Email me a sign-in link", on welcome (or on the confirm-email screen, to get a new link).
        user = self.user
        if not (user is None or self.is_guest(user)):
            return self.nothing_happens(f"no email sign-in on {self.screen}")
        if not self.attempt("sendSignInLink", email=args["email"]):
            return
        self.remember(args["email"])

    def type(self, fields):
        if self.pending_link is None:
            return self.nothing_happens(f"nothing to type into on {self.screen}")
        if list(fields) != ["email"]:
            others = [name for name in fields if name != "email"]
            raise ValueError(f"no field '{others[0] if others else 'email'}' to type into")
        self.complete_sign_in(fields["email"], self.pending_link)

    # Second factors

    def keeps_field(self, code):
        """Whether the code field stays open after this error: a wrong or empty code may be typed again."""
        return code in (INVALID_CODE, MISSING_CODE)

    def finish_enrollment(self, session, code):
        """The authenticator's first code: the factor is enrolled (every other session ends). A wrong code keeps
        the field; any other error closes it."""
        try:
            self.harness.call("finishTOTPEnrollment", session_id=session, code=code)
            self.pending_totp = None
        except AuthError as failure:
            self.show(failure.code)
            if not self.keeps_field(failure.code):
                self.pending_totp = None

    def resolve(self, pending, code):
        """The second factor's code: the sign-in (or the re-authentication, whose change then goes ahead)
        completes. A wrong code keeps the field; an expired challenge sends the user back to sign in again."""
        try:
            self.harness.call(
                "resolveSecondFactor", factor_id=pending["factor"]["id"],
                verification_id=pending["verification_id"], code=code)
            self.pending_second_factor = None
        except AuthError as failure:
            self.show(failure.code)
            if not self.keeps_field(failure.code):
                self.pending_second_factor = None
            return
        waiting = self.awaiting_reauthentication
        if waiting is not None:
            self.awaiting_reauthentication = None
            self.settle(*waiting)

    # Phone

    def request_code(self, number, purpose):
        try:
            if purpose == "enroll":
                verification_id = self.harness.call("startPhoneEnrollment", number=number)
            else:
                verification_id = self.harness.call("verifyPhoneNumber", number=number)
            self.pending_phone = {"verification_id": verification_id, "number": number, "purpose": purpose}
        except AuthError as failure:
            self.show(failure.code)

    def enter(self, code, pending):
        """The code typed: signs in (or links the number, or enrolls it). A wrong code keeps the field for
        another try; an expired one makes the app send a new code at once; any other error closes the field."""
        method = {"link": "linkPhone", "sign_in": "signInWithPhone", "enroll": "finishPhoneEnrollment",
                  "reauthenticate": "reauthenticateWithPhone"}
        try:
            self.harness.call(method[pending["purpose"]], verification_id=pending["verification_id"], code=code)
            self.pending_phone = None
            waiting = self.awaiting_reauthentication
            if pending["purpose"] == "reauthenticate" and waiting is not None:
                self.awaiting_reauthentication = None
                self.settle(*waiting)
        except AuthError as failure:
            if failure.code == CREDENTIAL_ALREADY_IN_USE and pending["purpose"] == "link" and self.is_guest(self.user):
                # The number has an account: the guest signs in to it with the proof the refusal carried.
                self.pending_phone = None
                self.log("the number has an account already: signs in to it")
                return self.attempt("signInWithRefusedLink")
            self.show(failure.code)
            if failure.code == SESSION_EXPIRED:
                self.log("the code expired: sends a new one")
                self.request_code(pending["number"], pending["purpose"])
            elif failure.code not in (INVALID_CODE, MISSING_CODE):
                self.pending_phone = None

    # Links

    def open_link(self, link):
        """A universal link opened in the app. A sign-in link completes the sign-in with the email this device
        asked it for; without one, the app asks which email it was sent to. A guest links it instead."""
        self.error = None
        code = query("oobCode", link)
        if code is None or query("mode", link) != "signIn":
            return self.nothing_happens("the app does not handle this link")
        user = self.user
        if not (user is None or self.is_guest(user)):
            return self.nothing_happens("already signed in: the sign-in link is ignored")
        # The harness reads the code from the link: one without `?` is all query, as the app reads it.
        link = link if "?" in link else "?" + link
        email = self.harness.call("storedValue", key=EMAIL_FOR_SIGN_IN)
        if email is None:
            self.log("no email remembered for the sign-in link: asks for it")
            self.pending_link = link
            return
        self.complete_sign_in(email, link)

    def complete_sign_in(self, email, link):
        try:
            if self.is_guest(self.user):
                self.harness.call("linkEmailLink", email=email, link=link)
            else:
                self.harness.call("signInWithEmailLink", email=email, link=link)
            self.pending_link = None
            self.remember(None)
        except AuthError as failure:
            self.show(failure.code)

    def remember(self, email):
        self.harness.call("storeValue", key=EMAIL_FOR_SIGN_IN, value=email)

    # Account settings

    def settle(self, action, args):
        """Runs an account-settings operation; `requires-recent-login` opens the re-authentication prompt,
        whose answer runs it again."""
        try:
            if action == "change_email":
                self.harness.call("sendEmailChange", email=args["email"])
            elif action == "change_password":
                self.harness.call("updatePassword", password=args["new_password"])
            elif action == "delete_account":
                self.harness.call("delete")
            elif action == "enroll_mfa":
                number = args.get("number")
                if number is not None:
                    verification_id = self.harness.call("startPhoneEnrollment", number=number)
                    self.pending_phone = {"verification_id": verification_id, "number": number, "purpose": "enroll"}
                else:
                    self.pending_totp = self.harness.call("startTOTPEnrollment")
            elif action == "unenroll_mfa":
                self.harness.call("unenrollMFA", factor=args["factor"])
        except AuthError as failure:
            self.show(failure.code)
            if failure.code == REQUIRES_RECENT_LOGIN:
                self.awaiting_reauthentication = (action, args)
                # A user who signs in only with a phone number proves itself with a code texted at once.
                user = self.user
                if user is not None and user.get("providers") == ["phone"] and user.get("phone_number"):
                    self.request_code(user["phone_number"], "reauthenticate")

    def upgrade(self, email, password, display_name):
        """"Create account" on a guest's home: links the email and password to the guest, so its uid and data
        stay."""
        if not self.attempt("linkPassword", email=email, password=password):
            return
        self.name(display_name)

    def create_account(self, email, password, display_name):
        if not self.attempt("signUp", email=email, password=password):
            return
        self.name(display_name)

    def name(self, display_name):
        if display_name is not None:
            self.attempt("updateDisplayName", name=display_name)

    def link(self, sheet):
        """Links a provider to the signed-in user. When the provider account already has an account of its own
        (`credential-already-in-use`), signs in to that account: the guest's data is not merged."""
        try:
            self.harness.call("linkProvider", **sheet)
            return
        except AuthError as failure:
            if failure.code != CREDENTIAL_ALREADY_IN_USE:
                return self.show(failure.code)
        self.log("the provider account has an account already: signs in to it")
        # The credential the refusal carries (the SDK's updated credential): no second sheet.
        self.attempt("signInWithRefusedLink")


run(Showcase)
