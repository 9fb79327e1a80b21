import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { MSG } from '@jornada/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import { tooManyRequests } from '../../shared/app-error.js';
import { loginThrottleRepository } from './login-throttle.repository.js';

/**
 * Login throttling (issue 7 §1–2), decided:
 * - 5 failures per e-mail + address lock that pair; 30 failures per address
 *   lock the address. A lock answers 429 'Muitas tentativas. Tente novamente
 *   em N s.' with Retry-After; it starts at one minute and doubles with each
 *   new lock, up to 15 minutes.
 * - The owner of an account is not locked out by a stranger: the stranger's
 *   failures lock only the stranger's pair (and address).
 * - An attempt is counted before the password is checked, in one atomic
 *   statement, so 60 concurrent guesses get at most 5 checked.
 * - A successful login clears its pair and gives its attempt back to the
 *   address (an office of many users behind one address is not locked by its
 *   own successes); a password reset clears every pair of that e-mail.
 * - IPv6 addresses count per /64: one host owns a whole /64 and could
 *   otherwise rotate addresses at will.
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_PAIR = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;
export const FIRST_LOCK_SECONDS = 60;
export const MAX_LOCK_SECONDS = 15 * 60;
/** Reset e-mails per e-mail address and window (no mail-bombing through the form). */
export const MAX_RESET_REQUESTS = 5;

/** The part of an address that identifies one client: IPv4 whole, IPv6 by its /64. */
export function addressKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const keyOf = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex');

export interface LoginAttempt {
  /** Call when the password was right: clears the pair, returns the address's attempt. */
  succeeded(): Promise<void>;
  /** Call when the password was wrong: locks what reached its limit. */
  failed(): Promise<void>;
}

export function loginThrottle(db: Db, clock: Clock) {
  const repo = loginThrottleRepository(db);
  const windowStart = (now: Date) => new Date(now.getTime() - LOGIN_WINDOW_MS);
  const retryAfter = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const lock = (key: string, limit: number, now: Date) =>
    repo.lockIfReached(key, limit, now, FIRST_LOCK_SECONDS, MAX_LOCK_SECONDS);

  return {
    /**
     * Counts a login attempt for the pair and the address, or refuses it with
     * 429 when either is locked or already at its limit.
     */
    async begin(email: string, ip: string): Promise<LoginAttempt> {
      const now = clock.now();
      const pairKey = keyOf('par', email, addressKey(ip));
      const addrKey = keyOf('endereco', addressKey(ip));
      const pair = await repo.reserve(pairKey, email, now, windowStart(now));
      const addr = await repo.reserve(addrKey, null, now, windowStart(now));
      const lockedUntil = async (state: typeof pair, key: string, limit: number): Promise<Date | null> => {
        if (state.bloqueadoAte && state.bloqueadoAte > now) return state.bloqueadoAte;
        if (state.tentativas <= limit) return null;
        // Over the limit while earlier attempts are still being checked.
        return (await lock(key, limit, now)) ?? new Date(now.getTime() + FIRST_LOCK_SECONDS * 1000);
      };
      const pairLock = await lockedUntil(pair, pairKey, MAX_FAILURES_PER_PAIR);
      const addrLock = await lockedUntil(addr, addrKey, MAX_FAILURES_PER_ADDRESS);
      if (pairLock || addrLock) {
        // A refused attempt was never checked: it must not eat the other budget.
        if (!addrLock) await repo.release(addrKey);
        const until = Math.max(pairLock?.getTime() ?? 0, addrLock?.getTime() ?? 0);
        const seconds = retryAfter(new Date(until), now);
        throw tooManyRequests(MSG.muitasTentativas(seconds), seconds);
      }
      return {
        async succeeded() {
          await repo.clear(pairKey);
          await repo.release(addrKey);
        },
        async failed() {
          const at = clock.now();
          await lock(pairKey, MAX_FAILURES_PER_PAIR, at);
          await lock(addrKey, MAX_FAILURES_PER_ADDRESS, at);
        },
      };
    },

    /** After a password reset: the owner starts clean from every address. */
    clearEmail: (email: string) => repo.clearEmail(email),

    /** Counts a reset request; false when the e-mail already had its share in this window. */
    async allowResetRequest(email: string): Promise<boolean> {
      const now = clock.now();
      const state = await repo.reserve(keyOf('redefinicao', email), null, now, windowStart(now));
      return state.tentativas <= MAX_RESET_REQUESTS;
    },
  };
}
