import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { expressMessages } from '../../server/http/express-messages.js';

/** An Express app answering GET /who with its name, through a JSON answer and a header of Express's. */
function namedApp(name: string) {
  const app = express();
  app.get('/who', (req, res) => {
    res.set('X-App', name).json({ name, path: req.path });
  });
  return app;
}

describe('the HTTP server’s requests and responses', () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  it('are born with the current Express app’s prototypes, so Express has none to change', async () => {
    const messages = expressMessages();
    let app = namedApp('first');
    messages.adopt(app);
    const bornWith: boolean[] = [];
    server = http.createServer(
      { IncomingMessage: messages.IncomingMessage, ServerResponse: messages.ServerResponse },
      (req, res) => {
        bornWith.push(
          Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response,
        );
        app(req, res);
      },
    );
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/who`;

    const first = await fetch(url);
    expect(first.headers.get('x-app')).toBe('first');
    expect(await first.json()).toEqual({ name: 'first', path: '/who' });

    // A restore builds a new app: requests from then on are born with its prototypes.
    app = namedApp('second');
    messages.adopt(app);
    const second = await fetch(url);
    expect(await second.json()).toEqual({ name: 'second', path: '/who' });
    expect(bornWith).toEqual([true, true]);
  });
});
