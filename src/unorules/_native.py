"""The compiled build's thin Python layer: what mypyc drops from the public names of a
compiled module, given back from the module's source.

mypyc (the compiled build, issue 30) keeps no docstring of a compiled class, function,
method or property, and gives compiled functions a bare text signature (the parameters'
names, no annotations). :func:`dress` restores them for the public names (``__all__``) of
a compiled module, from its source (the wheel ships each ``.py`` beside its ``.so``):

- a class gets its docstring back (a compiled class's is writable);
- a public method or class method becomes a Python function with the source's signature,
  annotations and docstring that calls the compiled one; a property becomes a
  :class:`property` with its docstring over the compiled getter; a class's ``__new__``
  becomes the source's own, as Python, for Python callers (:func:`_dress_new`), and its
  ``__init__`` such a function over the compiled one;
- a public function gets such a Python function, which :func:`dress_public` puts in
  its place in the public modules (the compiled module keeps its own).

Only Python callers go through these wrappers: compiled code calls the compiled
functions directly. In the pure build there is nothing to do.

>>> import unorules.state
>>> dress(unorules.state)  # the pure build: nothing to give back
{}
"""

from __future__ import annotations
import __future__

import ast
import copy
import sys
import types
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the compiler's package: absent wherever unorules merely runs

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        """What ``mypy_extensions.mypyc_attr`` does at run time: nothing. The compiled
        build reads ``@mypyc_attr(native_class=False)`` on a class of a compiled module
        (the observation encoders): it stays a Python class whose methods are compiled,
        which Python callers construct through ``__init__``, which :func:`dress` gives the
        source's signature and errors (a native class checks its arguments in mypyc's
        words before any Python runs); its methods still read the native state natively.

        >>> @mypyc_attr(native_class=False)
        ... class Encoder:
        ...     pass
        >>> Encoder.__name__
        'Encoder'
        """
        return lambda cls: cls


__all__ = ["dress", "dress_public", "is_compiled", "mypyc_attr"]


def is_compiled(module: types.ModuleType) -> bool:
    """Whether ``module`` was imported from a compiled extension, not from Python source.

    >>> import unorules._native
    >>> is_compiled(unorules._native)
    False
    """
    file = getattr(module, "__file__", None) or ""
    return not file.endswith(".py")


def dress_public(modules: Iterable[types.ModuleType]) -> int:
    """Dress (:func:`dress`) every compiled module that defines a public name of
    ``modules`` (their ``__all__``), and put the dressed public functions in place of
    the compiled ones wherever those modules hold them; return how many names were
    dressed. A compiled function that is no public name of ``modules`` (the fast route
    :func:`unorules.apply` calls) stays the compiled one where they hold it: a wrapper
    there would only add a Python call to every action.

    >>> import unorules
    >>> dress_public([unorules])  # the pure build: nothing compiled
    0
    """
    modules = list(modules)
    homes: dict[str, set[str]] = {}
    public: set[int] = set()
    for module in modules:
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            public.add(id(value))
            home = sys.modules.get(getattr(value, "__module__", "") or "")
            if home is not None and is_compiled(home):
                homes.setdefault(home.__name__, set()).add(getattr(value, "__name__", name))
    replaced: dict[int, object] = {}
    for home_name, names in homes.items():
        replaced.update(dress(sys.modules[home_name], names=names))
    for module in modules:
        for name, value in list(vars(module).items()):
            if id(value) in replaced and id(value) in public:
                setattr(module, name, replaced[id(value)])
    return len(replaced)


