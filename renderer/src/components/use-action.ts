import { useCallback, useState } from 'react';
import { toast } from '../stores/toasts.js';
import { errorText } from '../i18n/error-text.js';

/**
 * Runs an admin action with the console's feedback: `busy` while it runs, a success toast with
 * `done` (when given), an error toast with the API's message (decision 51's text for its code outside English).
 * Toasts given a `key` replace the last one of that key. Resolves to the result, or undefined when it failed.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(work: () => Promise<T>, done?: string | ((result: T) => string), key?: string) => {
      setBusy(true);
      try {
        const result = await work();
        if (done) {
          toast('success', typeof done === 'string' ? done : done(result), key);
        }
        return result;
      } catch (err) {
        toast('error', errorText(err), key);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [],
  );
  return { busy, run };
}
