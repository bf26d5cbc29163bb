#!/usr/bin/env python3
"""Runs a Swift Testing bundle as several processes at once, one per shard of the suites.

Usage: test-shards.py BUNDLE ARGS... [-- ARGS...]...

Each group of arguments (separated by `--`) is one shard: a process of the test bundle with those
arguments (`--filter`, `--skip`, `--no-parallel`...) after `--testing-library swift-testing`. The
shards run at the same time; each one's output goes to a file and is printed whole when it ends,
followed by a line with its time. The exit status is 1 when any shard failed.

Why processes rather than `swift test --parallel`: the player suites play in real time on the
main actor, so tests run side by side in one process wait on each other's work there and their
timing drifts; a process each has a main thread of its own. The suites that mostly wait on a
loopback server (the streaming ones) use little CPU, so a shard of them beside the rest costs the
others almost nothing.
"""

import os
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
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    bundle = sys.argv[1]
    if not os.access(bundle, os.X_OK):
        sys.exit(f"test-shards: no test bundle at {bundle}; build it first (swift build --build-tests)")
    shards = split_shards(sys.argv[2:])
    # A termination of the runner ends the shards too (the `finally` below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with tempfile.TemporaryDirectory(prefix="test-shards-") as logs:
        running = {}
        try:
            for index, arguments in enumerate(shards):
                log = open(os.path.join(logs, f"shard-{index + 1}.log"), "w+")
                command = [bundle, "--testing-library", "swift-testing", *arguments]
                process = subprocess.Popen(
                    command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
                running[process.pid] = (index + 1, arguments, process, log, time.monotonic())
            failed = wait_for(running)
        finally:
            # Shards still running here are being stopped (the runner was terminated): what they
            # wrote so far is printed, since their logs go with the temporary folder.
            for number, arguments, process, log, started in running.values():
                process.kill()
                process.wait()
                report(number, arguments, log, started, "KILLED (the runner was stopped)")
    if failed:
        print(f"test-shards: shards {', '.join(map(str, failed))} failed; see their output above")
        sys.exit(1)


def wait_for(running):
    """Prints each shard's output as it ends; returns the numbers of those that failed."""
    failed = []
    while running:
        pid, status = os.wait()
        if pid not in running:
            continue
        number, arguments, process, log, started = running.pop(pid)
        process.returncode = os.waitstatus_to_exitcode(status)
        passed = process.returncode == 0
        outcome = "passed" if passed else f"FAILED (exit status {process.returncode})"
        report(number, arguments, log, started, outcome)
        if not passed:
            failed.append(number)
    return failed


def report(number, arguments, log, started, outcome):
    """Prints a shard's whole output, then a line with its outcome and time."""
    seconds = time.monotonic() - started
    log.seek(0)
    sys.stdout.write(log.read())
    log.close()
    print(f"test-shards: shard {number} ({' '.join(arguments)}) {outcome} after {seconds:.0f} s")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
