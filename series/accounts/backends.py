"""Sign-in as you signed up: the name typed at sign-in may be the user name, the
name given at sign-up ("Lucía Fernández") or the e-mail address, in any case,
with or without accents, when it names one account
(``services.accounts_named``). A name that several accounts share signs no one
in: the sign-in asks for the user name or the address (``SignInForm``)."""

from __future__ import annotations

from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied

from series.accounts import services as accounts


class NameBackend(ModelBackend):
    """Django's model backend, reached by any name the account answers to. A
    wrong password for the account a name resolves to ends the sign-in
    (``PermissionDenied``: the failure is counted once, the password hashed
    once); a name that resolves to no single account is left to the model
    backend after it, which spends a hash on it as on any unknown name."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None or password is None:
            return None
        found = accounts.accounts_named(username)
        if len(found) != 1:
            return None
        user = found[0]
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        # An address typed that is one account's user name and another's
        # e-mail: the owner of the address signs in with her own password.
        owner = accounts.address_owner(username, besides=user)
        if (
            owner is not None
            and owner.check_password(password)
            and self.user_can_authenticate(owner)
        ):
            return owner
        raise PermissionDenied
