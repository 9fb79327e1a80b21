import { funcionarioApi as api } from '@jornada/contracts';
import { relogiosSeguemFuncionarios } from '../relogio-push/funcionarios-nos-relogios.service.js';
import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { addDays } from '../../shared/clock.js';
import type { TenantWork } from '../../shared/unit-of-work.js';
import {
  M,
  alvoDe,
  cargoExistente,
  centroCustoGravavel,
  dadosPessoa,
  escalaExistente,
  exigirUnicos,
  fotoValida,
  funcionariosGravados,
  garantirLimiteFuncionarios,
  hojeDa,
  mudarFuncionario,
  rotulo,
  visivel,
  type AlterarBody,
  type FuncionariosContexto,
  type Mensagem,
  type SalvarBody,
} from './funcionarios-contexto.service.js';
import {
  funcionariosRepository as repo,
  type FuncionarioRow,
  type FuncionarioValues,
} from './funcionarios.repository.js';

// The employee's form (seed 001 §2.6, §2.7): 'Novo funcionário' and 'Editar funcionário'.

const { aguardandoAtivacao, janelaAtivacao, problemasDatasEdicao, problemasDatasFuncionario } = api;

/** The first day-dependent problem of the employee's dates as a 400 (the form shows them all). */
function exigirDatas(f: Parameters<typeof problemasDatasFuncionario>[0], hoje: string): void {
  const [p] = problemasDatasFuncionario(f, hoje);
  if (p) throw badRequest(p.mensagem);
}

/**
 * The situação of the edit (seed 001 §2.7): a reason opens an absence from
 * the demission date (definitive reason) or today, closing the one open
 * before; none closes the open one (yesterday, or removes it when it had
 * not started yet).
 */
async function situacao(
  w: TenantWork,
  f: FuncionarioRow,
  motivoId: number | null,
  hoje: string,
  demissao: string | null,
) {
  const aberto = await repo.afastamentoAberto(w.tx, w.tenantId, f.id);
  if (motivoId === null) {
    if (!aberto) return;
    if (aberto.dataInicio >= hoje) await repo.deleteAfastamento(w.tx, w.tenantId, aberto.id);
    else await repo.updateAfastamento(w.tx, w.tenantId, aberto.id, { dataFinal: addDays(hoje, -1) });
    return;
  }
  if (aberto?.motivoId === motivoId) return;
  const motivo = await repo.findMotivo(w.tx, w.tenantId, motivoId);
  if (!motivo) throw badRequest(M.motivoNaoEncontrado);
  const inicio = motivo.definitivo && demissao ? demissao : hoje;
  if (aberto && aberto.dataInicio >= inicio) {
    await repo.updateAfastamento(w.tx, w.tenantId, aberto.id, { motivoId });
    return;
  }
  if (aberto) await repo.updateAfastamento(w.tx, w.tenantId, aberto.id, { dataFinal: addDays(inicio, -1) });
  await repo.insertAfastamento(w.tx, w.tenantId, f.id, motivoId, inicio);
}

/**
 * 'Novo funcionário' (25): one transaction writes the employee, the first
 * schedule entry (from dataInicioContrato, else the admission), the first
 * position entry (from the admission) and the photo, after the plan's
 * limit and the CPF/badge of the company's active employees.
 */
export async function salvarFuncionario(
  ctx: FuncionariosContexto,
  auth: AuthContext,
  b: SalvarBody,
): Promise<{ mensagem: string; id: number }> {
  return ctx.run(auth, async (w) => {
    const { hoje } = await hojeDa(w);
    const f = b.funcionario;
    exigirDatas(f, hoje);
    const scope = await w.scope();
    scope.requireCnpj(b.cnpj.id);
    if (!(await repo.findCnpj(w.tx, w.tenantId, b.cnpj.id))) throw notFound(M.naoEncontrado);
    const cc = await centroCustoGravavel(w, b.centroCusto.id, b.cnpj.id);
    const cargo = await cargoExistente(w, b.cargo.id);
    const escala = await escalaExistente(w, b.contrato.id);
    const foto = b.imagemPerfilBase64 ? fotoValida(b.imagemPerfilBase64) : undefined;
    await garantirLimiteFuncionarios(w, 1);
    await exigirUnicos(w, b.cnpj.id, f);
    const values: FuncionarioValues = {
      ...dadosPessoa(f),
      senhaTecladoCifrada: f.senhaTecladoSemBio ? ctx.pins().encrypt(f.senhaTecladoSemBio) : null,
      cnpjId: b.cnpj.id,
      centroCustoId: cc.id,
      dataDemissao: null,
      dataAtivacao: f.agendarAtivacao && f.dataAtivacao ? f.dataAtivacao : hoje,
      ativo: true,
    };
    const { id } = await repo.insert(w.tx, w.tenantId, values);
    await funcionariosGravados(w, [id]);
    await repo.escalas.insert(w.tx, w.tenantId, id, escala.id, b.dataInicioContrato ?? f.dataAdmissao);
    await repo.cargos.insert(w.tx, w.tenantId, id, cargo.id, f.dataAdmissao);
    if (foto) await repo.salvarFoto(w.tx, w.tenantId, id, foto, w.now);
    // The company's clocks register the new employee (decision 0083).
    await relogiosSeguemFuncionarios(w, [id]);
    await w.audit({
      acao: 'Cadastrar',
      descricao: `${rotulo(f)} (escala ${escala.descricao}, cargo ${cargo.nome})`,
      alvo: alvoDe(values),
    });
    return { mensagem: M.salvo, id };
  });
}

