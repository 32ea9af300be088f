"""The account's pages: the devices signed in to the API, and signing them out."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from . import accounts


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
    return render(request, "account_devices.html", {"devices": accounts.devices_of(request.user)})
