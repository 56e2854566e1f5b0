import { statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { DocumentError, getGitFileInfo } from '../../core/documents';
import { diskImageReader } from '../../core/ingest/imageFiles';
import { imageProblemError, previewImages } from '../../core/ingest/images';
import { resolveLinkTargets } from '../../core/ingest/linkTargets';
import { diskSiteFiles, SiteResolver } from '../../core/site';
import { resolveIncludes } from '../../core/ingest/includes';
import { overSizeLimit } from '../../core/files/sizeLimit';
import { buildFile, prepareIngestion, readerBodyOfFile, requestBody } from '../../core/ingest/pipeline';
import type { SourceFile } from '../../core/ingest/pipeline';
import { ingestConfig, resolveConfig } from '../config';
import { EXIT } from '../exitCodes';
import { listFiles } from '../files';
import { linkTargetSource } from '../linkTargets';
import { COMMON, COMMON_HELP, DOCUMENT, DOCUMENT_HELP } from '../options';
import { parse } from '../parse';
import { openLedger } from '../session';
import { UsageError } from '../usageError';
import { forCommandLine } from '../wording';
import type { Command } from './command';

export const preview: Command = {
  name: 'preview',
  help: `Usage: doc-ingest preview FILE [options]

Prints the request body "ingest" would send for FILE, indented for reading (--compact: the bytes as sent).
Nothing is sent. A local image shows the file id of its upload when the ledger knows it, else a placeholder.
The editor's "Preview Ingestion Payload" shows the same body for the same file and configuration.

Options:
  --compact              the body exactly as sent, without indentation
${DOCUMENT_HELP}
${COMMON_HELP}

Exit codes: 0 printed; 1 the file cannot become a document, or "ingest" would not send it (its images: the
body is printed, the reason on stderr); 2 usage or configuration.
`,
  async run(args, io) {
    const { values, positionals } = parse('preview', args, { ...COMMON, ...DOCUMENT, compact: { type: 'boolean' } });
    if (values.help) {
      io.stdout.write(this.help);
      return EXIT.ok;
    }
    if (positionals.length !== 1) throw new UsageError('preview takes one FILE. See: doc-ingest preview --help');
    const config = await resolveConfig(values as Parameters<typeof resolveConfig>[0], io.env, io.cwd);
    const files = await listFiles(positionals, config, io.cwd);
    const [file] = files;
    // A folder lists its files; a file typed through a linked folder is listed at its real place.
    if (!file?.absolutePath || files.length !== 1 || !statSync(path.resolve(io.cwd, positionals[0]!)).isFile()) throw new UsageError(`${positionals[0]}: not a file.`);
    // As `ingest` skips it: never read.
    const info = await stat(file.absolutePath);
    if (info.size > config.maxFileBytes) {
      io.stderr.write(`doc-ingest: ${file.relativePath}: ${forCommandLine(`${file.relativePath} ${overSizeLimit(info.size, config.maxFileBytes)}: skipped.`)}\n`);
      return EXIT.someFailed;
    }
    const bytes = await readFile(file.absolutePath);
    const source: SourceFile = {
      relativePath: file.relativePath,
      input: bytes,
      git: await getGitFileInfo(file.absolutePath),
      modifiedTime: info.mtime,
    };
    const text = new TextDecoder().decode(bytes);
    const ledger = await openLedger(config, io);
    const sites = new SiteResolver(diskSiteFiles(config.root, config.maxFileBytes));
    // The site first: its static folders decide where the page's images are.
    const site = await sites.factsOf(file.relativePath, text, { named: file.named === true });
    if (site) source.site = site;
    const images = await previewImages(
      text,
      file.relativePath,
      diskImageReader(config.root, config.imagesMaxBytes),
      (hash) => (config.baseUrl ? ledger.imageFileId(config.baseUrl, hash) : undefined),
      undefined,
      site,
    );
    source.images = images.ids;
    const targets = linkTargetSource(config.root, await listFiles([], config, io.cwd), config.maxFileBytes);
    source.includes = await resolveIncludes(text, file.relativePath, targets, { bases: site?.includeBases });
    // As a batch: the links the reader text shows, not only the source's.
    source.linkTargets = await resolveLinkTargets(text, file.relativePath, targets, { site: sites, readerBody: readerBodyOfFile({ ...source, input: text }, ingestConfig(config)) });
    let built;
    try {
      built = buildFile(source, ingestConfig(config));
    } catch (e) {
      if (!(e instanceof DocumentError)) throw e;
      io.stderr.write(`doc-ingest: ${file.relativePath}${e.line ? `:${e.line}` : ''}: ${forCommandLine(e.message)}\n`);
      return EXIT.someFailed;
    }
    const { request } = prepareIngestion(built, ingestConfig(config));
    io.stdout.write(`${requestBody(request, values.compact ? undefined : 2)}\n`);
    // A file a publish rule withholds (named here, so listed): the body is what it would be, but it is never sent.
    if (file.withheld) io.stderr.write(`doc-ingest: ${file.relativePath}: warning: ${file.withheld.error}\n`);
    // What the editor shows as diagnostics (a broken link, metadata left out...), on stderr: stdout is the body.
    for (const w of await sites.warnings()) io.stderr.write(`doc-ingest: ${w.file}${w.line ? `:${w.line}` : ''}: warning: ${w.message}\n`);
    for (const p of built.problems) {
      if (p.severity !== 'info') io.stderr.write(`doc-ingest: ${file.relativePath}${p.line ? `:${p.line}` : ''}: ${p.severity}: ${p.message}\n`);
    }
    // What `ingest` would say of the page's images, in its words (issue 35, item 7): with --images-on-problem stop
    // (the default) the run does not send the page, so neither is this preview a success.
    if (images.problems.length && config.imagesOnProblem === 'stop') {
      const error = imageProblemError(file.relativePath, images.problems);
      io.stderr.write(`doc-ingest: ${file.relativePath}${error.line ? `:${error.line}` : ''}: error: ${forCommandLine(error.message)}\n`);
      return EXIT.someFailed;
    }
    for (const p of images.problems) io.stderr.write(`doc-ingest: ${file.relativePath}:${p.line}: warning: ${p.message}: sent without it (--images-on-problem skip-image).\n`);
    // A GIF or SVG never stops the page (issue 35, item 5): a warning, as `ingest --verbose` says it.
    for (const p of images.leftOut) io.stderr.write(`doc-ingest: ${file.relativePath}:${p.line}: warning: ${p.message}\n`);
    return EXIT.ok;
  },
};
