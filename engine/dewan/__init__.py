"""Dewan (2-4 players): camps placed across a map of hex tiles to meet the
stories' requirements. Being built: the map, cards and stories
(board.py, cards.py, stories.py) and the rules; not yet in the registry.
"""
