import assert from 'node:assert/strict';
import type { UserFileRecord, UserFileStatus } from '../../../src/core/api/schemas';
import {
  StatusPoller,
  canonicalUserFileId,
  parseSerializedPollerState,
  type StatusPollerOptions,
  type TrackedFile,
} from '../../../src/core/polling';
import { FakeClock, FakeServer, settle } from './fakes';

const A = 'aaaaaaaa-0000-4000-8000-00000000000a';
const B = 'bbbbbbbb-0000-4000-8000-00000000000b';
const C = 'cccccccc-0000-4000-8000-00000000000c';
const D = 'dddddddd-0000-4000-8000-00000000000d';

const rec = (id: string, status: UserFileStatus, name = `${id}.png`): UserFileRecord => ({ id, name, status, file_id: `blob-${id}` });

class AuthError extends Error {}

function setup(options: StatusPollerOptions = {}) {
  const clock = new FakeClock();
  const server = new FakeServer(clock);
  const listenerErrors: unknown[] = [];
  const poller = new StatusPoller(
    { fetchStatuses: server.fetchStatuses, timer: clock.timer, now: () => clock.now, reportListenerError: (e) => listenerErrors.push(e) },
    options,
  );
  const changes: TrackedFile[][] = [];
  const failures: UserFileRecord[] = [];
  poller.onDidChange((files) => changes.push([...files]));
  poller.onDidFail((r) => failures.push(r));
  const display = (id: string) => poller.snapshot().find((f) => f.id === id)?.display;
  return { clock, server, poller, changes, failures, listenerErrors, display };
}

