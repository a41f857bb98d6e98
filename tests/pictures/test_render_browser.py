"""The replay page in a real browser: headless Chromium (Debian's ``chromium``) loads a
rendered invalid transcript, a script steps through it with the arrow keys and the
buttons as a reader would, and the test reads what the page then shows (``--dump-dom``).

Without Chromium the test is skipped, except under ``CI=true`` (``.ci/run`` installs it),
where a missing browser is a failure.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

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


def dump_dom(browser: str, page: Path) -> str:
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
                f"--user-data-dir={profile}",
                "--dump-dom",
                page.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_stepping_to_the_illegal_move_in_chromium(tmp_path: Path) -> None:
    browser = chromium()
    report = transcript.validate(INVALID.read_bytes())
    assert report.error is not None
    page = render.page(INVALID.read_bytes())
    target = tmp_path / "game.html"
    target.write_text(page.replace("</body>", DRIVER + "</body>"), encoding="utf-8")

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
