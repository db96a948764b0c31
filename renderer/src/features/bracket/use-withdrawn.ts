import { useMemo } from 'react';
import { useLiveData } from '../../stores/live.js';

/** The teams that left the running tournament (API.md decision 61), from the live tournament. */
export function useWithdrawnTeams(): ReadonlySet<string> {
  const { tournament } = useLiveData();
  const withdrawn = tournament?.withdrawn;
  return useMemo(() => new Set((withdrawn ?? []).map((w) => w.teamId)), [withdrawn]);
}