def dress(module: types.ModuleType, *, names: Iterable[str] = ()) -> dict[int, object]:
    """Give the public names of the compiled ``module`` (its ``__all__``, and ``names``)
    their docstrings, signatures and
    annotations back from its source; return the replaced functions (by the ``id`` of the
    compiled one: a class is dressed in place). Nothing for a module that is not compiled,
    or whose source is not installed.

    >>> import unorules._native
    >>> dress(unorules._native)
    {}
    """
    if not is_compiled(module) or module.__file__ is None:
        return {}
    source = Path(module.__file__).with_name(module.__name__.rsplit(".", 1)[-1] + ".py")
    if not source.is_file():
        return {}
    tree = ast.parse(source.read_text(encoding="utf-8"))
    if module.__doc__ is None:
        module.__doc__ = ast.get_docstring(tree, clean=False)
    public = {*getattr(module, "__all__", ()), *names}
    replaced: dict[int, object] = {}
    for node in tree.body:
        name = getattr(node, "name", "")
        if name not in public:
            continue
        if isinstance(node, ast.ClassDef):
            _dress_class(module, source, getattr(module, name), node)
        elif isinstance(node, ast.FunctionDef):
            native = getattr(module, name)
            if not isinstance(native, types.FunctionType):
                # Put in place by the caller, in the public modules: the compiled
                # module keeps its own function (its tables hold that one).
                replaced[id(native)] = _wrapper(module, source, node, native, None)
    return replaced


def _dress_class(module: types.ModuleType, source: Path, cls: type, node: ast.ClassDef) -> None:
    doc = ast.get_docstring(node, clean=False)
    if cls.__doc__ != doc and doc is not None:
        cls.__doc__ = doc
    for item in node.body:
        if isinstance(item, ast.FunctionDef) and item.name == "__new__":
            _dress_new(module, source, cls, item)
            continue
        if isinstance(item, ast.FunctionDef) and item.name == "__init__":
            # A Python class of a compiled module (``@mypyc_attr(native_class=False)``:
            # the observation encoders), whose compiled __init__ Python callers reach
            # through the class: its signature, and the source's own errors for
            # arguments mypyc refuses. (A native class's __new__ calls its __init__
            # itself: nothing to dress there.)
            native_init = cls.__dict__.get("__init__")
            if (
                native_init is not None
                and not isinstance(native_init, types.FunctionType)
                and "__new__" not in cls.__dict__
            ):
                cls.__init__ = _wrapper(module, source, item, native_init, cls)  # type: ignore[misc]
            continue
        if not isinstance(item, ast.FunctionDef) or item.name.startswith("_"):
            continue
        native = cls.__dict__.get(item.name)
        if native is None or isinstance(native, types.FunctionType | property):
            continue  # not compiled (a Python class in a compiled module)
        decorators = _decorators(item)
        if "property" in decorators:
            replacement: object = property(native.__get__, doc=ast.get_docstring(item, False))
        elif "classmethod" in decorators:
            replacement = classmethod(_wrapper(module, source, item, native, cls))
        elif "staticmethod" in decorators:
            replacement = staticmethod(_wrapper(module, source, item, native, cls))
        else:
            replacement = _wrapper(module, source, item, native, cls)
        setattr(cls, item.name, replacement)


def _dress_new(module: types.ModuleType, source: Path, cls: type, node: ast.FunctionDef) -> None:
    """Python callers of a compiled class that defines ``__new__`` (:class:`unorules.Card`)
    call the source's ``__new__`` as Python: the compiled one checks its arguments'
    types before its body runs, in mypyc's words (``unorules.cards.Rank object expected;
    got str``), and shows no signature. (A wrapper cannot call the compiled one once it
    is replaced: CPython refuses it as unsafe.) Compiled code still calls the compiled
    one, and the interned cards make the Python one a dictionary look-up."""
    if isinstance(cls.__dict__.get("__new__"), staticmethod):
        return  # not compiled (a Python class in a compiled module)
    new = _python(module, source, node, cls)
    new.__doc__ = ast.get_docstring(node, clean=False)
    cls.__new__ = staticmethod(new)  # type: ignore[method-assign]


