import { zoneOffsetMinutes } from '../../shared/clock.js';

/** '-0300' → −180. */
export function minutosDoDeslocamento(deslocamento: string): number {
  const m = Number(deslocamento.slice(1, 3)) * 60 + Number(deslocamento.slice(3, 5));
  return deslocamento.startsWith('-') ? -m : m;
}

/** −180 → '-0300', the AFD 671 form. */
export function deslocamentoDeMinutos(minutos: number): string {
  const a = Math.abs(minutos);
  return `${minutos < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}${String(a % 60).padStart(2, '0')}`;
}

/** 'yyyy-mm-ddThh:mm' (or with a space) read as if it were UTC, in ms. */
const comoUtc = (local: string) =>
  Date.UTC(
    Number(local.slice(0, 4)),
    Number(local.slice(5, 7)) - 1,
    Number(local.slice(8, 10)),
    Number(local.slice(11, 13)),
    Number(local.slice(14, 16)),
  );

/** A date-time written with an offset, on the company's wall clock. */
export interface HoraDaEmpresa {
  /** The company's local date-time, 'yyyy-mm-dd hh:mm:00'. */
  dataHora: string;
  /** The company zone's offset at that instant, '-0300'. */
  deslocamento: string;
}

/**
 * The wall clock of the company that owns the clock (issue 23 §0; decision 0047): an AFD 671 date-time carries
 * the offset the REP used, which fiscal-files.md §6 says to apply, and the calculation works on the company's
 * local time (calculation-rules.md §2.1). One per import: the zone's offset is looked up once per hour of
 * instants, exactly where an hour holds a change of offset.
 */
export class FusoDaEmpresa {
  /** Offset in minutes of each UTC hour (ms / 3,600,000), null when the zone changed its offset in that hour. */
  private readonly porHora = new Map<number, number | null>();

  constructor(readonly zona: string) {}

  /** The zone's offset in minutes at an instant (ms, a whole minute). */
  deslocamentoEm(instante: number): number {
    const hora = Math.floor(instante / 3_600_000);
    let d = this.porHora.get(hora);
    if (d === undefined) {
      const inicio = zoneOffsetMinutes(hora * 3_600_000, this.zona);
      // At most one change an hour: the same offset at its first and last minute holds for all of it.
      d = inicio === zoneOffsetMinutes(hora * 3_600_000 + 59 * 60_000, this.zona) ? inicio : null;
      if (this.porHora.size >= 100_000) this.porHora.clear();
      this.porHora.set(hora, d);
    }
    return d ?? zoneOffsetMinutes(instante, this.zona);
  }

  /** `local` 'yyyy-mm-ddThh:mm' as written with `deslocamento` '-0400' → the company's wall clock. */
  converter(local: string, deslocamento: string): HoraDaEmpresa {
    const instante = comoUtc(local) - minutosDoDeslocamento(deslocamento) * 60_000;
    const daZona = this.deslocamentoEm(instante);
    const iso = new Date(instante + daZona * 60_000).toISOString();
    return { dataHora: `${iso.slice(0, 10)} ${iso.slice(11, 16)}:00`, deslocamento: deslocamentoDeMinutos(daZona) };
  }

  /** The offset a clock of the company writes beside a local 'yyyy-mm-ddThh:mm' (the demo clocks). */
  deslocamentoDaHoraLocal(local: string): string {
    const comoSeUtc = comoUtc(local);
    const primeiro = this.deslocamentoEm(comoSeUtc);
    const segundo = this.deslocamentoEm(comoSeUtc - primeiro * 60_000);
    return deslocamentoDeMinutos(segundo === primeiro ? primeiro : this.deslocamentoEm(comoSeUtc - segundo * 60_000));
  }
}
