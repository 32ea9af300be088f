"""Club league history: seasons, standings, ratings, records, players over time.

Pure rules (no database), in ``series/domain/league/``:
  seasons.py      which season a series belongs to; named seasons, ladder rules
  results.py      what a finished series counts for: places, deals, went out, comeback
  rating.py       openskill Bradley-Terry "full" ratings walked series after series,
                  sigma grown for time away, provisional ratings (RULES D-26)
  night_standings.py   the season's night standings (RULES D-27)

The shell:
  projection.py   SeriesResult (results and ratings) and RosterPlayer (the roster's
                  stream kind is series.clubs.stream): a finished
                  series marks the club behind in the deal's statement; counting
                  it (as it stands, or the club again from it on); and rebuilt
  standings.py    SeasonStanding: each season's ladder lines, upserted for a series
                  counted last, written again when a club is counted again or
                  its ladder rules or seasons change
  records.py      ClubRecord: each game's all-time records, written with the standings
  catch_up.py     the league's follower: counts, outside the request, the clubs whose
                  league is behind
  summaries.py    PersonSummary and HeadToHeadTally: each person's figures, best and
                  worst series and opponents, kept in step with the results
  aggregates.py   the SQL building blocks they share (figures, seasons, best N)
  placement.py    placement points of the series a season counts (RULES D-16)
  nights.py       the season's night standings, from the nights' recorded closes
  services.py     the writers: seasons, ladder rules
  selectors.py    seasons, standings and records, read from their projections
  player_record.py, history.py   a player's record; the club's series
  api.py, admin_api.py, views.py, csv_export.py, presentation.py, charts.py
"""
