import '../provedor.css';
/** 'used / max' of a plan's limit, marked when over it (no plan: the count alone). */
export function UsoPlano({ used, max }: { used: number; max: number | null | undefined }) {
  const number = new Intl.NumberFormat('pt-BR');
  if (max === null || max === undefined) return <>{number.format(used)}</>;
  const over = used > max;
  return (
    <span className={over ? 'usage-over' : undefined} title={over ? 'Acima do limite do plano' : undefined}>
      {number.format(used)} / {number.format(max)}
    </span>
  );
}
