"""Tests of series/database/: the app's database role, read replicas and the pooler."""
