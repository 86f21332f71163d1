"""Stone Age (with the Mammoth Herd as an option): the rules as a pure engine.

Under construction: the data, the state, setup and the order language are
here; the phases, bots and presenter come later. Until then the ruleset is
not in engine.registry, so the mail layer never offers a half game.
"""
