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
        running = []
        try:
            for index, arguments in enumerate(shards):
                log = open(os.path.join(logs, f"shard-{index + 1}.log"), "w+")
                command = [bundle, "--testing-library", "swift-testing", *arguments]
                process = subprocess.Popen(
                    command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
                running.append((index + 1, arguments, process, log, time.monotonic()))
            failed = wait_for(running)
        finally:
            for _, _, process, log, _ in running:
                process.kill()
                log.close()
    if failed:
        print(f"test-shards: shards {', '.join(map(str, failed))} failed; see their output above")
        sys.exit(1)


def wait_for(running):
    """Prints each shard's output as it ends; returns the numbers of those that failed."""
    failed = []
    while running:
        for entry in list(running):
            number, arguments, process, log, started = entry
            status = process.poll()
            if status is None:
                continue
            running.remove(entry)
            seconds = time.monotonic() - started
            log.seek(0)
            sys.stdout.write(log.read())
            log.close()
            outcome = "passed" if status == 0 else f"FAILED (exit status {status})"
            print(f"test-shards: shard {number} ({' '.join(arguments)}) {outcome} after {seconds:.0f} s")
            sys.stdout.flush()
            if status != 0:
                failed.append(number)
        time.sleep(0.5)
    return failed

if __name__ == "__main__":
    main()
