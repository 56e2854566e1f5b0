// Issue 34: over generated repositories, id prefixes and file sets, findOrphans (the rule behind --prune, Find
// Orphans and renames) never names a document whose id an existing file of the repository builds, nor one outside
// the repository's own id scheme; and it does name every recorded document whose file is gone and that no file builds.
// Repositories are written to disk with non-ASCII and decomposed names, names that fold alike, front matter ids,
// drafts and symlinks; a run includes a random part of the files; the pair holds other teams' look-alike ids.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentInfo } from '../../../src/core/api/schemas';
import { normalizeIdPrefix } from '../../../src/core/documents/ids/ids';
import { IdClaims } from '../../../src/core/identity';
import { claimedIdOf, documentIdOf, publishSwitchOf } from '../../../src/core/identity/documentId';
import { findOrphans } from '../../../src/core/orphans';
import type { Published } from '../../../src/core/orphans';
import { diskTree } from '../../../src/core/orphans/diskTree';
import { seededRandom } from '../../service/random';
import { makeTempFolderSync, removeFolderSync } from '../../support/tempFolder';

const FOLDERS = ['docs', 'Guides', 'api', 'café', '指南', 'a b', 'a-b', 'node_modules', 'kb'];
const NAMES = ['intro', 'Setup', 'faq', 'über', 'a b', 'a-b', 'read me', 'Ünïcode', 'x'];
const EXTENSIONS = ['.md', '.md', '.mdx', '.txt'];
const PREFIXES = ['', 'kb', 'kb~', 'kb-', 'kb_', 'kb.', 'team.web'];

interface Page {
  /** As written to disk (maybe NFD). */
  disk: string;
  text: string;
}

