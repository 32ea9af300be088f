"""Tests of series/api/: the REST API, its access, refusals and query counts."""
