"""Club nights (RULES §5): a night's stream, its projection, services and selectors.

The pure rules live in ``series.domain.nights``; each table of a night plays
one series, started through the series' own service.
"""
