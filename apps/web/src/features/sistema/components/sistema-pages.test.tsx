import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INTERFACE_VERSION, PERM } from '@jornada/contracts';
import { stubApi } from '../../../test/api-stub';
import { makeSession, renderApp } from '../../../test/render-app';

describe('Sobre o Sistema (seed 000 §2.6)', () => {
  it("shows the session's system version and the fixed interface version", async () => {
    stubApi();
    renderApp('/sistema/sobre', makeSession([], { versao: '4.7.1' }));
    expect(await screen.findByRole('heading', { name: 'Sobre o Sistema', level: 1 })).toBeInTheDocument();
    const versoes = screen.getByRole('main');
    expect(within(versoes).getByRole('heading', { name: 'Jornada', level: 2 })).toBeInTheDocument();
    expect(within(versoes).getByText('Versão do sistema').nextElementSibling).toHaveTextContent('4.7.1');
    expect(within(versoes).getByText('Versão da interface').nextElementSibling).toHaveTextContent('2.29.25');
    expect(INTERFACE_VERSION).toBe('2.29.25');
    expect(within(versoes).getByText(/Portaria MTP nº 671\/2021/)).toBeInTheDocument();
  });

  it('is open to every logged-in user (code 0)', async () => {
    stubApi();
    renderApp('/sistema/sobre', makeSession([]));
    expect(await screen.findByText('Versão da interface')).toBeInTheDocument();
  });
});

describe('Política de Privacidade (seed 000 §2.6)', () => {
  it('states what is collected, the six-month logs, no sharing, the LGPD rights and the 16-year rule', async () => {
    stubApi();
    renderApp('/sistema/politica-privacidade', makeSession([PERM.LOGS_VER]));
    expect(await screen.findByRole('heading', { name: 'Política de Privacidade', level: 1 })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      '1. Dados que coletamos',
      '2. Para que usamos os dados',
      '3. Compartilhamento',
      '4. Armazenamento e segurança',
      '5. Direitos do titular',
      '6. Menores de 16 anos',
      '7. Alterações desta política',
    ]);
    const text = screen.getByRole('article').textContent ?? '';
    expect(text).toMatch(/Biometria facial/);
    expect(text).toMatch(/no mínimo, seis meses/);
    expect(text).toMatch(/não são compartilhados com terceiros/);
    expect(text).toMatch(/Lei nº 13\.709\/2018/);
    for (const right of ['confirmação', 'acesso aos dados', 'correção', 'anonimização', 'portabilidade', 'revogação']) {
      expect(text).toContain(right);
    }
    expect(text).toMatch(/menores de 16 anos.*pais ou do responsável legal/s);
  });

  it('opens with code 7 (route table) or 12 (the menu item), and not without either', async () => {
    stubApi();
    renderApp('/sistema/politica-privacidade', makeSession([PERM.PERFIS_VER]));
    expect(await screen.findByRole('heading', { name: 'Política de Privacidade', level: 1 })).toBeInTheDocument();
  });

  it('without 7 or 12 the guard sends to /nao-autorizado', async () => {
    stubApi();
    const { location } = renderApp('/sistema/politica-privacidade', makeSession([]));
    expect(await screen.findByText('Sem autorização para acessar o conteúdo')).toBeInTheDocument();
    expect(location().pathname).toBe('/nao-autorizado');
  });
});
