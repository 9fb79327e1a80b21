import {
  FABRICANTES_RELOGIO,
  MODELOS_RELOGIO,
  PORTARIAS_RELOGIO,
  RELOGIO_PONTO_MSG as M,
  TIPOS_SERVICO_RELOGIO,
  relogioPontoApi,
  type RelogioPonto,
  type RelogioPontoForm,
} from '@jornada/contracts';
import { SwitchControl, TextControl } from '../../../components/ui/form-controls';
import { NumberControl } from '../../../components/ui/number-control';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { SelectControl } from '../../../components/ui/select-control';
import { listarRelogioPonto, salvarRelogioPonto } from '../api/relogio-ponto-api';

const L = relogioPontoApi.RELOGIO_PONTO_LIMITS;
const opcoes = (vs: readonly string[]) => vs.map((v) => ({ value: v, label: v }));

/** Seed 001 §3: ControlId, ControlId, 671 and N/D are the defaults. */
const NOVO: RelogioPontoForm = {
  id: null,
  fabricante: 'ControlId',
  numeroSerie: '',
  modelo: 'ControlId',
  portaria: '671',
  localInstalacao: '',
  autorizacao: '',
  integracaoLeitorFacial: false,
  numeroSerieLeitorFacial: '',
  tipoServico: 'N/D',
  idCloud: '',
  proximoNSR: null,
};

const doRelogio = (r: RelogioPonto): RelogioPontoForm => ({
  id: r.id,
  fabricante: r.fabricante as RelogioPontoForm['fabricante'],
  numeroSerie: r.numeroSerie,
  modelo: (r.modelo ?? null) as RelogioPontoForm['modelo'],
  portaria: (r.portaria ?? null) as RelogioPontoForm['portaria'],
  localInstalacao: r.localInstalacao ?? '',
  autorizacao: r.autorizacao ?? '',
  integracaoLeitorFacial: r.integracaoLeitorFacial,
  numeroSerieLeitorFacial: r.numeroSerieLeitorFacial ?? '',
  tipoServico: r.tipoServico as RelogioPontoForm['tipoServico'],
  idCloud: r.idCloud ?? '',
  proximoNSR: r.proximoNSR,
});

/**
 * Novo / Editar relógio (seed 001 §2.10, §5 'Time clock'): only the
 * manufacturer and the serial number block Salvar; a missing model or
 * portaria is pointed out without blocking. IdFace fixes the portaria at
 * 1510; the install location is read-only once registered; the Id Cloud
 * takes digits and is needed by the Push service.
 */
export function SalvarRelogioPontoDialog({
  visible,
  row,
  idCnpj,
  onHide,
}: {
  visible: boolean;
  row: RelogioPonto | null;
  idCnpj: number;
  onHide: () => void;
}) {
  const editando = row !== null;
  const salvar = salvarRelogioPonto.useMutation({ invalidates: [listarRelogioPonto.endpoint] });
  return (
    <FormDialog
      schema={relogioPontoApi.relogioPontoForm}
      visible={visible}
      header={editando ? 'Editar Relógio' : 'Novo Relógio'}
      values={row ? doRelogio(row) : NOVO}
      pending={salvar.isPending}
      onHide={onHide}
      width="40rem"
      onSubmit={(values) => salvar.mutate({ relogioPonto: values, cnpj: { id: idCnpj } }, { onSuccess: onHide })}
    >
      {({ control, watch, setValue }) => {
        const idFace = watch('fabricante') === relogioPontoApi.FABRICANTE_IDFACE;
        const leitor = watch('integracaoLeitorFacial') === true;
        const push = watch('tipoServico') === 'Push';
        const aviso = (campo: 'modelo' | 'portaria', texto: string) =>
          watch(campo) ? null : (
            <small className="relogio-aviso" role="status">
              {texto}
            </small>
          );
        return (
          <div className="form-columns">
            <SelectControl
              control={control}
              name="fabricante"
              id="relogio-fabricante"
              label="Fabricante"
              options={opcoes(FABRICANTES_RELOGIO)}
              placeholder="Selecione o fabricante"
              onValueChange={(v) => {
                if (v === relogioPontoApi.FABRICANTE_IDFACE) setValue('portaria', '1510');
              }}
            />
            <div>
              <SelectControl
                control={control}
                name="modelo"
                id="relogio-modelo"
                label="Modelo"
                options={opcoes(MODELOS_RELOGIO)}
                placeholder="Selecione o modelo"
                showClear
              />
              {aviso('modelo', M.selecioneModelo)}
            </div>
            <TextControl
              control={control}
              name="numeroSerie"
              id="relogio-numero-serie"
              label="Número de série"
              maxLength={L.numeroSerie}
              autoFocus
            />
            <div>
              <SelectControl
                control={control}
                name="portaria"
                id="relogio-portaria"
                label="Portaria"
                options={PORTARIAS_RELOGIO.map((p) => ({ value: p.valor, label: p.rotulo }))}
                placeholder="Selecione a portaria"
                disabled={idFace}
              />
              {aviso('portaria', M.selecionePortaria)}
            </div>
            <TextControl
              control={control}
              name="localInstalacao"
              id="relogio-local"
              label="Local de instalação"
              maxLength={L.localInstalacao}
              disabled={editando}
            />
            <SelectControl
              control={control}
              name="tipoServico"
              id="relogio-tipo-servico"
              label="Tipo de serviço"
              options={TIPOS_SERVICO_RELOGIO.map((t) => ({ value: t.valor, label: t.rotulo }))}
            />
            <TextControl
              control={control}
              name="idCloud"
              id="relogio-id-cloud"
              label={push ? 'Id Cloud (obrigatório no Push)' : 'Id Cloud'}
              maxLength={L.idCloud}
            />
            <NumberControl
              control={control}
              name="proximoNSR"
              id="relogio-proximo-nsr"
              label="Próximo NSR"
              min={1}
              max={999_999_999}
            />
            <TextControl
              control={control}
              name="autorizacao"
              id="relogio-autorizacao"
              label="Autorização"
              maxLength={L.autorizacao}
            />
            <SwitchControl
              control={control}
              name="integracaoLeitorFacial"
              id="relogio-leitor-facial"
              label="Integração com leitor facial"
            />
            {leitor ? (
              <TextControl
                control={control}
                name="numeroSerieLeitorFacial"
                id="relogio-serie-leitor"
                label="Número de série do leitor facial"
                maxLength={L.numeroSerie}
              />
            ) : null}
          </div>
        );
      }}
    </FormDialog>
  );
}
