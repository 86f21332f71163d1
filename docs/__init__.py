"""The order-language and card documents, shipped with pbem (as ``pbem.docs``) so
that HELP can attach them to its answer: players never see this repository."""
