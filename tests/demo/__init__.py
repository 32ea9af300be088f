"""Tests of series/demo/: the public demo club's history."""
