import { ApiError } from '../api/client.js';
import { errorText } from '../i18n/error-text.js';

/**
 * A failure the API reports inside a successful answer (an item of a batch, a server of a bulk action),
 * worded as `errorText` words a failed request: the server's message in English, its code's text else.
 */
export const failureText = (failure: { code?: string; error?: string }) =>
  errorText(new ApiError(200, failure.code ?? 'ERROR', failure.error ?? ''));
