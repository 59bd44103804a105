/**
 * autocannon's verifyBody for the SSR section, loaded by path in autocannon's worker thread (a
 * function cannot be passed to a worker). What to look for comes in BENCH_SSR_VERIFY (a worker gets
 * a copy of the environment as it was when the run started): `{ text, inBody }`, the text HTML-escaped;
 * `inBody`: only in the page's rendered content (outside the head, scripts, templates and noscript),
 * so a page without the render (the client-rendered fallback) is counted as a mismatch.
 */
const { text, inBody } = JSON.parse(process.env.BENCH_SSR_VERIFY ?? '{}');

const notRendered = /<head\b[\s\S]*?<\/head>|<(script|style|template|noscript)\b[\s\S]*?<\/\1>|<!--[\s\S]*?-->/gi;

/** The page's rendered content: its HTML without the head, scripts, styles, templates, noscript and comments. */
function renderedContent(html) {
  return html.replace(notRendered, '');
}

function verify(body) {
  if (typeof text !== 'string' || text === '') return false;
  return (inBody ? renderedContent(body) : body).includes(text);
}

module.exports = verify;
module.exports.renderedContent = renderedContent;
