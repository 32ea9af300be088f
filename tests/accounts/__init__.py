"""Tests of series/accounts/: sign-in, its lockout, device tokens and the confirmation PIN."""
