"""What a `pip install .` gets without the checkout: the wheel carries the
templates, the migrations and the example files the README names."""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_carries_every_file_pbem_reads(tmp_path: Path) -> None:
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(tmp_path), str(ROOT)],
                           capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    wheel = next(tmp_path.glob("pbem-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = {"pbem/examples/pbem.example.toml", "pbem/examples/games/example.toml",
              "pbem/examples/games/stoneage.toml", "pbem/examples/games/dewan.toml",
              "pbem/presenters/dewan/report.py", "pbem/migrations/script.py.mako",
              "engine/valley/boards/W1.toml"}
    wanted |= {f"pbem/templates/{p.relative_to(ROOT / 'templates')}" for p in (ROOT / "templates").rglob("*")
               if p.suffix in (".txt", ".html")}
    wanted |= {f"pbem/migrations/versions/{p.name}" for p in (ROOT / "pbem" / "migrations" / "versions").glob("*.py")}
    wanted |= {f"pbem/locale/{lang}/LC_MESSAGES/pbem.po" for lang in ("fr", "es")}
    wanted |= {f"engine/dewan/data/{p.name}" for p in (ROOT / "engine" / "dewan" / "data").glob("*.json")}
    missing = sorted(wanted - names)
    assert not missing, f"not in the wheel: {missing}"
