#!/usr/bin/env python3
"""Lists the public symbols whose documentation has no summary line, from the coverage reports that
`docc convert --experimental-documentation-coverage` writes into each module's archive, and fails
when there is any.

Usage: doc-summaries.py ARCHIVES_DIR MODULE...
"""
import json
import os
import sys


def missing_summaries(report):
    """Symbols with no abstract. Extensions of another module's types have no comment of their own:
    their members are checked one by one. A property wrapper's projected value (`$name`) carries no
    comment either: the wrapped property's comment describes both."""
    return sorted(
        path
        for entry in report
        for path in [entry["referencePath"].split("/documentation/", 1)[-1]]
        if entry["kind"]["isSymbol"]
        and not entry["hasAbstract"]
        and not entry["kind"]["name"].startswith("Extended ")
        and not path.rsplit("/", 1)[-1].startswith("$")
    )


def main(arguments):
    if len(arguments) < 2:
        sys.exit(__doc__.strip())
    archives, modules = arguments[0], arguments[1:]
    failures = 0
    for module in modules:
        path = os.path.join(archives, f"{module}.doccarchive", "documentation-coverage.json")
        try:
            with open(path, encoding="utf-8") as file:
                report = json.load(file)
        except (OSError, ValueError) as error:
            sys.exit(f"doc-summaries: cannot read {path}: {error}")
        missing = missing_summaries(report)
        symbols = sum(1 for entry in report if entry["kind"]["isSymbol"])
        print(f"{module}: {symbols - len(missing)} of {symbols} symbols have a summary line")
        for symbol in missing:
            print(f"  no summary: {symbol}")
        failures += len(missing)
    if failures:
        sys.exit(f"doc-summaries: {failures} public symbols have no summary line")


if __name__ == "__main__":
    main(sys.argv[1:])
