/** Display formats of seed 000 §9: dd/mm/yyyy on screen, yyyy-mm-dd on the wire. */
import { getSession } from './session';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-mm-dd' (or an ISO timestamp) → 'dd/mm/yyyy'; other input returns ''. */
export function formatDate(wire: string | null | undefined): string {
  const m = wire ? /^(\d{4})-(\d{2})-(\d{2})/.exec(wire) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string | undefined): Intl.DateTimeFormat {
  const key = zone ?? '';
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('pt-BR', {
        ...(zone ? { timeZone: zone } : {}),
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      // A zone this browser does not know: its own, rather than no time at all.
      f = formatterOf(undefined);
    }
    formatters.set(key, f);
  }
  return f;
}

/** The zone instants are shown in (issue 24 §10): the main company's, from the session; else the browser's. */
export function zonaDeExibicao(): string | undefined {
  return getSession()?.dadosRequisicao.empresa.fusoHorario;
}

/**
 * An ISO instant → 'dd/mm/yyyy hh:mm' in the main company's zone (issue 24 §10:
 * one clock on every screen, the one Logs and the server's reports use,
 * whatever zone the browser is in); '' when absent. `zone` overrides it.
 */
export function formatDateTime(iso: string | null | undefined, zone: string | undefined = zonaDeExibicao()): string {
  const d = iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime())) return '';
  const parts: Record<string, string> = {};
  for (const p of formatterOf(zone).formatToParts(d)) parts[p.type] = p.value;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** An ISO instant → 'hh:mm' in the zone of `formatDateTime`. */
export function formatTime(iso: string | null | undefined, zone: string | undefined = zonaDeExibicao()): string {
  return formatDateTime(iso, zone).slice(11);
}

/**
 * Today as the company's calendar has it, 'yyyy-mm-dd' (issue 24 §10): what a
 * screen opens on (this month, today's log) is the company's day, the one the
 * server's 'today' and its reports use — not the browser's, hours apart in
 * another zone around midnight.
 */
export function hojeNaEmpresa(agora: Date = new Date(), zone: string | undefined = zonaDeExibicao()): string {
  const t = formatDateTime(agora.toISOString(), zone);
  return `${t.slice(6, 10)}-${t.slice(3, 5)}-${t.slice(0, 2)}`;
}

/** This month on the company's calendar, 'yyyy-mm'. */
export const mesAtualNaEmpresa = (agora: Date = new Date()): string => hojeNaEmpresa(agora).slice(0, 7);

/** 'yyyy-mm-ddThh:mm[:ss]' (a wall-clock time, already in the company's zone) → 'dd/mm/yyyy hh:mm'; other input returns ''. */
export function formatWallDateTime(wire: string | null | undefined): string {
  const m = wire ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(wire) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : '';
}

/** Date → 'yyyy-mm-dd' in local time (the wall-clock day the user picked). */
export function toWireDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Case- and accent-insensitive form used by the client-side filters. */
export function normalizeForSearch(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** 'yyyy-mm-dd' → the local Date of that day; anything else → null. */
export function fromWireDate(wire: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(wire);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

/** Date → 'yyyy-mm' (a competence month, seed 000 §9 mm/yyyy on screen). */
export function toWireMonth(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
}

/** 'yyyy-mm' → the local Date of the month's first day; anything else → null. */
export function fromWireMonth(wire: string): Date | null {
  const m = /^(\d{4})-(\d{2})$/.exec(wire);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, 1) : null;
}