/**
 * 'Editar funcionário' (26): the person's fields, status, situação,
 * demission and cost centre (same company), and the photo when sent.
 * Re-activating counts against the plan's limit.
 */
export async function alterarFuncionario(
  ctx: FuncionariosContexto,
  auth: AuthContext,
  b: AlterarBody,
): Promise<Mensagem> {
  return ctx.run(auth, async (w) => {
    const { hoje } = await hojeDa(w);
    const f = b.funcionario;
    const [problema] = problemasDatasEdicao(f, hoje);
    if (problema) throw badRequest(problema.mensagem);
    const before = await visivel(w, f.id, true);
    const cc = await centroCustoGravavel(w, b.centroCusto.id, before.cnpjId);
    const foto = b.base64FotoPerfil ? fotoValida(b.base64FotoPerfil) : undefined;
    if (f.ativo && !before.ativo) await garantirLimiteFuncionarios(w, 1);
    if (f.ativo) await exigirUnicos(w, before.cnpjId, f, before.id);
    // A blank PIN keeps the stored one (the form never receives it to send back); a new one replaces it.
    const senha = f.removerSenhaTeclado
      ? null
      : f.senhaTecladoSemBio
        ? ctx.pins().encrypt(f.senhaTecladoSemBio)
        : undefined;
    await repo.update(w.tx, w.tenantId, before.id, {
      ...dadosPessoa(f),
      ...(senha === undefined ? {} : { senhaTecladoCifrada: senha }),
      centroCustoId: cc.id,
      ativo: f.ativo,
      dataDemissao: f.dataDemissao,
    });
    await funcionariosGravados(w, [before.id]);
    if (b.motivoAfastamento !== undefined) {
      await situacao(w, before, b.motivoAfastamento?.id ?? null, hoje, f.dataDemissao);
    }
    if (foto) await repo.salvarFoto(w.tx, w.tenantId, before.id, foto, w.now);
    // Only what a clock holds sends commands: a REP records every change of a user in its AFD (decision 0083).
    const paraRelogio =
      foto !== undefined ||
      before.nome !== f.nome ||
      before.cracha !== f.cracha ||
      before.cpf !== f.cpf ||
      (before.pis ?? null) !== (f.pis ?? null) ||
      before.ativo !== f.ativo ||
      before.dataDemissao !== f.dataDemissao;
    if (paraRelogio) await relogiosSeguemFuncionarios(w, [before.id]);
    const mudancas = [
      before.ativo !== f.ativo ? (f.ativo ? 'ativado' : 'inativado') : '',
      before.centroCustoId !== cc.id ? `centro de custo ${cc.codigo} - ${cc.nome}` : '',
      before.dataDemissao !== f.dataDemissao ? `demissão ${f.dataDemissao ?? 'removida'}` : '',
      // Never the PIN itself.
      senha === null && before.possuiSenhaTeclado ? 'senha do teclado removida' : '',
      senha ? 'senha do teclado alterada' : '',
    ].filter(Boolean);
    await w.audit({
      acao: 'Editar',
      descricao: `${rotulo(before)} alterado${mudancas.length ? `: ${mudancas.join(', ')}` : ''}`,
      // Where the employee is now: whoever lost it with the move no longer reads about it.
      alvo: alvoDe({ cnpjId: before.cnpjId, centroCustoId: cc.id }),
    });
    return { mensagem: M.alterado };
  });
}

/** 'Data para ativação' of an employee still waiting for it, within the activation window. */
export async function alterarDataAtivacao(
  ctx: FuncionariosContexto,
  auth: AuthContext,
  idFuncionario: number,
  dataAtivacao: string,
): Promise<Mensagem> {
  return mudarFuncionario(ctx, auth, idFuncionario, async (w, f) => {
    const { hoje } = await hojeDa(w);
    if (!f.ativo || !aguardandoAtivacao(f.dataAtivacao, hoje)) throw badRequest(M.naoAguardandoAtivacao);
    const { de, ate } = janelaAtivacao(hoje);
    if (dataAtivacao < de || dataAtivacao > ate) throw badRequest(M.dataAtivacaoForaDaJanela(de, ate));
    await repo.update(w.tx, w.tenantId, f.id, { dataAtivacao });
    await w.audit({
      acao: 'Editar',
      descricao: `${rotulo(f)}: data para ativação ${f.dataAtivacao} → ${dataAtivacao}`,
      alvo: alvoDe(f),
    });
    return { mensagem: M.dataAtivacaoAlterada };
  });
}
