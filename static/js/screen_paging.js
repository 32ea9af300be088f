// The big screen's paging, pure: which tables a page shows. Loaded by the screen
// (screen.js) and by the unit tests, no build step.
(function (root) {
  "use strict";

  // The number of pages for `count` tables, `perPage` at a time (at least one).
  function pageCount(count, perPage) {
    return Math.max(1, Math.ceil(count / Math.max(1, perPage)));
  }

  // The tables [start, end) shown on page `page` (counted from 0, wrapping round).
  function pageSlice(count, perPage, page) {
    const pages = pageCount(count, perPage);
    const shown = ((page % pages) + pages) % pages;
    const start = shown * perPage;
    return [start, Math.min(count, start + perPage)];
  }

  root.ScreenPaging = { pageCount, pageSlice };
})(typeof window !== "undefined" ? window : globalThis);