describe('prune never deletes what a file builds or what is not ours (issue 34, property)', function () {
  this.timeout(120_000);
  const ROUNDS = 150;

  it(`holds over ${ROUNDS} generated repositories`, async () => {
    let found = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const r = seededRandom(0x34 * 1000 + round);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
      const prefix = pick(PREFIXES);
      const root = makeTempFolderSync('doc-ingest-prune-property-');
      try {
        const page = (): Page => {
          const depth = Math.floor(r() * 3);
          const segments = Array.from({ length: depth }, () => pick(FOLDERS));
          const name = `${pick(NAMES)}${pick(EXTENSIONS)}`;
          let rel = [...segments, name].join('/');
          if (r() < 0.3) rel = rel.normalize('NFD');
          const frontMatter = r() < 0.25 ? `id: ${pick(['kb~pinned', 'pinned', `${normalizeIdPrefix(prefix)}docs~intro.md`, 'kb-legacy~faq.md'])}\n` : '';
          const draft = r() < 0.15 ? 'draft: true\n' : '';
          const text = frontMatter || draft ? `---\n${frontMatter}${draft}---\n# P\n\nText ${round}.\n` : `# P\n\nText ${round}.\n`;
          return { disk: rel, text };
        };
        // Pages that were published (some now deleted) and pages that are there now.
        const earlier = Array.from({ length: 3 + Math.floor(r() * 8) }, page);
        const now = earlier.filter(() => r() < 0.6).concat(Array.from({ length: Math.floor(r() * 4) }, page));
        for (const p of now) {
          mkdirSync(path.dirname(path.join(root, p.disk)), { recursive: true });
          writeFileSync(path.join(root, p.disk), p.text);
        }
        if (now.length && r() < 0.3) {
          mkdirSync(path.join(root, 'linked'), { recursive: true });
          const target = pick(now);
          const linkName = path.join(root, 'linked', path.basename(target.disk));
          try {
            symlinkSync(path.join(root, target.disk), linkName);
          } catch {
            // The same name twice: one link is enough.
          }
        }

        const onDisk = listFiles(root);
        // What each file of the repository builds, by brute force: its front matter id, else its path's.
        const built = onDisk.flatMap((rel) => {
          const claim = claimedIdOf(readFileSync(path.join(root, rel)), rel, prefix);
          return claim ? [{ key: rel.normalize('NFC'), rel, ...claim }] : [];
        });
        // A run included part of the files.
        const builds = new IdClaims();
        for (const b of built) if (r() < 0.5) builds.set(b.key, documentIdOf(readFileSync(path.join(root, b.rel)), b.rel, prefix));
        // The ledger recorded part of what was published then.
        const published: Published[] = earlier.filter(() => r() < 0.7).flatMap((p) => {
          const id = documentIdOf(p.text, p.disk, prefix);
          return id === undefined ? [] : [{ documentId: id, sourcePath: p.disk.normalize('NFC') }];
        });
        const others = ['kbase~onboarding.md', 'kb-legacy~faq.md', 'kb~Upper.md', 'KB~docs~intro.md', 'kb_other', 'team.webinar~x.md', 'other~docs~intro.md'];
        const held: DocumentInfo[] = [...new Set([...published.map((p) => p.documentId), ...built.map((b) => b.id), ...others])]
          .map((documentId) => ({ documentId, title: documentId }) as DocumentInfo);

        const { orphans } = await findOrphans({
          published,
          builds,
          roots: [{ tree: diskTree(root), keyPrefix: '', idPrefix: normalizeIdPrefix(prefix), claims: prefix !== '' }],
          withheld: (_key, rel) => publishSwitchOf(readFileSync(path.join(root, rel)), rel),
          held,
        });

        const context = `round ${round}, prefix "${prefix}", files ${JSON.stringify(onDisk)}, published ${JSON.stringify(published)}`;
        const ledgerIds = new Set(published.map((p) => p.documentId));
        for (const o of orphans) {
          const builder = built.find((b) => b.id === o.documentId && !b.withheld);
          assert.equal(builder, undefined, `${o.documentId} (${o.reason}) is built by ${builder?.rel}: ${context}`);
          if (o.reason === 'notPublished') assert.ok(built.some((b) => b.id === o.documentId || b.key === o.source), `${o.documentId}: ${context}`);
          if (ledgerIds.has(o.documentId)) continue;
          assert.ok(!others.includes(o.documentId) || isOwnScheme(o.documentId, prefix, onDisk), `${o.documentId} is not this repository's: ${context}`);
          assert.ok(prefix !== '' && o.documentId.startsWith(normalizeIdPrefix(prefix)), `${o.documentId} is outside the prefix: ${context}`);
        }
        // And what is surely an orphan is found: recorded, its file gone, and no file of the repository builds it.
        const everything = listFiles(root, '', true);
        const there = (source: string) => everything.some((rel) => rel.normalize('NFC') === source);
        for (const p of published) {
          const gone = !published.some((q) => q.documentId === p.documentId && there(q.sourcePath));
          if (gone && !built.some((b) => b.id === p.documentId)) {
            assert.ok(orphans.some((o) => o.documentId === p.documentId), `${p.documentId} should be an orphan: ${context}`);
            found++;
          }
        }
      } finally {
        removeFolderSync(root);
      }
    }
    assert.ok(found > ROUNDS / 2, `the generated repositories had orphans to find (${found})`);
  });
});

/** An id of the other teams' list that this repository's scheme would produce too (a folder of that name exists). */
function isOwnScheme(id: string, prefix: string, onDisk: readonly string[]): boolean {
  const p = normalizeIdPrefix(prefix);
  if (!p || !id.startsWith(p)) return false;
  const first = id.slice(p.length).split('~')[0];
  return onDisk.some((rel) => rel.split('/')[0]?.normalize('NFC').toLowerCase() === first);
}

/** Every file of the repository, following links to files, as stored (names maybe NFD); a package manager's folder is none of it. */
function listFiles(root: string, folder = '', all = false): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((e) => {
    const rel = folder ? `${folder}/${e.name}` : e.name;
    if (!all && (e.name === 'node_modules' || e.name === '.git')) return [];
    if (e.isDirectory()) return listFiles(root, rel, all);
    if (e.isFile()) return [rel];
    if (e.isSymbolicLink()) {
      const target = statSync(path.join(root, rel), { throwIfNoEntry: false });
      return target?.isFile() ? [rel] : [];
    }
    return [];
  });
}
