"""Writing benchmark figures into docs/benchmarks.md: each script owns one section between markers."""

from __future__ import annotations

from pathlib import Path

TITLE = "# Benchmarks\n"


def replace_section(path: Path, name: str, text: str) -> None:
    """Put ``text`` between the ``<!-- begin name -->`` and ``<!-- end name -->`` markers of ``path``
    (appended, with its markers, when the file has none), leaving the other sections as they are."""
    begin, end = f"<!-- begin {name} -->", f"<!-- end {name} -->"
    old = path.read_text() if path.exists() else TITLE
    block = f"{begin}\n{text.rstrip()}\n{end}"
    if begin in old and end in old:
        head, rest = old.split(begin, 1)
        tail = rest.split(end, 1)[1]
        new = head + block + tail
    else:
        new = old.rstrip() + "\n\n" + block + "\n"
    path.write_text(new.rstrip("\n") + "\n")
