// The big screen follows the night by itself: every few seconds it asks for its
// tables with the ETag of what it shows (304 while nothing changed, see
// series/web/conditional.py), and pages through more tables than fit.
(function () {
  "use strict";
  const main = document.querySelector("[data-screen]");
  if (!main) return;
  const PER_PAGE = 6; // 3 × 2 tables fit 1920×1080 and 1280×720
  const PAGE_SECONDS = 10;
  const POLL_MS = 3000; // within 5 s of a deal
  let etag = main.dataset.etag || "";
  let page = 0;

  const showPage = () => {
    const grid = main.querySelector("[data-pages]");
    const label = main.querySelector("[data-page-label]");
    if (!grid) return;
    const tables = Array.from(grid.children);
    const pages = window.ScreenPaging.pageCount(tables.length, PER_PAGE);
    const [start, end] = window.ScreenPaging.pageSlice(tables.length, PER_PAGE, page);
    tables.forEach((table, index) => { table.hidden = index < start || index >= end; });
    if (label) {
      label.hidden = pages < 2;
      label.textContent = `${(page % pages) + 1} / ${pages}`;
    }
  };

  const poll = async () => {
    try {
      const headers = etag ? { "If-None-Match": etag } : {};
      const response = await fetch(main.dataset.screen, { headers, cache: "no-store" });
      if (response.status === 200) {
        etag = response.headers.get("ETag") || "";
        const body = document.getElementById("screen-body");
        if (body) body.outerHTML = await response.text();
        showPage();
      } else if ([403, 404, 410].includes(response.status)) {
        location.reload(); // the link was replaced or the night is gone: the page says so
      }
    } catch (error) {
      /* the network away for a moment: the next poll tries again */
    }
  };

  showPage();
  setInterval(poll, POLL_MS);
  setInterval(() => { page += 1; showPage(); }, PAGE_SECONDS * 1000);
})();