def _wrapper(
    module: types.ModuleType, source: Path, node: ast.FunctionDef, native: Any, cls: type | None
) -> types.FunctionType:
    """A Python function with ``node``'s signature, annotations and docstring that calls
    ``native`` (a compiled function, or a compiled class's method descriptor).

    The compiled function checks its arguments against their annotations before its body
    runs, in mypyc's words (``int or None object expected; got str``), and takes a bool
    where an int is declared. So a call with a bool where the source names no bool, or
    one that mypyc refuses at the door, runs the source's own body as Python instead,
    which checks its arguments and fails with the library's own error."""
    args = node.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    call = [*positional]
    if args.vararg is not None:
        call.append(f"*{args.vararg.arg}")
    call += [f"{a.arg}={a.arg}" for a in args.kwonlyargs]
    if args.kwarg is not None:
        call.append(f"**{args.kwarg.arg}")
    target = "__native"
    if cls is not None and "classmethod" in _decorators(node):
        target = f"__native.__get__(None, {positional[0]})"
        call = call[1:]
    # Parameters declared int (not bool): a bool there goes to the Python body.
    ints = [
        a.arg
        for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)
        if a.annotation is not None and _names_int(a.annotation)
    ]
    guard = " or ".join(f"__type({name}) is bool" for name in ints) or "False"
    returns = "" if node.returns is None else f" -> {ast.unparse(node.returns)}"
    text = (
        f"def {node.name}({ast.unparse(args)}){returns}:\n"
        f"    if {guard}:\n"
        f"        return __python({', '.join(call)})\n"
        f"    try:\n"
        f"        return {target}({', '.join(call)})\n"
        f"    except TypeError as refused:\n"
        f"        if not __at_the_door(refused, {node.lineno}):\n"
        f"            raise  # raised inside, not by the compiled function's argument check\n"
        f"    return __python({', '.join(call)})\n"
    )
    namespace = dict(vars(module))
    namespace["__native"] = native
    namespace["__python"] = _python(module, source, node, cls)
    namespace["__at_the_door"] = _at_the_door
    namespace["__type"] = type  # cheaper than reading __class__, a descriptor call
    code = compile(text, f"<{module.__name__}: {node.name}>", "exec", flags=_ANNOTATIONS)
    exec(code, namespace)
    function: types.FunctionType = namespace[node.name]
    function.__doc__ = ast.get_docstring(node, clean=False)
    function.__module__ = module.__name__
    if cls is not None:
        function.__qualname__ = f"{cls.__qualname__}.{node.name}"
    return function


_ANNOTATIONS: Final = __future__.annotations.compiler_flag


def _at_the_door(error: TypeError, line: int) -> bool:
    """Whether the compiled function refused its arguments (mypyc's check, reported at the
    line of its ``def``), not something its body called."""
    tb = error.__traceback__  # the wrapper's frame, then the compiled function's
    inner = None if tb is None else tb.tb_next
    return inner is not None and inner.tb_next is None and inner.tb_lineno == line


def _decorators(node: ast.FunctionDef) -> set[str]:
    return {d.id for d in node.decorator_list if isinstance(d, ast.Name)}


def _names_int(annotation: ast.expr) -> bool:
    """Whether an annotation names ``int`` and not ``bool``."""
    names = {n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)}
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        names = {n.strip() for n in annotation.value.replace("|", " ").split()}
    return "int" in names and "bool" not in names


def _python(module: types.ModuleType, source: Path, node: ast.FunctionDef, cls: type | None) -> Any:
    """The function of ``node`` compiled from its source as Python, in the compiled
    module's namespace (a class method takes its class first, as the source says)."""
    bare = copy.copy(node)  # the function alone, without its decorators
    bare.decorator_list = []
    tree = ast.fix_missing_locations(ast.Module(body=[bare], type_ignores=[]))
    code = compile(tree, str(source), "exec", flags=_ANNOTATIONS)
    namespace = module.__dict__
    before = namespace.get(node.name, _MISSING)
    exec(code, namespace)
    function = namespace[node.name]
    if before is _MISSING:
        del namespace[node.name]
    else:
        namespace[node.name] = before
    if cls is not None:
        function.__qualname__ = f"{cls.__qualname__}.{node.name}"
        if "classmethod" in _decorators(node):
            return types.MethodType(function, cls)
    return function


_MISSING: Final = object()
