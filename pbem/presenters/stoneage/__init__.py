"""Stone Age as its players and GM read it. This module is its
:class:`pbem.presenters.Presenter`; the templates are in
templates/reports/stoneage/."""
from __future__ import annotations

from engine.stoneage.cases import run_case
from pbem.presenters.stoneage.report import draw_maps as maps
from pbem.presenters.stoneage.report import report
from pbem.presenters import parts_by_phase
from pbem.presenters.stoneage.report import visible
from pbem.presenters.stoneage.simulate import SIMULATOR as simulator
from pbem.presenters.stoneage.words import IDLE as idle, help_lines, label, standings, when

demo = None

event_parts = parts_by_phase(visible)

__all__ = ["demo", "event_parts", "help_lines", "idle", "label", "maps", "report", "run_case",
           "simulator", "standings", "when"]
