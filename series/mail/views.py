"""The pages a member's mail links to, opened signed in or not: its one-click
unsubscribe (RFC 8058) and the link that confirms an address. Each shows what
it would do and a button; only the POST does it. The signed token in the link
is the authority, so neither asks to sign in.

The unsubscribe takes a POST without the page's CSRF token: a mail program's
one-click unsubscribe POSTs ``List-Unsubscribe=One-Click`` to the link itself,
with no cookie and no form of ours (RFC 8058, section 3.2)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from series.accounts import subscriptions
from series.mail import tokens


@csrf_exempt
@never_cache
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    try:
        user_id = tokens.unsubscribed_by(token)
    except tokens.BadLink:
        return render(request, "mail/unsubscribe.html", {"bad_link": True}, status=404)
    done = request.method == "POST"
    if done:
        subscriptions.unsubscribe(user_id=user_id)
    return render(request, "mail/unsubscribe.html", {"done": done})


@never_cache
@require_http_methods(["GET", "POST"])
def email_confirm(request, token: str):
    try:
        user_id, email = tokens.confirmed_by(token)
    except tokens.BadLink:
        return render(request, "mail/email_confirm.html", {"bad_link": True}, status=404)
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    current = user is not None and user.email.lower() == email.lower()
    context = {"email": email, "current": current, "done": False}
    if request.method == "POST" and current:
        context["done"] = subscriptions.email_confirm(user_id=user_id, email=email)
    return render(request, "mail/email_confirm.html", context, status=200 if current else 410)
