"""python -m pbem.locale update | check: see pbem.locale.catalogues."""
from __future__ import annotations

import sys

from pbem.locale.catalogues import languages, missing, update


def main(argv: list[str]) -> int:
    if argv[1:] == ["update"]:
        for lang, count in update().items():
            print(f"{lang}: {count} message(s) to translate")
        return 0
    if argv[1:] == ["check"]:
        lacking = {lang: missing(lang) for lang in languages()}
        for lang, ids in lacking.items():
            print(f"{lang}: {len(ids)} message(s) to translate" + "".join(f"\n  {i!r}" for i in ids[:20]))
        return 1 if any(lacking.values()) else 0
    print("usage: python -m pbem.locale update | check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
