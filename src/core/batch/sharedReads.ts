/**
 * What the pages of a batch read besides themselves (F8, F14, F15): the git facts of their folders, their local
 * images, the targets of their links and the files they include. Each is read once per run (per root folder where
 * two folders may hold the same path) and shared by every page that names it.
 */
import type { SharedPause } from '../api/sharedPause';
import type { UserFileRecord } from '../api/schemas';
import type { SiteFacts } from '../documents/build/options';
import type { GitFileInfo } from '../documents/git/gitInfo';
import { getGitFolderInfo } from '../documents/git/gitFolder';
import type { GitFolderInfo } from '../documents/git/gitFolder';
import type { LinkTarget } from '../documents/linksAndImages/docLinks';
import type { PageParses } from '../documents/build/pageParses';
import type { IncludedFiles, MdxParses } from '../documents/readerText';
import { isInside } from '../files/inside';
import { localImageReferences, readImages } from '../ingest/images';
import type { DocumentImages } from '../ingest/images';
import { resolveIncludes } from '../ingest/includes';
import type { IncludeCache } from '../ingest/includes';
import { resolveLinkTargets } from '../ingest/linkTargets';
import type { LinkTargetCache } from '../ingest/linkTargets';
import { isLostUpload } from '../polling/trackedFiles';
import { canonicalUserFileId } from '../polling/userFileId';
import type { BatchOptions } from './options';
import type { BatchFile } from './types';

/**
 * Runs of this many files or fewer (a save, Save All, a few changed files) ask git about their files only: one
 * walk of the history back to the oldest of their last commits, never the changes of the whole folder. In a
 * generated repository of 82,000 commits and 5,700 files, the folder took 25 s; 20 files 1 s, or 3.5 s when one
 * of them was last changed in the first commit (or never). 20 covers Save All and a usual Ingest Changed Files,
 * and keeps the paths, which three git command lines carry, far under Windows' 32,767 characters even at 260
 * characters each; a larger run is a folder's batch, which pays for the one scan once over many files.
 */
export const FEW_GIT_FILES = 20;

/** The reads of one batch, and the caches that make each one happen once. */
export class SharedReads {
  constructor(private readonly o: BatchOptions, private readonly pause: SharedPause) {}

  private git: { root: string; info: GitFolderInfo }[] = [];
  /** Per root folder, image path → content hash (or why it cannot be read): each image is read once per batch. */
  private readonly imageHashes = new Map<string, Map<string, Promise<string | Error>>>();
  /** Content hashes of the local images of the files built. */
  readonly imagesSeen = new Set<string>();
  /** Uploads under way by content hash: an image shared by many pages is uploaded once. */
  readonly uploads = new Map<string, Promise<string | Error>>();
  /** Per root folder, the link targets judged so far: each is read once per batch. */
  private readonly linkTargets = new Map<string, LinkTargetCache>();
  private readonly includeTexts = new Map<string, IncludeCache>();
  /** The one status question about the images the ledger would reuse, asked before the first send. */
  private lostImages: Promise<void> | undefined;

  async askGit(): Promise<void> {
    const folders = [...new Set(this.o.gitFolders ?? [])];
    const few = this.o.files.length <= FEW_GIT_FILES ? this.o.files.flatMap((f) => f.absolutePath ?? []) : undefined;
    const answers = await Promise.all(folders.map(async (root) => {
      const files = few?.filter((at) => isInside(root, at));
      const info = files?.length === 0 ? undefined : await getGitFolderInfo(root, { signal: this.o.signal, gitPath: this.o.gitPath, files });
      return { root, info };
    }));
    // Deepest folder first, so a file in a nested folder is answered by the repository it lives in.
    this.git = answers.filter((a): a is { root: string; info: GitFolderInfo } => a.info !== undefined).sort((a, b) => b.root.length - a.root.length);
  }

