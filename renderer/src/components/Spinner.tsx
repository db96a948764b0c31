import { useT } from '../i18n/index.js';

/** A busy line; `label` (translated by the caller) says what loads, else "Loading…". */
export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="spinner-row" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
