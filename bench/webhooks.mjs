// Figures of the webhook outbox: dispatcher throughput to a receiver on loopback, and what three subscribed
// endpoints add to plugin-event ingestion (p99 at a steady 500 events/s, with and without endpoints).
import http from 'node:http';
import { startServer } from '../out/server/index.js';
import { loadConfig } from '../out/server/config.js';
import { steadyLatencyP99 } from './events.mjs';
import { adminApi, tempDir } from './lib.mjs';

const SERVER_TOKEN = 'bench-server-token-0123456789';
const DELIVERIES = 3000;
const ENDPOINTS = 3;
const STEADY_RATE = 500;

export const conditions =
  `receivers are plain HTTP servers on loopback answering 200; throughput: in-process server (LOG_LEVEL=warn), ` +
  `${DELIVERIES} test events queued at once to 1 endpoint; ingestion: Matchday headless in its own process, ` +
  `open-loop load of distinct round_end events at ${STEADY_RATE}/s as in the events suite, ` +
  `${ENDPOINTS} endpoints subscribed to every event kind vs none`;

/** A website that counts what it gets. */
async function startReceiver() {
  let count = 0;
  const waiters = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count += 1;
      res.writeHead(200).end();
      for (const w of waiters.splice(0)) {
        if (count >= w.n) {
          w.resolve();
        } else {
          waiters.push(w);
        }
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    get count() {
      return count;
    },
    waitFor: (n) => (count >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function withServer(work) {
  const running = await startServer({
    config: loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      MATCHDAY_DATA_DIR: tempDir(),
      LOG_LEVEL: 'warn',
      SERVER_TOKEN,
    }),
  });
  try {
    await running.app.services.settings.update({ allowPrivateWebhooks: true });
    return await work(running);
  } finally {
    await running.stop();
  }
}

async function dispatcherThroughput() {
  const receiver = await startReceiver();
  try {
    return await withServer(async (running) => {
      const { webhooks } = running.app.services;
      const { webhook } = webhooks.create({ url: receiver.url, enabled: true });
      const started = performance.now();
      for (let i = 0; i < DELIVERIES; i++) {
        webhooks.sendTest(webhook.id, 'match.ready');
      }
      await receiver.waitFor(DELIVERIES);
      return DELIVERIES / ((performance.now() - started) / 1000);
    });
  } finally {
    await receiver.close();
  }
}

/** p99 of round_end ingestion at a steady rate, with `endpoints` receivers subscribed. */
async function ingestionP99(endpoints) {
  const receivers = await Promise.all(Array.from({ length: endpoints }, startReceiver));
  try {
    const p99 = await steadyLatencyP99(async (url) => {
      if (endpoints > 0) {
        // The receivers are on loopback: a LAN party's private addresses are allowed on purpose.
        await adminApi(url, 'PUT', '/api/settings', { allowPrivateWebhooks: true });
      }
      for (const r of receivers) {
        await adminApi(url, 'POST', '/api/webhooks', { url: r.url });
      }
    });
    const delivered = receivers.reduce((sum, r) => sum + r.count, 0);
    if (endpoints > 0 && delivered < endpoints) {
      throw new Error(`the endpoints got ${delivered} deliveries during the run`);
    }
    return { p99, delivered };
  } finally {
    await Promise.all(receivers.map((r) => r.close()));
  }
}

export async function webhookFigures() {
  const perSecond = await dispatcherThroughput();
  const without = await ingestionP99(0);
  const withEndpoints = await ingestionP99(ENDPOINTS);
  return [
    {
      figure: 'dispatcher deliveries to a loopback receiver',
      measured: `${Math.round(perSecond)} deliveries/s`,
      value: Math.round(perSecond),
      target: 'report',
      ok: null,
    },
    {
      figure: `event latency at ${STEADY_RATE} events/s, no endpoint, p99`,
      measured: `${without.p99.toFixed(1)} ms`,
      value: Number(without.p99.toFixed(2)),
      target: 'yardstick',
      ok: null,
    },
    {
      figure: `event latency at ${STEADY_RATE} events/s, ${ENDPOINTS} endpoints subscribed, p99`,
      measured: `${withEndpoints.p99.toFixed(1)} ms (${withEndpoints.delivered} deliveries meanwhile)`,
      value: Number(withEndpoints.p99.toFixed(2)),
      target: '< 10 ms',
      ok: withEndpoints.p99 < 10,
    },
  ];
}
