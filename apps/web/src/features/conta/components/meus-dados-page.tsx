import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { TabPanel, TabView } from 'primereact/tabview';
import { MSG, centroCustoLabel, usuarioApi, type AlterarSenhaForm } from '@jornada/contracts';
import { PasswordControl } from '../../../components/ui/form-controls';
import { formatCnpj } from '../../../components/ui/masks';
import { Page } from '../../../components/ui/page';
import { ListError } from '../../../components/ui/list-table';
import { usePodeChamar } from '../../../shared/session';
import { alterarSenha, buscarUsuario } from '../api/conta-api';
import '../conta.css';

function ReadOnly({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <InputText id={id} value={value} readOnly />
    </div>
  );
}

function ReadOnlyList({ title, items, empty }: { title: string; items: string[]; empty: string }) {
  const id = `lista-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="readonly-list" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {items.length === 0 ? (
        <p className="muted-text">{empty}</p>
      ) : (
        <ul>
          {items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Meus Dados (seed 000 §2.6): the account is read-only apart from the
 * password. The Senha tab checks length and equality in the browser; the
 * server enforces the whole rule and ends the user's other sessions. A
 * support session may not change a password (decision 0064): its Senha tab
 * says so instead of offering a form it could not save (issue 24 §11).
 */
export function MeusDadosPage() {
  const [tab, setTab] = useState(0);
  const podeAlterarSenha = usePodeChamar(alterarSenha.endpoint);
  const dados = buscarUsuario.useQuery({});
  const d = dados.data;
  return (
    <Page title="Meus Dados">
      <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)}>
        <TabPanel header="Meus Dados">
          {d ? (
            <div className="form-grid">
              <div className="form-columns">
                <ReadOnly id="meus-nome" label="Nome" value={d.usuario.nome} />
                <ReadOnly id="meus-email" label="E-mail" value={d.usuario.email} />
                <ReadOnly id="meus-login" label="Login" value={d.usuario.nomeLogin} />
                <ReadOnly id="meus-perfil" label="Perfil" value={d.perfil.nome} />
              </div>
              <div className="form-columns">
                <ReadOnlyList
                  title="Empresas"
                  items={d.cnpjs.map((c) => `${c.razaoSocial} - ${formatCnpj(c.numero)}`)}
                  empty="Nenhuma empresa atribuída."
                />
                <ReadOnlyList
                  title="Centros de Custos"
                  items={d.centrosCustos.map(centroCustoLabel)}
                  empty="Nenhum centro de custo atribuído: todos os das suas empresas."
                />
              </div>
            </div>
          ) : dados.isError ? (
            <ListError onRetry={() => void dados.refetch()} retrying={dados.isFetching} />
          ) : (
            <p className="muted-text">Carregando…</p>
          )}
        </TabPanel>
        <TabPanel header="Senha">
          {podeAlterarSenha ? <SenhaForm /> : <p className="muted-text">{MSG.suporteNegado}</p>}
        </TabPanel>
      </TabView>
    </Page>
  );
}

const emptySenha: AlterarSenhaForm = { senha: '', repetirSenha: '' };

function SenhaForm() {
  const form = useForm<AlterarSenhaForm, unknown, AlterarSenhaForm>({
    resolver: zodResolver(usuarioApi.alterarSenhaForm) as never,
    defaultValues: emptySenha,
  });
  const alterar = alterarSenha.useMutation();
  return (
    <form
      className="form-grid form-narrow"
      noValidate
      onSubmit={(e) => void form.handleSubmit((v) => alterar.mutate(v, { onSuccess: () => form.reset(emptySenha) }))(e)}
    >
      <PasswordControl
        control={form.control}
        name="senha"
        id="nova-senha"
        label="Nova senha"
        autoComplete="new-password"
      />
      <PasswordControl
        control={form.control}
        name="repetirSenha"
        id="repetir-senha"
        label="Repetir a senha"
        autoComplete="new-password"
      />
      <p className="muted-text">
        Mínimo de 8 caracteres, com letras e números, ao menos uma maiúscula e uma minúscula. As outras sessões abertas
        com a sua conta serão encerradas.
      </p>
      <div className="dialog-actions">
        <Button type="submit" label="Salvar" icon="pi pi-check" loading={alterar.isPending} />
      </div>
    </form>
  );
}
