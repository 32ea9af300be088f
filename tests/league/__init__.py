"""Tests of series/league/ and series/domain/league/: standings, ratings, the roster."""
