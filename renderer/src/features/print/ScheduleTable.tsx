import type { Match } from '../../../../shared/contracts/matches.js';
import { usePublicServer } from '../../hooks/public-data.js';
import { formatTime } from '../../i18n/format.js';
import { useT } from '../../i18n/index.js';
import { bracketSections } from '../bracket/sections.js';
import { displayStatusText } from '../matches/status-text.js';
import { playOrder } from './paper.js';

/** The server's name as anyone may read it; a match gets its server only once it is loaded. */
function ServerName({ id }: { id: string }) {
  const { data: server } = usePublicServer(id);
  return <>{server?.name ?? ''}</>;
}

/** "Quarter-finals", "Lower round 2", "Group A · Round 1": the round as the bracket titles it. */
function roundTitles(matches: readonly Match[], groupTitle: (name: string) => string): Map<string, string> {
  const titles = new Map<string, string>();
  for (const section of bracketSections(matches)) {
    for (const column of section.columns) {
      for (const m of column.matches) {
        titles.set(m.slug, m.group ? `${groupTitle(m.group)} · ${column.title}` : column.title);
      }
    }
  }
  return titles;
}

/** When: "live", the ETA's clock time, or where the match stands (waiting for teams, in the queue). */
function When({ match }: { match: Match }) {
  const t = useT();
  if (match.status === 'live' || match.status === 'loaded') {
    return <strong>{t('print.schedule.live')}</strong>;
  }
  if (match.eta) {
    return <>{t('print.schedule.eta', { time: formatTime(match.eta.startsAt) })}</>;
  }
  return <>{displayStatusText(match.displayStatus)}</>;
}

/** The match-call sheet: one line per match still to play, in play order. */
export function ScheduleTable({ matches }: { matches: readonly Match[] }) {
  const t = useT();
  const ordered = playOrder(matches);
  if (ordered.length === 0) {
    return <p>{t('print.schedule.empty')}</p>;
  }
  const titles = roundTitles(matches, (name) => t('bracket.groups.group', { name }));
  return (
    <table className="print-schedule" data-testid="print-schedule">
      <thead>
        <tr>
          <th>#</th>
          <th>{t('print.schedule.match')}</th>
          <th>{t('print.schedule.round')}</th>
          <th>{t('print.schedule.teams')}</th>
          <th>{t('print.schedule.when')}</th>
          <th>{t('print.schedule.server')}</th>
        </tr>
      </thead>
      <tbody>
        {ordered.map((m, i) => (
          <tr key={m.slug}>
            <td>{i + 1}</td>
            <td>{m.label}</td>
            <td>{titles.get(m.slug) ?? ''}</td>
            <td>
              {t('print.schedule.versus', {
                team1: m.team1?.name ?? t('common.tbd'),
                team2: m.team2?.name ?? t('common.tbd'),
              })}
            </td>
            <td>
              <When match={m} />
            </td>
            <td>{m.serverId ? <ServerName id={m.serverId} /> : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
