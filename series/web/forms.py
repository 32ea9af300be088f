"""What the pages' write forms share: the version of the stream the page showed
and an idempotency key, so that a stale page is told so and a form sent twice
records once (the writer's scheme, ``series.eventstore.writer``); and the one
way a page hands a form to its service (``submit``)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest
from django.utils.translation import gettext as _

from series.domain import text
from series.domain.errors import DomainError
from series.eventstore.store import VersionConflict, current_version
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


class CarriesRecording:
    """A form mixin for a page's write: the one reader of what the form hands its
    writer besides its own fields (``recording``)."""

    def recording(self, request, *, versioned: bool = True) -> dict:
        """Who writes (the signed-in user), the form's idempotency key (none when
        blank) and the version of the stream the page showed (none when the form
        carries none). A write that takes no version (one that starts a stream, a
        member's own check-in or answer, where the last one counts) is not
        ``versioned``: it hands its writer no expected version."""
        return _recording(request, self.cleaned_data, versioned=versioned)

    @classmethod
    def sent(cls, request) -> dict:
        """Who writes and the idempotency key ``request`` sends, as sent, read
        before the form is built: for a page whose form depends on which write it
        answers (a retry's, whose first answer was lost). No version: the form's
        own ``recording`` reads it."""
        return _recording(request, request.POST, versioned=False)


def _recording(request, data, *, versioned: bool) -> dict:
    recording = {
        "actor_id": request.user.id,
        "idempotency_key": data.get("idempotency_key") or None,
    }
    if versioned:
        recording["expected_version"] = data.get("expected_version")
    return recording


class WriteForm(CarriesRecording, TypedForm):
    expected_version = forms.IntegerField(widget=forms.HiddenInput, min_value=0, required=False)
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=64, required=False)

    def __init__(self, *args, version: int | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.initial.setdefault("expected_version", version)
        self.initial.setdefault("idempotency_key", uuid.uuid4().hex)


@dataclass(frozen=True, slots=True)
class Submission:
    """How a form's write went: whether it was recorded (the submission's truth)
    and the form the page shows now."""

    recorded: bool
    form: forms.Form

    def __bool__(self) -> bool:
        return self.recorded


def submit(
    form: forms.Form,
    write: Callable[[dict], Any],
    *,
    names: Mapping[int, str] | None = None,
    changed: str | None = None,
    at_version: Callable[[forms.Form, int], forms.Form] | None = None,
    request: HttpRequest | None = None,
    done: tuple[int, str] | None = None,
) -> Submission:
    """Hand a valid form's data to a service, whose answer the form keeps
    (``form.written``); with a ``request``, the page then says a write sent
    before was recorded already (the answer's ``replayed``), else ``done`` (a
    message level and text). A refusal becomes the form's error, on the field
    the form says is at fault (its ``field_at_fault``, else the refusal's own
    field), in the page's language with the players' ``names``, and is kept as
    ``form.refusal``. A change someone made meanwhile becomes the message
    ``changed`` (none: the conflict is raised), on the form at the stream's
    version now, so that sent again, once the page is checked, it applies:
    the same form taking that version, or ``at_version(form, version)``."""
    if not form.is_valid():
        return Submission(False, form)
    try:
        form.written = write(form.cleaned_data)
    except DomainError as error:
        form.add_error(_field_at_fault(form, error), error_message(error, names))
        form.refusal = error  # what a page may offer beside the words (RULES D-19's table)
        return Submission(False, form)
    except VersionConflict as conflict:
        if changed is None:
            raise
        version = conflict.current
        if version is None:
            version = current_version(conflict.stream)
        if at_version is not None:
            form = at_version(form, version)
        elif "expected_version" in form.fields:
            form.data = form.data.copy()
            form.data["expected_version"] = version
        form.add_error(None, changed)
        return Submission(False, form)
    if request is not None:
        if getattr(form.written, "replayed", False):
            messages.info(request, _("Already recorded: this entry had been sent before."))
        elif done is not None:
            messages.add_message(request, *done)
    return Submission(True, form)


def _field_at_fault(form: forms.Form, error: DomainError) -> str | None:
    field_at_fault = getattr(form, "field_at_fault", None)
    if field_at_fault is not None:
        return field_at_fault(error)
    return error.field if error.field in form.fields else None
