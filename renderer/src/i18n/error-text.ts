import { ApiError } from '../api/client.js';
import { ERROR_CODES, type ErrorCode } from '../../../shared/contracts/errors.js';
import { currentLanguage, t } from './index.js';

const CLIENT_CODES = ['UNREACHABLE', 'ERROR'] as const;

function isKnownCode(code: string): code is ErrorCode | (typeof CLIENT_CODES)[number] {
  return (
    (ERROR_CODES as readonly string[]).includes(code) || (CLIENT_CODES as readonly string[]).includes(code)
  );
}

/**
 * What the web app shows for a failed request (decision 51): the API's messages stay English, so English
 * shows the server's own, more specific words and other languages the translated text for the code.
 */
export function errorText(err: unknown): string {
  if (err instanceof ApiError && isKnownCode(err.code)) {
    return currentLanguage() === 'en' && err.message ? err.message : t(`errors.${err.code}`);
  }
  return err instanceof Error ? err.message : String(err);
}
