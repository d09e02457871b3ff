"""Stops whose cause sits in a value longer than a line of locals (see test_deciding.py)."""

import sys

SETTINGS = {"database_url": "postgres://localhost/db", "cache_size": 512, "request_timeout": 30,
            "retry_count": 3, "log_level": "info", "feature_flags": ["alpha", "beta"]}


def lookup(config, key):
    return config[key]  # @lookup


def check(rows, expected):
    assert rows == expected  # @assert


def scan(rows):
    for index, row in enumerate(rows):
        label = "x" * 60 + row[0]  # @scan
        print(index, label[-6:])


def main(mode):
    rows = [(f"row-{i}", i * i) for i in range(12)]
    expected = [(f"row-{i}", i * i) for i in range(12)]
    expected[9] = ("row-9", 80)
    if mode == "assert":
        check(rows, expected)
    elif mode == "key":
        print(lookup(SETTINGS, "requst_timeout"))
    elif mode == "long":
        blob = "ab" * 1500
        assert blob == "x"  # @long
    else:
        scan(rows)


main(sys.argv[1] if len(sys.argv) > 1 else "assert")
