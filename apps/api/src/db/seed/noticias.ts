import type { Tx } from '../tenant-tx.js';
import { noticias } from '../schema/index.js';
import { localDate, type Clock } from '../../shared/clock.js';

/** yyyy-mm-dd plus `days` (calendar arithmetic, no zone involved). */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The `day`-th of the month `months` before the one of `today` (yyyy-mm-dd). */
function dayOfMonthBefore(today: string, months: number, day: number): string {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return `${d.toISOString().slice(0, 8)}${String(day).padStart(2, '0')}`;
}

/**
 * Global news (no tenant). One is dated the seed's "today" in São Paulo, so the
 * top-bar badge shows 1; the others fall in earlier days and months so the
 * Notícias month picker has something to show. Content uses the seeds' light
 * markup (@p/@ep paragraph, @b/@eb bold).
 */
export async function seedNoticias(tx: Tx, clock: Clock): Promise<void> {
  const today = localDate(clock.now(), 'America/Sao_Paulo');
  await tx.insert(noticias).values([
    {
      titulo: 'Bem-vindo ao Jornada',
      conteudo: '@pEste é o ambiente de demonstração. @bTroque as senhas@eb das contas de demonstração.@ep',
      dataPublicacao: today,
    },
    {
      titulo: 'Portaria 671: REP-P',
      conteudo: '@pA marcação pelo aplicativo gera o AFD assinado conforme a Portaria MTP 671/2021.@ep',
      dataPublicacao: '2026-01-05',
    },
    {
      titulo: 'Logs de Operações com filtro por período',
      conteudo:
        '@pA tela @bSistema › Logs de Operações@eb agora pesquisa por período, usuário e operação.@ep' +
        '@pAs datas seguem o calendário da empresa principal. Pesquisas muito amplas pedem um período menor.@ep',
      dataPublicacao: addDays(today, -10),
    },
    {
      titulo: 'Manutenção programada',
      conteudo:
        '@pNo @bdomingo, das 2h às 4h@eb, o Jornada passará por manutenção e poderá ficar indisponível.@ep' +
        '@pAs marcações feitas nos relógios e no aplicativo nesse horário são guardadas e enviadas depois.@ep',
      dataPublicacao: dayOfMonthBefore(today, 1, 1),
    },
    {
      titulo: 'Banco de horas: novo relatório de saldo',
      conteudo:
        '@pO relatório @bSaldo Banco de Horas@eb mostra créditos, débitos e o saldo de cada funcionário ' +
        'no período de fechamento.@ep@pDisponível em Relatórios para os perfis com a permissão correspondente.@ep',
      dataPublicacao: dayOfMonthBefore(today, 2, 15),
    },
  ]);
}
