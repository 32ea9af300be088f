"""A club's championship (RULES D-23, D-24): its stream kind (``stream.py``),
writers (``services.py``), read model (``projection.py``), reads
(``selectors.py``), pages (``views.py``, ``forms.py``) and API (``api.py``).
Its pure rules are in ``series/domain/championships/``."""
