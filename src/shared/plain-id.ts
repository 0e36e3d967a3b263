/** Postgres integer ids stop at 2^31 - 1; a larger number can never name a row. */
export const maxId = 2_147_483_647;

/** Digits only, no sign, no leading zero, at most 10 of them. */
export const plainIdPattern = /^[1-9][0-9]{0,9}$/;

/**
 * An id written in an address, if it is one: a positive decimal integer written plainly. " 1", "1e3",
 * "0x10", "+1" or "01" are not ids (kept free of zod, so any page can read an id from its URL).
 */
export function parsePlainId(text: string | undefined): number | null {
  if (text === undefined || !plainIdPattern.test(text)) return null;
  const id = Number(text);
  return id <= maxId ? id : null;
}
