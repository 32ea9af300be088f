"""Club league history: seasons, standings, ratings, player records."""
