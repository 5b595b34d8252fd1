/** Money is integer kobo in storage and code; naira appear only in API views (CONVENTIONS rule 5). */
export const KOBO_PER_NAIRA = 100;

/** Kobo to naira as a JSON number with at most two decimals. */
export function koboToNaira(kobo: number): number {
  return kobo / KOBO_PER_NAIRA;
}

/** Naira (at most two decimals) to kobo; throws on a value that is not a whole number of kobo. */
export function nairaToKobo(naira: number): number {
  const kobo = Math.round(naira * KOBO_PER_NAIRA);
  if (!Number.isFinite(naira) || Math.abs(kobo - naira * KOBO_PER_NAIRA) > 1e-6 || !Number.isSafeInteger(kobo)) {
    throw new RangeError('amount must be in naira with at most two decimals');
  }
  return kobo;
}

/** True when a naira amount has at most two decimals and fits in kobo. */
export function isNairaAmount(naira: number): boolean {
  try {
    nairaToKobo(naira);
    return true;
  } catch {
    return false;
  }
}
