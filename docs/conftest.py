"""pytest collects the ``>>>`` examples of the pages in docs/ (``--doctest-glob=*.md``).

Sphinx's configuration and extension, the plot scripts (tested by
tests/project/test_docs_plots.py, and drawing with matplotlib, which the tests do not
install) and the screenshot script are no doctest modules; the build output
is no source.
"""

collect_ignore = ["conf.py", "_ext", "plots", "screenshots.py"]
collect_ignore_glob = ["_build/*", "_build", "_generated/*", "_generated"]
