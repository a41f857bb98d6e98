"""The release: the GitHub Actions workflow that publishes to PyPI
(``.github/workflows/release.yml``), the Read the Docs configuration
(``.readthedocs.yaml``) and the project's metadata in ``pyproject.toml``.

The workflow cannot run here, but its build and check commands can: the test reads them
from the workflow and runs them as written (``python -m build``, ``twine check
--strict``) into a temporary folder, so that what a tag publishes is what this suite
built and checked. The build takes about 5 seconds (hatchling in an isolated
environment, fetched from PyPI as the workflow does).
"""

from __future__ import annotations

import glob
import importlib.util
import os
import shlex
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
READTHEDOCS = ROOT / ".readthedocs.yaml"


def load_yaml(path: Path) -> Any:
    yaml = pytest.importorskip("yaml", reason="PyYAML is in the test extra: pip install '.[test]'")
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def workflow() -> dict[Any, Any]:
    found = load_yaml(WORKFLOW)
    assert isinstance(found, dict)
    return found


def runs(job: dict[str, Any]) -> list[str]:
    """The shell commands of a job's steps, in order."""
    return [step["run"].strip() for step in job["steps"] if "run" in step]


def uses(job: dict[str, Any]) -> list[str]:
    """The actions a job's steps use, without their versions."""
    return [step["uses"].split("@")[0] for step in job["steps"] if "uses" in step]


def the_command(job: dict[str, Any], start: str) -> str:
    found = [command for command in runs(job) if command.startswith(start)]
    assert len(found) == 1, f"one step of the build job runs {start!r}: {runs(job)}"
    return found[0]


def test_the_release_workflow_publishes_a_v_tag_by_trusted_publishing() -> None:
    flow = workflow()
    # YAML 1.1 (PyYAML) reads the key "on" as True.
    trigger = flow["on"] if "on" in flow else flow[True]
    assert trigger == {"push": {"tags": ["v*"]}}
    assert flow["permissions"] == {"contents": "read"}  # only publish may ask for more
    jobs = flow["jobs"]
    assert set(jobs) == {"sdist-and-wheel", "compiled-wheels", "publish"}

    build = jobs["sdist-and-wheel"]
    assert "permissions" not in build  # building needs no token
    assert uses(build) == [
        "actions/checkout",
        "actions/setup-python",
        "actions/upload-artifact",
    ]
    upload = next(s for s in build["steps"] if s.get("uses", "").startswith("actions/upload"))
    # Every build job uploads a dist-* artifact, which publish gathers: a compiled-wheels
    # job (cibuildwheel) is added the same way.
    assert upload["with"]["name"].startswith("dist-")
    assert upload["with"]["path"] == "dist/"

    publish = jobs["publish"]
    assert publish["needs"] == ["sdist-and-wheel", "compiled-wheels"]
    assert publish["environment"]["name"] == "pypi"
    assert publish["permissions"] == {"id-token": "write"}
    assert uses(publish) == ["actions/download-artifact", "pypa/gh-action-pypi-publish"]
    download = publish["steps"][0]["with"]
    assert download == {"pattern": "dist-*", "merge-multiple": True, "path": "dist/"}
    # Trusted publishing: no password or token is handed to the action.
    assert "with" not in publish["steps"][1]


