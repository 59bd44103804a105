/**
 * The board's country codes alone: ISO 3166-1's assigned alpha-2 codes and Kosovo's XK, the keys of
 * countries.ts's table of names. Reading a board's URL (board-search.ts) and a search's query only
 * checks a code, and every page does that at once, so they carry this list and not the names
 * (countries.test.ts checks it against the names' table). Written by first letter, each followed by
 * the second letters it takes ('A' then 'DEF…' for AD, AE, AF…): a fifth of the bytes of the codes
 * written out, on every page.
 */
const byFirstLetter =
  'ADEFGILMOQRSTUWXZ BABDEFGHIJLMNOQRSTVWYZ CACDFGHIKLMNORUVWXYZ DEJKMOZ ECEGHRST FIJKMOR GABDEFGHILMNPQRSTUWY HKMNRTU IDELMNOQRST JEMOP KEGHIMNPRWYZ LABCIKRSTUVY MACDEFGHKLMNOPQRSTUVWXYZ NACEFGILOPRUZ OM PAEFGHKLMNRSTWY QA REOSUW SABCDEGHIJKLMNORSTVXYZ TCDFGHJKLMNORTVWZ UAGMSYZ VACEGINU WFS XK YET ZAMW';

/** Every code, in alphabetical order. */
export function countryCodes(): string[] {
  return byFirstLetter.split(' ').flatMap((group) => [...group.slice(1)].map((second) => `${group[0]}${second}`));
}

/** Whether `code` is a country's ISO 3166-1 alpha-2 code (upper case). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  const group = byFirstLetter.split(' ').find((each) => each[0] === code[0]);
  return group?.includes(code[1] as string, 1) ?? false;
}
