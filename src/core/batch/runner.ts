/**
 * The batch runner (F9): many files through the one pipeline, with bounded concurrency, continuing past
 * failures, one shared pause when the server asks for quiet, and a summary that says exactly what was sent.
 *
 * Two passes, with memory bounded whatever the number of files:
 * 1. ids: every file is read and its id taken from its front matter or path (`documentIdOf`, what the id
 *    claims of files outside a run use too), not built, so that two files that would become one document are
 *    known, and refused, before anything is sent; the local images of each are hashed (read once per run);
 * 2. build and send: each file is read, built and hashed once, up to BUILT_AHEAD files ahead of the
 *    `concurrency` workers that send them (the building overlaps the requests in flight, and no more than that
 *    window of built requests is ever held). A file the ledger says the server holds as built is
 *    finished as unchanged there; a file with local images is built again as it is sent, with their uploads. A
 *    file whose built id is not the one its front matter gave (a format `documentIdOf` does not read, or an edit
 *    between the passes) is checked against the other files' ids again and refused when another builds it.
 *    Failures that a moment may cure (a dropped connection, a 503) get up to two more rounds at the end, a
 *    timeout one (failures.ts); a server that stops answering stops the batch (silence.ts).
 */
import { SharedPause } from '../api/sharedPause';
import type { ServiceClient } from '../api/client';
import { isServiceError, TimeoutError } from '../api/errors';
import { UNRENDERED_MARKUP } from '../documents/markup/warnings';
import { PageParses } from '../documents/build/pageParses';
import { DEFAULT_MAX_FILE_BYTES, overSizeLimit } from '../files/sizeLimit';
import { duplicateIdSentence } from '../identity/claims';
import { documentIdOf } from '../identity/documentId';
import { imageProblemError, uploadImages } from '../ingest/images';
import { includedSourceHash, mayInclude } from '../ingest/includes';
import type { PreparedIngestion, SourceFile } from '../ingest/pipeline';
import { buildFile, prepareIngestion, readerBodyOfFile, requestBody, sendIngestion } from '../ingest/pipeline';
import { sha256Hex } from '../ledger/hash';
import { ledgerScope } from '../ledger/scope';
import { trustedStamp } from '../ledger/stat';
import { forEachConcurrently, limitConcurrency } from '../pool';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from './concurrency';
import { describeFailure } from './describe';
import { isSkip, stopsBatch, worthAnotherRound } from './failures';
import type { BatchFileStat, BatchOptions } from './options';
import { BatchReport } from './report';
import { SharedReads } from './sharedReads';
import { ServerSilence } from './silence';
import type { BatchFile, BatchStop, BatchSummary, DuplicateId, FileResult, MarkupFinding } from './types';
import * as l10n from '@vscode/l10n';

