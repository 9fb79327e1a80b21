/**
 * Who is calling, resolved from the bearer token only (never from the body).
 * Services take this plain value; they know nothing of HTTP.
 */
export interface AuthContext {
  readonly sessionId: number;
  readonly tenantId: number;
  readonly userId: number;
  readonly nome: string;
  readonly email: string;
  readonly nomeLogin: string;
  /** The profile's codes plus 0 (seed 000 §2.2: code 0 is held by everyone logged in). */
  readonly permissoes: ReadonlySet<number>;
  /**
   * Set on a support session (decision 0016): the provider's staff member
   * (`userId`, `email`, `nome` are theirs) acting in `tenantId` with its
   * Administrador codes under this Autorização de Suporte. `nomeLogin` is then
   * 'suporte:<e-mail>', which is what the operation log records.
   */
  readonly suporte?: { readonly autorizacaoId: number } | undefined;
  /**
   * Set when the provider's staff member acts inside a customer's tenant
   * through a provider call (Update-Funcionarios, decision 0040): `tenantId`
   * is the customer's, `nomeLogin` 'provedor:<e-mail>'.
   */
  readonly provedorNoCliente?: true | undefined;
}

export function holdsPermission(auth: AuthContext, code: number, alt?: number): boolean {
  return auth.permissoes.has(code) || (alt !== undefined && auth.permissoes.has(alt));
}
