import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LiveMessage } from '../../../shared/contracts/live.js';
import { onLiveMessage } from '../api/live.js';
import { errorText } from '../i18n/error-text.js';

export interface Resource<T> {
  /** undefined until the first answer for the current key. */
  data: T | undefined;
  /** The last load's failure; cleared by the next answer. */
  error: string | null;
  loading: boolean;
  /** Loads again now, keeping what is shown meanwhile. */
  refresh(): Promise<void>;
  /** Shows what an action answered, without a round trip. */
  set(update: T | ((current: T | undefined) => T)): void;
}

export interface ResourceOptions<T> {
  /** A value whose change means the data moved on: loaded again, keeping what is shown meanwhile. */
  refreshWhen?: unknown;
  /** A live message that announces a change of this data: loaded again soon after it. */
  refreshOn?(message: LiveMessage): boolean;
  /** Loads again every so often, for data that changes without a live message. */
  pollMs?: number;
  /** How an answer joins what is shown (default: it replaces it). */
  combine?(current: T | undefined, next: T): T;
}

/** Messages come in bursts (and twice where both streams are open): one load after the burst. */
const LIVE_REFRESH_DELAY_MS = 150;

interface Held<T> {
  key: string;
  data: T | undefined;
  error: string | null;
  loading: boolean;
}

/**
 * Data the web app reads from the API: loaded when `key` is set (null: nothing to load yet), loaded
 * again when `refreshWhen` changes or a live message matches `refreshOn`. Data and error belong to
 * one key: a new key starts empty, and an answer that arrives after the key moved on is dropped.
 */
export function useResource<T>(
  key: string | null,
  load: () => Promise<T>,
  options: ResourceOptions<T> = {},
): Resource<T> {
  const [held, setHeld] = useState<Held<T>>({ key: '', data: undefined, error: null, loading: false });
  const latest = useRef({ key, load, options });
  // Before the effects below run: a load always uses the current key, loader and options.
  useLayoutEffect(() => {
    latest.current = { key, load, options };
  });
  const requests = useRef(0);

  const refresh = useCallback(async () => {
    const { key: current, load: loadNow } = latest.current;
    if (current === null) {
      return;
    }
    const request = ++requests.current;
    setHeld((h) =>
      h.key === current
        ? { ...h, loading: true }
        : { key: current, data: undefined, error: null, loading: true },
    );
    try {
      const next = await loadNow();
      if (request === requests.current) {
        const { combine } = latest.current.options;
        setHeld((h) => ({
          key: current,
          data: combine ? combine(h.key === current ? h.data : undefined, next) : next,
          error: null,
          loading: false,
        }));
      }
    } catch (err) {
      if (request === requests.current) {
        const error = errorText(err);
        setHeld((h) => ({
          ...(h.key === current ? h : { data: undefined }),
          key: current,
          error,
          loading: false,
        }));
      }
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [key, options.refreshWhen, refresh]);

  const live = options.refreshOn !== undefined;
  useEffect(() => {
    if (!live) {
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onLiveMessage((message) => {
      if (latest.current.options.refreshOn?.(message)) {
        clearTimeout(timer);
        timer = setTimeout(() => void refresh(), LIVE_REFRESH_DELAY_MS);
      }
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [live, refresh]);

  const { pollMs } = options;
  useEffect(() => {
    if (pollMs === undefined) {
      return;
    }
    const timer = setInterval(() => void refresh(), pollMs);
    return () => clearInterval(timer);
  }, [pollMs, refresh]);

  const set = useCallback((update: T | ((current: T | undefined) => T)) => {
    const current = latest.current.key;
    if (current === null) {
      return;
    }
    setHeld((h) => {
      const before = h.key === current ? h.data : undefined;
      const data = typeof update === 'function' ? (update as (c: T | undefined) => T)(before) : update;
      return { key: current, data, error: null, loading: h.key === current && h.loading };
    });
  }, []);

  const mine = key !== null && held.key === key;
  return {
    data: mine ? held.data : undefined,
    error: mine ? held.error : null,
    loading: key !== null && (!mine || held.loading),
    refresh,
    set,
  };
}
