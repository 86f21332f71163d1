"""pbem: a play-by-email turn processor for slow board games."""

__version__ = "0.1.0"
