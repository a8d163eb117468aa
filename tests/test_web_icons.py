"""The icons a phone needs in PNG (an iPhone's home screen takes no SVG; Android's install wants 192 and 512 px;
a chat's link preview shows a picture): each is the SVG icon drawn by Chromium at its size. Drawn again with
``TRIONFI_ICONS=update pytest tests/test_web_icons.py`` after the SVG changes (this test fails until then)."""

from __future__ import annotations

import io
import os
from importlib.resources import files

import pytest
from PIL import Image, ImageChops, ImageStat

from web_support import browser, new_page  # noqa: F401 (fixtures)

WEB = files("trionfi").joinpath("web")
# name: (size, square). The home screen's icon is square and opaque (iOS rounds it itself, and paints a
# transparent corner black); the others keep the SVG's rounded corners.
ICONS = {"icon-180.png": (180, True), "icon-192.png": (192, False), "icon-512.png": (512, False)}


def drawn(new_page, size: int, square: bool) -> Image.Image:  # noqa: F811
    page = new_page(viewport={"width": size, "height": size})
    svg = WEB.joinpath("icon.svg").read_text(encoding="utf-8").replace("<svg ", '<svg width="100%" height="100%" ', 1)
    background = "#1f6b45" if square else "transparent"  # (the SVG's own green)
    page.set_content(
        f'<body style="margin:0;background:{background}"><div style="width:{size}px;height:{size}px">{svg}</div>'
    )
    return Image.open(io.BytesIO(page.screenshot(omit_background=not square))).convert("RGBA")


@pytest.mark.parametrize("name", ICONS)
def test_each_png_icon_is_the_svg_icon_drawn_at_its_size(new_page, name):  # noqa: F811
    size, square = ICONS[name]
    fresh = drawn(new_page, size, square)
    path = WEB.joinpath(name)
    if os.environ.get("TRIONFI_ICONS") == "update":
        fresh.save(str(path), optimize=True)
    stored = Image.open(str(path)).convert("RGBA")
    assert stored.size == fresh.size == (size, size)
    difference = sum(ImageStat.Stat(ImageChops.difference(stored, fresh)).mean) / 4
    assert difference < 1.5, f"{name} is not icon.svg as drawn now (mean difference {difference:.1f}): redraw it"
    corner, middle = stored.getpixel((1, 1)), stored.getpixel((size // 2, size // 2))
    assert corner[3] == (255 if square else 0) and middle[3] == 255
