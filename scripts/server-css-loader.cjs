// A remote's Node build (rspack.shared.ts): a stylesheet import becomes an empty module there.
// The browser build ships the CSS; the server renders markup only.
module.exports = () => 'export {};';
