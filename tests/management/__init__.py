"""Tests of series/management/: the commands run from the command line."""
