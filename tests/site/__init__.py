"""The pages, as a visitor uses them: rendered by the test client and driven
in a real browser (marked ``browser``). They cross every context through its
pages (clubs, sheets, league, accounts), so they live here, not beside one
folder of series/."""
