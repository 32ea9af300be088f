"""What the pages' write forms share: the version of the stream the page showed
and an idempotency key, so that a stale page is told so and a form sent twice
records once (the writer's scheme, ``series.eventstore.writer``); and the one
way a page hands a form to its service (``submit``)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from typing import Any

from django import forms

from series.domain.errors import DomainError
from series.eventstore.store import VersionConflict
from series.web.messages import render as error_message


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


def submit(
    form: forms.Form,
    write: Callable[[dict], Any],
    *,
    names: Mapping[int, str] | None = None,
    changed: str | None = None,
) -> bool:
    """Hand a valid form's data to a service, whose answer the form keeps
    (``form.written``). A refusal becomes the form's error, in the page's
    language with the players' ``names``; a change someone made meanwhile
    becomes the message ``changed``, and the form takes the stream's version
    now, so that sent again, once the page is checked, it applies."""
    if not form.is_valid():
        return False
    try:
        form.written = write(form.cleaned_data)
    except DomainError as error:
        field = error.field if error.field in form.fields else None
        form.add_error(field, error_message(error, names))
        return False
    except VersionConflict as conflict:
        if changed is None:
            raise
        if conflict.current is not None and "expected_version" in form.fields:
            form.data = form.data.copy()
            form.data["expected_version"] = conflict.current
        form.add_error(None, changed)
        return False
    return True
