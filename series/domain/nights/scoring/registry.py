"""The night's scoring methods the scorekeeper knows, by the code a night stores
(``scoring`` registers each one); this list knows no method."""

from __future__ import annotations

from ..registered import Registered
from .base import NightScoring

METHODS: Registered[NightScoring] = Registered("night scoring")
register, unregister, find, get = METHODS.register, METHODS.unregister, METHODS.find, METHODS.get
all, codes = METHODS.all, METHODS.codes
