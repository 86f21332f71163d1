"""Valley of the Mammoths as its players and GM read it. This module is
its :class:`pbem.presenters.Presenter`; the templates are in
templates/reports/valley/."""
from __future__ import annotations

from engine.valley.cases import run_case
from pbem.presenters.valley.report import draw_maps as maps
from pbem.presenters.valley.report import event_parts, report, when
from pbem.presenters.valley.simulate import SIMULATOR as simulator
from pbem.presenters.valley.words import IDLE as idle, DEMO as demo
from pbem.presenters.valley.words import help_lines, label, standings

__all__ = ["demo", "event_parts", "help_lines", "idle", "label", "maps", "report", "run_case",
           "simulator", "standings", "when"]
