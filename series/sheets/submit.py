"""The one way a page sends a form's command to a service and says how it went."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.utils.translation import gettext as _

from series.domain.errors import DomainError
from series.eventstore.store import VersionConflict
from series.sheets import selectors
from series.web.messages import render as error_message


def submit(
    request,
    form,
    write: Callable,
    names: dict[int, str],
    *,
    changed: str,
    at_version: Callable,
    done: tuple[int, str] | None = None,
) -> tuple[object, bool]:
    """Run ``write`` (a service call, its result carrying ``replayed``); the form
    and whether it was written. A replay says so (the entry had been sent
    before), else ``done`` (a message level and text) is said. A refusal stays
    on the form, on the field the form says is at fault (``field_at_fault``,
    if it has one), naming players by ``names``. When the sheet moved on, the
    form is ``at_version(form, version)`` of the sheet as it stands, with
    ``changed`` as its error."""
    try:
        result = write()
    except DomainError as error:
        field_at_fault = getattr(form, "field_at_fault", None)
        field = field_at_fault(error) if field_at_fault else None
        form.add_error(field, error_message(error, names))
    except VersionConflict as conflict:
        form = at_version(form, conflict.current or selectors.sheet_version(conflict.stream))
        form.add_error(None, changed)
    else:
        if result.replayed:
            messages.info(request, _("Already recorded: this entry had been sent before."))
        elif done is not None:
            messages.add_message(request, *done)
        return form, True
    return form, False
