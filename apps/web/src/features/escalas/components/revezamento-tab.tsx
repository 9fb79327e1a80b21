import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { escalaApi } from '@jornada/contracts';
import { FormField } from '../../../components/ui/form-field';
import { detalhesCiclos, listarCiclos } from '../api/escalas-api';
import type { EscalaForm } from '../model/form-model';
import { CiclosTable, SequenciaCiclos, rotuloLista } from './ciclos';
import { DetalhesCiclosDialog } from './detalhes-ciclos-dialog';
import { ListasCiclosDialog } from './listas-ciclos-dialog';
import { SalvarListaCiclosDialog } from './salvar-lista-ciclos-dialog';
import { HoraControl } from './escala-controls';
import { CheckControl } from '../../../components/ui/form-controls';
import '../escalas.css';

/**
 * Revezamento (seed 001 §2.4, §3, §4; shown with 86): the cycle list the
 * rotation follows — picked, created, deleted, looked at — with its cycles
 * and the sequence of the next days, and the close validation whose time is
 * enabled by its checkbox (unticking clears it).
 */
export function RevezamentoTab({ form }: { form: UseFormReturn<EscalaForm> }) {
  const { control, setValue } = form;
  const idCiclo = useWatch({ control, name: 'revezamento.idCiclo' });
  const validar = useWatch({ control, name: 'revezamento.validarFechamento' });
  const salvos = useWatch({ control, name: 'revezamento.ciclos' });
  const listas = listarCiclos.useQuery({});
  const [dialogo, setDialogo] = useState<'listas' | 'nova' | null>(null);
  const [detalhe, setDetalhe] = useState<number | null>(null);
  const escolhida = listas.data?.find((l) => l.id === idCiclo);
  // The version was saved with a list deleted since: its cycles live on in the version (decision 0027).
  const perdida = idCiclo !== null && listas.data !== undefined && escolhida === undefined;
  const escolher = (id: number | null) => setValue('revezamento.idCiclo', id);

  return (
    <div className="form-grid">
      <div className="revezamento-toolbar">
        <FormField id="revezamento-lista" label="Lista de ciclos">
          <Dropdown
            inputId="revezamento-lista"
            value={escolhida ? escolhida.id : null}
            options={(listas.data ?? []).map((l) => ({ label: rotuloLista(l), value: l.id }))}
            optionLabel="label"
            optionValue="value"
            placeholder={listas.isPending ? 'Carregando…' : 'Selecione'}
            emptyMessage="Nenhuma lista de ciclos cadastrada"
            filter
            filterPlaceholder="Buscar"
            emptyFilterMessage="Nenhum resultado encontrado"
            className="revezamento-lista"
            onChange={(e) => escolher(typeof e.value === 'number' ? e.value : null)}
          />
        </FormField>
        <Button
          type="button"
          label="Nova lista de ciclos"
          icon="pi pi-plus"
          outlined
          onClick={() => setDialogo('nova')}
        />
        <Button
          type="button"
          label="Listas de ciclos"
          icon="pi pi-list"
          outlined
          onClick={() => setDialogo('listas')}
        />
      </div>
      {perdida ? (
        <div className="escala-aviso" role="status">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />
          {escalaApi.ESCALA_MSG.listaCiclosNaoEncontrada}
        </div>
      ) : null}
      {perdida && salvos && salvos.length > 0 ? <CiclosTable ciclos={salvos} /> : null}
      {escolhida ? <CiclosEscolhidos idCiclo={escolhida.id} /> : null}
      <div className="fechamento">
        <CheckControl
          control={control}
          name="revezamento.validarFechamento"
          id="revezamento-validar-fechamento"
          label="Validar o fechamento"
          onToggle={(on) => {
            if (!on) setValue('revezamento.horasFechamento', null);
          }}
        />
        <HoraControl
          control={control}
          name="revezamento.horasFechamento"
          id="revezamento-horas-fechamento"
          label="Tempo para validar o fechamento"
          disabled={!validar}
        />
      </div>
      <ListasCiclosDialog
        visible={dialogo === 'listas'}
        onHide={() => setDialogo(null)}
        onNova={() => setDialogo('nova')}
        onDetalhes={setDetalhe}
        onSelecionar={(id) => {
          escolher(id);
          setDialogo(null);
        }}
        onExcluida={(id) => {
          if (id === idCiclo) escolher(null);
        }}
      />
      <SalvarListaCiclosDialog visible={dialogo === 'nova'} onHide={() => setDialogo(null)} onCriada={escolher} />
      <DetalhesCiclosDialog idCiclo={detalhe} onHide={() => setDetalhe(null)} />
    </div>
  );
}

function CiclosEscolhidos({ idCiclo }: { idCiclo: number }) {
  const detalhes = detalhesCiclos.useQuery({ idCiclo });
  return (
    <div className="revezamento-detalhes">
      {detalhes.data ? <CiclosTable ciclos={detalhes.data.ciclos} /> : null}
      <SequenciaCiclos idCiclo={idCiclo} />
    </div>
  );
}
