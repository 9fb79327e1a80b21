import type { CentroCusto, CnpjOpcao, FuncionarioLinha, ResponseOf, funcionarioApi } from '@jornada/contracts';

/**
 * Contract-shaped data for this feature's tests (the stubs check every reply
 * against the contract, so these cannot drift from it).
 */

export const CNPJS: CnpjOpcao[] = [
  {
    id: 1,
    numero: '11222333000181',
    razaoSocial: 'Jornada Demonstração Ltda',
    tipoNumeroDocumento: 'cnpj',
    cnpjNome: '11.222.333/0001-81 - Jornada Demonstração Ltda',
  },
  {
    id: 2,
    numero: '11222333000262',
    razaoSocial: 'Filial Campinas',
    tipoNumeroDocumento: 'cnpj',
    cnpjNome: '11.222.333/0002-62 - Filial Campinas',
  },
];

const cc = (id: number, codigo: string, nome: string, pai: number | null, tipo: CentroCusto['tipo']): CentroCusto => ({
  id,
  codigo,
  nome,
  tipo,
  centroCustoPaiId: pai,
  idCnpj: 1,
});

export const CENTROS: CentroCusto[] = [
  cc(10, '10', 'Administrativo', null, 'Departamento'),
  cc(20, '20', 'Produção', null, 'Departamento'),
  cc(21, '21', 'Montagem', 20, 'Setor'),
  cc(211, '211', 'Linha A', 21, 'Seção'),
];

export function linha(i: number, over: Partial<FuncionarioLinha> = {}): FuncionarioLinha {
  return {
    id: i,
    cracha: String(i),
    nome: `Funcionário ${String(i).padStart(2, '0')}`,
    pis: null,
    cpf: '52998224725',
    cargo: 'Operador',
    centroCusto: '21 - Montagem',
    escala: '44h Seg-Sáb',
    dataCadastro: '2026-03-09',
    dataAdmissao: '2026-03-01',
    dataAtivacao: '2026-03-09',
    ativo: true,
    aguardandoAtivacao: false,
    ...over,
  };
}

export const ESCALAS = [
  { id: 1, descricao: '44h Seg-Sáb', tipo: 1, nomeRef: '44h Seg-Sáb (Quadro de Horários)' },
  { id: 2, descricao: '12x36 noturno', tipo: 2, nomeRef: '12x36 noturno (Revezamento)' },
];

export const CARGOS = [
  { id: 3, codigo: '3', nome: 'Operador' },
  { id: 4, codigo: '4', nome: 'Supervisor' },
];

type Dados = ResponseOf<typeof funcionarioApi.buscarFuncionario>;

export function dadosFuncionario(over: Partial<Dados['funcionario']> = {}): Dados {
  return {
    funcionario: {
      id: 5,
      nome: 'Maria da Silva',
      nomeCurto: 'Maria',
      dataNascimento: '1990-05-20',
      pis: '12345678919',
      semPis: false,
      cpf: '52998224725',
      email: 'maria@exemplo.com.br',
      cracha: '123',
      registro: 'R-123',
      dataAdmissao: '2024-02-01',
      dataDemissao: null,
      dataCadastro: '2024-02-01',
      dataAtivacao: '2024-02-01',
      possuiSenhaTeclado: true,
      duplaVerificacao: false,
      ativo: true,
      aguardandoAtivacao: false,
      fotoPerfil: false,
      cargo: { id: 4, nome: 'Supervisor' },
      escala: { id: 2, descricao: '12x36 noturno', tipo: 2, nomeRef: '12x36 noturno (Revezamento)' },
      ...over,
    },
    cnpj: { id: 1, numero: '11222333000181', cnpjNome: CNPJS[0]!.cnpjNome, razaoSocial: 'Jornada Demonstração Ltda' },
    funcioCargos: [
      { id: 31, dataInicio: '2025-01-01', dataFinal: null, cargo: { id: 4, nome: 'Supervisor' } },
      { id: 30, dataInicio: '2024-02-01', dataFinal: '2024-12-31', cargo: { id: 3, nome: 'Operador' } },
    ],
    funcioContratos: [
      {
        id: 41,
        dataInicio: '2025-06-01',
        dataFinal: null,
        contrato: { id: 2, descricao: '12x36 noturno', tipo: 2, nomeRef: '12x36 noturno (Revezamento)' },
      },
      {
        id: 40,
        dataInicio: '2024-02-01',
        dataFinal: '2025-05-31',
        contrato: { id: 1, descricao: '44h Seg-Sáb', tipo: 1, nomeRef: '44h Seg-Sáb (Quadro de Horários)' },
      },
    ],
    centrosCustos: CENTROS,
    centroCusto: CENTROS[2]!,
    motivoAfastamento: null,
  };
}

export const MOTIVOS = [
  { id: 7, descricao: 'Férias', definitivo: false },
  { id: 8, descricao: 'Demissão', definitivo: true },
];
