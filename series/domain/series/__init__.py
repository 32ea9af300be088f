"""A series as a fold of its events, and the commands that extend it.

``state = fold(events)`` applies the events in order; each command is a
function ``decide(state, command) -> list[Event]`` that raises a DomainError
when the rules refuse it. ``decide`` checks and scores; ``apply`` trusts the
decided scores the events carry. Nothing here touches a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from series.domain import scoring
from series.domain.errors import DomainError, InvalidDeal, NotFound, SeriesClosed, _
from series.domain.events import (
    DealConfirmed,
    DealCorrected,
    DealDisputed,
    DealEntry,
    DealRecorded,
    DealVoided,
    Event,
    Outcome,
    PlayerSeated,
    SeriesAbandoned,
    SeriesStarted,
)
from series.domain.registry import command_for  # noqa: F401 (a restore's, as the commands)
from series.domain.rules import Rules
from series.domain.series.commands import (
    AbandonSeries,
    Command,
    ConfirmDeal,
    CorrectDeal,
    DisputeDeal,
    RecordDeal,
    SeatPlayer,
    StartSeries,
    VoidDeal,
)
from series.domain.series.confirmation import CONFIRMED, DISPUTED, TO_CONFIRM, asked
from series.domain.text import plain

NOT_STARTED = "not_started"
IN_PROGRESS = "in_progress"
TIEBREAK = "tiebreak"
FINISHED = "finished"
ABANDONED = "abandoned"
OPEN_STATUSES = (IN_PROGRESS, TIEBREAK)  # a series still being played


@dataclass(frozen=True, slots=True)
class Setup:
    club: int
    players: tuple[int, ...]  # seat order
    first_dealer: int
    rules: Rules


@dataclass(frozen=True, slots=True)
class Deal:
    """A recorded deal as it stands now (after corrections), with its scores."""

    number: int
    dealer: int
    tiebreak: bool
    entry: DealEntry
    players: tuple[int, ...] = ()  # who played it
    scores: Mapping[int, int] = field(default_factory=dict)
    corrected: bool = False
    void: bool = False
    # TO_CONFIRM, NOT_ASKED (recorded while the club asked for none), CONFIRMED or
    # DISPUTED (``confirmation``)
    confirmation: str = TO_CONFIRM


@dataclass(frozen=True, slots=True)
class Progress:
    """Totals and what comes next, derived from the deals in order."""

    totals: Mapping[int, int]
    outcome: Outcome
    regular_deals: int = 0
    last_dealer: int | None = None


@dataclass(frozen=True, slots=True)
class SeriesState:
    version: int = 0
    setup: Setup | None = None
    deals: tuple[Deal, ...] = ()
    progress: Progress | None = None
    abandoned: bool = False

    @property
    def status(self) -> str:
        if self.setup is None:
            return NOT_STARTED
        if self.abandoned:
            return ABANDONED
        if self.progress.outcome.finished:
            return FINISHED
        if self.progress.outcome.tiebreak:
            return TIEBREAK
        return IN_PROGRESS

    @property
    def is_open(self) -> bool:
        return self.status in (IN_PROGRESS, TIEBREAK)

    @property
    def totals(self) -> Mapping[int, int]:
        return self.progress.totals if self.progress else {}

    @property
    def winner(self) -> int | None:
        return self.progress.outcome.winner if self.progress else None

    @property
    def tiebreak_players(self) -> tuple[int, ...]:
        return self.progress.outcome.contenders if self.status == TIEBREAK else ()

    @property
    def eliminated(self) -> tuple[int, ...]:
        return self.progress.outcome.eliminated if self.progress else ()

    @property
    def next_number(self) -> int:
        return len(self.deals) + 1

    @property
    def unconfirmed(self) -> int:
        """How many deals that count wait for a confirmation: those recorded while
        the club asked for one and not confirmed yet, and every disputed deal."""
        return sum(
            1
            for deal in self.deals
            if not deal.void and deal.confirmation in (TO_CONFIRM, DISPUTED)
        )

    @property
    def disputed(self) -> tuple[int, ...]:
        return tuple(d.number for d in self.deals if not d.void and d.confirmation == DISPUTED)

    @property
    def next_dealer(self) -> int | None:
        if not self.is_open:
            return None
        return _next_dealer(self.setup, self.progress)

    @property
    def next_players(self) -> tuple[int, ...]:
        """Who plays the next deal, in seat order."""
        return self.progress.outcome.contenders if self.is_open else ()

    def repeated_deal(self, entry: DealEntry) -> int | None:
        """The number of the last deal (not void) when ``entry`` is the same
        as its entry: the same deal sent twice, most likely by mistake."""
        last = next((deal for deal in reversed(self.deals) if not deal.void), None)
        if last is not None and same_entry(last.entry, entry):
            return last.number
        return None

    def deal(self, number: int) -> Deal:
        if not 1 <= number <= len(self.deals):
            raise NotFound(
                _("There is no deal {number} in this series."),
                code="deal_not_found",
                number=number,
            )
        return self.deals[number - 1]


def same_entry(one: DealEntry, other: DealEntry) -> bool:
    """Whether two entries say the same: who went out, each hand's cards (in
    any order) or points, the buys, the winner's groups and the Rummy claim."""

    def said(entry: DealEntry) -> tuple:
        hands = sorted(
            (
                (h.player, None if h.cards is None else sorted(h.cards), h.points)
                for h in entry.hands
            ),
            key=lambda hand: hand[0],
        )
        buys = sorted((player, n) for player, n in entry.buys.items() if n)
        return (entry.went_out, hands, entry.going_out, buys, entry.rummy)

    return said(one) == said(other)


