"""A member's mail: a night's results after its close, written from the log's
close in its own transaction (``outbox``), sent by ``manage.py send_mail``
(``sender``, ``compose``), to members who asked for them (``subscriptions``),
with one-click unsubscribe (``tokens``, ``views``)."""