// In a module of their own: the command line's and the editor's settings read them without loading the batch.
export { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from './concurrency';
/**
 * Files built ahead of the sending workers: enough that a worker finds its file built while the others' requests are
 * in flight, few enough that the built requests held stay few whatever the number of files. Not per worker: each
 * built request waiting its turn outlives a young-generation collection or two and is moved to the old generation,
 * which V8 collects only once it has grown; with 16 held (2 per worker), 5,000 files peaked at 160 MB against 118 MB
 * for 1,000 (1.36), with 2 at 132 MB against 115 MB (1.15), the run taking the same CPU (issue 37, goal 5).
 */
export const BUILT_AHEAD = 2;
/**
 * Files built at once within that window. Building is the client's own work, on one thread: started all at once,
 * the window's builds (the first ones cold, while the code warms up) finished together, and no request went out
 * until all of them had (160 ms of a 1,000-file run at 0 ms with the server idle). Two at a time, the first request
 * goes as soon as its file is built, and a build waiting for its file's bytes lets the other go on.
 */
export const BUILDS_AT_ONCE = 2;
/** Rounds after the first in which the files whose failure may pass (worthAnotherRound) are sent again. */
export const RETRY_ROUNDS = 2;

interface Planned {
  file: BatchFile;
  /** The id it builds: from pass 1 (undefined when its front matter withholds it or it cannot be read as text), then as built. */
  documentId: string | undefined;
  /** Why its last send failed, when it is waiting for another round. */
  failure?: { error: unknown };
}

/** The result's `markup` and `imagesLeftOut`, when the page has any. */
function withMarkup(built: Built): Pick<FileResult, 'markup' | 'imagesLeftOut'> {
  return { ...(built.markup.length ? { markup: built.markup } : {}), ...(built.imagesLeftOut.length ? { imagesLeftOut: built.imagesLeftOut } : {}) };
}

/** A file read and built: what is sent, and what the ledger and the duplicate check need. */
interface Built {
  prepared: PreparedIngestion;
  payloadHash: string;
  sourceHash: string;
  documentId: string;
  /** Local images to upload before sending: a request built in pass 1 only has their placeholders. */
  hasImages: boolean;
  /** `requestBody(prepared.request)`, the bytes hashed: sent as they are when the request was not rebuilt. */
  body: string | undefined;
  /** The file's stamp as its bytes were read, when it vouches for them (`trustedStamp`; none for a page with includes). */
  sourceStat: string | undefined;
  /** Markup readers never see, left in the built text (issue 35): said with the file's result, never stopping it. */
  markup: MarkupFinding[];
  /** Images left out for their type (GIF, SVG): said with the file's result, never stopping it. */
  imagesLeftOut: { line: number; message: string }[];
}

export async function runBatch(options: BatchOptions): Promise<BatchSummary> {
  return new Batch(options).run();
}

class Batch {
  private readonly concurrency: number;
  private readonly pause = new SharedPause();
  private readonly report: BatchReport;
  private readonly reads: SharedReads;
  private stop: BatchStop | undefined;
  private readonly silence = new ServerSilence();
  /** Files whose request timed out once: the server may still be indexing them, so never a third send. */
  private readonly timedOut = new Set<string>();

  constructor(private readonly o: BatchOptions) {
    this.concurrency = Math.min(MAX_CONCURRENCY, Math.max(1, Math.round(o.concurrency ?? DEFAULT_CONCURRENCY)));
    this.report = new BatchReport(o);
    this.reads = new SharedReads(o, this.pause);
  }

  /** Pass 1's files by the id they build (refused duplicates included): pass 2 checks a built id that differs. */
  private readonly byId = new Map<string, Planned[]>();
  private readonly duplicates: DuplicateId[] = [];

  async run(): Promise<BatchSummary> {
    await this.reads.askGit();
    const planned = await this.claimIds();
    let toSend = planned;
    for (let round = 0; toSend.length > 0 && !this.stopped(); round++) {
      const again: Planned[] = [];
      const mayRetry = round < RETRY_ROUNDS;
      if (round === 0) {
        await this.buildAhead(planned, async (p, built) => {
          const failure = await this.send(p, mayRetry, built);
          if (failure) again.push({ ...p, failure });
        });
      } else {
        await this.pool(toSend, async (p) => {
          const failure = await this.send(p, mayRetry);
          if (failure) again.push({ ...p, failure });
        });
      }
      toSend = again;
    }
    // Sent and failed, waiting for a round the stop called off: their own failure, not "not sent".
    for (const p of toSend) {
      if (p.failure) this.report.finish({ file: p.file, outcome: 'failed', documentId: p.documentId, ...describeFailure(p.failure.error) });
    }
    for (const file of this.o.files) {
      if (!this.report.has(file.key)) this.report.finish({ file, outcome: 'notSent', error: this.notSentSentence() });
    }
    return this.report.summary(this.duplicates, this.stop);
  }


  // ------------------------------------------------------------------------------------------------- pass 1

  /**
   * Pass 1: every file read once for the id it builds and the hashes of its local images; files another file's
   * id collides with are refused (with the ids of included files outside this run). Returns the others, in
   * their listed order.
   */
  private async claimIds(): Promise<Planned[]> {
    const planned: Planned[] = [];
    await this.pool(this.o.files, async (file) => {
      const bytes = await this.admit(file);
      if (!bytes) return;
      let documentId: string | undefined;
      try {
        const text = new TextDecoder().decode(bytes);
        const site = await this.o.site?.(file)?.factsOf(file.relativePath, text, { named: file.named === true });
        // A file its site never publishes claims no id: its build skips it, so it is no page's rival. The site's
        // generator may own front matter `id` (Docusaurus): read the id as the build will.
        const published = site?.notPublished === undefined && site?.outsideSite === undefined;
        if (published) documentId = documentIdOf(bytes, file.relativePath, this.o.config(file).idPrefix, { generatorKeys: site?.generatorKeys });
        // The images' hashes serve only to ask the server about the ledger's uploads (`forgetLostImages`): without a
        // ledger and a server to ask (a dry run) the page's reader text is not made for them here.
        if (this.o.ledger && this.o.client) {
          const images = await this.reads.localImages(file, text, site);
          for (const hash of images?.hashes.values() ?? []) this.reads.imagesSeen.add(hash);
        }
      } catch {
        // Its build says what is wrong with it.
      }
      const p: Planned = { file, documentId };
      planned.push(p);
      if (documentId !== undefined) {
        this.byId.set(documentId, [...(this.byId.get(documentId) ?? []), p]);
        this.report.readIds.set(file.key, documentId);
      }
    });
    this.duplicates.push(...this.refuseDuplicates(this.byId));
    const order = new Map(this.o.files.map((f, i) => [f.key, i]));
    return planned.filter((p) => !this.report.has(p.file.key)).sort((a, b) => (order.get(a.file.key) ?? 0) - (order.get(b.file.key) ?? 0));
  }

  /**
   * Pass 2's first round: each file built up to BUILT_AHEAD files ahead of the workers;
   * a built file the ledger says the server holds is finished as unchanged, one a dry run would send as
   * `wouldSend`, and the others go to `send`.
   */
  private async buildAhead(planned: readonly Planned[], send: (p: Planned, built: Built) => Promise<void>): Promise<void> {
    const ahead = new Map<number, Promise<Built | undefined>>();
    const window = BUILT_AHEAD;
    const building = limitConcurrency(BUILDS_AT_ONCE);
    let started = 0;
    await this.pool(planned.map((_, i) => i), async (i) => {
      for (; started < Math.min(planned.length, i + 1 + window); started++) {
        const file = planned[started]!.file;
        ahead.set(started, building(() => this.build(file)));
      }
      const built = await ahead.get(i);
      ahead.delete(i);
      const p = planned[i]!;
      if (!built || this.report.has(p.file.key) || this.refusedAsBuilt(p, built)) return;
      p.documentId = built.documentId;
      const scope = this.scope(built.prepared);
      const decision = this.o.ledger?.decide(scope, { documentId: built.documentId, sourcePath: p.file.source, payloadHash: built.payloadHash }, { force: !!this.o.force });
      if (decision === 'unchanged') {
        // Other bytes, same payload: the file is as last ingested, and its Explorer badge should say so.
        if (!this.o.dryRun) this.o.ledger?.confirmSource(scope, built.documentId, built.sourceHash, built.sourceStat);
        this.report.finish({ file: p.file, outcome: 'unchanged', documentId: built.documentId, ...withMarkup(built) });
      } else if (this.o.dryRun) {
        this.report.finish({ file: p.file, outcome: 'wouldSend', documentId: built.documentId, ...withMarkup(built) });
      } else {
        await send(p, built);
      }
    });
  }

  /**
   * A file whose built id is not the one pass 1 read (a format whose id `documentIdOf` does not read, or an edit
   * between the passes): refused when another file of the run, or an included file outside it, builds that id.
   */
  private refusedAsBuilt(p: Planned, built: Built): boolean {
    if (built.documentId === p.documentId) return false;
    const inRun = new Set(this.o.files.map((f) => f.source));
    const others = [
      ...(this.byId.get(built.documentId) ?? []).filter((q) => q.file !== p.file).map((q) => q.file.source),
      ...(this.o.claims?.sourcesOf(built.documentId) ?? []).filter((s) => !inRun.has(s)).sort(),
    ];
    // It claims the id it builds now, not the one read in pass 1.
    if (p.documentId !== undefined) this.byId.set(p.documentId, (this.byId.get(p.documentId) ?? []).filter((q) => q !== p));
    this.byId.set(built.documentId, [...(this.byId.get(built.documentId) ?? []), p]);
    if (!others.length) return false;
    this.duplicates.push({ documentId: built.documentId, files: [p.file] });
    this.report.finish({ file: p.file, outcome: 'failed', documentId: built.documentId, errorKind: 'document', error: duplicateIdSentence(p.file.source, others, built.documentId) });
    return true;
  }

  /** Fails every file whose id another file builds (of this run, or included outside it), naming the others. */
  private refuseDuplicates(byId: ReadonlyMap<string, Planned[]>): DuplicateId[] {
    const inRun = new Set(this.o.files.map((f) => f.source));
    const duplicates: DuplicateId[] = [];
    for (const [documentId, same] of byId) {
      const outside = (this.o.claims?.sourcesOf(documentId) ?? []).filter((s) => !inRun.has(s)).sort();
      if (same.length < 2 && !outside.length) continue;
      duplicates.push({ documentId, files: same.map((p) => p.file), ...(outside.length ? { otherSources: outside } : {}) });
      for (const p of same) {
        const others = [...same.filter((q) => q !== p).map((q) => q.file.source), ...outside];
        this.report.finish({ file: p.file, outcome: 'failed', documentId, errorKind: 'document', error: duplicateIdSentence(p.file.source, others, documentId) });
      }
    }
    return duplicates;
  }

  /**
   * The file's bytes, or undefined (with its result recorded) when it is not read: withheld by a publish rule, over
   * the size limit, or unreadable.
   */
  private async admit(file: BatchFile): Promise<Uint8Array | undefined> {
    const read = await this.readFile(file).catch((e: unknown) => {
      if (!this.o.signal?.aborted) this.report.finish({ file, outcome: isSkip(e) ? 'skipped' : 'failed', ...describeFailure(e) });
      return undefined;
    });
    return read?.bytes;
  }

  /** Stat, then read; undefined (with its result recorded) when withheld or over the size limit. */
  private async readFile(file: BatchFile): Promise<{ bytes: Uint8Array; stat: BatchFileStat | undefined; statAt: number } | undefined> {
    if (file.withheld) {
      this.report.finish({ file, outcome: 'skipped', reason: file.withheld.reason, error: file.withheld.error });
      return undefined;
    }
    const statAt = Date.now();
    const stat = await this.o.stat?.(file);
    const max = this.o.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    if (stat && stat.size > max) {
      this.report.finish({
        file,
        outcome: 'skipped',
        errorKind: 'document',
        setting: 'maxFileSizeMB',
        error: `${file.source} ${overSizeLimit(stat.size, max)}: skipped.`,
      });
      return undefined;
    }
    return { bytes: await this.o.read(file), stat, statAt };
  }

  /**
   * Reads and builds one file; undefined (with its result recorded) when it cannot become a document. With
   * `upload`, its local images are uploaded first (else they stand as placeholders named by their content, which
   * is what the payload hash covers either way).
   */
  private async build(file: BatchFile, upload = false): Promise<Built | undefined> {
    try {
      const read = await this.readFile(file);
      if (!read) return undefined;
      const { bytes, stat, statAt } = read;
      const config = this.o.config(file);
      // The MDX trees of this file, parsed once for its images and its build(s), dropped with it.
      const source: SourceFile = { relativePath: file.relativePath, input: bytes, git: this.reads.gitFacts(file), modifiedTime: stat?.mtime, mdxParses: new Map(), pageParses: new PageParses() };
      // Decoded once for the site, images, links and includes (the build decodes strictly, refusing a binary file).
      const text = new TextDecoder().decode(bytes);
      // The site first: its static folders decide where the page's images are (F8, F18).
      const site = await this.o.site?.(file)?.factsOf(file.relativePath, text, { named: file.named === true });
      if (site) source.site = site;
      const images = await this.reads.localImages(file, text, site, source.mdxParses, source.pageParses);
      const stop = (this.o.images?.onProblem ?? 'stop') === 'stop';
      if (images?.problems.length && stop) throw imageProblemError(file.source, images.problems);
      if (images) source.images = images.placeholders;
      source.includes = await this.reads.includes(file, text, site);
      // The reader text, made here as the build makes it (and kept for it), shows the links the source hides.
      source.linkTargets = await this.reads.links(file, text, source.pageParses, readerBodyOfFile({ ...source, input: text }, config));
      const built = buildFile(source, config);
      let prepared = prepareIngestion(built, config);
      let body: string | undefined = requestBody(prepared.request);
      const payloadHash = sha256Hex(body);
      if (upload && images?.hashes.size) {
        const uploaded = await uploadImages(images, {
          client: this.client(),
          server: this.o.server,
          ledger: this.o.ledger,
          reader: { read: (path) => this.reads.readImage(file, path) },
          inFlight: this.reads.uploads,
          onUploaded: (record, path) => this.o.images?.onUploaded?.(record, file, path),
          call: { signal: this.o.signal, pause: this.pause },
        });
        if (uploaded.problems.length && stop) throw imageProblemError(file.source, uploaded.problems);
        prepared = prepareIngestion(buildFile({ ...source, images: uploaded.ids }, config), config);
        body = undefined;
      }
      const documentId = built.document.id ?? file.relativePath;
      // Taken before the bytes were read: a write after it changes the stat, so the stamp never outlives the bytes.
      const sourceStat = stat?.mtimeMs === undefined || mayInclude(text, file.relativePath)
        ? undefined
        : trustedStamp({ ...stat, mtimeMs: stat.mtimeMs }, statAt);
      const markup = built.problems.filter((p) => p.code === UNRENDERED_MARKUP).map((p) => ({ kind: p.markup ?? '', ...(p.line === undefined ? {} : { line: p.line }), message: p.message }));
      const imagesLeftOut = (images?.leftOut ?? []).map((p) => ({ line: p.line, message: p.message }));
      return { prepared, payloadHash, sourceHash: includedSourceHash(bytes, source.includes), documentId, hasImages: !!images?.hashes.size, body, sourceStat, markup, imagesLeftOut };
    } catch (e) {
      // An upload's failure is a request's failure: the sender decides (stop the batch, another round...).
      if (upload && isServiceError(e)) throw e;
      if (this.o.signal?.aborted) return undefined;
      const failure = describeFailure(e);
      this.report.finish({ file, outcome: isSkip(e) ? 'skipped' : 'failed', ...failure });
      return undefined;
    }
  }


  // ------------------------------------------------------------------------------------------------- pass 2

  /** Sends one planned file; its failure when another round may cure it (and a round is left), else undefined. */
  private async send(p: Planned, mayRetry: boolean, prebuilt?: Built): Promise<{ error: unknown } | undefined> {
    const { file } = p;
    this.report.progress.current = file.source;
    let built: Built | undefined;
    let sent = false;
    const mark = this.silence.mark();
    try {
      await this.reads.lostImagesForgotten();
      // Built in pass 2's first round: sent as built, unless its images are to be uploaded first.
      built = prebuilt && !prebuilt.hasImages ? prebuilt : await this.build(file, true);
      if (!built) return undefined;
      if (this.stopped()) return undefined; // left for the "not sent" sweep
      const outcome = await sendIngestion(this.client(), built.prepared, file.source, {
        signal: this.o.signal,
        pause: this.pause,
        // Not before: a file waiting out a pause the server asked for has sent nothing yet.
        onSent: () => (sent = true),
        timeoutMs: this.o.timeoutMs,
        body: built.body,
      });
      this.silence.succeeded();
      const documentId = outcome.documentId ?? built.documentId;
      const scope = this.scope(built.prepared);
      // Held already, by the server's word, though never sent from here: another clone or pipeline sent it, or the
      // server's pipeline dropped it (it answers the same). Said in the summary, never silent (F15).
      const alreadyHeld = outcome.outcome === 'updated' && !!this.o.ledger && this.o.ledger.entryFor(scope, built.documentId) === undefined;
      // The ledger keeps the id as sent (the real server may store it normalised): decisions look it up so.
      this.o.ledger?.record(scope, { documentId: built.documentId, sourcePath: file.source, sourceHash: built.sourceHash, payloadHash: built.payloadHash, sourceStat: built.sourceStat });
      this.report.finish({ file, outcome: outcome.outcome, documentId, ...(alreadyHeld ? { alreadyHeld } : {}), ...withMarkup(built) });
      return undefined;
    } catch (e) {
      if (this.o.signal?.aborted) {
        this.stop ??= { reason: 'cancelled' };
        this.report.finish({
          file,
          outcome: sent ? 'cancelled' : 'notSent',
          documentId: built?.documentId,
          error: sent ? l10n.t('{0}: cancelled while its request was under way; the server may still apply it.', file.source) : undefined,
        });
        return undefined;
      }
      if (stopsBatch(e) && !this.stop) {
        this.stop = { reason: 'failure', ...describeFailure(e), cause: e } as BatchStop;
      }
      const timedOutBefore = this.timedOut.has(file.key);
      if (e instanceof TimeoutError) {
        this.timedOut.add(file.key);
        const silent = this.silence.timedOut(e, mark);
        if (silent && !this.stop) this.stop = { reason: 'failure', error: silent.message, errorKind: 'timeout', setting: silent.setting, cause: silent };
      }
      if (mayRetry && !this.stop && worthAnotherRound(e, timedOutBefore)) return { error: e };
      this.report.finish({ file, outcome: 'failed', documentId: built?.documentId, ...describeFailure(e) });
      return undefined;
    }
  }

  // ------------------------------------------------------------------------------------------------- helpers

  /** Runs `work` over `items` with at most `concurrency` at once; stops taking new items once the batch stops. */
  private pool<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
    return forEachConcurrently(items, this.concurrency, work, () => this.stopped());
  }

  private client(): ServiceClient {
    if (!this.o.client) throw new Error('runBatch: sending needs a client (only a dry run goes without)');
    return this.o.client;
  }

  private stopped(): boolean {
    if (this.o.signal?.aborted) this.stop ??= { reason: 'cancelled' };
    return this.stop !== undefined;
  }

  private scope(prepared: PreparedIngestion): string {
    return ledgerScope(this.o.server, prepared.ccPairId);
  }


  private notSentSentence(): string {
    if (this.stop?.reason === 'failure') return l10n.t('Not sent: the batch stopped. {0}', this.stop.error ?? '').trim();
    return l10n.t('Not sent: the batch was cancelled before this file.');
  }

}

