/* What the card picker counts, apart from the page: the cards of a text and
   their points. Card values, rank letters and what separates cards are the
   server's (the series' game, the page's language, the parser: the
   "card-values" data of the picker), never this file's. Loaded by the pages
   before picker.js, and by the unit tests. */
"use strict";

globalThis.CardCount = Object.freeze({
  // The cards of a text, split where the server's parser splits them
  // (``values.separator``: one separating character, as a pattern).
  tokens: (text, values) => text.split(new RegExp(`(?:${values.separator})+`)).filter(Boolean),

  // The points of one card, typed or picked (7C, 10H, R♥, JK); 0 for no card.
  // ``values``: { ranks: {rank text: points}, jokers: [joker texts], joker: points }.
  value(token, values) {
    const text = token.replace(/\ufe0f/g, "").toUpperCase();
    if (values.jokers.includes(text)) return values.joker;
    const points = values.ranks[text.slice(0, -1)]; // the last character is the suit
    return points === undefined ? 0 : points;
  },

  points(text, values) {
    return CardCount.tokens(text, values).reduce((sum, card) => sum + CardCount.value(card, values), 0);
  },

  // "{n} cards · {points} points", in the page's words.
  summary(text, values, words) {
    const cards = CardCount.tokens(text, values);
    return words.replace("{n}", cards.length).replace("{points}", CardCount.points(text, values));
  },

  // Which card a token is, as the server reads it on this page: "12H" for a
  // queen of hearts however typed (QH, qh, Q♥, D♥ on an Italian page), "0"
  // for a joker; null for no card.
  key(token, values) {
    const text = token.replace(/\ufe0f/g, "").toUpperCase();
    if (values.jokers.includes(text)) return "0";
    const rankText = text.slice(0, -1);
    const rank = /^[0-9]+$/.test(rankText) ? Number(rankText) : values.rank_of[rankText];
    const suit = values.suit_of[text.slice(-1)];
    if (!suit || !(rank >= 1 && rank <= 13)) return null;
    return `${rank}${suit}`;
  },

  // How many times each card is in the texts, by ``key``.
  counts(texts, values) {
    const counted = new Map();
    texts.forEach((text) =>
      CardCount.tokens(text, values).forEach((token) => {
        const card = CardCount.key(token, values);
        if (card !== null) counted.set(card, (counted.get(card) || 0) + 1);
      })
    );
    return counted;
  },
});
