"""What the pages' write forms share: the version of the stream the page showed
and an idempotency key, so that a stale page is told so and a form sent twice
records once (the writer's scheme, ``series.eventstore.writer``)."""

from __future__ import annotations

import uuid

from django import forms


class WriteForm(forms.Form):
    expected_version = forms.IntegerField(widget=forms.HiddenInput, min_value=0, required=False)
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=64, required=False)

    def __init__(self, *args, version: int | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.initial.setdefault("expected_version", version)
        self.initial.setdefault("idempotency_key", uuid.uuid4().hex)

    def recording(self) -> dict:
        """The writer's arguments the form carries (a blank key: none)."""
        data = self.cleaned_data
        return {
            "expected_version": data.get("expected_version"),
            "idempotency_key": data.get("idempotency_key") or None,
        }
