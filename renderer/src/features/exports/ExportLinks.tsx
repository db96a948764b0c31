import type { ExportTable } from '../../../../shared/contracts/exports.js';
import { useT } from '../../i18n/index.js';

/** The API's download addresses of a tournament's exports (decision 79); `json` is the whole event. */
export function exportUrl(tournamentId: number, what: ExportTable | 'json'): string {
  const base = `/api/tournaments/${tournamentId}`;
  return what === 'json' ? `${base}/export.json` : `${base}/export.csv?what=${what}`;
}

/** Download links of a tournament's exports: the CSV tables named, then the JSON of the whole event. */
export function ExportLinks({
  tournamentId,
  tables,
}: {
  tournamentId: number;
  tables: readonly ExportTable[];
}) {
  const t = useT();
  return (
    <nav className="export-links" aria-label={t('exports.download')}>
      {t('exports.download')}:{' '}
      {[...tables, 'json' as const].map((what) => (
        <a key={what} href={exportUrl(tournamentId, what)} download>
          {t(`exports.file.${what}`)}
        </a>
      ))}
    </nav>
  );
}
