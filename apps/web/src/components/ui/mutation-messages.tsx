import { Message } from 'primereact/message';
import { MSG } from '@jornada/contracts';
import { ApiError } from '../../shared/http';

interface MutationLike {
  isSuccess: boolean;
  isError: boolean;
  data?: { mensagem: string } | undefined;
  error: unknown;
}

/**
 * The inline outcome of a form whose answer is shown on the page instead of a
 * toast (seed 000 §8: forgot- and reset-password): the server's mensagem as
 * success or error, 'Oops! Algo deu errado!' when there is none.
 */
export function MutationMessages({ mutation }: { mutation: MutationLike }) {
  return (
    <>
      {mutation.isSuccess && mutation.data ? (
        <Message severity="success" text={mutation.data.mensagem} className="w-full mb-3" />
      ) : null}
      {mutation.isError ? (
        <Message
          severity="error"
          text={mutation.error instanceof ApiError ? mutation.error.mensagem : MSG.oops}
          className="w-full mb-3"
        />
      ) : null}
    </>
  );
}
