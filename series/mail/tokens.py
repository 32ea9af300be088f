"""The signed links of a member's mail: the one that confirms an address (it
names the account and the address, and expires) and the one-click unsubscribe
(it names the account; it works without signing in, as RFC 8058 asks)."""

from __future__ import annotations

from django.conf import settings
from django.core import signing

CONFIRM_SALT = "series.mail.confirm"
UNSUBSCRIBE_SALT = "series.mail.unsubscribe"


class BadLink(Exception):
    """A link whose signature is wrong, or that expired."""


def confirm_token(user_id: int, email: str) -> str:
    return signing.dumps({"u": user_id, "e": email}, salt=CONFIRM_SALT, compress=False)


def confirmed_by(token: str) -> tuple[int, str]:
    """The account and the address ``token`` confirms; BadLink if forged or expired."""
    try:
        data = signing.loads(
            token, salt=CONFIRM_SALT, max_age=settings.EMAIL_CONFIRM_DAYS * 24 * 3600
        )
        return int(data["u"]), str(data["e"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise BadLink(token) from None


def unsubscribe_token(user_id: int) -> str:
    return signing.Signer(salt=UNSUBSCRIBE_SALT).sign(str(user_id))


def unsubscribed_by(token: str) -> int:
    """The account ``token`` unsubscribes; BadLink if forged."""
    try:
        return int(signing.Signer(salt=UNSUBSCRIBE_SALT).unsign(token))
    except (signing.BadSignature, ValueError):
        raise BadLink(token) from None
