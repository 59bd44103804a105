// A remote's Node build (rspack/server-build.ts): a stylesheet import becomes an empty module there.
// The browser build ships the CSS; the server renders markup only.
module.exports = () => 'export {};';