describe('polling/StatusPoller', () => {
  describe('what is asked', () => {
    it('sends one request per poll with every non-final id, in tracking order', async () => {
      const { clock, server, poller } = setup();
      server.set(A, 'PROCESSING');
      server.set(B, 'COMPLETED');
      server.set(C, 'INDEXING');
      poller.setVisible(true);
      poller.track(A, rec(A, 'PROCESSING'));
      poller.track(B, rec(B, 'COMPLETED'));
      poller.track(C);
      await clock.advance(0);
      assert.deepEqual(server.calls.map((c) => c.ids), [[A, C]]);
      await clock.advance(2_000);
      assert.deepEqual(server.calls.map((c) => c.ids), [[A, C], [A, C]]);
      assert.deepEqual(poller.snapshot().map((f) => [f.id, f.display]), [[A, 'PROCESSING'], [B, 'COMPLETED'], [C, 'INDEXING']]);
    });

    it('refresh asks about every tracked id, final ones included, right away', async () => {
      const { server, poller, display } = setup();
      server.set(A, 'PROCESSING');
      poller.track(A, rec(A, 'PROCESSING'));
      poller.track(B, rec(B, 'COMPLETED'));
      poller.untrack(A);
      await poller.refresh();
      assert.deepEqual(server.calls.map((c) => c.ids), [[B]]);
      assert.equal(display(B), 'COMPLETED');
      assert.equal(poller.snapshot()[0]?.misses, 1, 'B, deleted on the server, was omitted once');
    });

    it('canonicalises ids, since the server answers in its own UUID form', async () => {
      const { clock, server, poller, display } = setup();
      assert.equal(canonicalUserFileId(' AAAAAAAA00004000800000000000000A '), A);
      assert.equal(canonicalUserFileId('not-a-uuid'), 'not-a-uuid');
      server.set(A, 'COMPLETED');
      poller.track('AAAAAAAA00004000800000000000000A');
      await clock.advance(0);
      assert.deepEqual(server.calls[0]?.ids, [A]);
      assert.equal(display(A), 'COMPLETED');
    });
  });

  describe('when it polls', () => {
    it('polls fast, then multiplies the delay while nothing changes, up to the maximum', async () => {
      const { clock, server, poller } = setup();
      server.set(A, 'PROCESSING');
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(182_000);
      assert.deepEqual(server.calls.map((c) => c.at), [0, 2_000, 6_000, 14_000, 30_000, 62_000, 122_000, 182_000]);
      assert.deepEqual(server.gaps(), [2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
      assert.equal(poller.state().intervalMs, 60_000);
    });

    it('honours the interval options', async () => {
      const { clock, server, poller } = setup({ fastIntervalMs: 100, maxIntervalMs: 1_000, backoffFactor: 3 });
      server.set(A, 'PROCESSING');
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(4_000);
      assert.deepEqual(server.gaps().slice(0, 5), [100, 300, 900, 1_000, 1_000]);
    });

    it('a fast interval above the default maximum raises the maximum with it instead of throwing', async () => {
      const { clock, server, poller } = setup({ fastIntervalMs: 120_000 });
      server.set(A, 'PROCESSING');
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(120_000 * 3);
      assert.deepEqual(server.gaps(), [120_000, 120_000, 120_000]);
      assert.equal(poller.state().intervalMs, 120_000);
    });

    it('setIntervals changes the pace of a running poller, from the next poll on', async () => {
      const { clock, server, poller } = setup();
      server.set(A, 'PROCESSING');
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(2_000); // polls at 0 and 2 000; the next is due at 6 000
      poller.setIntervals({ fastIntervalMs: 90_000 });
      assert.equal(poller.state().intervalMs, 90_000, 'the delay starts again at the new fast interval');
      assert.equal(poller.state().nextPollAt, 92_000, 'rescheduled at the new pace');
      await clock.advance(90_000 + 180_000);
      assert.deepEqual(server.gaps(), [2_000, 90_000, 90_000, 90_000]);
      poller.setIntervals({ fastIntervalMs: 1_000 });
      assert.equal(poller.state().intervalMs, 1_000);
      assert.throws(() => poller.setIntervals({ fastIntervalMs: 0 }), RangeError);
      assert.equal(poller.state().intervalMs, 1_000, 'a refused change keeps the pace');
    });

    it('goes back to fast when a status changes', async () => {
      const { clock, server, poller, display } = setup();
      server.set(A, 'PROCESSING');
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(182_000);
      server.set(A, 'INDEXING');
      await clock.advance(66_000); // polls at 242 000 (sees INDEXING), 244 000, 248 000
      assert.deepEqual(server.calls.slice(-3).map((c) => c.at), [242_000, 244_000, 248_000]);
      assert.equal(display(A), 'INDEXING');
    });

    it('stops entirely when every tracked file is final', async () => {
      const { clock, server, poller, display } = setup();
      server.set(A, 'PROCESSING');
      server.set(B, 'PROCESSING');
      poller.setVisible(true);
      poller.track(A);
      poller.track(B);
      await clock.advance(0);
      server.set(A, 'COMPLETED');
      server.set(B, 'SKIPPED');
      await clock.advance(2_000);
      assert.deepEqual([display(A), display(B)], ['COMPLETED', 'SKIPPED']);
      assert.deepEqual(clock.pending(), []);
      assert.equal(poller.state().nextPollAt, undefined);
      await clock.advance(3_600_000);
      assert.equal(server.calls.length, 2);
    });

    it('resumes on track, within the fast interval of the last poll', async () => {
      const { clock, server, poller, display } = setup();
      server.set(A, 'COMPLETED');
      server.set(B, 'PROCESSING');
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(1_000);
      assert.equal(server.calls.length, 1);
      assert.deepEqual(clock.pending(), []);
      poller.track(B);
      assert.equal(poller.state().nextPollAt, 2_000);
      await clock.advance(1_000);
      assert.deepEqual(server.calls.map((c) => [c.at, c.ids]), [[0, [A]], [2_000, [B]]]);
      assert.equal(display(B), 'PROCESSING');
    });

    it('resumes on refresh with an immediate poll', async () => {
      const { clock, server, poller, display } = setup();
      server.set(A, 'COMPLETED');
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(10_000);
      assert.deepEqual(clock.pending(), []);
      server.set(A, 'PROCESSING'); // not what servers do, but refresh must look
      await poller.refresh();
      assert.deepEqual(server.calls.map((c) => c.at), [0, 10_000]);
      assert.equal(display(A), 'PROCESSING');
      assert.equal(poller.state().nextPollAt, 12_000);
    });

    it('pauses while the view is hidden and no work is under way, and resumes when it is shown', async () => {
      const { clock, server, poller, display } = setup();
      server.set(A, 'PROCESSING');
      poller.restore({ version: 1, files: [{ id: A, name: 'a.png', status: 'PROCESSING' }] });
      await clock.advance(600_000);
      assert.equal(server.calls.length, 0);
      assert.deepEqual(clock.pending(), []);

      poller.setVisible(true);
      await clock.advance(0);
      assert.deepEqual(server.calls.map((c) => c.at), [600_000]);
      await clock.advance(4_000); // unchanged since restored: backed off once
      assert.deepEqual(server.calls.map((c) => c.at), [600_000, 604_000]);

      poller.setVisible(false);
      assert.deepEqual(clock.pending(), [], 'hiding the view cancels the next poll');
      await clock.advance(600_000);
      assert.equal(server.calls.length, 2);
      assert.equal(display(A), 'PROCESSING');
    });

    it('keeps polling with the view hidden while work is under way, until everything is final', async () => {
      const { clock, server, poller, display } = setup();
      server.set(A, 'PROCESSING');
      poller.noteWork();
      assert.equal(poller.state().workUnderWay, false, 'nothing to poll yet');
      poller.noteWork();
      poller.track(A, rec(A, 'PROCESSING'));
      assert.equal(poller.state().workUnderWay, true);
      await clock.advance(6_000);
      assert.deepEqual(server.calls.map((c) => c.at), [0, 4_000]);
      server.set(A, 'COMPLETED');
      await clock.advance(8_000);
      assert.equal(display(A), 'COMPLETED');
      assert.equal(poller.state().workUnderWay, false);
      assert.equal(server.calls.length, 3);
    });

    it('noteWork resets the delay to fast', async () => {
      const { clock, server, poller } = setup();
      server.set(A, 'PROCESSING');
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(30_000); // polls at 0, 2 000, 6 000, 14 000, 30 000; next at 62 000
      assert.equal(poller.state().nextPollAt, 62_000);
      poller.noteWork();
      assert.equal(poller.state().nextPollAt, 32_000);
    });

    it('never has two polls in flight; a refresh during a poll runs right after it', async () => {
      const { clock, server, poller, display } = setup();
      server.set(A, 'PROCESSING');
      server.hold = true;
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(0);
      assert.equal(poller.state().inFlight, true);
      await clock.advance(600_000);
      poller.track(B);
      poller.setVisible(false);
      poller.setVisible(true);
      assert.equal(server.calls.length, 1);
      assert.deepEqual(clock.pending(), []);

      let refreshed = false;
      const refresh = poller.refresh().then(() => (refreshed = true));
      await settle();
      assert.equal(server.calls.length, 1);
      assert.equal(refreshed, false);

      server.set(A, 'COMPLETED');
      server.release();
      await refresh;
      assert.deepEqual(server.calls.map((c) => c.ids), [[A], [A, B]]);
      assert.equal(display(A), 'COMPLETED');
      assert.equal(poller.state().inFlight, false);
    });
  });

  describe('files the server does not return', () => {
    it('become not-found after the configured number of consecutive misses and are no longer polled', async () => {
      const { clock, server, poller, display } = setup({ notFoundAfterMisses: 3 });
      server.set(B, 'PROCESSING');
      poller.setVisible(true);
      poller.track(A, rec(A, 'PROCESSING'));
      poller.track(B, rec(B, 'PROCESSING'));
      await clock.advance(4_000); // polls at 0 and 4 000
      assert.deepEqual(poller.snapshot().map((f) => [f.display, f.misses]), [['PROCESSING', 2], ['PROCESSING', 0]]);
      await clock.advance(8_000); // poll at 12 000: third miss
      assert.equal(display(A), 'not-found');
      assert.equal(poller.snapshot()[0]?.lastChangeAt, 12_000);
      await clock.advance(2_000); // a change resets the delay
      assert.deepEqual(server.calls.map((c) => [c.at, c.ids]), [[0, [A, B]], [4_000, [A, B]], [12_000, [A, B]], [14_000, [B]]]);
    });

    it('a miss streak is broken by an answer, and refresh brings a not-found file back when the server returns it', async () => {
      const { clock, server, poller, display } = setup({ notFoundAfterMisses: 2 });
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(0);
      server.set(A, 'PROCESSING');
      await clock.advance(4_000);
      assert.deepEqual([display(A), poller.snapshot()[0]?.misses], ['PROCESSING', 0]);
      server.files.delete(A);
      await clock.advance(30_000);
      assert.equal(display(A), 'not-found');
      const calls = server.calls.length;
      await clock.advance(600_000);
      assert.equal(server.calls.length, calls);
      server.set(A, 'COMPLETED');
      await poller.refresh();
      assert.equal(display(A), 'COMPLETED');
    });

    it('tracking a not-found id again polls it again', async () => {
      const { clock, server, poller, display } = setup({ notFoundAfterMisses: 1 });
      poller.track(A);
      await clock.advance(0);
      assert.equal(display(A), 'not-found');
      server.set(A, 'PROCESSING');
      poller.track(A);
      assert.equal(display(A), 'unknown');
      await clock.advance(2_000);
      assert.equal(display(A), 'PROCESSING');
      assert.equal(server.calls.length, 2);
    });
  });

  describe('stuck files', () => {
    it('become stalled after giveUpAfterMs without change, stop being polled, and refresh gives them another go', async () => {
      const { clock, server, poller, display, changes } = setup({ giveUpAfterMs: 10_000 });
      server.set(A, 'PROCESSING');
      server.set(B, 'PROCESSING');
      poller.setVisible(true);
      poller.track(A, rec(A, 'PROCESSING'));
      await clock.advance(11_000); // polls at 0, 4 000; nothing at 11 000
      assert.equal(display(A), 'PROCESSING');
      poller.track(B, rec(B, 'PROCESSING')); // resets to fast
      await clock.advance(1_000); // poll at 12 000: A unchanged since 0
      assert.deepEqual([display(A), display(B)], ['stalled', 'PROCESSING']);
      assert.equal(poller.snapshot()[0]?.record?.status, 'PROCESSING', 'the last status is kept');
      assert.equal(changes.at(-1)?.[0]?.display, 'stalled');
      await clock.advance(4_000); // no status changed at 12 000: backed off to 16 000
      assert.deepEqual(server.calls.at(-1)?.ids, [B]);

      server.set(B, 'COMPLETED');
      await clock.advance(60_000);
      assert.deepEqual(clock.pending(), [], 'only a stalled and a final file: stopped');

      clock.now = 100_000;
      await poller.refresh();
      assert.deepEqual(server.calls.at(-1)?.ids, [A, B]);
      assert.equal(display(A), 'PROCESSING');
      assert.equal(poller.snapshot()[0]?.lastChangeAt, 100_000);
      assert.equal(poller.state().nextPollAt, 104_000, 'the refresh poll saw no change: backed off once');
    });
  });

  describe('FAILED notifications', () => {
    it('fires exactly once when a file turns FAILED', async () => {
      const { clock, server, poller, failures, display } = setup();
      server.set(A, 'PROCESSING', 'diagram.png');
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(0);
      server.set(A, 'FAILED', 'diagram.png');
      await clock.advance(2_000);
      await poller.refresh();
      await poller.refresh();
      assert.equal(display(A), 'FAILED');
      assert.deepEqual(failures.map((r) => [r.id, r.name, r.status]), [[A, 'diagram.png', 'FAILED']]);
    });

    it('fires once for a file first seen FAILED, by a poll or by track with a record', async () => {
      const { clock, server, poller, failures } = setup();
      server.set(A, 'FAILED');
      poller.track(A);
      poller.track(B, rec(B, 'FAILED'));
      assert.deepEqual(failures.map((r) => r.id), [B]);
      await clock.advance(0);
      poller.track(B, rec(B, 'FAILED'));
      await poller.refresh();
      assert.deepEqual(failures.map((r) => r.id), [B, A]);
    });

    it('does not fire for a file restored as FAILED, but does for one restored before it failed', async () => {
      const { clock, server, poller, failures } = setup();
      server.set(C, 'FAILED');
      server.set(D, 'FAILED');
      poller.restore({ version: 1, files: [{ id: C, name: 'c.png', status: 'FAILED' }, { id: D, name: 'd.png', status: 'PROCESSING' }] });
      poller.setVisible(true);
      await clock.advance(0);
      await poller.refresh();
      assert.deepEqual(failures.map((r) => r.id), [D]);
    });
  });

  describe('unknown statuses', () => {
    it('are shown as unknown and polled, at the maximum interval when nothing else is left to poll', async () => {
      const { clock, server, poller, display } = setup();
      server.set(A, 'unknown');
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(0);
      assert.equal(display(A), 'unknown');
      assert.equal(poller.snapshot()[0]?.record?.status, 'unknown');
      assert.equal(poller.state().nextPollAt, 60_000);

      server.set(B, 'PROCESSING');
      clock.now = 1_000;
      poller.track(B);
      assert.equal(poller.state().nextPollAt, 2_000);
      await clock.advance(1_000);
      assert.deepEqual(server.calls.map((c) => [c.at, c.ids]), [[0, [A]], [2_000, [A, B]]]);
    });

    it('an id not yet answered is not treated as unknown-only (polled fast)', async () => {
      const { clock, server, poller } = setup();
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(0);
      assert.equal(poller.snapshot()[0]?.record, undefined);
      assert.equal(poller.state().nextPollAt, 4_000, 'no change: backed off once, not to the maximum');
      assert.equal(server.calls.length, 1);
    });
  });

  describe('errors', () => {
    it('a failed poll records the error, keeps every status, and backs off', async () => {
      const { clock, server, poller, display, changes } = setup();
      server.set(A, 'PROCESSING');
      const boom = new Error('connection reset');
      server.fail = boom;
      poller.setVisible(true);
      poller.track(A, rec(A, 'PROCESSING', 'a.png'));
      await clock.advance(12_000);
      assert.deepEqual(server.calls.map((c) => c.at), [0, 4_000, 12_000]);
      const [file] = poller.snapshot();
      assert.equal(file?.display, 'PROCESSING');
      assert.equal(file?.name, 'a.png');
      assert.equal(file?.lastError, boom);
      assert.equal(changes.at(-1)?.[0]?.lastError, boom);

      server.fail = undefined;
      server.set(A, 'COMPLETED');
      await clock.advance(16_000);
      assert.equal(display(A), 'COMPLETED');
      assert.equal(poller.snapshot()[0]?.lastError, undefined);
    });

    it('a fatal error stops polling until refresh', async () => {
      const auth = new AuthError('the key was refused');
      const { clock, server, poller, display } = setup({ isFatal: (e) => e instanceof AuthError });
      server.set(A, 'PROCESSING');
      server.set(B, 'PROCESSING');
      server.fail = auth;
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(0);
      assert.equal(poller.state().stoppedBy, auth);
      poller.track(B);
      poller.noteWork();
      poller.setVisible(false);
      poller.setVisible(true);
      await clock.advance(600_000);
      assert.equal(server.calls.length, 1);
      assert.deepEqual(clock.pending(), []);

      server.fail = undefined;
      await poller.refresh();
      assert.equal(poller.state().stoppedBy, undefined);
      assert.deepEqual([display(A), display(B)], ['PROCESSING', 'PROCESSING']);
      await clock.advance(2_000);
      assert.deepEqual(server.calls.map((c) => [c.at, c.ids]), [[0, [A]], [600_000, [A, B]], [602_000, [A, B]]]);
    });

    it('a listener that throws is reported and does not stop polling', async () => {
      const { clock, server, poller, listenerErrors, display } = setup();
      const oops = new Error('listener bug');
      poller.onDidChange(() => {
        throw oops;
      });
      server.set(A, 'PROCESSING');
      poller.setVisible(true);
      poller.track(A);
      server.set(A, 'COMPLETED');
      await clock.advance(0);
      assert.equal(display(A), 'COMPLETED');
      assert.deepEqual(listenerErrors, [oops, oops]);
    });
  });

  describe('events, snapshot and lifetime', () => {
    it('onDidChange fires on tracking and on changes, not on an unchanged poll, and can be disposed', async () => {
      const { clock, server, poller } = setup();
      const seen: string[][] = [];
      const sub = poller.onDidChange((files) => seen.push(files.map((f) => `${f.id.slice(0, 1)}:${f.display}`)));
      server.set(A, 'PROCESSING');
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(0);
      await clock.advance(2_000);
      poller.track(B, rec(B, 'COMPLETED'));
      poller.untrack(A);
      sub.dispose();
      poller.untrack(B);
      assert.deepEqual(seen, [['a:unknown'], ['a:PROCESSING'], ['a:PROCESSING', 'b:COMPLETED'], ['b:COMPLETED']]);
      assert.deepEqual(poller.snapshot(), []);
    });

    it('ignores answers for files untracked while the request was under way', async () => {
      const { clock, server, poller } = setup();
      server.set(A, 'FAILED');
      server.set(B, 'PROCESSING');
      server.hold = true;
      poller.setVisible(true);
      poller.track(A);
      poller.track(B);
      await clock.advance(0);
      poller.untrack(A);
      server.release();
      await settle();
      assert.deepEqual(poller.snapshot().map((f) => [f.id, f.display]), [[B, 'PROCESSING']]);
      assert.deepEqual(server.calls[0]?.ids, [A, B]);
    });

    it('dispose aborts the poll in flight and stops everything', async () => {
      const { clock, server, poller, changes, failures } = setup();
      server.set(A, 'FAILED');
      server.hold = true;
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(0);
      const before = changes.length;
      poller.dispose();
      assert.equal(server.calls[0]?.signal.aborted, true);
      server.release();
      await poller.refresh();
      poller.track(B);
      await clock.advance(600_000);
      assert.equal(server.calls.length, 1);
      assert.deepEqual(clock.pending(), []);
      assert.equal(changes.length, before);
      assert.deepEqual(failures, []);
    });

    it('dispose resolves a refresh waiting behind a poll in flight', async () => {
      const { clock, server, poller } = setup();
      server.hold = true;
      poller.setVisible(true);
      poller.track(A);
      await clock.advance(0);
      let done = false;
      const refresh = poller.refresh().then(() => (done = true));
      poller.dispose();
      await refresh;
      assert.equal(done, true);
      assert.equal(server.calls.length, 1);
    });
  });

  describe('persisted state', () => {
    it('serializes ids, names and last known statuses, and restores them in order', async () => {
      const first = setup({ notFoundAfterMisses: 1 });
      first.server.set(B, 'PROCESSING', 'b.png');
      first.poller.track(A, rec(A, 'COMPLETED', 'a.png'));
      first.poller.track(B);
      first.poller.track(C);
      await first.clock.advance(0);
      const saved = JSON.parse(JSON.stringify(first.poller.serialize())) as unknown;
      assert.deepEqual(saved, {
        version: 1,
        files: [{ id: A, name: 'a.png', status: 'COMPLETED' }, { id: B, name: 'b.png', status: 'PROCESSING' }, { id: C }],
      });

      const second = setup();
      second.poller.track(C);
      second.poller.restore(saved);
      assert.deepEqual(
        second.poller.snapshot().map((f) => [f.id, f.name, f.display, f.record?.status]),
        [[C, undefined, 'unknown', undefined], [A, 'a.png', 'COMPLETED', 'COMPLETED'], [B, 'b.png', 'PROCESSING', 'PROCESSING']],
      );
      assert.equal(second.server.calls.length, 0);
    });

    it('reads malformed persisted state leniently', () => {
      assert.deepEqual(parseSerializedPollerState(undefined), []);
      assert.deepEqual(parseSerializedPollerState({ version: 2, files: [{ id: A }] }), []);
      assert.deepEqual(parseSerializedPollerState({ version: 1, files: 'x' }), []);
      assert.deepEqual(
        parseSerializedPollerState({ version: 1, files: [null, { id: 5 }, { id: '' }, { id: A, name: 7, status: 'WEIRD' }, { id: B, status: 'SKIPPED' }] }),
        [{ id: A, status: 'unknown' }, { id: B, status: 'SKIPPED' }],
      );
      const { poller, display } = setup();
      poller.restore({ version: 1, files: [{ id: A, status: 'WEIRD' }] });
      assert.equal(display(A), 'unknown');
    });
  });
});
