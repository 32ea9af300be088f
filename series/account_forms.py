"""Forms of the account pages: sign-up and the e-mail address."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _


class SignUpForm(UserCreationForm):
    """User name, password twice (Django's validators), optional e-mail."""

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


class EmailForm(forms.ModelForm):
    class Meta:
        model = get_user_model()
        fields = ("email",)
        labels = {"email": _("E-mail")}
        help_texts = {"email": _("Used only to reset a forgotten password. Leave empty for none.")}
