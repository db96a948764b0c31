// The yardstick for start-up time: the smallest Express 5 app that answers GET /health.
import express from 'express';

const app = express();
app.get('/health', (_req, res) => res.json({ success: true, status: 'ok' }));
const server = app.listen(0, '127.0.0.1', () => {
  // The same line the Matchday cli prints, so both are started and timed the same way.
  console.log(`This machine:   http://127.0.0.1:${server.address().port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
