"""Every process a bot program started, found and stopped: what lets a host run other
people's programs without leaving any of them behind.

A bot is started in a session and process group of its own, with a tag in its
environment (``UNORULES_BOT=<token>``, one token a bot). On Linux the host becomes a
*child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``) the first time it starts a bot, so
that a process whose parent exits is adopted by the host instead of by ``init``. A bot's
family is then every process that is, or descends from, one of: the bot itself, a
member of its process group or session, a process seen in its family before
(:meth:`Family.track`), or a process carrying its tag. A helper that calls ``setsid()``
and outlives the bot leaves the group and the session, but not the tag nor the
tracking, and is adopted by the host, which kills it and reaps it.

A program that clears its environment and escapes before it is tracked is not found:
code that is hostile is run in a sandbox (``bwrap --unshare-pid --die-with-parent``),
which the documentation shows. Elsewhere than on Linux (no ``/proc``) only the process
group is stopped.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import secrets
import signal
import sys
import time
from typing import Final

ENV_TAG: Final = "UNORULES_BOT"
"""The environment variable that tags every process of a bot."""

_PROC: Final = "/proc"
_PR_SET_CHILD_SUBREAPER: Final = 36


@functools.cache
def become_subreaper() -> bool:
    """Make this process a child subreaper (Linux; once): orphans of its descendants are
    adopted by it, not by ``init``. Whether it is one.

    >>> become_subreaper() in (True, False)
    True
    """
    if not sys.platform.startswith("linux"):  # pragma: no cover - not Linux
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):  # pragma: no cover - no prctl
        return False


def new_token() -> str:
    """A fresh tag for one bot's processes.

    >>> len(new_token()) > 10
    True
    """
    return f"{os.getpid()}-{secrets.token_hex(8)}"


_Row = tuple[int, int, int, int, str]  # ppid, pgrp, session, start time, state


def _table() -> dict[int, _Row]:
    """Every process: its parent, process group, session, start time and state."""
    rows: dict[int, _Row] = {}
    try:
        names = os.listdir(_PROC)
    except OSError:  # pragma: no cover - no /proc
        return rows
    for name in names:
        if not name.isdigit():
            continue
        try:  # no pathlib: it interns every name it parses, and process ids keep coming
            with open(f"{_PROC}/{name}/stat", "rb") as file:
                text = file.read().decode("ascii", "replace")
        except OSError:
            continue
        fields = text.rsplit(")", 1)[-1].split()
        if len(fields) < 20:  # pragma: no cover - a stat line cut short
            continue
        state, ppid, pgrp, session, start = fields[0], *map(int, fields[1:4]), int(fields[19])
        rows[int(name)] = (ppid, pgrp, session, start, state)
    return rows


def _tagged(pid: int, tag: bytes) -> bool:
    try:
        with open(f"{_PROC}/{pid}/environ", "rb") as file:
            environ = file.read()
    except OSError:
        return False
    return tag in environ.split(b"\0")


class Family:
    """The processes of the bot ``pid`` (started with ``UNORULES_BOT=token`` in its
    environment, in a new session), as the module's text says.

    >>> import subprocess, sys
    >>> token = new_token()
    >>> bot = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"],
    ...                        env={**os.environ, ENV_TAG: token}, start_new_session=True)
    >>> family = Family(bot.pid, token)
    >>> family.stop(), bot.wait()
    (1, -9)
    """

    def __init__(self, pid: int, token: str) -> None:
        self.pid = pid
        self.tag = f"{ENV_TAG}={token}".encode()
        self.tracked: set[tuple[int, int]] = set()
        """The (pid, start time) of every process seen in the family."""
        self.linux = os.path.isdir(_PROC)

    def members(self, *, group: bool = True) -> dict[int, _Row]:
        """The family's processes now (the bot included, unless reaped). ``group=False``
        leaves out the bot's process id, group and session (once the bot is reaped they
        may be another process's).

        >>> Family(os.getpid() + 10**7, new_token()).members()
        {}
        """
        if not self.linux:  # pragma: no cover - not Linux
            return {}
        table = _table()
        host = os.getpid()
        found: set[int] = set()
        for pid, (_, pgrp, session, start, _) in table.items():
            if pid == host:
                continue
            if (
                (group and (pid == self.pid or self.pid in (pgrp, session)))
                or (pid, start) in self.tracked
                or _tagged(pid, self.tag)
            ):
                found.add(pid)
        grown = True
        while grown:  # and every descendant of them
            grown = False
            for pid, row in table.items():
                if pid not in found and pid != host and row[0] in found:
                    found.add(pid)
                    grown = True
        return {pid: table[pid] for pid in found}

    def track(self, *, group: bool = True) -> int:
        """Note the family's processes now (so that one that leaves it later is still
        known); how many there are. ``group`` as in :meth:`members`.

        >>> Family(os.getpid() + 10**7, new_token()).track()
        0
        """
        members = self.members(group=group)
        self.tracked.update((pid, row[3]) for pid, row in members.items())
        return len(members)

    def stop(self, *, wait: float = 2.0, group: bool = True) -> int:
        """Kill every process of the family (the bot too), and reap the ones the host
        adopted (all but the bot, which its :class:`subprocess.Popen` reaps); how many
        processes were killed. Within ``wait`` seconds, what they start while they are
        being killed is killed too. ``group`` as in :meth:`members`.

        >>> Family(os.getpid() + 10**7, new_token()).stop()
        0
        """
        host = os.getpid()
        adopted: set[int] = set()
        before = self.members(group=group)  # the group's members too, before they are killed
        killed = {pid for pid, row in before.items() if row[4] not in ("Z", "X")}
        if group:
            with contextlib.suppress(ProcessLookupError, PermissionError, AttributeError):
                os.killpg(self.pid, signal.SIGKILL)  # at once, whatever /proc says
        deadline = time.monotonic() + wait
        while True:
            members = self.members(group=group)
            self.tracked.update((pid, row[3]) for pid, row in members.items())
            live = {pid for pid, row in members.items() if row[4] not in ("Z", "X")}
            adopted.update(p for p, row in members.items() if row[0] == host and p != self.pid)
            for pid in live:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
                    killed.add(pid)
            if not live or time.monotonic() > deadline:
                break
            time.sleep(0.005)
        for pid in adopted:
            with contextlib.suppress(ChildProcessError, OSError):
                for _ in range(200):
                    if os.waitpid(pid, os.WNOHANG) != (0, 0):
                        break
                    time.sleep(0.005)
        return len(killed)