  gitFacts(file: BatchFile): GitFileInfo | undefined {
    const at = file.absolutePath;
    if (!at) return undefined;
    for (const { root, info } of this.git) {
      if (isInside(root, at)) return info.fileInfo(at);
    }
    return undefined;
  }

  async localImages(file: BatchFile, text: string, site: SiteFacts | undefined, mdxParses?: MdxParses, pageParses?: PageParses): Promise<DocumentImages | undefined> {
    // A file its site keeps back is skipped by its build: its images are neither read nor a reason to fail it.
    if (site?.notPublished !== undefined || site?.outsideSite !== undefined) return undefined;
    if (!this.o.images) return undefined;
    const refs = localImageReferences(text, file.relativePath, undefined, site, mdxParses, pageParses);
    if (!refs.length) return undefined;
    // Per root: two folders' `img/a.png` are two images. Without a root, per file (never shared by mistake).
    const root = file.root ?? file.key;
    let cache = this.imageHashes.get(root);
    if (!cache) this.imageHashes.set(root, (cache = new Map()));
    return readImages(refs, { read: (path) => this.readImage(file, path) }, cache);
  }

  async links(file: BatchFile, text: string, pageParses?: PageParses, readerBody?: string): Promise<Map<string, LinkTarget> | undefined> {
    const links = this.o.links;
    if (!links) return undefined;
    // Per root, as images: two folders' `guide.md` are two files. Without a root, per file.
    const root = file.root ?? file.key;
    let cache = this.linkTargets.get(root);
    if (!cache) this.linkTargets.set(root, (cache = new Map()));
    const source = { included: (path: string) => links.included(file, path), read: (path: string) => links.read(file, path) };
    return resolveLinkTargets(text, file.relativePath, source, { cache, site: this.o.site?.(file), parses: pageParses?.blocks, readerBody });
  }

  /** The files it includes (F15), read as the targets of its links are (inside the root only), once per run and root. */
  async includes(file: BatchFile, text: string, site: SiteFacts | undefined): Promise<IncludedFiles | undefined> {
    const links = this.o.links;
    if (!links) return undefined;
    const root = file.root ?? file.key;
    let cache = this.includeTexts.get(root);
    if (!cache) this.includeTexts.set(root, (cache = new Map()));
    return resolveIncludes(text, file.relativePath, { read: (path) => links.read(file, path) }, { cache, bases: site?.includeBases });
  }

  readImage(file: BatchFile, path: string): Promise<Uint8Array> {
    if (!this.o.images) throw new Error('images are not read in this batch');
    return this.o.images.read(file, path);
  }

  /**
   * Asks the server, in one status request, about the uploads the ledger would reuse for this run's images: one it
   * no longer has, or that failed or is being deleted, is forgotten, so the image is uploaded again instead of
   * being named in an image section the server cannot resolve. Uploads recorded without their user file id cannot
   * be asked about. A failed question changes nothing: the send meets the same server and says what is wrong.
   */
  /** The status question of `forgetLostImages`, asked once per batch: every send waits for its answer. */
  lostImagesForgotten(): Promise<void> {
    return (this.lostImages ??= this.forgetLostImages());
  }

  private async forgetLostImages(): Promise<void> {
    const ledger = this.o.ledger;
    if (!ledger || !this.o.client || !this.imagesSeen.size) return;
    const known = [...this.imagesSeen].flatMap((hash) => {
      const upload = ledger.imageUpload(this.o.server, hash);
      return upload?.userFileId ? [{ hash, userFileId: upload.userFileId }] : [];
    });
    if (!known.length) return;
    let records: UserFileRecord[];
    try {
      records = await this.o.client.getUserFileStatuses(known.map((k) => k.userFileId), { signal: this.o.signal, pause: this.pause });
    } catch {
      return;
    }
    const status = new Map(records.map((r) => [canonicalUserFileId(r.id), r.status]));
    for (const k of known) {
      const now = status.get(canonicalUserFileId(k.userFileId));
      if (isLostUpload(now)) ledger.forgetImage(this.o.server, k.hash);
    }
  }
}
