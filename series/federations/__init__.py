"""Federations: clubs of one region in one ranking list (RULES D-25).

A person across clubs (``persons.py``), a federation and its clubs' membership
stream (``stream.py``, ``services.py``), the ranking list kept by the follower
(``projection.py``), its reads (``selectors.py``), pages and API. The pure
rules are in ``series.domain.federations``.
"""