# -- the fold -----------------------------------------------------------------


def apply(state: SeriesState, event: Event) -> SeriesState:
    """The state after one more event. Events are facts: this never refuses,
    never scores and never checks a rule; a deal's event carries its decided
    scores and outcome (``decided`` supplies them for events written before)."""
    version = state.version + 1
    match event:
        case SeriesStarted():
            setup = Setup(
                club=event.club,
                players=tuple(event.players),
                first_dealer=event.first_dealer,
                rules=Rules.from_dict(event.rules),
            )
            return SeriesState(version=version, setup=setup, progress=_start(setup))
        case DealRecorded():
            played = state.progress.outcome.contenders
            deal = Deal(
                event.number,
                event.dealer,
                event.tiebreak,
                event.entry,
                played,
                dict(event.scores),
                confirmation=asked(event.needs_confirmation),
            )
            return replace(
                state,
                version=version,
                deals=(*state.deals, deal),
                progress=_added(state.progress, deal, event.outcome),
            )
        case DealCorrected():
            deals = list(state.deals)
            old = deals[event.number - 1]
            deals[event.number - 1] = replace(
                old,
                entry=event.entry,
                scores=dict(event.scores),
                corrected=True,
                confirmation=asked(event.needs_confirmation),
            )
            return _tallied(replace(state, version=version), tuple(deals), event.outcome)
        case DealVoided():
            deals = list(state.deals)
            old = deals[event.number - 1]
            deals[event.number - 1] = replace(old, players=(), scores={}, void=True)
            return _tallied(replace(state, version=version), tuple(deals), event.outcome)
        case DealConfirmed() | DealDisputed():
            mark = CONFIRMED if isinstance(event, DealConfirmed) else DISPUTED
            deals = list(state.deals)
            deals[event.number - 1] = replace(deals[event.number - 1], confirmation=mark)
            return replace(state, version=version, deals=tuple(deals))
        case SeriesAbandoned():
            return replace(state, version=version, abandoned=True)
        case PlayerSeated():
            setup = replace(
                state.setup,
                players=(*state.setup.players, event.player),
                rules=Rules.from_dict(event.rules),
            )
            return replace(state, version=version, setup=setup, progress=_start(setup))
    raise TypeError(f"not an event: {event!r}")


def fold(events: Iterable[Event], state: SeriesState | None = None) -> SeriesState:
    state = state or SeriesState()
    for event in events:
        state = apply(state, decided(state, event))
    return state


def decided(state: SeriesState, event: Event) -> Event:
    """``event`` with its decided scores and outcome. A deal's event from before
    events carried them (read back with none) is scored once, as it is folded,
    by the rules in force then; every later event already carries them."""
    match event:
        case DealRecorded(scores=None):
            deal = Deal(event.number, event.dealer, event.tiebreak, event.entry)
            scored, progress = _advance(state.setup, state.progress, deal)
            return replace(event, scores=scored.scores, outcome=progress.outcome)
        case DealCorrected(scores=None):
            changed = replace(state.deal(event.number), entry=event.entry, corrected=True)
            rescored = _rescored(state, changed)
            scores = rescored.deals[event.number - 1].scores
            return replace(event, scores=scores, outcome=rescored.progress.outcome)
        case DealVoided(outcome=None):
            rescored = _rescored(state, replace(state.deal(event.number), void=True))
            return replace(event, outcome=rescored.progress.outcome)
    return event


