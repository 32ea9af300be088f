"""HTML pages: thin functions, selector → render."""

from django.shortcuts import render

from . import selectors


def home(request):
    return render(request, "home.html", {"series": selectors.recent_series(limit=20)})
