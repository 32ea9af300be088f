"""Tests that mirror series/: one package per folder, helpers in support/."""
