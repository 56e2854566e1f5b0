/**
 * What an image reference may make the tool read (F8; docs/architecture.md#trust): a file inside the root (by its
 * real path, on disk), that is an image by its name and by its content (PNG, JPEG, GIF, WebP, SVG), and no larger
 * than the limit. Anything else is refused before it is read whole, with a reason the writer can act on, and is a
 * problem like a missing image. A GIF or SVG image is refused too (the server's upload route refuses them, and a
 * dry run says so before any upload, issue 35, item 7), but as `unsupported`: the site shows it, so it is no
 * problem of the page's (`images.ts` leaves it out with a warning). One reader for both fronts: the command line and
 * the editor only say where the root is.
 */
import { open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../files/inside';
import { RootOnDisk } from '../files/rootOnDisk';
import * as l10n from '@vscode/l10n';

export const DEFAULT_IMAGE_MAX_MB = 20;

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

const KIND_NAMES: Record<ImageKind, string> = { png: 'PNG', jpeg: 'JPEG', gif: 'GIF', webp: 'WebP', svg: 'SVG' };
const BY_EXTENSION: Record<string, ImageKind> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', gif: 'gif', webp: 'webp', svg: 'svg' };

/** Bytes of the start of a file that decide its kind: an SVG's root element may follow a prolog and comments. */
export const IMAGE_HEAD_BYTES = 8 * 1024;

export type ImageRefusal = 'outside' | 'notImage' | 'tooLarge' | 'unsupported';

/**
 * The kinds the server's upload route takes: it knows an image by its extension, `.png`, `.jpg`, `.jpeg` and `.webp`
 * only, and answers any other with "Unsupported file type" (observed-server.md, the upload route).
 */
export const UPLOADED_KINDS: ReadonlySet<ImageKind> = new Set(['png', 'jpeg', 'webp']);

export interface ImageReader {
  /** The image's bytes; throws ImageRefusedError when it may not be read, anything else when it is missing. */
  read(path: string): Promise<Uint8Array>;
}

/** An image that exists but may not be read or sent; `message` ends the sentence "the image X (line N) ...". */
export class ImageRefusedError extends Error {
  override readonly name = 'ImageRefusedError';
  constructor(
    readonly reason: ImageRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** The kind an image's name promises; undefined for a name that is no image (`.json`, `config`, `.env`). */
export function imageKindOfName(name: string): ImageKind | undefined {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? undefined : BY_EXTENSION[base.slice(dot + 1).toLowerCase()];
}

/** The kind the bytes are, by their magic numbers (an SVG: an `<svg` root element); undefined for anything else. */
export function imageKindOfBytes(bytes: Uint8Array): ImageKind | undefined {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (at(4, 0x37, 0x61) || at(4, 0x39, 0x61))) return 'gif'; // GIF87a, GIF89a
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp'; // RIFF....WEBP
  return isSvg(bytes) ? 'svg' : undefined;
}

/**
 * An `<svg` root element, after what XML allows before it: a BOM, white space, the XML declaration, processing
 * instructions, comments and a doctype (with an internal subset). Looked for in the first IMAGE_HEAD_BYTES only,
 * by a scan that only moves forwards (a regular expression for the same took exponential time on `[][][]...`).
 */
function isSvg(bytes: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, IMAGE_HEAD_BYTES));
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < text.length && /\s/.test(text.charAt(i))) i++;
    if (text.startsWith('<?', i)) i = after(text, '?>', i + 2);
    else if (text.startsWith('<!--', i)) i = after(text, '-->', i + 4);
    else if (text.slice(i, i + 9).toUpperCase() === '<!DOCTYPE') i = afterDoctype(text, i + 9);
    else break;
    if (i < 0) return false;
  }
  return /^<svg(?:[\s>/]|$)/i.test(text.slice(i, i + 5));
}

/** The index after the next `end` from `from`; -1 when there is none. */
function after(text: string, end: string, from: number): number {
  const at = text.indexOf(end, from);
  return at < 0 ? -1 : at + end.length;
}

/** The index after a doctype's closing `>`, which an internal subset (`[...]`) may contain; -1 when unclosed. */
function afterDoctype(text: string, from: number): number {
  const close = text.indexOf('>', from);
  const subset = text.indexOf('[', from);
  if (close < 0 || subset < 0 || close < subset) return close < 0 ? -1 : close + 1;
  const subsetEnd = text.indexOf(']', subset);
  return subsetEnd < 0 ? -1 : after(text, '>', subsetEnd);
}

