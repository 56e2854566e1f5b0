// What a real deployment serves outside /api: its web app (HTML pages), not JSON. A server URL without /api
// reaches this, so the extension can be tested telling an API from a web page.
import type { Reply } from './http';

const PAGE = (title: string) => `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title></head>
<body><div id="__next"><h1>${title}</h1><p>Local service: the API is under /api.</p></div></body>
</html>
`;

export function webAppPage(path: string): Reply {
  const home = path === '/' || path === '';
  return {
    status: home ? 200 : 404,
    body: PAGE(home ? 'Search' : '404: This page could not be found'),
    headers: { 'content-type': 'text/html; charset=utf-8' },
  };
}
