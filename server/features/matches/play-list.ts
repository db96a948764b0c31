import { MAPS_IN_SERIES } from '../../../shared/domain/tournament-rules.js';
import type { MapSide } from '../../../shared/domain/veto.js';
import type { MatchRecord } from './repo.js';

/** The maps a match plays in order and team 1's starting sides: the veto's result, else the first maps of its pool. */
export function playList(match: Pick<MatchRecord, 'veto' | 'mapPool' | 'format'>): {
  maps: string[];
  sides?: MapSide[];
} {
  const veto = match.veto as { maps?: string[]; sides?: MapSide[] } | null;
  return {
    maps: veto?.maps ?? match.mapPool.slice(0, MAPS_IN_SERIES[match.format]),
    sides: veto?.sides,
  };
}
