"""Tests of series/domain/: the pure core, with no database."""