# What a restore checks in place of a reason typed before reasons were cleaned.
_EARLIER_REASON = "a reason typed before reasons were cleaned"


def with_checkable_reason(event: Event) -> Event:
    """``event`` as a restore checks it against its command: a reason recorded
    before the text rule (a bidi mark, a decomposed accent) is history, kept as
    written; every other part of the event is still what its command decides."""
    reason = getattr(event, "reason", None)
    if reason is None:
        return event
    try:
        if plain(reason, field="reason") == reason:
            return event
    except DomainError:
        pass
    return replace(event, reason=_EARLIER_REASON)


def _start(setup: Setup) -> Progress:
    return Progress(
        totals=dict.fromkeys(setup.players, 0),
        outcome=Outcome(False, False, setup.players),
    )


def _added(progress: Progress, deal: Deal, outcome: Outcome) -> Progress:
    """The progress with one more deal that counts: its scores on top of the totals."""
    totals = dict(progress.totals)
    for player, points in deal.scores.items():
        totals[player] += points
    regular = progress.regular_deals + (0 if deal.tiebreak else 1)
    return Progress(totals, outcome, regular, deal.dealer)


def _tallied(state: SeriesState, deals: tuple[Deal, ...], outcome: Outcome) -> SeriesState:
    """The state with these deals and the outcome decided after them: totals
    add up the deals' scores; the last dealer is that of the last deal that
    counts (a voided deal is dealt again by the same dealer)."""
    totals = dict.fromkeys(state.setup.players, 0)
    regular, last_dealer = 0, None
    for deal in deals:
        if deal.void:
            continue
        for player, points in deal.scores.items():
            totals[player] += points
        regular += 0 if deal.tiebreak else 1
        last_dealer = deal.dealer
    return replace(state, deals=deals, progress=Progress(totals, outcome, regular, last_dealer))


def _rescored(state: SeriesState, changed: Deal) -> SeriesState:
    """Score every deal again with one of them changed; refuse if a later deal
    no longer fits. This is ``decide``'s check of a correction or a void."""
    deals = list(state.deals)
    deals[changed.number - 1] = changed
    progress = _start(state.setup)
    scored_deals = []
    for deal in deals:
        scored, progress = _advance(state.setup, progress, deal)
        scored_deals.append(scored)
    return replace(state, deals=tuple(scored_deals), progress=progress)


def _next_dealer(setup: Setup, progress: Progress) -> int:
    """The next seat after the last dealer among the players of the next deal.

    A voided deal is dealt again by the same dealer; tiebreak deals continue
    the rotation and skip players not in the tiebreak (RULES D-9).
    """
    if progress.last_dealer is None:
        return setup.first_dealer
    seats = setup.players
    start = seats.index(progress.last_dealer)
    contenders = progress.outcome.contenders
    for step in range(1, len(seats) + 1):
        player = seats[(start + step) % len(seats)]
        if player in contenders:
            return player
    raise AssertionError("an open series always has players for the next deal")


def _advance(setup: Setup, progress: Progress, deal: Deal) -> tuple[Deal, Progress]:
    """Score ``deal`` on top of ``progress``; refuse a deal that does not fit there."""
    if deal.void:
        return replace(deal, players=(), scores={}), progress
    outcome = progress.outcome
    if outcome.finished:
        raise SeriesClosed(
            _("Deal {number}: the series was already over."),
            code="series_finished",
            number=deal.number,
        )
    expected_dealer = _next_dealer(setup, progress)
    if deal.dealer != expected_dealer:
        raise InvalidDeal(
            _("Deal {number}: player {dealer} deals out of turn; player {player} deals it."),
            code="dealer_out_of_turn",
            number=deal.number,
            dealer=deal.dealer,
            player=expected_dealer,
            field="dealer",
        )
    if deal.tiebreak != outcome.tiebreak:
        raise InvalidDeal(
            _("Deal {number} was played in another stage of the series."),
            code="deal_out_of_order",
            number=deal.number,
        )
    scores = scoring.score_deal(setup.rules, outcome.contenders, deal.entry, number=deal.number)
    scored = replace(deal, players=outcome.contenders, scores=scores)
    added = _added(progress, scored, outcome)
    next_outcome = scoring.outcome(
        setup.rules,
        setup.players,
        added.totals,
        regular_deals=added.regular_deals,
        previous=outcome,
    )
    return scored, replace(added, outcome=next_outcome)


