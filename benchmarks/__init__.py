"""Benchmark scripts: each prints figures and ratios; run with `python -m benchmarks.NAME`."""
