"""What the pages' write forms share: the version of the stream the page showed
and an idempotency key, so that a stale page is told so and a form sent twice
records once (the writer's scheme, ``series.eventstore.writer``); and the one
way a page hands a form to its service (``submit``)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from typing import Any

from django import forms

from series.domain import text
from series.domain.errors import DomainError
from series.eventstore.store import VersionConflict
from series.web.messages import render as error_message


class TypedInput:
    """A form mixin: every field's input as the person typed it is held to the one
    rule of typed input (``series.domain.text``), the API's too: text that is not
    UTF-8 (the decoder's U+FFFD, "���") or holds a control character, a number not
    in ASCII digits (Django reads "٤٥" as 45), a day not ``YYYY-MM-DD`` (Django
    reads "2026-1-1") are refused beside their field."""

    def _clean_fields(self) -> None:
        super()._clean_fields()
        for name, bound in self._bound_items():
            if name in self._errors or bound.field.disabled:
                continue
            error = untyped(bound.field, bound.data, name)
            if error is not None:
                self.add_error(name, error_message(error))


def untyped(field: forms.Field, raw: Any, name: str) -> DomainError | None:
    """The refusal of ``raw``, a field's input as sent, by the rule of typed input."""
    for value in raw if isinstance(raw, list | tuple) else [raw]:
        if not isinstance(value, str):
            continue
        try:
            if isinstance(field, forms.IntegerField):
                if value.strip():
                    text.whole_number(value, field=name)
            elif isinstance(field, forms.DateField):
                if value.strip():
                    text.iso_day(value.strip(), field=name)
            else:
                text.typed(value, field=name, lines=isinstance(field.widget, forms.Textarea))
        except DomainError as error:
            return error
    return None


class TypedForm(TypedInput, forms.Form):
    """A page's form: its input held to the rule of typed input (``TypedInput``)."""


class WriteForm(TypedForm):
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
    language with the players' ``names``, and is kept as ``form.refusal``; a
    change someone made meanwhile becomes the message ``changed``, and the form
    takes the stream's version now, so that sent again, once the page is
    checked, it applies."""
    if not form.is_valid():
        return False
    try:
        form.written = write(form.cleaned_data)
    except DomainError as error:
        field = error.field if error.field in form.fields else None
        form.add_error(field, error_message(error, names))
        form.refusal = error  # what a page may offer beside the words (RULES D-19's table)
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
