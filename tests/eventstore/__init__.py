"""Tests of series/eventstore/: the log, the one writer, projections and retries."""