# -- decide -------------------------------------------------------------------


def decide(state: SeriesState, command: Command) -> list[Event]:
    """The events that carry out ``command``, or a DomainError saying why not."""
    match command:
        case StartSeries():
            return _start_series(state, command)
        case RecordDeal():
            return _record_deal(state, command)
        case CorrectDeal():
            return _correct_deal(state, command)
        case VoidDeal():
            return _void_deal(state, command)
        case AbandonSeries():
            return _abandon(state, command)
        case SeatPlayer():
            return [_seat_player(state, command)]
        case ConfirmDeal() | DisputeDeal():
            return _confirm_or_dispute(state, command)
    raise TypeError(f"not a command: {command!r}")


def _start_series(state: SeriesState, command: StartSeries) -> list[Event]:
    players = tuple(command.players)
    _check_seats(state, players)
    rules = command.rules.for_table(len(players))
    _check_first_dealer(players, command.first_dealer)
    return [SeriesStarted(command.club, players, command.first_dealer, rules.as_dict())]


def check_recorded_start(state: SeriesState, event: SeriesStarted) -> None:
    """A start read back from the log (a restore) is the record of what was
    decided then: its seats are checked as a start's are, its rules trusted as
    they were resolved, so a rule checked more strictly since (RULES D-12 after
    the table size) does not refuse a series that was valid when it began."""
    _check_seats(state, tuple(event.players))
    Rules.from_dict(event.rules).check_table(len(event.players))
    _check_first_dealer(tuple(event.players), event.first_dealer)


def _check_seats(state: SeriesState, players: tuple[int, ...]) -> None:
    if state.setup is not None:
        raise DomainError(_("This series has already started."), code="series_exists")
    if len(set(players)) != len(players):
        raise DomainError(
            _("A player can take only one seat."), code="duplicate_player", field="players"
        )


def _check_first_dealer(players: tuple[int, ...], first_dealer: int) -> None:
    if first_dealer not in players:
        raise DomainError(
            _("The first dealer, player {player}, is not seated in the series."),
            code="player_not_seated",
            player=first_dealer,
            field="first_dealer",
        )


def _require_open(state: SeriesState) -> None:
    if state.setup is None:
        raise NotFound(_("This series has not started."), code="series_not_found")
    if state.abandoned:
        raise SeriesClosed(_("This series was abandoned."), code="series_abandoned")


def _require_reason(reason: str) -> str:
    reason = plain(reason, field="reason")
    if not reason:
        raise DomainError(_("Give a reason."), code="reason_required", field="reason")
    return reason


def _confirm_or_dispute(state: SeriesState, command: ConfirmDeal | DisputeDeal) -> list[Event]:
    """A second member's look at a deal (``confirmation``): confirmed once, or
    disputed with a reason; never by the member who recorded its entry."""
    _require_deal_to_confirm(state, command)
    if isinstance(command, ConfirmDeal):
        if state.deal(command.number).confirmation == CONFIRMED:
            raise DomainError(
                _("Deal {number} is already confirmed."),
                code="deal_confirmed",
                number=command.number,
            )
        return [DealConfirmed(command.number, command.user, command.player)]
    reason = _require_reason(command.reason)
    return [DealDisputed(command.number, command.user, reason, command.player)]


def _require_deal_to_confirm(state: SeriesState, command: ConfirmDeal | DisputeDeal) -> None:
    _require_open(state)
    if state.deal(command.number).void:
        raise InvalidDeal(
            _("Deal {number} was voided; there is nothing to confirm."),
            code="deal_voided",
            number=command.number,
        )
    if command.recorder is not None and command.user == command.recorder:
        raise DomainError(
            _(
                "Deal {number} is confirmed or disputed by another member than the one who "
                "recorded it."
            ),
            code="own_deal",
            number=command.number,
        )
    if command.player is not None and command.player not in state.setup.players:
        raise DomainError(
            _("Deal {number}: player {player} is not seated in the series."),
            code="player_not_seated",
            number=command.number,
            player=command.player,
            field="player",
        )


