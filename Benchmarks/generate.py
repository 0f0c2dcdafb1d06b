#!/usr/bin/env python3
"""Writes COUNT realistic scenario files into OUT for the benchmark (Python stdlib only).

With --long-waits, writes instead one scenario of COUNT steps, each the longest wait (`wait: 3660d`), on two
signed-in devices: 95,825 token refreshes a device per step, which a wait must not pay for one by one.
    python3 Benchmarks/generate.py --long-waits 10000 /tmp/waits

Each file is a copy of one of the bundled scenarios with at least MIN_STEPS steps (round-robin, so the
suite mixes every such flow, authkit, firebaseui and paper alike) with a numbered title; the flows are the
real ones, so every scenario passes and does real work: sign-ups, links, waits, token refreshes.
    python3 Benchmarks/generate.py 1000 /tmp/suite
With --machine NAME, only the flows written for that machine (`machine:`, or authkit when none is named).
    python3 Benchmarks/generate.py --machine authkit 1000 /tmp/authkit-suite
"""
import os
import re
import sys

MIN_STEPS = 9  # the bundled flows this long average about 11 steps
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Scenarios")


def step_count(text):
    """Items of the top-level `steps:` list: lines `  - ` after `steps:` until the next top-level key."""
    count, inside = 0, False
    for line in text.splitlines():
        if re.match(r"^[A-Za-z_]", line):
            inside = line.startswith("steps:")
        elif inside and line.startswith("  - "):
            count += 1
    return count


def machine_of(text):
    """The scenario's `machine:` key, or authkit (the default machine) when it names none."""
    found = re.search(r"^machine: *([A-Za-z0-9~_-]+)", text, flags=re.M)
    return found.group(1) if found else "authkit"


def flows(machine=None):
    found = []
    for directory, _, names in sorted(os.walk(ROOT)):
        for name in sorted(names):
            if name.endswith(".yaml"):
                with open(os.path.join(directory, name), encoding="utf-8") as file:
                    text = file.read()
                if "\n---" not in text and step_count(text) >= MIN_STEPS and (
                        machine is None or machine_of(text) == machine):
                    found.append((name, text))
    return found


def long_waits(count, out):
    os.makedirs(out, exist_ok=True)
    steps = "".join("  - wait: 3660d\n" for _ in range(count - 1))
    with open(os.path.join(out, "long-waits.yaml"), "w", encoding="utf-8") as file:
        file.write(
            "scenario: Ten years idle, again and again\n"
            "devices: [phone, laptop]\n"
            "given:\n"
            "  accounts: [{ email: ann@example.com, password: correct-horse, email_verified: true }]\n"
            "  signed_in: { phone: ann@example.com, laptop: ann@example.com }\n"
            "steps:\n" + steps +
            "  - wait: 3660d\n"
            "    expect: { state: signedIn, signed_in_devices: [phone, laptop] }\n")
    print(f"1 scenario of {count} waits of 3660d")


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--long-waits":
        return long_waits(int(sys.argv[2]), sys.argv[3])
    machine = None
    if len(sys.argv) == 5 and sys.argv[1] == "--machine":
        machine = sys.argv[2]
        del sys.argv[1:3]
    if len(sys.argv) != 3:
        sys.exit("usage: generate.py [--machine NAME] COUNT OUT, or generate.py --long-waits STEPS OUT")
    count, out = int(sys.argv[1]), sys.argv[2]
    chosen = flows(machine)
    steps = 0
    for index in range(count):
        name, text = chosen[index % len(chosen)]
        text = re.sub(r"^scenario: (.*)$", lambda m: f"scenario: {m.group(1)} (copy {index + 1})", text,
                      count=1, flags=re.M)
        folder = os.path.join(out, f"{index // 1000:03d}")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"{index + 1:05d}-{name}"), "w", encoding="utf-8") as file:
            file.write(text)
        steps += step_count(text)
    print(f"{count} scenarios from {len(chosen)} flows, {steps / max(count, 1):.1f} steps each on average")


if __name__ == "__main__":
    main()
