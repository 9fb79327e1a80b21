import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { formatCnpj, type ResultadoImportacao, type ResumoImportacao } from '@jornada/contracts';
import { FormField } from '../../../components/ui/form-field';
import { Page } from '../../../components/ui/page';
import {
  listarCnpjsCliente,
  processarImportacaoCliente,
  salvarImportacaoCliente,
} from '../api/funcionarios-importacao-api';
import {
  CONFIGURACAO_INICIAL,
  ConfigurarFormView,
  comEmpresaSugerida,
  problemasConfiguracao,
  type Configuracao,
} from './configurar-form';
import { ConfirmarFormView } from './confirmar-form';
import { ErrosImportacao } from './erros-importacao';
import { EtapasImportacao } from './etapas-importacao';
import { Progresso } from './progresso';
import { ResultadoImportacaoView } from './resultado-importacao';
import { listarClientes } from '../../../shared/lookups-api';
import '../funcionarios-importacao.css';

type Etapa =
  | { nome: 'configurar' }
  | { nome: 'validar'; resumo: ResumoImportacao }
  | { nome: 'confirmar'; resumo: ResumoImportacao }
  | { nome: 'finalizar'; resultado: ResultadoImportacao };

const INDICE = { configurar: 0, validar: 1, confirmar: 2, finalizar: 3 } as const;

/**
 * Update-Funcionarios (seed 000 §2.4, 99999; issue 10 §7; decision 0040): the
 * provider picks a customer and runs the customers' employee import into it —
 * the same steps and checks, on one screen (the provider's session has no
 * wizard routes).
 */
export function UpdateFuncionariosPage() {
  const [idCliente, setIdCliente] = useState<number | null>(null);
  const [escolhida, setConfig] = useState<Configuracao>(CONFIGURACAO_INICIAL);
  const [tentou, setTentou] = useState(false);
  const [etapa, setEtapa] = useState<Etapa>({ nome: 'configurar' });
  const clientes = listarClientes.useQuery({});
  const cnpjs = listarCnpjsCliente.useQuery({ idCliente: idCliente ?? 0 }, { enabled: idCliente !== null });
  const empresas = (idCliente === null ? [] : (cnpjs.data ?? [])).map((c) => ({
    id: c.id,
    numero: c.numero,
    rotulo: `${formatCnpj(c.numero)} - ${c.razaoSocial}`,
  }));
  const config = comEmpresaSugerida(escolhida, empresas);
  const enviar = processarImportacaoCliente.useMutation();
  const salvar = salvarImportacaoCliente.useMutation();
  const recomecar = () => {
    setConfig(CONFIGURACAO_INICIAL);
    setTentou(false);
    setEtapa({ nome: 'configurar' });
  };

  const avancar = () => {
    setTentou(true);
    if (idCliente === null || Object.keys(problemasConfiguracao(config)).length > 0) return;
    if (!config.arquivo || config.cnpj === null) return;
    enviar.mutate(
      {
        fields: { jsonRequisicao: { idCliente, cnpj: { id: config.cnpj } }, jsonColunas: config.colunas.valor },
        file: config.arquivo,
      },
      { onSuccess: (resumo) => setEtapa({ nome: 'validar', resumo }) },
    );
  };

  return (
    <Page title="Update-Funcionarios">
      <EtapasImportacao atual={INDICE[etapa.nome]} />
      {etapa.nome === 'configurar' ? (
        <div className="form-grid">
          <div className="form-columns">
            <FormField
              id="upload-cliente"
              label="Cliente"
              error={tentou && idCliente === null ? 'Selecione um cliente' : undefined}
            >
              <Dropdown
                inputId="upload-cliente"
                value={idCliente}
                options={(clientes.data ?? []).map((c) => ({ label: `${c.id} - ${c.nome}`, value: c.id }))}
                optionLabel="label"
                optionValue="value"
                placeholder="Selecione"
                filter
                filterPlaceholder="Buscar"
                emptyMessage="Nenhum cliente cadastrado"
                onChange={(e) => {
                  setIdCliente((e.value as number | undefined) ?? null);
                  // Another customer's companies: the company chosen before is not one of them.
                  setConfig((c) => ({ ...c, cnpj: null }));
                }}
                disabled={enviar.isPending}
                invalid={tentou && idCliente === null}
                autoFocus
                className="w-full"
              />
            </FormField>
          </div>
          <ConfigurarFormView
            valor={config}
            onChange={setConfig}
            empresas={empresas}
            mostrarErros={tentou}
            disabled={enviar.isPending}
          />
          {enviar.isPending ? <Progresso enviado={enviar.progresso} texto="Conferindo as linhas do arquivo…" /> : null}
          <div className="form-page-actions importacao-acoes">
            <Button
              label="Avançar"
              icon="pi pi-arrow-right"
              iconPos="right"
              loading={enviar.isPending}
              onClick={avancar}
            />
          </div>
        </div>
      ) : null}
      {etapa.nome === 'validar' ? (
        <>
          <ErrosImportacao resumo={etapa.resumo} />
          <div className="form-page-actions importacao-acoes">
            <Button label="Voltar" icon="pi pi-arrow-left" outlined onClick={() => setEtapa({ nome: 'configurar' })} />
            <Button
              label="Avançar"
              icon="pi pi-arrow-right"
              iconPos="right"
              disabled={etapa.resumo.qtdFuncionarios === 0}
              onClick={() => setEtapa({ nome: 'confirmar', resumo: etapa.resumo })}
            />
          </div>
        </>
      ) : null}
      {etapa.nome === 'confirmar' ? (
        <>
          <ConfirmarFormView
            id="upload-confirmar"
            escalas={etapa.resumo.escalas}
            disabled={salvar.isPending}
            onConfirm={(v) =>
              salvar.mutate(
                { idCliente: idCliente!, id: etapa.resumo.id, ...v },
                { onSuccess: (resultado) => setEtapa({ nome: 'finalizar', resultado }) },
              )
            }
          />
          {salvar.isPending ? <Progresso enviado={null} texto="Cadastrando os funcionários…" /> : null}
          <div className="form-page-actions importacao-acoes">
            <Button
              label="Voltar"
              icon="pi pi-arrow-left"
              outlined
              disabled={salvar.isPending}
              onClick={() => setEtapa({ nome: 'validar', resumo: etapa.resumo })}
            />
            <Button
              type="submit"
              form="upload-confirmar"
              label="Importar"
              icon="pi pi-check"
              loading={salvar.isPending}
            />
          </div>
        </>
      ) : null}
      {etapa.nome === 'finalizar' ? (
        <>
          <ResultadoImportacaoView resultado={etapa.resultado} />
          <div className="form-page-actions importacao-acoes">
            <Button label="Nova importação" icon="pi pi-file-import" onClick={recomecar} />
          </div>
        </>
      ) : null}
    </Page>
  );
}
