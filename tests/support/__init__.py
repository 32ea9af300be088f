"""Code the tests share: reference implementations and fixtures' helpers."""
