"""Dewan as its players and GM read it. This module is its
:class:`pbem.presenters.Presenter`: the report (report.py, with the
templates in templates/reports/dewan/), the text and SVG maps (asciimap.py,
svgmap.py), HELP (help.py), the step's names and the standings (words.py),
and the case runner of engine.dewan; the simulator of engine.dewan.simulate.
No demo yet."""
from __future__ import annotations

from engine.dewan.cases import run_case
from pbem.presenters.dewan.help import help_lines
from pbem.presenters.dewan.report import draw_maps as maps
from pbem.presenters.dewan.report import report
from pbem.presenters import parts_by_phase
from pbem.presenters.dewan.report import visible
from pbem.presenters.dewan.simulate import SIMULATOR as simulator
from pbem.presenters.dewan.words import IDLE as idle, label, standings, when

demo = None

event_parts = parts_by_phase(visible)

__all__ = ["demo", "event_parts", "help_lines", "idle", "label", "maps", "report", "run_case",
           "simulator", "standings", "when"]
