"""Tests of series/clubs/: clubs, players, members and the one access policy."""
