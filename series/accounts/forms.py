"""Forms of the account pages: sign-up, sign-in and the e-mail address."""

from __future__ import annotations

import re

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from series.accounts import services as accounts
from series.web.forms import TypedForm, TypedInput


def username_from(name: str) -> str:
    """A user name made from a display name: "Giulia Rossi" → "giulia.rossi"
    (letters, digits and @ . + - _ only, as Django's user names)."""
    made = re.sub(r"[^\w.@+-]", "", ".".join(name.split()).lower())
    return made.strip(".")[:150]


class SignUpForm(TypedInput, UserCreationForm):
    """User name, password twice (Django's validators), optional e-mail.

    A name with spaces ("Giulia Rossi") is taken as the display name, and the
    user name to sign in with is made from it ("giulia.rossi", numbered when
    taken). On a refusal every field keeps what was typed, the passwords too,
    unless the refusal is about them."""

    email = forms.EmailField(
        label=_("E-mail (optional)"),
        required=False,
        help_text=_("Only to reset a forgotten password."),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        username = self.fields["username"]
        username.label = _("User name")
        username.widget.attrs.update({"autocapitalize": "none", "autocomplete": "username"})
        self.fields["email"].widget.attrs.update({"autocomplete": "email"})
        username.help_text = _(
            "Your name will do, spaces and all: the user name to sign in with is then made from it."
        )
        self.display_name = ""

    def clean_username(self):
        typed = " ".join((self.cleaned_data.get("username") or "").split())
        made = username_from(typed)
        if not re.fullmatch(r"[\w.@+-]+", typed) and made:
            self.display_name = typed
            self.cleaned_data["username"] = self._free(made)
        return super().clean_username()

    def _free(self, made: str) -> str:
        """``made``, or ``made`` with the first number that no one has taken yet."""
        users = self._meta.model.objects
        taken = {
            name.lower()
            for name in users.filter(username__istartswith=made).values_list("username", flat=True)
        }
        return next(
            candidate
            for number in range(1, len(taken) + 2)
            if (candidate := made if number == 1 else f"{made}{number}") not in taken
        )

    def _post_clean(self):
        super()._post_clean()
        if self.display_name:
            self.instance.first_name = self.display_name[:150]
        # The passwords stay in their fields unless the form says what is wrong with them.
        keep = not (self.has_error("password1") or self.has_error("password2"))
        for name in ("password1", "password2"):
            self.fields[name].widget.render_value = keep


SHARED_NAME = _(
    "More than one account goes by this name: sign in with your user name or your e-mail address."
)


class SignInForm(TypedInput, AuthenticationForm):
    """Django's sign-in form, whose name may be any the account answers to
    (``backends.NameBackend``); a name several accounts share is refused with
    the way to tell them apart."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _("Your user name and password did not match. Please try again."),
        "shared_name": SHARED_NAME,
    }

    def get_invalid_login_error(self):
        if len(accounts.accounts_named(self.cleaned_data.get("username") or "")) > 1:
            return forms.ValidationError(self.error_messages["shared_name"], code="shared_name")
        return super().get_invalid_login_error()


RESULTS_BY_EMAIL = _("E-mail me my results after each club night")
RESULTS_BY_EMAIL_HELP = _(
    "Your place, points and rounds, the top three and the night's report, once the "
    "night closes; sent only once you confirm your address with the link sent to it."
)


class EmailForm(TypedInput, forms.ModelForm):
    """The account's address, and whether the member's results are sent to it."""

    results_by_email = forms.BooleanField(
        label=RESULTS_BY_EMAIL, help_text=RESULTS_BY_EMAIL_HELP, required=False
    )

    class Meta:
        model = get_user_model()
        fields = ("email",)
        labels = {"email": _("E-mail")}
        help_texts = {
            "email": _(
                "Used to reset a forgotten password and, only if you tick the box below, "
                "to send you your results. Leave empty for none."
            )
        }


PIN_PATTERN = r"[0-9]{4,8}"


class PinForm(TypedForm):
    pin = forms.RegexField(
        regex=f"^{PIN_PATTERN}$",
        label=_("New PIN (4 to 8 digits)"),
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
        error_messages={"invalid": _("Use 4 to 8 digits.")},
    )
    again = forms.CharField(
        label=_("The same PIN again"),
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )

    def clean(self):
        data = super().clean()
        if data.get("pin") and data.get("pin") != data.get("again"):
            self.add_error("again", _("The two PINs differ."))
        return data
