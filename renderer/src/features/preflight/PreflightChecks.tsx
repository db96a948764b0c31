import type { PreflightCheck } from '../../../../shared/contracts/preflight.js';
import { useT } from '../../i18n/index.js';

/** A check's state as its chip says it: passed, a warning, or an error. */
const stateOf = (c: PreflightCheck) => (c.ok ? 'ok' : c.severity === 'warning' ? 'warn' : 'bad');

/**
 * Preflight checks as a list: what was checked (in the language in use), on what, and Matchday's
 * finding, which for a failed check says what to do.
 */
export function PreflightChecks({
  checks,
  showSubject = true,
}: {
  checks: readonly PreflightCheck[];
  showSubject?: boolean;
}) {
  const t = useT();
  return (
    <ul className="preflight-list">
      {checks.map((c) => (
        <li key={`${c.scope}-${c.id}-${c.check}`} className={`preflight-check preflight-${stateOf(c)}`}>
          <span className={`chip ${stateOf(c)}`}>{t(`preflight.state.${stateOf(c)}`)}</span>
          <div>
            <strong>
              {showSubject && `${c.name}: `}
              {t(`preflight.checks.${c.check}`)}
            </strong>
            <div className="muted">{c.message}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}
