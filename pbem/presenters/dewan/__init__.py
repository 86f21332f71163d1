"""Dewan as its players and GM read it: the presenter is being built (so far
its text and SVG maps)."""
