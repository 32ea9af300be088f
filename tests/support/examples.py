"""How many examples a property test draws: scaled with the hypothesis profile
(tests/conftest.py), so that HYPOTHESIS_PROFILE=thorough searches every test ten
times deeper and a run of the suite stays as it was tuned."""

from hypothesis import settings

# The examples of the profiles a run of the suite uses (dev and ci, in tests/conftest.py).
SUITE_EXAMPLES = 50


def examples(in_a_run: int) -> int:
    """``in_a_run`` examples in a run of the suite, as many more or fewer as the
    loaded profile draws more or fewer than the suite's."""
    return max(1, in_a_run * settings.default.max_examples // SUITE_EXAMPLES)
