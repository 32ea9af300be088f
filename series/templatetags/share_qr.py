"""QR codes drawn by the app itself (segno), inline as SVG."""

from __future__ import annotations

import segno
from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

register = template.Library()


@register.simple_tag
def qr_svg(url: str) -> SafeString:
    """An SVG QR code of ``url``, black on white, with a text alternative."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=5, dark="#000", light="#fff", title=gettext("QR code of the link"))
    # A viewBox, so that a page sizing the code (a big screen, a printed card)
    # scales the whole of it rather than cutting it to the size it was drawn at.
    width, height = code.symbol_size(scale=5)
    svg = svg.replace("<svg ", f'<svg viewBox="0 0 {width} {height}" ', 1)
    return mark_safe(svg)  # segno writes the SVG and escapes the text in it
