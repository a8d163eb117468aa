"""The browser-test set-up itself: Debian's Chromium starts under Playwright and renders SVG."""

from __future__ import annotations

from web_support import ConsoleWatch, browser, new_page, page  # noqa: F401 (fixtures)


def test_chromium_renders_an_inline_svg(page):  # noqa: F811
    page.set_content('<svg id="s" width="120" height="80"><rect width="120" height="80" fill="teal"/></svg>')
    box = page.locator("#s").bounding_box()
    assert box is not None and (box["width"], box["height"]) == (120, 80)
    assert "Chrome" in page.evaluate("navigator.userAgent")


def test_console_errors_are_collected(browser):  # noqa: F811
    context = browser.new_context()
    try:
        watch = ConsoleWatch()
        p = watch.attach(context.new_page())
        p.set_content("<script>console.error('boom'); null.x;</script>")
        p.wait_for_timeout(50)
        assert any("boom" in e for e in watch.errors)
        assert any("page error" in e for e in watch.errors)
    finally:
        context.close()
