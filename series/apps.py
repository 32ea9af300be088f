from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeriesConfig(AppConfig):
    name = "series"
    verbose_name = _("Series")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from series.accounts import services as accounts
        from series.api import schema  # noqa: F401 (registers the token's OpenAPI scheme)
        from series.championships import projection as championship_projection
        from series.championships import selectors as championships
        from series.championships import services as championship_services
        from series.domain.nights.draws import CHAMPIONSHIP as CHAMPIONSHIP_DRAW
        from series.eventstore import projectors
        from series.federations.persons import RELINKS
        from series.federations.projection import FOLLOWER, REBUILD
        from series.league.catch_up import CATCH_UP
        from series.league.projection import LEAGUE
        from series.mail import outbox
        from series.nights import projection as night_projection
        from series.nights import selectors as night_selectors
        from series.nights import services as nights
        from series.nights import stream as night_stream
        from series.sheets import projection as sheet_projection

        accounts.connect()
        # The rebuild writes the score sheets as it reads the log, then the nights
        # (their tables' sheets written), then the championships (their nights written).
        projectors.register_streams(sheet_projection.REBUILD)
        projectors.register_streams(night_projection.REBUILD, after=("series",))
        projectors.register_streams(championship_projection.REBUILD, after=("night",))
        projectors.register(LEAGUE)  # the league follows the series
        projectors.register_tailing(CATCH_UP)  # and catches up outside the request
        projectors.register(REBUILD)  # the federations' lists are rebuilt with the rest
        projectors.register_tailing(FOLLOWER)  # and followed outside the request
        projectors.register(RELINKS)  # a player relinked leaves the account that confirmed it
        if outbox.night_changed not in night_stream.FOLLOWERS:  # a close's mail, in its transaction
            night_stream.FOLLOWERS.append(outbox.night_changed)
        # A championship's night: no reopening after its cut, its final drawn by its standings.
        if championships.refuse_reopen_after_cut not in night_stream.REOPEN_CHECKS:
            night_stream.REOPEN_CHECKS.append(championships.refuse_reopen_after_cut)
        nights.DRAW_ORDERS[CHAMPIONSHIP_DRAW] = championships.final_order
        # Its nights open through the night's own operation, and its page shows what
        # the night counts for and, on the final, the championship's ranking.
        nights.OPENERS["championship"] = championship_services.night_open_for_championship
        if championships.final_ranking_of_night not in night_selectors.COUNTS_FOR:
            night_selectors.COUNTS_FOR.append(championships.final_ranking_of_night)