def test_the_compiled_wheels_job_builds_them_with_cibuildwheel_and_uploads_a_dist_artifact() -> (
    None
):
    """Issue 30: the release's compiled wheels, built and tested by cibuildwheel on one
    runner per platform, with the mypyc build hook switched on, beside the sdist and the
    pure wheel, gathered by publish as every dist-* artifact."""
    job = workflow()["jobs"]["compiled-wheels"]
    assert "permissions" not in job  # building needs no token
    assert job["runs-on"] == "${{ matrix.os }}"
    assert set(job["strategy"]["matrix"]["os"]) == {
        "ubuntu-latest",  # manylinux x86-64
        "ubuntu-24.04-arm",  # manylinux ARM64
        "macos-13",  # macOS Intel
        "macos-latest",  # macOS Apple silicon
        "windows-latest",  # Windows 64-bit
    }
    assert uses(job) == [
        "actions/checkout",
        "actions/setup-python",
        "actions/upload-artifact",
    ]
    assert runs(job) == [
        "python -m pip install cibuildwheel==4.3.5",
        "python -m cibuildwheel --output-dir dist .",
    ]
    upload = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/upload"))
    assert upload["with"]["name"] == "dist-compiled-${{ matrix.os }}"
    assert upload["with"]["path"] == "dist/"
    assert upload["with"]["if-no-files-found"] == "error"

    # cibuildwheel reads pyproject.toml: the hook on (it is off by default), the CPython
    # versions the classifiers name, the platforms the docs list, and a test of each wheel.
    cibw = pyproject()["tool"]["cibuildwheel"]
    assert cibw["environment"] == {"HATCH_BUILD_HOOKS_ENABLE": "1"}
    classifiers = pyproject()["project"]["classifiers"]
    versions = [
        c.rsplit(" ", 1)[-1]
        for c in classifiers
        if c.startswith("Programming Language :: Python :: 3.")
    ]
    assert cibw["build"] == [f"cp{v.replace('.', '')}-*" for v in versions]
    assert set(cibw["skip"]) == {"*-musllinux_*", "*-manylinux_i686", "*-win32", "cp31?t-*"}
    assert "tests/release/test_compiled.py" in cibw["test-command"]
    assert cibw["test-extras"] == ["test"]
    hook = pyproject()["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    assert hook["enable-by-default"] is False
    docs = (ROOT / "docs" / "quickstart.rst").read_text(encoding="utf-8")
    assert "CPython 3.11, 3.12 and 3.13 on Linux (manylinux, x86-64 and" in docs


def test_the_release_build_commands_build_a_checked_sdist_and_wheel(tmp_path: Path) -> None:
    """The workflow's build and check steps, run here as written (``dist`` in a temporary
    folder): the sdist and the wheel build, and ``twine check --strict`` passes them."""
    missing = [m for m in ("build", "twine") if importlib.util.find_spec(m) is None]
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{' and '.join(missing)} missing: they are in the test extra")
        pytest.skip(f"{' and '.join(missing)} not installed: pip install '.[test]'")
    job = workflow()["jobs"]["sdist-and-wheel"]
    build = shlex.split(the_command(job, "python -m build"))
    check = shlex.split(the_command(job, "python -m twine check"))
    assert build == ["python", "-m", "build", "--outdir", "dist", "."]
    assert check == ["python", "-m", "twine", "check", "--strict", "dist/*"]

    dist = tmp_path / "dist"

    def here(argv: list[str]) -> list[str]:
        out: list[str] = [sys.executable]
        for arg in argv[1:]:
            if arg == "dist":
                out.append(str(dist))
            elif arg.startswith("dist/"):
                out += sorted(glob.glob(str(dist / arg.removeprefix("dist/"))))
            elif arg == ".":
                out.append(str(ROOT))
            else:
                out.append(arg)
        return out

    built = subprocess.run(here(build), capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    version = pyproject()["project"]["version"]
    names = sorted(p.name for p in dist.iterdir())
    assert names == [f"unorules-{version}-py3-none-any.whl", f"unorules-{version}.tar.gz"]
    checked = subprocess.run(here(check), capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr[-3000:]
    assert checked.stdout.count("PASSED") == 2, checked.stdout

    with zipfile.ZipFile(dist / names[0]) as wheel:
        files = set(wheel.namelist())
        metadata = wheel.read(f"unorules-{version}.dist-info/METADATA").decode()
    assert {"unorules/py.typed", "unorules/__init__.py"} <= files
    for label in ("Homepage", "Documentation", "Source", "Changelog", "Issues"):
        assert f"Project-URL: {label}, https://" in metadata


def test_the_project_urls_name_the_repository_and_the_documentation() -> None:
    urls = pyproject()["project"]["urls"]
    repo = "https://github.com/unorules/unorules"
    assert urls == {
        "Homepage": repo,
        "Documentation": "https://unorules.readthedocs.io",
        "Source": repo,
        "Changelog": f"{repo}/blob/main/CHANGELOG.md",
        "Issues": f"{repo}/issues",
    }


def test_read_the_docs_builds_the_sphinx_docs_with_the_docs_extra() -> None:
    config = load_yaml(READTHEDOCS)
    assert config["version"] == 2
    assert config["build"]["os"].startswith("ubuntu-")
    assert config["build"]["tools"]["python"] in ("3.11", "3.12")
    assert config["python"]["install"] == [
        {"method": "pip", "path": ".", "extra_requirements": ["docs"]}
    ]
    assert config["sphinx"] == {"configuration": "docs/conf.py", "fail_on_warning": True}
    assert (ROOT / config["sphinx"]["configuration"]).is_file()

    # The docs extra holds what the build needs: Sphinx and the theme conf.py names, and
    # the integrations the API pages import and the plots the studies page draws.
    extras = pyproject()["project"]["optional-dependencies"]
    docs = " ".join(extras["docs"])
    test = " ".join(extras["test"])
    for need in ("sphinx", "furo"):
        assert need in docs
        assert need in test  # scripts/test builds the docs too
    for extra in ("plot", "pettingzoo", "gymnasium", "openspiel"):
        assert extra in docs

    # scripts/rtd-build builds the docs as this configuration says (run before a release).
    script = (ROOT / "scripts" / "rtd-build").read_text(encoding="utf-8")
    assert '"$root[docs]"' in script
    assert 'cd "$root/docs"' in script  # the folder of sphinx.configuration
    assert "-m sphinx -T -W --keep-going -b html" in script  # fail_on_warning
