// The floor for the live bench: the smallest SSE server doing what Matchday's live path does. A
// round_end POST is read and answered first, then one frame (one Buffer) goes to every viewer on the
// next turn. No database, no framework, no logging: what is left is Node's own cost per viewer.
import http from 'node:http';

const viewers = new Set();
let lastId = 0;

function frameOf(body) {
  const { matchid, team1, team2 } = JSON.parse(body);
  const match = { matchid, team1MapScore: team1.score, team2MapScore: team2.score };
  return Buffer.from(`id: ${++lastId}\ndata: ${JSON.stringify({ topic: 'match', match })}\n\n`);
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"success":true,"status":"ok"}');
  } else if (req.method === 'GET' && req.url === '/api/live') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.write(`id: ${lastId}\ndata: {"topic":"hello","lastId":${lastId}}\n\n`);
    viewers.add(res);
    res.once('close', () => viewers.delete(res));
  } else if (req.method === 'POST' && req.url.startsWith('/api/events/')) {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const frame = frameOf(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"success":true}');
      setImmediate(() => viewers.forEach((viewer) => viewer.write(frame)));
    });
  } else {
    res.writeHead(404).end();
  }
});
server.requestTimeout = 0;
server.listen(0, '127.0.0.1', () => {
  // The line the Matchday cli prints, so both are started the same way.
  console.log(`This machine:   http://127.0.0.1:${server.address().port}`);
});
process.once('SIGTERM', () => {
  viewers.forEach((viewer) => viewer.destroy());
  server.close(() => process.exit(0));
});
