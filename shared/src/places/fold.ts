const nonAscii = /[^\x20-\x7e]/;
const letterOrNumber = /[\p{L}\p{N}]/u;

/**
 * A name folded for matching: accents, case, dots, apostrophes and dashes do not count, so
 * 'Zürich' meets 'Zurich', 'U.S.' meets 'US', 'Tel Aviv-Yafo' meets 'tel aviv yafo' and 'The
 * Hague' meets 'Hague'. The gazetteer's names and a job's text go through the same fold, one
 * character at a time: the gazetteer's load folds some 100,000 names.
 */
export function fold(name: string): string {
  const text = nonAscii.test(name) ? name.normalize('NFKD').toLowerCase() : name.toLowerCase();
  let folded = '';
  let space = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
      if (space && folded) folded += ' ';
      space = false;
      folded += text[index];
    } else if (code === 46 || code === 39 || code === 96 || code === 0x2019 || code === 0x2bb) {
      // Dots and apostrophes join: 'U.S.' is 'us', "Côte d'Ivoire" is 'cote divoire'.
    } else if (code < 128) {
      space = true;
    } else if (code >= 0x300 && code <= 0x36f) {
      // A combining accent, split from its letter by NFKD.
    } else if (letterOrNumber.test(text[index] as string)) {
      if (space && folded) folded += ' ';
      space = false;
      folded += text[index];
    } else {
      space = true;
    }
  }
  return folded.startsWith('the ') ? folded.slice(4) : folded;
}
