#!/usr/bin/env python3
"""Writes COUNT realistic scenario files into OUT for the benchmark (Python stdlib only).

Each file is a copy of one of the bundled scenarios with at least MIN_STEPS steps (round-robin, so the
suite mixes every such flow, authkit, firebaseui and paper alike) with a numbered title; the flows are the
real ones, so every scenario passes and does real work: sign-ups, links, waits, token refreshes.
    python3 Benchmarks/generate.py 1000 /tmp/suite
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


def flows():
    found = []
    for directory, _, names in sorted(os.walk(ROOT)):
        for name in sorted(names):
            if name.endswith(".yaml"):
                with open(os.path.join(directory, name), encoding="utf-8") as file:
                    text = file.read()
                if "\n---" not in text and step_count(text) >= MIN_STEPS:
                    found.append((name, text))
    return found


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: generate.py COUNT OUT")
    count, out = int(sys.argv[1]), sys.argv[2]
    chosen = flows()
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
