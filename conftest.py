"""Repository-root pytest configuration: only keeps non-test files out of collection."""

# ``--doctest-modules`` would otherwise import the Sphinx configuration as a test module,
# and a previous docs build must never be collected.
collect_ignore = ["docs/conf.py"]
collect_ignore_glob = ["docs/_build/*"]
