"""The replay page in a real browser: headless Chromium (Debian's ``chromium``) loads a
rendered invalid transcript, a script steps through it with the arrow keys and the
buttons as a reader would, and the test reads what the page then shows (``--dump-dom``).
Other tests play and pause it, and lay it out at a phone's width (390 px) and a desktop's
(1280 px): the script measures where the table, the move list and the buttons are, and a
screenshot at the same size is checked against those boxes.

The page's Content-Security-Policy runs only its own script; a test's script is allowed
by adding its hash to the policy (:func:`with_driver`), as the page allows its own.

Without Chromium the test is skipped, except under ``CI=true`` (``.ci/run`` installs it),
where a missing browser is a failure.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest

from unorules.formats import transcript
from unorules.pictures import render

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "transcripts"
INVALID = EXAMPLES / "mattel-invalid-card_does_not_match.json"

# What a reader does: press the right arrow until the end (logging the caption and the
# shown step each time), go back with the left arrow, jump to the start with the First
# button, then press "Go to the illegal move". Any script error is logged too.
DRIVER = """
<script>
(function () {
  var log = {errors: [], walk: []};
  window.addEventListener('error', function (e) { log.errors.push(String(e.message)); });
  function key(k) { document.dispatchEvent(new KeyboardEvent('keydown', {key: k})); }
  function shown() {
    var f = document.querySelectorAll('.frame:not([hidden])');
    return {caption: document.getElementById('caption').textContent,
            visible: Array.prototype.map.call(f, function (x) { return x.dataset.step; }),
            current: document.querySelector('.move.current').dataset.step,
            counter: document.getElementById('counter').textContent,
            nextDisabled: document.getElementById('next').disabled};
  }
  try {
    log.start = shown();
    var total = document.querySelectorAll('.frame').length;
    for (var i = 0; i < total + 2; i++) { key('ArrowRight'); log.walk.push(shown()); }
    key('ArrowLeft'); log.back = shown();
    document.getElementById('first').click(); log.first = shown();
    document.getElementById('to-error').click(); log.error = shown();
    log.hash = location.hash;
  } catch (e) { log.errors.push(String(e)); }
  var pre = document.createElement('pre');
  pre.id = 'test-log';
  pre.textContent = JSON.stringify(log);
  document.body.appendChild(pre);
})();
</script>
"""


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is missing: .ci/run installs it (apt-get install chromium)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return found


def with_driver(page: str, driver: str) -> str:
    """The page with ``driver`` (a ``<script>`` element) before ``</body>``, and the
    script's hash added to the page's Content-Security-Policy, which would block it."""
    body = re.fullmatch(r"\s*<script>(.*)</script>\s*", driver, re.S)
    assert body is not None
    digest = base64.b64encode(hashlib.sha256(body.group(1).encode()).digest()).decode()
    assert page.count("script-src 'sha256-") == 1
    page = page.replace("script-src ", f"script-src 'sha256-{digest}' ")
    return page.replace("</body>", driver + "</body>")


def run_chromium(
    browser: str, page: Path, *args: str, size: tuple[int, int] = (1280, 800), url: str = ""
) -> str:
    """Chromium's output for ``page`` (with ``url`` appended: a ``#step-N``) at a window
    of ``size`` pixels, given the action ``args`` (``--dump-dom``, ``--screenshot=...``)."""
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                f"--window-size={size[0]},{size[1]}",
                f"--user-data-dir={profile}",
                *args,
                page.as_uri() + url,
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def dump_dom(
    browser: str, page: Path, *args: str, size: tuple[int, int] = (1280, 800), url: str = ""
) -> str:
    return run_chromium(browser, page, "--dump-dom", *args, size=size, url=url)


def driver_log(dom: str) -> dict[str, Any]:
    """What a driver script wrote into the page (``<pre id="test-log">``)."""
    found = re.search(r'<pre id="test-log">(.*?)</pre>', dom, re.S)
    assert found, dom[-2000:]
    log = json.loads(html.unescape(found.group(1)))
    assert isinstance(log, dict)
    print(json.dumps(log, indent=1))  # shown with pytest -s: what the browser saw
    return log


def test_stepping_to_the_illegal_move_in_chromium(tmp_path: Path) -> None:
    browser = chromium()
    report = transcript.validate(INVALID.read_bytes())
    assert report.error is not None
    page = render.page(INVALID.read_bytes())
    target = tmp_path / "game.html"
    target.write_text(with_driver(page, DRIVER), encoding="utf-8")

    dom = dump_dom(browser, target)
    found = re.search(r'<pre id="test-log">(.*?)</pre>', dom, re.S)
    assert found, dom[-2000:]
    log = json.loads(html.unescape(found.group(1)))
    print(json.dumps(log, indent=1))  # shown with pytest -s: what the browser saw

    assert log["errors"] == []
    start = {
        "caption": "Round 1 starts: Bo deals",
        "visible": ["0"],
        "current": "0",
        "counter": "step 1 of 4 \u00b7 round 1 start",
        "nextDisabled": False,
    }
    assert log["start"] == start
    captions = [w["caption"] for w in log["walk"]]
    assert captions == [
        "Ann plays R5",
        "Bo plays RS",
        "Illegal: Bo plays G9",
        "Illegal: Bo plays G9",  # the last step stays
        "Illegal: Bo plays G9",
        "Illegal: Bo plays G9",
    ]
    assert [w["visible"] for w in log["walk"]][:3] == [["1"], ["2"], ["3"]]
    assert log["walk"][-1]["nextDisabled"] is True
    assert log["back"]["caption"] == "Bo plays RS"
    assert log["hash"] == "#step-3"  # a reload comes back to the same step
    assert log["first"] == start
    assert log["error"]["visible"] == ["3"] and log["error"]["counter"] == (
        "step 4 of 4 \u00b7 round 1, action 3"
    )

    # What the page shows at the illegal move: the banner with the code and the message,
    # the move marked in the list, Bo's G9 circled in his hand.
    frame = re.search(r'<div class="frame illegal" data-step="3">(.*?)</svg></div>', dom, re.S)
    assert frame, "the illegal step is not visible"
    banner = re.search(r'<div class="banner" id="illegal">(.*?)</div></div>', frame.group(1))
    assert banner
    text = html.unescape(re.sub(r"<[^>]+>", " ", banner.group(1)))
    assert " ".join(text.split()) == (
        "Illegal move at round 1, action 3 ($.rounds[0].actions[2]): Bo plays G9 "
        f"card_does_not_match : {report.error.message}"
        " The table is shown as it stood before this move."
    )
    assert frame.group(1).count('stroke="#e0115f"') == 1
    item = re.search(r'<li class="([^"]*)"[^>]*id="illegal-move"', dom)
    assert item and item.group(1).split() == ["move", "illegal", "current"]


def test_a_missing_chromium_skips_but_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="chromium is not installed"):
        chromium()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="chromium is missing"):
        chromium()


VALID = EXAMPLES / "mattel-valid.json"  # 36 steps: a list longer than a phone's screen

# Play at the fastest speed, then pause; P plays, an arrow key pauses. Runs on Chromium's
# virtual time (--virtual-time-budget), so the waits take no real time. Any violation of
# the page's Content-Security-Policy is logged.
PLAYER = """
<script>
(function () {
  var log = {errors: [], blocked: []};
  window.addEventListener('error', function (e) { log.errors.push(String(e.message)); });
  document.addEventListener('securitypolicyviolation', function (e) {
    log.blocked.push(e.violatedDirective + ' ' + e.blockedURI);
  });
  var play = document.getElementById('play'), speed = document.getElementById('speed');
  function step() { return parseInt(document.body.getAttribute('data-step'), 10); }
  function state() { return {step: step(), pressed: play.getAttribute('aria-pressed'),
                             label: play.textContent}; }
  function key(k) { document.dispatchEvent(new KeyboardEvent('keydown', {key: k})); }
  function done() {
    var pre = document.createElement('pre');
    pre.id = 'test-log';
    pre.textContent = JSON.stringify(log);
    document.body.appendChild(pre);
  }
  log.speeds = Array.prototype.map.call(speed.options, function (o) {
    return [o.value, o.textContent];
  });
  log.speed = speed.value;
  log.start = state();
  speed.value = '250';
  speed.dispatchEvent(new Event('change'));
  play.click();
  log.playing = state();
  setTimeout(function () {
    log.after1100 = state();
    play.click();
    log.paused = state();
    setTimeout(function () {
      log.later = state();
      key('p');
      setTimeout(function () {
        log.keyPlayed = state();
        key('ArrowLeft');
        log.arrowPaused = state();
        setTimeout(function () {
          log.arrowLater = state();
          document.getElementById('last').click();
          play.click();
          log.fromEnd = state();
          setTimeout(function () { log.fromEndLater = state(); done(); }, 600);
        }, 1000);
      }, 600);
    }, 1000);
  }, 1100);
})();
</script>
"""


def test_play_steps_on_its_own_and_pause_stops_it(tmp_path: Path) -> None:
    browser = chromium()
    target = tmp_path / "game.html"
    target.write_text(with_driver(render.page(VALID.read_bytes()), PLAYER), encoding="utf-8")
    log = driver_log(dump_dom(browser, target, "--virtual-time-budget=20000"))

    assert log["errors"] == [] and log["blocked"] == []
    assert log["speeds"] == [["2000", "2 s"], ["1000", "1 s"], ["500", "0.5 s"], ["250", "0.25 s"]]
    assert log["speed"] == "1000"  # a step a second, unless the reader chooses
    assert log["start"] == {"step": 0, "pressed": "false", "label": "\u25b6 Play"}
    assert log["playing"] == {"step": 0, "pressed": "true", "label": "\u275a\u275a Pause"}
    # 1.1 s at 0.25 s a step: four steps on (timers may run a little late: at least 3).
    assert 3 <= log["after1100"]["step"] <= 4
    paused = log["paused"]
    assert paused["pressed"] == "false"
    assert log["later"] == paused  # a second later, still there
    # The P key plays; an arrow key steps back and pauses.
    assert log["keyPlayed"]["pressed"] == "true"
    assert log["keyPlayed"]["step"] > paused["step"]
    assert log["arrowPaused"]["pressed"] == "false"
    assert log["arrowPaused"]["step"] == log["keyPlayed"]["step"] - 1
    assert log["arrowLater"] == log["arrowPaused"]
    # Play at the last step starts again from the first.
    assert log["fromEnd"]["step"] == 0 and log["fromEnd"]["pressed"] == "true"
    assert log["fromEndLater"]["step"] >= 1


def test_the_page_runs_no_script_but_its_own(tmp_path: Path) -> None:
    """The Content-Security-Policy is in force: the page's own script runs (the first step
    is shown), a script injected into it does not."""
    browser = chromium()
    page = render.page(VALID.read_bytes())
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page)
    assert csp is not None and "default-src 'none'" in csp.group(1)
    assert "unsafe-inline" not in csp.group(1) and "unsafe-eval" not in csp.group(1)
    target = tmp_path / "game.html"
    injected = "<script>document.title = 'injected';</script>"
    target.write_text(page.replace("</body>", injected + "</body>"), encoding="utf-8")
    dom = dump_dom(browser, target)
    assert "<title>injected</title>" not in dom and "<title>UNO game</title>" in dom
    assert re.search(r'<body data-step="0"', dom)


# Where things are: the boxes (in CSS pixels, the page's top left at 0, 0) of the table
# shown, the move list, the current move, and the buttons, with whether a button's text
# fits it, and how wide the page is against the window. Headless Chromium's window is at
# least 500 px wide (its screenshots are not), so the page is measured in a frame of the
# size wanted, and the script sends what it measured to the page around the frame.
MEASURE = """
<script>
(function () {
  function box(el) {
    var r = el.getBoundingClientRect();
    return {left: Math.round(r.left), top: Math.round(r.top + window.scrollY),
            right: Math.round(r.right), bottom: Math.round(r.bottom + window.scrollY)};
  }
  window.addEventListener('load', function () {
    var log = {window: window.innerWidth, page: document.documentElement.scrollWidth,
               table: box(document.querySelector('.frame:not([hidden]) svg')),
               list: box(document.querySelector('nav')),
               current: box(document.querySelector('.move.current')),
               scrolled: window.scrollY, buttons: {}};
    document.querySelectorAll('.controls button, .controls select').forEach(function (b) {
      var m = box(b);
      m.fits = b.scrollWidth <= b.clientWidth;
      m.lineHeight = parseFloat(getComputedStyle(b).lineHeight) ||
        1.4 * parseFloat(getComputedStyle(b).fontSize);
      log.buttons[b.id] = m;
    });
    parent.postMessage(JSON.stringify(log), '*');
  });
})();
</script>
"""

FRAME = """<!DOCTYPE html>
<html><body style="margin:0">
<iframe src="game.html#step-1" width="{0}" height="{1}" style="border:0;display:block"></iframe>
<script>
window.addEventListener('message', function (e) {{
  var pre = document.createElement('pre');
  pre.id = 'test-log';
  pre.textContent = e.data;
  document.body.appendChild(pre);
}});
</script>
</body></html>
"""

PHONE, DESKTOP = (390, 844), (1280, 800)
HIGHLIGHT = (0xFF, 0xF7, 0xC2)  # the current move's background (.move.current)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["390px", "1280px"])
def test_the_replay_page_at_a_phones_and_a_desktops_width(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """At 390 px the table comes first and the move list below it; at 1280 px the list is
    beside the table. The buttons keep one row each and their text whole, nothing is wider
    than the window, and the screenshot shows the current move where the boxes say."""
    browser = chromium()
    width, height = size
    target = tmp_path / "game.html"
    # The title as `unorules render` writes it: a path, which has no space to break at.
    page = render.page(VALID.read_bytes(), title=f"UNO game: {VALID}")
    target.write_text(with_driver(page, MEASURE), encoding="utf-8")
    frame = tmp_path / "frame.html"
    frame.write_text(FRAME.format(width, height), encoding="utf-8")
    window = (width + 100, height + 100)
    log = driver_log(dump_dom(browser, frame, "--virtual-time-budget=3000", size=window))

    assert log["window"] == width  # the frame's
    assert log["page"] <= width  # no sideways scrolling
    assert log["scrolled"] == 0  # showing a step does not scroll the page
    table, moves, current = log["table"], log["list"], log["current"]
    buttons: dict[str, dict[str, float]] = log["buttons"]
    assert set(buttons) == {"first", "prev", "next", "last", "play", "speed"}
    for name, b in buttons.items():
        assert b["fits"], f"{name}: its text is cut"
        assert b["bottom"] - b["top"] < 2 * b["lineHeight"], f"{name}: wraps onto two lines"
        assert b["right"] <= width
    steps = [buttons[n] for n in ("first", "prev", "next", "last")]
    assert len({b["top"] for b in steps}) == 1  # First, Back, Next, Last: one row
    assert [b["left"] for b in steps] == sorted(b["left"] for b in steps)
    if size == PHONE:
        assert moves["top"] > table["bottom"]  # the list below the table
        assert table["right"] - table["left"] >= width - 40
        assert moves["right"] - moves["left"] >= width - 40
        assert steps[-1]["right"] - steps[0]["left"] >= width - 40  # the row's full width
    else:
        assert moves["right"] < table["left"]  # the list beside it
        assert moves["top"] < table["top"] < moves["bottom"]
    assert current["bottom"] <= height  # the second move, in view

    # The screenshot, at the same size: the current move's highlight where its box is.
    shot = tmp_path / f"replay-{width}.png"
    run_chromium(browser, target, f"--screenshot={shot}", size=size, url="#step-1")
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == size
    if os.environ.get("UNORULES_SCREENSHOTS"):  # keep them to look at
        shutil.copy(shot, Path(os.environ["UNORULES_SCREENSHOTS"]) / shot.name)
    image = pytest.importorskip("PIL.Image").open(shot).convert("RGB")
    x = current["right"] - 12  # right of the move's text
    y = (current["top"] + current["bottom"]) // 2
    assert image.getpixel((x, y)) == HIGHLIGHT
    outside = (x, current["bottom"] + 12)  # the move after it
    assert image.getpixel(outside) != HIGHLIGHT
