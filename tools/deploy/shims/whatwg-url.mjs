// node-fetch 2 (telegraf's HTTP client) imports whatwg-url only as a fallback for runtimes without
// a global URL (`Url.URL || whatwgUrl.URL`). Node has one, so the bundles alias whatwg-url to this
// file and leave out its 260 KB of IDNA tables (tr46), which cost cold-start time on every Lambda init.
export const URL = globalThis.URL;
export const URLSearchParams = globalThis.URLSearchParams;
export default { URL, URLSearchParams };
