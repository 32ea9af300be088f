"""Tests of series/sheets/: the series stream's services, confirmations and seats."""
