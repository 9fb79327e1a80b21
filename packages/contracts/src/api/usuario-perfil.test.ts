import { describe, expect, it } from 'vitest';
import { ALL_CUSTOMER_CODES } from '../permissions.js';
import { MSG } from '../messages.js';
import { permissionMenuTree, type MenuPerfil } from './perfil-permissao.js';
import { alterarSenhaForm, centroCustoLabel, novoUsuarioForm } from './usuario.js';

const flatten = (items: MenuPerfil[]): MenuPerfil[] => items.flatMap((i) => [i, ...flatten(i.menuFilhos)]);

describe('árvore de permissões (Perfis e Permissões)', () => {
  const nodes = flatten(permissionMenuTree());

  it('tem cada código de cliente uma vez, e nenhum nó vazio', () => {
    const codes = nodes.flatMap((n) => n.permissoes.map((p) => p.id)).sort((a, b) => a - b);
    expect(codes).toEqual([...ALL_CUSTOMER_CODES].sort((a, b) => a - b));
    for (const n of nodes) expect(n.permissoes.length + n.menuFilhos.length, n.id).toBeGreaterThan(0);
  });

  it('mantém os grupos do menu com o seu próprio código (Cadastros 49) e o Sistema com os seus itens', () => {
    const cadastros = nodes.find((n) => n.id === 'cadastros')!;
    expect(cadastros.permissoes.map((p) => p.id)).toEqual([49]);
    expect(cadastros.menuFilhos.map((n) => n.id)).toContain('cargos');
    const dispositivos = nodes.find((n) => n.id === 'dispositivos')!;
    expect(dispositivos.permissoes).toEqual([]);
    expect(nodes.find((n) => n.id === 'sistema')!.menuFilhos.map((n) => n.id)).toEqual(['usuarios', 'perfis', 'logs']);
    expect(nodes.find((n) => n.id === 'meus-dados')!.permissoes.map((p) => p.id)).toEqual([10]);
    expect(nodes.find((n) => n.id === 'home')).toBeUndefined();
  });
});

describe('formulários de usuário', () => {
  it("'Novo Usuário': mensagens do seed, e-mail aparado e minúsculo", () => {
    const empty = novoUsuarioForm.safeParse({ nome: ' ', email: ' ', idPerfil: 1 });
    expect(empty.success ? [] : empty.error.issues.map((i) => i.message)).toEqual([MSG.informeNome, MSG.informeOEmail]);
    expect(novoUsuarioForm.parse({ nome: ' Ana ', email: ' Ana@X.COM ', idPerfil: 3 })).toEqual({
      nome: 'Ana',
      email: 'ana@x.com',
      idPerfil: 3,
    });
  });

  it('Senha: só o tamanho e a igualdade no cliente', () => {
    const short = alterarSenhaForm.safeParse({ senha: 'abc', repetirSenha: 'abc' });
    expect(short.success ? [] : short.error.issues.map((i) => i.message)).toEqual([MSG.senhaFraca, MSG.senhaFraca]);
    const diff = alterarSenhaForm.safeParse({ senha: 'abcdefgh', repetirSenha: 'abcdefgi' });
    expect(diff.success ? [] : diff.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['repetirSenha', MSG.naoSaoIguais],
    ]);
    // Weak but long enough: the client lets it through; the server says no.
    expect(alterarSenhaForm.safeParse({ senha: ' abcdefgh ', repetirSenha: 'abcdefgh' }).success).toBe(true);
  });

  it("rótulo do centro de custo: 'codigo - nome (tipo)'", () => {
    expect(centroCustoLabel({ codigo: '10', nome: 'Produção', tipo: 1 })).toBe('10 - Produção (Departamento)');
    expect(centroCustoLabel({ codigo: '11', nome: 'Solda', tipo: 2 })).toBe('11 - Solda (Setor)');
    expect(centroCustoLabel({ codigo: '12', nome: 'Turno A', tipo: 3 })).toBe('12 - Turno A (Seção)');
  });
});
