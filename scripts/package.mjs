#!/usr/bin/env node
// Packages dist/extension.mjs (and its chunks in dist/extension/) into dist/doc-ingest.vsix (npm run package; `--out FILE` writes elsewhere).
//
// README images: the Extensions view shows an installed extension's README with images from https addresses
// only (VS Code's sanitizer and the page's Content-Security-Policy drop relative, file and data: sources), so
// vsce rewrites the README's relative links to absolute ones at packaging time:
//   - DOC_INGEST_IMAGES_BASE_URL=https://host/path/ : images and links under that address. Set, it wins over
//     `repository`: it is said for this run (the e2e test serves the repository there), a mirror or a fork too;
//   - else `repository` in package.json: vsce's default, the repository's raw files (GitHub, GitLab), wherever it
//     lives; vsce derives the Marketplace's Issues and Homepage links from it as well, unless bugs and homepage say;
//   - else (today: there is no public repository yet) the links stay relative and the images do not show in the
//     Extensions view; docs/development.md#publishing says what to set before publishing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? path.resolve(process.argv[outIndex + 1]) : path.join(root, 'dist/doc-ingest.vsix');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const base = process.env.DOC_INGEST_IMAGES_BASE_URL;

const args = ['package', '--no-dependencies', '--allow-missing-repository', '-o', out];
if (base) {
  args.push('--baseImagesUrl', base, '--baseContentUrl', base);
  process.stderr.write(`package: README images and links under ${base} (DOC_INGEST_IMAGES_BASE_URL).\n`);
} else if (manifest.repository) {
  process.stderr.write(`package: README images and links from the repository ${manifest.repository.url ?? manifest.repository}.\n`);
} else {
  args.push('--no-rewrite-relative-links');
  process.stderr.write('package: no repository in package.json and no DOC_INGEST_IMAGES_BASE_URL: README images will not show in the Extensions view (see docs/development.md#publishing).\n');
}
const vsce = path.join(root, 'node_modules/@vscode/vsce/vsce');
try {
  execFileSync(process.execPath, [vsce, ...args], { cwd: root, stdio: 'inherit' });
} catch {
  process.stderr.write('package: vsce could not package the extension (its message is above).\n');
  process.exit(1);
}
