"""Tests of series/web/: middleware, headers and the messages pages show."""
