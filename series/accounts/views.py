"""Account pages: sign up, the account page, password change and reset, and
the devices signed in to the API.

Sign-in, password change and password reset are Django's own views with
our templates; the account page lists its sections, so a page added later
is one more line in ``SECTIONS``.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import check_for_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods
from django.views.i18n import set_language

from series.accounts import selectors, subscriptions, throttling
from series.accounts import services as accounts
from series.accounts.forms import EmailForm, PinForm, SignUpForm
from series.domain.errors import DomainError
from series.models import Club
from series.web.messages import render as error_message

# The account page's sections that live on pages of their own: (URL name,
# title, one line of help).
SECTIONS = [
    (
        "password_change",
        gettext_lazy("Change password"),
        gettext_lazy("Choose a new password; you stay signed in on this phone."),
    ),
    (
        "account_devices",
        gettext_lazy("Devices"),
        gettext_lazy("The phones and programs signed in to the API; sign any of them out."),
    ),
    (
        "federations:account_players",
        gettext_lazy("Your players across clubs"),
        gettext_lazy("Confirm each club's player that is you, for a federation's ranking list."),
    ),
    (
        "account_pin",
        gettext_lazy("Your confirmation PIN"),
        gettext_lazy(
            "With this PIN you confirm a deal on the scorer's phone, without signing in "
            "there. Keep it to yourself."
        ),
    ),
]


def _next_url(request) -> str | None:
    """The ``next`` the request asks for, if it is a page of this site (over HTTPS
    when the request came so); else None."""
    wanted = request.POST.get("next") or request.GET.get("next")
    if wanted and url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return None


@never_cache  # a refused sign-up shows the passwords typed again
@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect(_next_url(request) or "home")
    form = SignUpForm(request.POST or None)
    wait = throttling.signup_refused(request) if request.method == "POST" else None
    if wait is not None:
        minutes = max(1, round(wait / 60))
        form.errors.clear()
        form.add_error(
            None,
            ngettext(
                "Too many accounts were created from your address. "
                "Try again in %(minutes)d minute.",
                "Too many accounts were created from your address. "
                "Try again in %(minutes)d minutes.",
                minutes,
            )
            % {"minutes": minutes},
        )
        context = {"form": form, "next": _next_url(request)}
        response = render(request, "accounts/signup.html", context, status=429)
        response["Retry-After"] = str(wait)
        return response
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        if form.display_name:
            messages.success(
                request,
                _("Welcome, %(name)s: your account is ready. You sign in as %(username)s.")
                % {"name": form.display_name, "username": user.username},
            )
        else:
            messages.success(
                request, _("Welcome, %(name)s: your account is ready.") % {"name": user.username}
            )
        return redirect(_next_url(request) or "home")
    return render(request, "accounts/signup.html", {"form": form, "next": _next_url(request)})


@login_required
@require_http_methods(["GET", "POST"])
def account(request):
    """The address, the results by e-mail (``series.mail``) and the sections."""
    results = subscriptions.results_by_email(request.user)
    if request.method == "POST" and "send_again" in request.POST:
        if subscriptions.confirmation_send_again(user=request.user):
            sent = _("A new link was sent to %(email)s.") % {"email": results.address}
            messages.success(request, sent)
        else:
            minutes = int(subscriptions.AGAIN_AFTER.total_seconds() // 60)
            waiting = ngettext(
                "A link was sent to %(email)s less than %(minutes)d minute ago: look for it "
                "in your mail (among the spam too), or ask for another later.",
                "A link was sent to %(email)s less than %(minutes)d minutes ago: look for it "
                "in your mail (among the spam too), or ask for another later.",
                minutes,
            ) % {"email": results.address, "minutes": minutes}
            messages.info(request, waiting)
        return redirect("account")
    form = EmailForm(
        request.POST or None, instance=request.user, initial={"results_by_email": results.on}
    )
    if request.method == "POST" and form.is_valid():
        accounts.email_set(user=request.user, email=form.cleaned_data["email"])
        results = subscriptions.results_by_email_set(
            user=request.user,
            on=form.cleaned_data["results_by_email"],
            language=request.LANGUAGE_CODE,
        )
        messages.success(request, _results_saved(results))
        return redirect("account")
    # each club's calendar of nights, a private club's with the member's own link,
    # is on its nights list: the account page leads there
    clubs = Club.objects.filter(memberships__user=request.user).order_by("name", "id")
    context = {"form": form, "sections": SECTIONS, "results": results, "clubs": clubs}
    return render(request, "accounts/account.html", context)


def _results_saved(results: subscriptions.ResultsByEmail) -> str:
    if results.on and not results.address:
        return _("Saved. Add your e-mail address: your results are sent only to an address.")
    if results.on and not results.confirmed:
        return _(
            "Saved. A link was sent to %(email)s: open it to confirm your address, and your "
            "results are sent there."
        ) % {"email": results.address}
    return _("Saved.")


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("account")

    def form_valid(self, form):
        messages.success(self.request, _("Your password was changed."))
        return super().form_valid(form)


password_reset = auth_views.PasswordResetView.as_view(
    template_name="accounts/password_reset.html",
    email_template_name="accounts/password_reset_email.txt",
    subject_template_name="accounts/password_reset_subject.txt",
)
password_reset_done = auth_views.PasswordResetDoneView.as_view(
    template_name="accounts/password_reset_done.html"
)
password_reset_confirm = auth_views.PasswordResetConfirmView.as_view(
    template_name="accounts/password_reset_confirm.html"
)
password_reset_complete = auth_views.PasswordResetCompleteView.as_view(
    template_name="accounts/password_reset_complete.html"
)


@login_required
@require_http_methods(["GET", "POST"])
def devices(request):
    """GET lists the user's devices; POST ``revoke`` signs one out, ``revoke_all``
    signs out every device and this browser too."""
    if request.method == "POST":
        if "revoke_all" in request.POST:
            accounts.devices_sign_out_all(user=request.user)
            logout(request)
            messages.success(request, _("Every device was signed out."))
            return redirect("login")
        if accounts.device_sign_out(user=request.user, digest=request.POST.get("revoke", "")):
            messages.success(request, _("The device was signed out."))
        return redirect("account_devices")
    return render(request, "accounts/devices.html", {"devices": accounts.devices_of(request.user)})


@login_required
@require_http_methods(["GET", "POST"])
def account_pin(request):
    form = PinForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            accounts.pin_set(user=request.user, pin=form.cleaned_data["pin"])
        except DomainError as error:
            form.add_error("pin", error_message(error))
        else:
            messages.success(request, _("Your PIN is set."))
            return redirect(_next_url(request) or "account_pin")
    has_pin = selectors.has_pin(request.user)
    return render(request, "accounts/pin.html", {"form": form, "has_pin": has_pin})


def language_choose(request):
    """Django's ``set_language``; a signed-in member's choice is kept on their
    account too, so that their mail is written in it (``series.mail``)."""
    response = set_language(request)
    language = request.POST.get("language", "")
    if request.method == "POST" and request.user.is_authenticated and check_for_language(language):
        subscriptions.language_set(user=request.user, language=language)
    return response
