"""A pass paces Python's garbage collector (pbem.runners.pacing) and leaves it as it found it:
its thresholds back, nothing left set aside, once whatever the passes inside it or an error."""
from __future__ import annotations

import gc

import pytest

from pbem.runners.pacing import PACE, paced


def test_a_pass_paces_the_collector_and_puts_it_back() -> None:
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    kept = [object()]                   # made before: set aside within
    with paced():
        assert gc.get_threshold() == PACE
        assert gc.get_freeze_count() > frozen
        with paced():                   # a pass inside another: paced once
            assert gc.get_threshold() == PACE
        assert gc.get_threshold() == PACE, "the inner pass leaves the outer one paced"
        cycle: list = []
        cycle.append(cycle)             # garbage that refers to itself is still collected
        del cycle
        assert gc.collect() >= 1
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen
    assert kept


def test_an_error_inside_still_puts_it_back() -> None:
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    with pytest.raises(RuntimeError):
        with paced():
            raise RuntimeError("a pass that failed")
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen
