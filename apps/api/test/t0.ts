/** Today in the api tests: a fixed instant, so expiry and "today" are exact. */
export const T0 = new Date('2026-03-10T12:00:00.000Z');
