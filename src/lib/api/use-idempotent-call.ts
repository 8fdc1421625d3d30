import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@agent-portal/contract';
import { useRef, useState } from 'react';
import { IdempotencyKeys } from '../idempotency';
import { toApiError } from './api-error';

/**
 * A call that moves money or seats, sent with an Idempotency-Key: the same
 * key again when the agent retries after no answer (the server then answers
 * its first result instead of acting twice), a fresh one for anything else.
 * A second send while one is on its way is ignored (resolves null), before
 * React has even re-rendered the disabled button. A refusal is toasted by
 * callApi and rethrown as an ApiError for the screen to react to.
 */
export function useIdempotentCall<Body, Answer>(
  send: (body: Body, headers: Record<string, string>) => Promise<Answer>,
  onAnswer?: (answer: Answer) => void,
) {
  const [keys] = useState(() => new IdempotencyKeys());
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: Body; key: string }) => send(body, { [IDEMPOTENCY_HEADER]: key }),
  });

  const run = async (body: Body): Promise<Answer | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    try {
      const answer = await mutation.mutateAsync({ body, key: keys.keyFor(body) });
      keys.settle(null);
      onAnswer?.(answer);
      return answer;
    } catch (error) {
      const apiError = toApiError(error);
      keys.settle(apiError);
      throw apiError;
    } finally {
      inFlight.current = false;
    }
  };

  return { run, isPending: mutation.isPending, reset: mutation.reset };
}
