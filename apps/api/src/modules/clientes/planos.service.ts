import { MSG, type ParsedBodyOf, type Plano, type provedorApi } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { planosRepository as repo } from './planos.repository.js';
import { providerWork } from './provider-work.service.js';

type PlanoForm = ParsedBodyOf<typeof provedorApi.salvarPlano>['plano'];

const limits = (p: PlanoForm) =>
  `CNPJs ${p.maxCnpjs}, funcionários ${p.maxFuncionarios}, móveis ${p.maxDispositivosMoveis}, ` +
  `web ${p.maxDispositivosWeb}, usuários ${p.maxUsuarios}`;

/** The provider's Planos (issue 9): the limits each customer subscribes to. */
export function planosService(deps: Deps) {
  const work = providerWork(deps);
  return {
    listarPlanos(auth: AuthContext): Promise<Plano[]> {
      return work(auth, ({ tx }) => repo.list(tx));
    },

    salvarPlano(auth: AuthContext, p: PlanoForm) {
      return work(auth, async ({ tx, audit }) => {
        const values = {
          nome: p.nome,
          maxCnpjs: p.maxCnpjs,
          maxFuncionarios: p.maxFuncionarios,
          maxDispositivosMoveis: p.maxDispositivosMoveis,
          maxDispositivosWeb: p.maxDispositivosWeb,
          maxUsuarios: p.maxUsuarios,
        };
        if (p.id === null || p.id === undefined) {
          const id = await repo.insert(tx, values);
          await audit({ acao: 'Cadastrar', descricao: `Plano ${id} - ${p.nome} (${limits(p)})` });
          return { mensagem: MSG.planoSalvo };
        }
        if (!(await repo.update(tx, p.id, values))) throw notFound(MSG.naoEncontrado);
        await audit({ acao: 'Editar', descricao: `Plano ${p.id} - ${p.nome} (${limits(p)})` });
        return { mensagem: MSG.planoAlterado };
      });
    },

    /** A plan in use stays: the row is locked, so no customer can move onto it while it goes. */
    excluirPlano(auth: AuthContext, id: number) {
      return work(auth, async ({ tx, audit }) => {
        const plan = await repo.lockWithUsage(tx, id);
        if (!plan) throw notFound(MSG.naoEncontrado);
        if (plan.clientes > 0) throw badRequest(MSG.planoEmUso);
        await repo.remove(tx, id);
        await audit({ acao: 'Excluir', descricao: `Plano ${id} - ${plan.nome}` });
        return { mensagem: MSG.planoExcluido };
      });
    },
  };
}
