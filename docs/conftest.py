"""pytest collects the ``>>>`` examples of the pages in docs/ (``--doctest-glob=*.md``).

Sphinx's configuration is no doctest module, and the build output is no source.
"""

collect_ignore = ["conf.py"]
collect_ignore_glob = ["_build/*", "_build"]
