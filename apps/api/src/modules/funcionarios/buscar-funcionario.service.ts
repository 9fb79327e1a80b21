import {
  centroCustoApi,
  funcionarioApi as api,
  type CentroCusto,
  type Funcionario,
  type ResponseOf,
} from '@jornada/contracts';
import { scopedCentrosCusto } from '../../db/user-scope.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { localDate } from '../../shared/clock.js';
import { cnpjNome, hojeDa, visivel, type FuncionariosContexto } from './funcionarios-contexto.service.js';
import { funcionariosRepository as repo } from './funcionarios.repository.js';

const { aguardandoAtivacao } = api;

const toContrato = api.contratoResumoDe;

const toCentroCusto = (c: {
  id: number;
  codigo: string;
  nome: string;
  tipo: number;
  paiId: number | null;
  cnpjId: number;
}): CentroCusto => ({
  id: c.id,
  codigo: c.codigo,
  nome: c.nome,
  tipo: centroCustoApi.NIVEIS_CENTRO_CUSTO_POR_TIPO[c.tipo] ?? 'Departamento',
  centroCustoPaiId: c.paiId,
  idCnpj: c.cnpjId,
});

/** 'Editar funcionário' (26) opened: the employee, its company, cost centres and histories. */
export async function buscarFuncionario(
  ctx: FuncionariosContexto,
  auth: AuthContext,
  idFuncionario: number,
): Promise<ResponseOf<typeof api.buscarFuncionario>> {
  return ctx.run(auth, async (w) => {
    const f = await visivel(w, idFuncionario);
    const scope = await w.scope();
    const { hoje, zona } = await hojeDa(w);
    const [cnpj, cc, cargosH, escalasH, aberto, temFoto, centros] = await Promise.all([
      repo.findCnpj(w.tx, w.tenantId, f.cnpjId),
      repo.findCentroCusto(w.tx, w.tenantId, f.centroCustoId),
      repo.cargos.list(w.tx, w.tenantId, f.id),
      repo.escalas.list(w.tx, w.tenantId, f.id),
      repo.afastamentoAberto(w.tx, w.tenantId, f.id),
      repo.temFoto(w.tx, w.tenantId, f.id),
      scopedCentrosCusto(w.tx, w.tenantId, scope, f.cnpjId),
    ]);
    const [escalasRef, cargosRef, motivo] = await Promise.all([
      repo.escalasPorId(w.tx, w.tenantId, [...new Set(escalasH.map((h) => h.refId))]),
      repo.cargosPorId(w.tx, w.tenantId, [...new Set(cargosH.map((h) => h.refId))]),
      aberto ? repo.findMotivo(w.tx, w.tenantId, aberto.motivoId) : undefined,
    ]);
    const escalaPorId = new Map(escalasRef.map((e) => [e.id, toContrato(e)]));
    const cargoPorId = new Map(cargosRef.map((c) => [c.id, { id: c.id, nome: c.nome }]));
    const funcioContratos = escalasH.map((h) => ({
      id: h.id,
      dataInicio: h.dataInicio,
      dataFinal: h.dataFinal,
      contrato: escalaPorId.get(h.refId)!,
    }));
    const funcioCargos = cargosH.map((h) => ({
      id: h.id,
      dataInicio: h.dataInicio,
      dataFinal: h.dataFinal,
      cargo: cargoPorId.get(h.refId)!,
    }));
    const funcionario: Funcionario = {
      id: f.id,
      nome: f.nome,
      nomeCurto: f.nomeCurto,
      dataNascimento: f.dataNascimento,
      pis: f.pis,
      semPis: f.pis === null,
      cpf: f.cpf,
      email: f.email,
      cracha: f.cracha,
      registro: f.registro,
      dataAdmissao: f.dataAdmissao,
      dataDemissao: f.dataDemissao,
      dataCadastro: localDate(f.criadoEm, zona),
      dataAtivacao: f.dataAtivacao,
      possuiSenhaTeclado: f.possuiSenhaTeclado,
      duplaVerificacao: f.duplaVerificacao,
      ativo: f.ativo,
      aguardandoAtivacao: f.ativo && aguardandoAtivacao(f.dataAtivacao, hoje),
      fotoPerfil: temFoto,
      cargo: funcioCargos.find((h) => h.dataFinal === null)?.cargo ?? null,
      escala: funcioContratos.find((h) => h.dataFinal === null)?.contrato ?? null,
    };
    return {
      funcionario,
      cnpj: { id: cnpj!.id, numero: cnpj!.numero, cnpjNome: cnpjNome(cnpj!), razaoSocial: cnpj!.razaoSocial },
      funcioCargos,
      funcioContratos,
      centrosCustos: centros.map(toCentroCusto),
      centroCusto: toCentroCusto(cc!),
      motivoAfastamento: motivo ?? null,
    };
  });
}
