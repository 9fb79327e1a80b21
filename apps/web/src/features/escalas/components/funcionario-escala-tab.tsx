/**
 * Tab 'Funcionário/Escala' of Escalas de Horários (seed 001 §2.3): moves
 * employees between schedules. Placeholder until the mass-move branch lands.
 */
export function FuncionarioEscalaTab() {
  return <p>Em construção.</p>;
}
