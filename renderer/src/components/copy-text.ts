import { toast } from '../stores/toasts.js';
import { t } from '../i18n/index.js';

/**
 * Copies text to the clipboard. The Clipboard API exists only on secure origins (localhost, the
 * desktop window), not on the plain-http LAN address other admins open: there the old way does it.
 */
export async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Denied (no user gesture, permissions): try the old way.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}

/** Copies text and says so in a toast (`copiedMessage`, translated by the caller), or asks to copy by hand. */
export async function copyWithToast(text: string, copiedMessage: string): Promise<boolean> {
  const copied = await copyText(text);
  if (copied) {
    toast('success', copiedMessage);
  } else {
    toast('error', t('components.copy.failed'));
  }
  return copied;
}
