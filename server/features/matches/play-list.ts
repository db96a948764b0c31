import { mapsOnServer } from '../../../shared/domain/map-advantage.js';
import type { MapSide } from '../../../shared/domain/veto.js';
import type { MatchRecord } from './repo.js';

/**
 * The maps a match plays in order and team 1's starting sides: the veto's result, else the first maps
 * of its pool. A series started one map up plays one map fewer (decision 78: the decider is never reached).
 */
export function playList(match: Pick<MatchRecord, 'veto' | 'mapPool' | 'format' | 'mapAdvantage'>): {
  maps: string[];
  sides?: MapSide[];
} {
  const veto = match.veto as { maps?: string[]; sides?: MapSide[] } | null;
  const count = mapsOnServer(match.format, match.mapAdvantage);
  return {
    maps: (veto?.maps ?? match.mapPool).slice(0, count),
    sides: veto?.sides?.slice(0, count),
  };
}
