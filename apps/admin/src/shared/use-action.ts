import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '../lib/api-client.ts';

/**
 * What every console action does after the server answers: a toast with the result in words, and the lists it
 * changed fetched again. Failures are shown by the caller (inside the confirmation, in the server's words) and
 * re-thrown so the dialog stays open.
 */
export function useAfterAction() {
  const queryClient = useQueryClient();
  return async <T>(
    action: () => Promise<T>,
    { success, refresh }: { success: string | ((answer: T) => string); refresh: QueryKey[] },
  ): Promise<T> => {
    const answer = await action();
    toast.success(typeof success === 'function' ? success(answer) : success);
    await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return answer;
  };
}

/** A failure outside a dialog (a toggle, a one-click action): a toast in the server's words. */
export function toastFailure(error: unknown): void {
  toast.error(errorMessage(error));
}
