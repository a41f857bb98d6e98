"""One registry mechanism: a table of named values that starts with its built-in entries
and takes more at run time. The rule profiles (:data:`unorules.PROFILES`), the Wild
Customizable effects (:data:`unorules.EFFECTS`) and the bots by name
(:data:`unorules.agents.bots.BOTS`, which studies, matches and every verb of the command
name) are each one.

What they share is here: a read-only view (iterating it works on a snapshot, so a thread
may read while another registers), registering under a lock (a taken name needs
``replace=True``, and a built-in name is never replaced unless the registry allows it),
and the message for an unknown name, which guesses the name meant and lists the known
ones. What each registry says in its own words stays with it: what a valid name and value
are (``check``) and how an unknown name is told (``unknown``).

>>> sizes = Registry("size", {"small": 1, "large": 3})
>>> sizes.register("medium", 2)
>>> list(sizes.view), sizes.get("medium")
(['small', 'large', 'medium'], 2)
>>> sizes.get("meduim")
Traceback (most recent call last):
...
ValueError: unknown size 'meduim'; did you mean 'medium'? known: large, medium, small
>>> sizes.register("small", 0, replace=True)
Traceback (most recent call last):
...
ValueError: 'small' is a built-in size and cannot be replaced
"""

from __future__ import annotations

import difflib
import threading
from collections.abc import Callable, Iterator, Mapping
from typing import Final, Generic, TypeVar

from unorules._echo import ECHO_LIMIT, shown

__all__ = ["Registry", "RegistryView"]

V = TypeVar("V")

_GUESS_LIMIT: Final = ECHO_LIMIT
"""A longer name gets no "did you mean" (a guess for it would cost time and be no help)."""


class RegistryView(Mapping[str, V]):
    """A :class:`Registry` seen read-only: a mapping of name to value, built-in names
    first, then the registered ones in the order they came. Iterating it works on a
    snapshot, so a thread may iterate while another registers.

    >>> view = Registry("size", {"small": 1}, title="SIZES").view
    >>> view["small"], "large" in view, view
    (1, False, SIZES({'small': 1}))
    """

    __slots__ = ("_registry",)

    def __init__(self, registry: Registry[V]) -> None:
        self._registry = registry

    def __getitem__(self, name: str) -> V:
        return self._registry._values[name]

    def __contains__(self, name: object) -> bool:
        return name in self._registry._values

    def __iter__(self) -> Iterator[str]:
        return iter([name for name, _ in self._registry.items()])

    def __len__(self) -> int:
        return len(self._registry._values)

    def __repr__(self) -> str:
        return f"{self._registry.title}({dict(self._registry.items())!r})"


