import { escalaApi, type ConfiguracaoEscala } from '@jornada/contracts';

/** A valid time table on the seed defaults: 08:00–12:00, 13:00–17:00 Monday to Friday. */
export function escalaValida(descricao: string, over: Partial<ConfiguracaoEscala> = {}): ConfiguracaoEscala {
  const c = structuredClone(escalaApi.ESCALA_PADRAO);
  c.descricao = descricao;
  c.quadroHorario!.diasDaSemana = structuredClone(
    escalaApi.PRESETS_QUADRO.find((p) => p.chave === '40h-0800-1700-seg-sex')!.dias,
  );
  return { ...c, ...over };
}