def _finishing_while_disputed(state: SeriesState, number: int) -> DomainError:
    disputed = [deal.number for deal in state.deals if deal.confirmation == DISPUTED]
    return SeriesClosed(
        _(
            "Deal {number} would end the series, but deal {disputed} is disputed: correct "
            "it, or have it confirmed, first."
        ),
        code="deal_disputed",
        number=number,
        disputed=disputed[0],
    )


def _record_deal(state: SeriesState, command: RecordDeal) -> list[Event]:
    _require_open(state)
    if state.status == FINISHED:
        raise SeriesClosed(_("The series is over: no more deals."), code="series_finished")
    number = state.next_number
    if command.number is not None and command.number != number:
        raise InvalidDeal(
            _("Deal {given} is out of order; the next deal is deal {number}."),
            code="deal_out_of_order",
            given=command.number,
            number=number,
            field="number",
        )
    dealer = state.next_dealer if command.dealer is None else command.dealer
    if dealer not in state.setup.players:
        raise DomainError(
            _("Deal {number}: player {player} is not seated in the series."),
            code="player_not_seated",
            number=number,
            player=dealer,
            field="dealer",
        )
    deal = Deal(number, dealer, state.status == TIEBREAK, command.entry)
    scored, progress = _advance(state.setup, state.progress, deal)  # refuses what does not fit
    if progress.outcome.finished and state.disputed:
        raise _finishing_while_disputed(state, number)
    return [
        DealRecorded(
            number,
            dealer,
            deal.tiebreak,
            command.entry,
            scored.scores,
            progress.outcome,
            command.needs_confirmation,
        )
    ]


def _correct_deal(state: SeriesState, command: CorrectDeal) -> list[Event]:
    _require_open(state)
    reason = _require_reason(command.reason)
    if state.deal(command.number).void:
        raise InvalidDeal(
            _("Deal {number} was voided; it cannot be corrected."),
            code="deal_voided",
            number=command.number,
        )
    changed = replace(state.deal(command.number), entry=command.entry, corrected=True)
    rescored = _later_deals_still_fit(state, changed)
    scores = rescored.deals[command.number - 1].scores
    return [
        DealCorrected(
            command.number,
            command.entry,
            reason,
            scores,
            rescored.progress.outcome,
            command.needs_confirmation,
        )
    ]


def _void_deal(state: SeriesState, command: VoidDeal) -> list[Event]:
    _require_open(state)
    reason = _require_reason(command.reason)
    if state.deal(command.number).void:
        raise InvalidDeal(
            _("Deal {number} is already void."), code="deal_voided", number=command.number
        )
    rescored = _later_deals_still_fit(state, replace(state.deal(command.number), void=True))
    return [DealVoided(command.number, reason, rescored.progress.outcome)]


def _later_deals_still_fit(state: SeriesState, changed: Deal) -> SeriesState:
    """The series scored again with ``changed``; refused when a later deal no longer fits."""
    try:
        return _rescored(state, changed)
    except DomainError as error:
        if error.params.get("number") == changed.number:
            raise
        raise InvalidDeal(
            _(
                "Changing deal {number} would change how deal {later} was played "
                "({problem}). Void the later deals first."
            ),
            code="later_deals_depend",
            number=changed.number,
            later=error.params.get("number", "?"),
            problem=error,
        ) from error


def _seat_player(state: SeriesState, command: SeatPlayer) -> PlayerSeated:
    """RULES D-22: a late arrival sits down after the last seat until the first
    deal is recorded (a voided deal was recorded too); the first dealer stays."""
    _require_open(state)
    if state.deals:
        raise DomainError(
            _("This series has recorded its first deal: a player joins a table only before it."),
            code="series_dealt",
            field="player",
        )
    players = (*state.setup.players, command.player)
    _check_seats(replace(state, setup=None), players)
    rules = command.rules.for_table(len(players))
    return PlayerSeated(command.player, rules.as_dict())


def _abandon(state: SeriesState, command: AbandonSeries) -> list[Event]:
    _require_open(state)
    if state.status == FINISHED:
        raise SeriesClosed(_("The series is over; it cannot be abandoned."), code="series_finished")
    return [SeriesAbandoned(plain(command.reason, field="reason"))]
