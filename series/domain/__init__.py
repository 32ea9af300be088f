"""The pure domain core: cards, rules, melds and the series fold.

Nothing in this package imports Django; it can be tested, benchmarked and
reused without a database.
"""
