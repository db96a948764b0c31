import type { AppContext } from '../../context.js';
import type { PluginEvent } from '../../../shared/contracts/plugin-events.js';
import type { ProgressEvent } from '../../../shared/domain/match-progress.js';
import type { MatchRecord } from '../matches/index.js';
import { APPLIED, CHANGES_NOTHING, type MatchApplier } from './apply-to-match.js';
import type { RunApplier, RunStep } from './apply-run.js';
import type { EventLog } from './event-log.js';
import { REPEAT, type Ingested, type IngestOne } from './ingest.js';
import { progressEvent, touchesLive } from './normalise.js';

/**
 * Step 3 of an event's way, a group commit's events (group-commit.ts): under load a group holds several
 * rounds of one match. Those are applied together (apply-run.ts): the match read once, its player stats
 * written once. Every other event goes alone, as `ingestOne` takes it, after the rounds before it; a
 * group of rounds that cannot be applied together goes alone event by event, so one bad event never
 * fails the others. Each event is stored with the outcome it would have had alone.
 */

/** An event as posted, parsed, with who sent it (the URL's server or match). */
export interface PostedEvent {
  raw: Buffer;
  e: PluginEvent;
  sender: string | undefined;
}

/** A round that joins the others of its match: read and judged, waiting for its match's apply. */
interface Round {
  index: number;
  bodyHash: string;
  repeat: boolean;
  match: MatchRecord;
  effect: ProgressEvent;
}

/** The round_ends of the batch whose match has another round_end in it: the ones worth the joint way. */
function roundsSharingAMatch(batch: readonly PostedEvent[]): Set<number> {
  const byMatchid = new Map<number, number[]>();
  batch.forEach(({ e }, index) => {
    if (e.event === 'round_end' && typeof e.matchid === 'number' && e.matchid >= 0) {
      byMatchid.set(e.matchid, [...(byMatchid.get(e.matchid) ?? []), index]);
    }
  });
  return new Set([...byMatchid.values()].flatMap((indexes) => (indexes.length > 1 ? indexes : [])));
}

export function createIngestBatch(
  ctx: Pick<AppContext, 'sql' | 'logger'>,
  log: EventLog,
  applier: Pick<MatchApplier, 'matchFor'>,
  readMatch: (matchid: number) => Promise<MatchRecord | undefined>,
  runs: RunApplier,
  ingestOne: IngestOne,
  claimTestMatchEvent: (e: PluginEvent) => Promise<boolean> = () => Promise.resolve(false),
) {
  /** One event as `ingestOne` takes it, undone alone if it throws (its answer is then the error). */
  async function alone({ raw, e, sender }: PostedEvent): Promise<Ingested | Error> {
    try {
      return await ctx.sql.tx(() => ingestOne(raw, e, sender));
    } catch (err) {
      return err as Error;
    }
  }

  /** The rounds of one match applied together, each stored with what it did. */
  async function applyTogether(batch: readonly PostedEvent[], rounds: readonly Round[]): Promise<Ingested[]> {
    return ctx.sql.tx(async () => {
      const steps = await runs.applyRun(
        rounds[0]!.match,
        rounds.map((r) => r.effect),
      );
      const ingested: Ingested[] = [];
      for (const [k, round] of rounds.entries()) {
        ingested.push(await storeRound(batch[round.index]!, round, steps[k]));
      }
      return ingested;
    });
  }

  async function storeRound({ raw, e, sender }: PostedEvent, round: Round, step: RunStep): Promise<Ingested> {
    const slug = round.match.slug;
    const stored = await log.store(round.bodyHash, raw, e, sender, step ? APPLIED : CHANGES_NOTHING, slug);
    return {
      answer: { outcome: step ? 'applied' : 'ignored', ...(round.repeat ? { message: REPEAT } : {}) },
      ended: step?.seriesEnded
        ? { match: step.match, progress: step.progress, report: step.seriesReport }
        : undefined,
      stored,
      appliedTo: step ? slug : undefined,
    };
  }

  return async function ingestBatch(batch: readonly PostedEvent[]): Promise<(Ingested | Error)[]> {
    const results: (Ingested | Error)[] = new Array<Ingested | Error>(batch.length);
    const sharing = roundsSharingAMatch(batch);
    // What this run of rounds has read: each match once, whether it is a test match's once, and the
    // hashes of rounds not stored yet (a later one with the same bytes is a repeat, as it is alone).
    let matches = new Map<number, Promise<MatchRecord | undefined>>();
    let notTestMatches = new Set<number>();
    let hashes = new Set<string>();
    let run: Round[] = [];

    const readOnce = (matchid: number) => {
      const read = matches.get(matchid) ?? readMatch(matchid);
      matches.set(matchid, read);
      return read;
    };

    /** The round, read and judged, if it can join its match's others; undefined: it goes alone. */
    async function join(index: number): Promise<Round | 'claimed' | undefined> {
      const { raw, e, sender } = batch[index]!;
      const matchid = e.matchid!;
      if (!notTestMatches.has(matchid)) {
        // A test match's event notes its step (a write): alone in its savepoint, as ingestOne has it.
        const claimed = await ctx.sql.tx(() => claimTestMatchEvent(e));
        if (claimed) {
          results[index] = { answer: { outcome: 'applied', message: 'a test match event' } };
          return 'claimed';
        }
        notTestMatches.add(matchid);
      }
      const bodyHash = log.hashOf(raw);
      const repeat = hashes.has(bodyHash) || (await log.isRepeat(bodyHash));
      const target = await applier.matchFor(e, sender, readOnce);
      const match = target.match;
      if (target.outcome !== 'applied' || !match || touchesLive(e)) {
        return undefined;
      }
      const effect = progressEvent(e, () => undefined);
      if (!effect) {
        return undefined;
      }
      hashes.add(bodyHash);
      return { index, bodyHash, repeat, match, effect };
    }

    async function flush(): Promise<void> {
      const byMatch = new Map<string, Round[]>();
      for (const round of run) {
        byMatch.set(round.match.slug, [...(byMatch.get(round.match.slug) ?? []), round]);
      }
      for (const rounds of byMatch.values()) {
        if (rounds.length > 1) {
          try {
            const ingested = await applyTogether(batch, rounds);
            rounds.forEach((round, k) => (results[round.index] = ingested[k]!));
            continue;
          } catch (err) {
            ctx.logger.warn(
              { module: 'plugin-events', match: rounds[0]!.match.slug, err },
              'rounds that arrived together could not be applied together; applying them one by one',
            );
          }
        }
        for (const round of rounds) {
          results[round.index] = await alone(batch[round.index]!);
        }
      }
      run = [];
      matches = new Map();
      notTestMatches = new Set();
      hashes = new Set();
    }

    for (let index = 0; index < batch.length; index++) {
      let joined: Round | 'claimed' | undefined;
      if (sharing.has(index)) {
        try {
          joined = await join(index);
        } catch {
          // Alone, it is judged again, and answered or stored with the reason.
          joined = undefined;
        }
      }
      if (joined === 'claimed') {
        continue;
      }
      if (joined) {
        run.push(joined);
        continue;
      }
      await flush();
      results[index] = await alone(batch[index]!);
    }
    await flush();
    return results;
  };
}
