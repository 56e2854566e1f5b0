import assert from 'node:assert/strict';
import { ServerError, SharedPause } from '../../../src/core/api';
import { DEFAULT_RETRY, retryDelay } from '../../../src/core/api/retry';
import { DIALECTS, doc, useService } from '../../support/serviceHarness';

describe('shared pause (Retry-After honoured by every request of a batch)', () => {
  it('a 503 with Retry-After waits what the server asked, not the jittered guess', () => {
    assert.equal(retryDelay(new ServerError('x', 'y', { status: 503, retryAfterMs: 1200 }), 1, DEFAULT_RETRY, () => 0), 1200);
  });

  it('a pause set while waiting is honoured too, and an abort ends the wait', async () => {
    let now = 0;
    const pause = new SharedPause(() => now);
    pause.pause(1000);
    assert.equal(pause.remainingMs(), 1000);
    now = 400;
    pause.pause(100); // shorter than what is left: the longer one stands
    assert.equal(pause.remainingMs(), 600);
    const abort = new AbortController();
    const waiting = pause.wait(abort.signal);
    abort.abort(new Error('stop'));
    await assert.rejects(waiting, /stop/);
  });

  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      const h = useService(dialect);

      it('after one request is told to wait, no request sharing the pause reaches the server before the time is up', async () => {
        h.service.faults.inject({ path: new RegExp(h.service.ingestionPath), status: 429, headers: { 'Retry-After': '1' }, body: { detail: 'slow down' } });
        const client = h.client();
        const pause = new SharedPause();
        const first = client.ingestDocument({ document: doc('pause-a') }, { pause });
        await until(() => pause.remainingMs() > 0);
        const second = client.ingestDocument({ document: doc('pause-b') }, { pause });
        await Promise.all([first, second]);
        const ingestions = h.service.requests.filter((r) => r.path.includes(h.service.ingestionPath));
        const limited = ingestions.find((r) => r.status === 429);
        assert.ok(limited);
        const after = ingestions.filter((r) => r !== limited);
        assert.equal(after.length, 2, 'the retried request and the second one');
        // A lower bound, not a speed: both waited out the server's second (less a little clock granularity).
        for (const r of after) assert.ok(r.time.getTime() - limited.time.getTime() >= 950, `sent ${r.time.getTime() - limited.time.getTime()} ms after the 429`);
        assert.ok(h.service.document('pause-a') && h.service.document('pause-b'));
      });
    });
  }
});

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(cond(), 'condition not reached');
}
