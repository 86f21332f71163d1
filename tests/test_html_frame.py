"""The frame every HTML report shares (templates/partials/frame.html), as a player sees
it in Chromium: on a 390 px phone nothing runs off the side, a dark client gets light
text on a dark page (not the #222 text a dark page would hide), and headings shrink
from h1 to h3. Screenshots at 390 and 900 px, light and dark, are left in the test's
folder for a person to look at."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from archive_pages import browser, contrast, layout, not_blank, rgb

GOLDEN = Path(__file__).parent / "golden"
@pytest.mark.parametrize("game", ["valley", "stoneage", "dewan"])
def test_a_report_fits_a_phone_and_reads_in_the_dark(game: str, tmp_path: Path) -> None:
    page = GOLDEN / f"{game}-report-red.html"
    phone = layout(page, tmp_path, 390, dark=True)
    assert phone["overflow"] <= 0, phone
    assert contrast(phone["color"], phone["background"]) >= 7, phone
    assert rgb(phone["background"]) < (60, 60, 60), "the dark preference gives a dark page"
    assert phone["h1"] > phone["h2"] > (phone["h3"] or 0), phone
    for width, dark in ((390, True), (390, False), (900, True), (900, False)):
        shot = tmp_path / f"{game}-{width}{'-dark' if dark else ''}.png"
        browser("--user-data-dir=" + str(tmp_path / "profile"), *(["--force-dark-mode"] if dark else []),
                "--hide-scrollbars", f"--window-size={width},1400", f"--screenshot={shot}", page.as_uri())
        assert shot.exists() and not_blank(shot.read_bytes()), shot.name


def test_the_light_page_says_its_colours_outright() -> None:
    """A client that paints its own background behind the page must not get the page's text
    without the page's background: both are given, and both schemes are declared."""
    frame = (Path(__file__).parent.parent / "templates" / "partials" / "frame.html").read_text()
    assert 'name="viewport"' in frame and 'name="color-scheme" content="light dark"' in frame
    body = re.search(r"body \{([^}]*)\}", frame).group(1)
    assert "color: #222" in body and "background: #fff" in body
    assert contrast("rgb(34,34,34)", "rgb(255,255,255)") >= 7
