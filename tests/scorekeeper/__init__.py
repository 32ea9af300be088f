"""Tests of scorekeeper/ (the project): settings, production checks and gunicorn."""
