"""The refusals of a championship: a code and a sentence that names the fix."""

from __future__ import annotations

from ..errors import DomainError


class InvalidChampionship(DomainError):
    code = "invalid_championship"