class Registry(Generic[V]):
    """Values by name: ``built_in`` from the start, more through :meth:`register`.

    ``kind`` names an entry in the messages (``"profile"``, ``"effect"``, ``"bot"``);
    ``check(name, value)`` raises when a registration is not acceptable (each registry's
    own test of a name and a value, in its own words); ``unknown`` is the message for an
    unknown name, a format string with ``{kind}``, ``{name}``, ``{hint}`` (empty, or
    ``did you mean 'x'?`` and a space) and ``{known}`` (the known names, sorted unless
    ``sort_known`` is false); ``replace_built_in`` lets ``replace=True`` replace a built-in
    name; ``title`` names the view in its ``repr``.

    >>> told = "no color {name} ({hint}known: {known})"
    >>> colors = Registry("color", {"red": "#f00"}, unknown=told)
    >>> colors.get("rde")
    Traceback (most recent call last):
    ...
    ValueError: no color 'rde' (did you mean 'red'? known: red)
    """

    __slots__ = (
        "_check",
        "_lock",
        "_replace_built_in",
        "_sort_known",
        "_unknown",
        "_values",
        "built_in",
        "kind",
        "title",
        "view",
    )

    def __init__(
        self,
        kind: str,
        built_in: Mapping[str, V],
        *,
        check: Callable[[object, object], None] | None = None,
        unknown: str = "unknown {kind} {name}; {hint}known: {known}",
        sort_known: bool = True,
        replace_built_in: bool = False,
        title: str | None = None,
    ) -> None:
        self.kind: Final = kind
        """What an entry is called in the messages."""
        self.built_in: Final = tuple(built_in)
        """The built-in names, in their order."""
        self.title: Final = title or f"{kind} registry"
        """The view's name in its ``repr``."""
        self.view: Final[RegistryView[V]] = RegistryView(self)
        """The registry seen read-only."""
        self._values: dict[str, V] = dict(built_in)
        self._check = check
        self._unknown = unknown
        self._sort_known = sort_known
        self._replace_built_in = replace_built_in
        # Writes take the lock, and every read that iterates works on a snapshot taken
        # under it: register may run in one thread while another reads.
        self._lock: Final = threading.Lock()

    def items(self) -> tuple[tuple[str, V], ...]:
        """The (name, value) pairs, built-in names first, as one consistent snapshot.

        >>> Registry("size", {"small": 1, "large": 3}).items()
        (('small', 1), ('large', 3))
        """
        with self._lock:
            return tuple(self._values.items())

    def get(self, name: object) -> V:
        """The value registered under ``name``; ``ValueError`` (:meth:`unknown`) if none is.

        >>> sizes = Registry("size", {"small": 1})
        >>> sizes.get("small")
        1
        >>> sizes.get(["small"])
        Traceback (most recent call last):
        ...
        ValueError: unknown size ['small']; known: small
        """
        try:
            return self._values[name]  # type: ignore[index]  # unhashable: TypeError
        except (KeyError, TypeError):
            raise ValueError(self.unknown(name)) from None

    def unknown(self, name: object) -> str:
        """The message for ``name``, which is not registered: the guess of the name meant
        (:func:`difflib.get_close_matches`), and every known name.

        >>> Registry("size", {"small": 1, "large": 3}).unknown("lage")
        "unknown size 'lage'; did you mean 'large'? known: large, small"
        """
        names = [n for n, _ in self.items()]
        hint = ""
        if isinstance(name, str) and len(name) <= _GUESS_LIMIT:
            close = difflib.get_close_matches(name, names, n=1)
            if close:
                hint = f"did you mean {shown(close[0])}? "
        known = ", ".join(sorted(names) if self._sort_known else names)
        return self._unknown.format(kind=self.kind, name=shown(name), hint=hint, known=known)

    def register(self, name: str, value: V, *, replace: bool = False) -> None:
        """Make ``value`` known under ``name``: the registry's ``check`` first, then a
        built-in name is refused (unless the registry lets it be replaced), and a
        registered one needs ``replace=True``. Safe while other threads read.

        >>> sizes = Registry("size", {"small": 1})
        >>> sizes.register("large", 3)
        >>> sizes.register("large", 4)
        Traceback (most recent call last):
        ...
        ValueError: size 'large' is already registered; pass replace=True
        >>> sizes.register("large", 4, replace=True)
        >>> sizes.get("large")
        4
        """
        if self._check is not None:
            self._check(name, value)
        if name in self.built_in and not self._replace_built_in:
            raise ValueError(f"{shown(name)} is a built-in {self.kind} and cannot be replaced")
        with self._lock:  # the check and the store as one step
            if name in self._values and not replace:
                raise ValueError(
                    f"{self.kind} {shown(name)} is already registered; pass replace=True"
                )
            self._values[name] = value

    def unregister(self, name: str) -> None:
        """Forget a registered name (as a test tidies up after itself); nothing happens
        if it is not registered, and a built-in name is never forgotten.

        >>> sizes = Registry("size", {"small": 1})
        >>> sizes.register("large", 3)
        >>> sizes.unregister("large"); sizes.unregister("large"); list(sizes.view)
        ['small']
        >>> sizes.unregister("small")
        Traceback (most recent call last):
        ...
        ValueError: 'small' is a built-in size and cannot be removed
        """
        if name in self.built_in:
            raise ValueError(f"{shown(name)} is a built-in {self.kind} and cannot be removed")
        with self._lock:
            self._values.pop(name, None)
