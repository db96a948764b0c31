import { useState } from 'react';
import { endpoints } from '../../api/endpoints.js';
import { errorText } from '../../i18n/error-text.js';
import { useT } from '../../i18n/index.js';
import { toast } from '../../stores/toasts.js';

/**
 * Puts text on the clipboard. Browsers offer the Clipboard API only on secure pages (https or localhost);
 * a LAN address is plain http, where a selected text area and the copy command still work.
 */
async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) {
    return navigator.clipboard.writeText(text);
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) {
    throw new Error('copy refused');
  }
}

/**
 * Copies the match as Lexogrine HUD Manager imports it (decision 81), so casters paste teams and players
 * instead of typing them; the link opens the same JSON for a manager that reads it from a file.
 */
export function HudCopyButton({ slug }: { slug: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    setBusy(true);
    setCopied(false);
    try {
      const handOff = await endpoints.matchHud(slug);
      await copyText(JSON.stringify(handOff, null, 2));
      setCopied(true);
    } catch (err) {
      toast(
        'error',
        err instanceof Error && err.message === 'copy refused' ? t('matches.hud.notCopied') : errorText(err),
      );
    } finally {
      setBusy(false);
    }
  };
  // "Copied" stays under the button, in the page's flow: a toast would cover the page on a phone.
  return (
    <>
      <p className="hud-hand-off">
        <button type="button" disabled={busy} onClick={() => void copy()}>
          {t('matches.hud.copy')}
        </button>{' '}
        <a href={`/api/matches/${encodeURIComponent(slug)}/hud`} target="_blank" rel="noreferrer">
          {t('matches.hud.open')}
        </a>
      </p>
      <p className="hud-copied" role="status">
        {copied ? t('matches.hud.copied') : ''}
      </p>
    </>
  );
}
