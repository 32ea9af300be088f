"""Tests of series/backup/: a club's signed backup and its restore."""
