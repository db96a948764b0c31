import type { JsonObject } from './dotnet-json.js';
import { payloads } from './event-payloads.js';
import { FlowCancelled } from './game-clock.js';
import type { GameClock } from './game-clock.js';
import { dotnetStatusName, isSuccess, sendRequest } from './http-out.js';
import type { DemoOutcome } from './match-script.js';
import { seededRandom } from './match-script.js';

/** One map's demo, ready to upload (PROTOCOL.md 3.3). */
export interface DemoJob {
  url: string;
  headerKey: string;
  headerValue: string;
  /** Brand of the upload headers: `Plugin` gives `Plugin-FileName`, ... */
  headerBrand: string;
  filename: string;
  matchId: number;
  mapNumber: number;
  /** Team1 score + team2 score at the map's end. */
  roundNumber: number;
  sizeBytes: number;
  outcome: DemoOutcome;
  /** The file's bytes when it is not a generated demo (a round backup). */
  content?: Buffer;
}

export interface DemoAttempt {
  url: string;
  headers: Record<string, string>;
  filename: string;
  outcome: number | 'error';
}

export interface DemoUploadDeps {
  clock: GameClock;
  emit: (payload: JsonObject) => Promise<void>;
  onAttempt: (attempt: DemoAttempt) => void;
  signal: AbortSignal;
  /** URL prefixes the server cannot reach: an upload there fails as an exception (and is retried). */
  unreachable: readonly string[];
}

const ATTEMPTS = 3;
const ATTEMPT_TIMEOUT_MS = 60_000;
/** The plugin waits for the file size to stay still for two one-second checks. */
const FILE_SETTLE_SECONDS = 2;
const BLOCK_SIZE = 64 * 1024;
const DEMO_MAGIC = Buffer.from('PBDEMS2\0', 'latin1');

/** The bytes of a generated demo: the CS2 demo magic, then a seeded pattern, 64 KiB at a time. */
export function* demoChunks(sizeBytes: number, seed = 1): Generator<Buffer> {
  const random = seededRandom(seed);
  const block = Buffer.alloc(BLOCK_SIZE);
  for (let index = 0; index < BLOCK_SIZE; index += 1) {
    block[index] = Math.floor(random() * 256);
  }
  DEMO_MAGIC.copy(block);
  for (let offset = 0; offset < sizeBytes; offset += BLOCK_SIZE) {
    yield block.subarray(0, Math.min(BLOCK_SIZE, sizeBytes - offset));
  }
}

/**
 * Uploads like the plugin: retries only on exceptions (1 s, then 4 s), an HTTP error is final. Round
 * backups go through the same uploader with their own URL and header (1.4.21 src/Utility.cs
 * UploadFileAsync, called from src/BackupManagement.cs CreateMatchZyRoundDataBackup).
 */
export async function uploadDemo(job: DemoJob, deps: DemoUploadDeps): Promise<void> {
  const { emit, clock, signal } = deps;
  const { filename, mapNumber, matchId } = job;
  if (!job.url) {
    return;
  }
  if (job.outcome === 'file-not-found') {
    await emit(
      payloads.demoUploadFail(filename, null, 'file_not_found', 'file_not_found', mapNumber, matchId),
    );
    await emit(payloads.demoUploadEnded(filename, false, mapNumber, matchId));
    return;
  }
  await clock.sleep(FILE_SETTLE_SECONDS, signal);
  const sizeMb = job.sizeBytes / 1024 / 1024;
  await emit(payloads.demoUploadStart(filename, sizeMb, mapNumber, matchId));
  const headers = uploadHeaders(job);
  let lastError = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      const response = await sendRequest({
        method: 'POST',
        url: job.url,
        headers,
        body: job.content ?? { length: job.sizeBytes, chunks: faultyChunks(job, signal) },
        timeoutMs: job.outcome === 'never-reports' ? undefined : ATTEMPT_TIMEOUT_MS,
        signal,
        unreachable: deps.unreachable,
      });
      deps.onAttempt({ url: job.url, headers, filename, outcome: response.status });
      if (isSuccess(response.status)) {
        await emit(payloads.demoUploadSuccess(filename, sizeMb, String(response.status), mapNumber, matchId));
        await emit(payloads.demoUploadEnded(filename, true, mapNumber, matchId));
      } else {
        const reason = truncate(response.body) || `HTTP ${dotnetStatusName(response.status)}`;
        await emit(
          payloads.demoUploadFail(filename, sizeMb, String(response.status), reason, mapNumber, matchId),
        );
        await emit(payloads.demoUploadEnded(filename, false, mapNumber, matchId));
      }
      return;
    } catch (error) {
      if (signal.aborted) {
        throw new FlowCancelled();
      }
      deps.onAttempt({ url: job.url, headers, filename, outcome: 'error' });
      lastError = error instanceof Error ? error.message : String(error);
      if (attempt < ATTEMPTS) {
        await clock.sleep(attempt * attempt, signal);
      }
    }
  }
  await emit(payloads.demoUploadFail(filename, null, 'exception', truncate(lastError), mapNumber, matchId));
  await emit(payloads.demoUploadEnded(filename, false, mapNumber, matchId));
}

function uploadHeaders(job: DemoJob): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/octet-stream' };
  for (const brand of [job.headerBrand, 'Get5']) {
    headers[`${brand}-FileName`] = job.filename;
    headers[`${brand}-MatchId`] = String(job.matchId);
    headers[`${brand}-MapNumber`] = String(job.mapNumber);
    headers[`${brand}-RoundNumber`] = String(job.roundNumber);
  }
  if (job.headerKey && job.headerValue) {
    headers[job.headerKey] = job.headerValue;
  }
  return headers;
}

/** The demo bytes, broken off halfway (`interrupted`) or stalled halfway (`never-reports`). */
async function* faultyChunks(job: DemoJob, signal: AbortSignal): AsyncGenerator<Buffer> {
  let sent = 0;
  const breakAt = job.outcome === 'upload' ? Infinity : Math.floor(job.sizeBytes / 2);
  for (const chunk of demoChunks(job.sizeBytes, job.matchId * 100 + job.mapNumber)) {
    if (sent + chunk.length > breakAt) {
      yield chunk.subarray(0, breakAt - sent);
      if (job.outcome === 'interrupted') {
        throw new Error('Error while copying content to a stream.');
      }
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      return;
    }
    sent += chunk.length;
    yield chunk;
  }
}

/** First 100 characters, then `...`, as the plugin shortens reasons. */
function truncate(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}
