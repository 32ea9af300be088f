"""The site as a whole: the home page, the rules pages, languages, the PWA
and offline pages, the content security policy and axe over every page of
every context. Each context's own pages are tested in its folder."""
