import { useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { ProgressBar } from 'primereact/progressbar';
import {
  DISPOSITIVO_LIMITS,
  DISPOSITIVO_MSG as M,
  MSG,
  PERMISSOES_DISPOSITIVO,
  type NomePermissaoDispositivo,
  type TipoDispositivo,
} from '@jornada/contracts';
import {
  FiltroFuncionarios,
  emLotes,
  filtroFuncionariosVazio,
  type FiltroFuncionariosValue,
} from '../../../components/filtro-funcionarios';
import { toastForError, toastSuccess, toastWarn } from '../../../shared/toast';
import { listarDispositivos, salvarDispositivos } from '../api/marcacao-online-api';

/** Seed 001 §2.11: Celular = Mob, Web, Todos. */
const TIPOS: { value: TipoDispositivo[]; label: string }[] = [
  { value: ['Mob'], label: 'Celular' },
  { value: ['Web'], label: 'Web' },
  { value: ['Mob', 'Web'], label: 'Todos' },
];

type Marcadas = Record<TipoDispositivo, Set<NomePermissaoDispositivo>>;
const todas = () => new Set(PERMISSOES_DISPOSITIVO.map((p) => p.nome));

/** Seed 001 §4: the bar stays 2 s after the last batch before it goes. */
export const BARRA_FICA_MS = 2_000;

/**
 * Tab Autorização (seed 001 §2.11, §4): the employee filter, Enviar, and
 * 'Criar Dispositivos?' — the device type (Sim disabled until one is picked)
 * and each chosen type's permissions, all ticked. The devices go in batches
 * of 50 with a bar: 50% at the start when there is a single batch, the
 * share done after each; a refused batch stops the rest and the bar drops to 0.
 */
export function AutorizacaoTab() {
  const [filtro, setFiltro] = useState<FiltroFuncionariosValue>(() => filtroFuncionariosVazio());
  const [perguntando, setPerguntando] = useState(false);
  const [tipos, setTipos] = useState<TipoDispositivo[] | null>(null);
  const [marcadas, setMarcadas] = useState<Marcadas>(() => ({ Mob: todas(), Web: todas() }));
  const [progresso, setProgresso] = useState<number | null>(null);
  const salvar = salvarDispositivos.useMutation({ invalidates: [listarDispositivos.endpoint], toast: false });
  const ocupado = progresso !== null;

  const enviar = () => {
    if (filtro.idCnpj === null) return toastWarn(MSG.selecioneEmpresa);
    if (filtro.funcionarios.length === 0) return toastWarn(M.selecioneFuncionarios);
    setTipos(null);
    setMarcadas({ Mob: todas(), Web: todas() });
    setPerguntando(true);
  };

  const criar = async () => {
    if (!tipos || filtro.idCnpj === null) return;
    setPerguntando(false);
    const lotes = emLotes(
      filtro.funcionarios.map((f) => f.id),
      DISPOSITIVO_LIMITS.funcionariosPorLote,
    );
    const permissoes = (t: TipoDispositivo) =>
      PERMISSOES_DISPOSITIVO.map((p) => ({ nome: p.nome, label: p.label, selecionado: marcadas[t].has(p.nome) }));
    setProgresso(lotes.length === 1 ? 50 : 0);
    let criados = 0;
    let existentes = 0;
    try {
      for (const [i, lote] of lotes.entries()) {
        const r = await salvar.mutateAsync({
          dispositivoRequest: {
            idsFuncionarios: lote,
            cnpj: { id: filtro.idCnpj },
            tiposDispositivos: tipos,
            permissoesMob: permissoes('Mob'),
            permissoesWeb: permissoes('Web'),
            ultimaPagina: i === lotes.length - 1,
          },
        });
        criados += r.criados;
        existentes += r.existentes;
        setProgresso(Math.round(((i + 1) / lotes.length) * 100));
      }
      toastSuccess(M.criados(criados, existentes));
      setTimeout(() => setProgresso(null), BARRA_FICA_MS);
    } catch (e) {
      setProgresso(null);
      toastForError(e);
    }
  };

  const alternar = (t: TipoDispositivo, nome: NomePermissaoDispositivo, marcado: boolean) =>
    setMarcadas((m) => {
      const s = new Set(m[t]);
      if (marcado) s.add(nome);
      else s.delete(nome);
      return { ...m, [t]: s };
    });

  return (
    <div className="form-grid">
      <FiltroFuncionarios id="marcacao-online" value={filtro} onChange={setFiltro} disabled={ocupado} />
      <div className="marcacao-online-enviar">
        <Button type="button" label="Enviar" icon="pi pi-send" onClick={enviar} loading={ocupado} />
        {progresso !== null ? (
          <div className="marcacao-online-barra" role="status" aria-live="polite">
            <ProgressBar value={progresso} showValue={false} aria-label="Progresso da criação" />
            <span>{progresso}%</span>
          </div>
        ) : null}
      </div>
      <Dialog
        header="Criar Dispositivos?"
        visible={perguntando}
        onHide={() => setPerguntando(false)}
        modal
        draggable={false}
        resizable={false}
        style={{ width: '32rem' }}
        breakpoints={{ '640px': '95vw' }}
        className="app-dialog"
        footer={
          <div className="dialog-actions">
            <Button label="Não" icon="pi pi-times" outlined onClick={() => setPerguntando(false)} />
            <Button label="Sim" icon="pi pi-check" disabled={tipos === null} onClick={() => void criar()} />
          </div>
        }
      >
        <p>{filtro.funcionarios.length} funcionário(s) selecionado(s).</p>
        <div className="form-field">
          <label htmlFor="marcacao-online-tipo">Dispositivo</label>
          <Dropdown
            inputId="marcacao-online-tipo"
            value={tipos}
            options={TIPOS}
            onChange={(e) => setTipos(e.value as TipoDispositivo[])}
            placeholder="Selecione o dispositivo"
          />
        </div>
        {(tipos ?? []).map((t) => (
          <fieldset key={t} className="marcacao-online-permissoes">
            <legend>Permissões {t === 'Mob' ? 'Celular' : 'Web'}</legend>
            {PERMISSOES_DISPOSITIVO.map((p) => (
              <div key={p.nome} className="form-checkbox">
                <Checkbox
                  inputId={`perm-${t}-${p.nome}`}
                  checked={marcadas[t].has(p.nome)}
                  onChange={(e) => alternar(t, p.nome, e.checked === true)}
                />
                <label htmlFor={`perm-${t}-${p.nome}`}>{p.label}</label>
              </div>
            ))}
          </fieldset>
        ))}
      </Dialog>
    </div>
  );
}
