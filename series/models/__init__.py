"""Tables: reference data (clubs, players, members), the event log, projections.

The event log is the source of truth. Every projection table can be emptied
and rebuilt from it (``manage.py rebuild_projections``). Tables that might one
day be sharded carry ``club``.
"""

from series.models.accounts import DeviceToken, PinAttempt, Profile, SignInName
from series.models.championships import Championship, ChampionshipNight
from series.models.federations import (
    Federation,
    FederationAdmin,
    FederationLink,
    FederationMember,
    FederationStanding,
    PersonBehind,
    PersonChoice,
    PersonLink,
    PlayedNight,
)
from series.models.league import (
    ClubRecord,
    HeadToHeadTally,
    LadderRules,
    LeagueBehind,
    PersonSummary,
    RosterPlayer,
    Season,
    SeasonStanding,
    SeriesResult,
)
from series.models.log import Checkpoint, Event, EventQuerySet, ImmutableEventError
from series.models.mail import OutgoingMail
from series.models.nights import CalendarLink, Night, NightScreenLink, NightSeat
from series.models.projections import DealLine, DealScore, SeriesSeat, SeriesSheet
from series.models.reference import Club, Invitation, LiveLink, Membership, Player

__all__ = [
    "CalendarLink",
    "Championship",
    "ChampionshipNight",
    "Checkpoint",
    "Club",
    "ClubRecord",
    "DealLine",
    "DealScore",
    "DeviceToken",
    "Event",
    "EventQuerySet",
    "Federation",
    "FederationAdmin",
    "FederationLink",
    "FederationMember",
    "FederationStanding",
    "HeadToHeadTally",
    "ImmutableEventError",
    "Invitation",
    "LadderRules",
    "LeagueBehind",
    "LiveLink",
    "Membership",
    "Night",
    "NightScreenLink",
    "NightSeat",
    "OutgoingMail",
    "PersonBehind",
    "PersonChoice",
    "PersonLink",
    "PersonSummary",
    "PinAttempt",
    "PlayedNight",
    "Player",
    "Profile",
    "RosterPlayer",
    "Season",
    "SeasonStanding",
    "SeriesResult",
    "SeriesSeat",
    "SeriesSheet",
    "SignInName",
]
