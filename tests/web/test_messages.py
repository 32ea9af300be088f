"""Domain messages reach people translated and naming players, nested ones too."""

from django.utils.translation import override

from series.domain.errors import DomainError, InvalidDeal
from series.web.messages import player_ids, render


def later_deal_refusal():
    inner = InvalidDeal(
        "Deal {number}: player {player} is not playing this deal.",
        code="player_not_in_deal",
        number=5,
        player=12,
    )
    return DomainError(
        "Changing deal {number} would change how deal {later} was played ({problem}).",
        code="later_deals_depend",
        number=4,
        later=5,
        problem=inner,
    )


def test_a_nested_refusal_names_the_player_inside_it():
    error = later_deal_refusal()
    assert player_ids(error) == {12}
    assert render(error, {12: "Bruno"}) == (
        "Changing deal 4 would change how deal 5 was played "
        "(Deal 5: player Bruno is not playing this deal.)."
    )


def test_without_names_the_english_message_is_unchanged():
    error = later_deal_refusal()
    assert render(error) == error.message


def test_an_untranslated_template_falls_back_to_english():
    with override("it"):
        assert render(DomainError("Only {n} here.", n=3)) == "Only 3 here."