/** Where an image lives and how large it is, found without reading it whole. */
export interface LocatedImage {
  size: number;
  /** Its first `length` bytes (fewer when it is shorter). */
  head(length: number): Promise<Uint8Array>;
  read(): Promise<Uint8Array>;
}

/** Finds an image by its root-relative path. Throws ImageRefusedError when it may not be read, anything else when it is missing. */
export type ImageLocator = (imagePath: string) => Promise<LocatedImage>;

/**
 * A reader that reads only images (by name, then by content) no larger than `maxBytes`, through `locate`.
 * `check` decides the same without reading the image whole (for diagnostics).
 */
export function checkedImageReader(locate: ImageLocator, maxBytes: number): ImageReader & { check(imagePath: string): Promise<void> } {
  const find = async (imagePath: string) => {
    const kind = imageKindOfName(imagePath);
    if (!kind) throw new ImageRefusedError('notImage', l10n.t('is not an image (only PNG, JPEG and WebP files are sent as images)'));
    const located = await locate(imagePath);
    if (located.size > maxBytes) throw tooLarge(located.size, maxBytes);
    // After it is found, so that a missing GIF is said to be missing.
    if (!UPLOADED_KINDS.has(kind)) {
      throw new ImageRefusedError('unsupported', kind === 'svg'
        ? l10n.t('is an {0} image, which the server\'s upload route refuses (it takes PNG, JPEG and WebP), so the page is sent without it: convert it to PNG to send it', KIND_NAMES[kind])
        : l10n.t('is a {0} image, which the server\'s upload route refuses (it takes PNG, JPEG and WebP), so the page is sent without it: convert it to PNG to send it', KIND_NAMES[kind]));
    }
    return { kind, located };
  };
  return {
    async read(imagePath) {
      const { kind, located } = await find(imagePath);
      const bytes = await located.read();
      // It may have grown since it was measured.
      if (bytes.byteLength > maxBytes) throw tooLarge(bytes.byteLength, maxBytes);
      checkKind(kind, bytes);
      return bytes;
    },
    async check(imagePath) {
      const { kind, located } = await find(imagePath);
      checkKind(kind, await located.head(IMAGE_HEAD_BYTES));
    },
  };
}

function checkKind(expected: ImageKind, bytes: Uint8Array): void {
  const actual = imageKindOfBytes(bytes);
  if (actual === expected) return;
  const named = KIND_NAMES[expected];
  throw new ImageRefusedError('notImage', actual
    ? l10n.t('is named as a {0} image but its content is {1}: rename it to its kind', named, KIND_NAMES[actual])
    : l10n.t('is named as a {0} image but its content is no {1} image', named, named));
}

function tooLarge(bytes: number, maxBytes: number): ImageRefusedError {
  const size = (n: number) => (n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MB` : `${(n / 1024).toFixed(1)} KB`);
  return new ImageRefusedError('tooLarge', l10n.t('is {0}, over the limit of {1} (setting docIngest.images.maxSizeMB)', size(bytes), size(maxBytes)));
}

/**
 * Images on the local disk under `root`: an image whose real path is outside the root (a symbolic link to
 * `/etc/passwd`, a linked folder that leads elsewhere) is refused, as is anything that is not a regular file.
 */
export function diskImageLocator(root: string): ImageLocator {
  let opened: Promise<RootOnDisk> | undefined;
  return async (imagePath) => {
    const rootOnDisk = await (opened ??= RootOnDisk.open(root));
    const written = path.join(rootOnDisk.root, imagePath);
    // Image paths come resolved from the reference (no `..` left); a path that still leaves is refused all the same.
    if (!isInside(rootOnDisk.root, written)) throw outside();
    const real = await rootOnDisk.resolve(written);
    if (real === undefined) throw outside();
    const info = await stat(real);
    if (!info.isFile()) throw new ImageRefusedError('notImage', l10n.t('is not a file'));
    return {
      size: info.size,
      head: (length) => readHead(real, length),
      read: () => readFile(real),
    };
  };
}

function outside(): ImageRefusedError {
  return new ImageRefusedError('outside', l10n.t('leads outside the workspace (a symbolic link): nothing outside it is read'));
}

async function readHead(file: string, length: number): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = new Uint8Array(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A reader of images on the local disk under `root`, no larger than `maxBytes`. */
export function diskImageReader(root: string, maxBytes: number): ReturnType<typeof checkedImageReader> {
  return checkedImageReader(diskImageLocator(root), maxBytes);
}
