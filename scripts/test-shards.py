#!/usr/bin/env python3
"""Runs a Swift Testing bundle as several processes at once, one per shard of the suites.

Usage: test-shards.py [--retry-failed] BUNDLE ARGS... [-- ARGS...]...

Each group of arguments (separated by `--`) is one shard: a process of the test bundle with those
arguments (`--filter`, `--skip`, `--no-parallel`...) after `--testing-library swift-testing`. The
shards run at the same time; each one's output goes to a file and is printed whole when it ends,
followed by a line with its time. The exit status is 1 when any shard failed.

With `--retry-failed` (for a sanitizer's run), the tests of a shard that failed are run once more,
alone in a process after the shards, and the shard counts as passed when they all pass then. Only
failed expectations are retried: a shard whose output holds a sanitizer's report, that exited with
the sanitizer's status or that crashed fails at once. The engine suites check real-time behaviour
(a seek lands before the window slides on, sound comes back within a bound), which a sanitizer's
5- to 20-fold slowdown upsets now and then; `make test` holds them without a retry.

Why processes rather than `swift test --parallel`: the player suites play in real time on the
main actor, so tests run side by side in one process wait on each other's work there and their
timing drifts; a process each has a main thread of its own. The suites that mostly wait on a
loopback server (the streaming ones) use little CPU, so a shard of them beside the rest costs the
others almost nothing.
"""

import os
import re
import signal
import subprocess
import sys
import tempfile
import time


def split_shards(arguments):
    shards, current = [], []
    for argument in arguments:
        if argument == "--":
            shards.append(current)
            current = []
        else:
            current.append(argument)
    shards.append(current)
    return [shard for shard in shards if shard]


def main():
    arguments = sys.argv[1:]
    retry = bool(arguments) and arguments[0] == "--retry-failed"
    if retry:
        arguments = arguments[1:]
    if len(arguments) < 2:
        sys.exit(__doc__)
    bundle = arguments[0]
    if not os.access(bundle, os.X_OK):
        sys.exit(f"test-shards: no test bundle at {bundle}; build it first (swift build --build-tests)")
    shards = split_shards(arguments[1:])
    # A termination of the runner ends the shards too (the `finally` below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with tempfile.TemporaryDirectory(prefix="test-shards-") as logs:
        running = {}
        try:
            for index, shard in enumerate(shards):
                log = open(os.path.join(logs, f"shard-{index + 1}.log"), "w+")
                process = subprocess.Popen(
                    command(bundle, shard), stdout=log, stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL)
                running[process.pid] = (index + 1, shard, process, log, time.monotonic())
            failed = wait_for(running)
        finally:
            # Shards still running here are being stopped (the runner was terminated): what they
            # wrote so far is printed, since their logs go with the temporary folder.
            for number, shard, process, log, started in running.values():
                process.kill()
                process.wait()
                report(number, shard, log, started, "KILLED (the runner was stopped)")
    if retry:
        failed = [failure for failure in failed if not passes_on_retry(bundle, *failure)]
    if failed:
        numbers = ", ".join(str(number) for number, _, _ in failed)
        print(f"test-shards: shards {numbers} failed; see their output above")
        sys.exit(1)


def command(bundle, arguments):
    return [bundle, "--testing-library", "swift-testing", *arguments]


def wait_for(running):
    """Prints each shard's output as it ends; returns (number, exit status, output) of those that
    failed."""
    failed = []
    while running:
        pid, status = os.wait()
        if pid not in running:
            continue
        number, shard, process, log, started = running.pop(pid)
        process.returncode = os.waitstatus_to_exitcode(status)
        passed = process.returncode == 0
        outcome = "passed" if passed else f"FAILED (exit status {process.returncode})"
        output = report(number, shard, log, started, outcome)
        if not passed:
            failed.append((number, process.returncode, output))
    return failed


def report(number, shard, log, started, outcome):
    """Prints a shard's whole output, then a line with its outcome and time; returns the output."""
    seconds = time.monotonic() - started
    log.seek(0)
    output = log.read()
    sys.stdout.write(output)
    log.close()
    print(f"test-shards: shard {number} ({' '.join(shard)}) {outcome} after {seconds:.0f} s")
    sys.stdout.flush()
    return output


# Swift Testing's line for a test that failed: "✘ Test name(labels:) failed after…" or "…with N
# test cases failed…" for one with arguments.
FAILED_TEST = re.compile(r"^✘ Test (\w+)\([^)]*\)(?: with \d+ test cases)? failed", re.MULTILINE)
# What ThreadSanitizer and AddressSanitizer print. (A run they reported in exits with 66, a run
# with failed expectations with 1, so a report is seen by the status as well.)
SANITIZER_REPORT = re.compile(r"WARNING: ThreadSanitizer|ERROR: AddressSanitizer|ERROR: LeakSanitizer")


def passes_on_retry(bundle, number, status, output):
    """Runs the tests that failed in shard `number` once more; whether they all passed then."""
    names = sorted(set(FAILED_TEST.findall(output)))
    if status != 1 or SANITIZER_REPORT.search(output) or not names:
        return False
    print(f"test-shards: shard {number}: retrying {', '.join(names)}")
    sys.stdout.flush()
    started = time.monotonic()
    status = subprocess.call(
        command(bundle, ["--no-parallel", "--filter", "|".join(f"/{name}\\(" for name in names)]),
        stdin=subprocess.DEVNULL)
    seconds = time.monotonic() - started
    outcome = "passed" if status == 0 else f"FAILED (exit status {status})"
    print(f"test-shards: shard {number}: the retry {outcome} after {seconds:.0f} s")
    sys.stdout.flush()
    return status == 0


if __name__ == "__main__":
    main()
