import { useState } from 'react';
import { endpoints, type Match, type TeamLineup } from '../../api/endpoints.js';
import { Spinner } from '../../components/Spinner.js';
import { useMatchLineups } from '../../hooks/lineup-data.js';
import { errorText } from '../../i18n/error-text.js';
import { useT } from '../../i18n/index.js';
import { toast } from '../../stores/toasts.js';

/** The captain's choice: one large tap target per roster player, then save (API.md decision 62). */
function LineupChooser({
  slug,
  lineup,
  onSaved,
}: {
  slug: string;
  lineup: TeamLineup;
  onSaved(l: TeamLineup): void;
}) {
  const t = useT();
  const roster = [...lineup.players, ...lineup.substitutes];
  const [chosen, setChosen] = useState<string[]>(lineup.players.map((p) => p.platformId));
  const [busy, setBusy] = useState(false);
  const wanted = Math.min(lineup.teamSize, roster.length);
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((c) => c !== id) : [...current, id]));
  async function save() {
    setBusy(true);
    try {
      const saved = await endpoints.setLineup(slug, lineup.teamId, chosen);
      toast('success', t('me.lineup.saved'));
      onSaved(saved.lineup);
    } catch (err) {
      toast('error', errorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <fieldset className="lineup-chooser">
      <legend>{t('me.lineup.choose', { count: wanted })}</legend>
      {roster.map((player) => (
        <label key={player.platformId} className="lineup-option">
          <input
            type="checkbox"
            checked={chosen.includes(player.platformId)}
            onChange={() => toggle(player.platformId)}
          />
          <span>{player.name}</span>
          <span className="muted">
            {chosen.includes(player.platformId) ? t('me.lineup.plays') : t('me.lineup.substitute')}
          </span>
        </label>
      ))}
      <p className="muted" role="status">
        {t('me.lineup.chosen', { chosen: chosen.length, wanted })}
      </p>
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={busy || chosen.length !== wanted}
          onClick={() => void save()}
        >
          {t('me.lineup.save')}
        </button>
      </div>
    </fieldset>
  );
}

/** The team's lineup for its match: chosen here until the server fetched the config, then shown. */
export function LineupPanel({ match, teamId }: { match: Match; teamId: string }) {
  const t = useT();
  const { data, set } = useMatchLineups(match.slug, match.status);
  const lineup = data?.find((l) => l.teamId === teamId);
  if (data === undefined) {
    return <Spinner />;
  }
  if (!lineup) {
    return null;
  }
  const replace = (saved: TeamLineup) =>
    set((current) => (current ?? []).map((l) => (l.teamId === saved.teamId ? saved : l)));
  return (
    <section className="lineup" aria-labelledby="lineup-title">
      <h3 id="lineup-title">{t('me.lineup.title')}</h3>
      {lineup.editable && lineup.substitutes.length > 0 ? (
        <LineupChooser
          key={lineup.players.map((p) => p.platformId).join()}
          slug={match.slug}
          lineup={lineup}
          onSaved={replace}
        />
      ) : (
        <>
          <p>{lineup.players.map((p) => p.name).join(', ')}</p>
          {!lineup.editable && <p className="muted">{t('me.lineup.locked')}</p>}
        </>
      )}
      {lineup.coach && <p className="muted">{t('me.lineup.coach', { name: lineup.coach.name })}</p>}
    </section>
  );
}
