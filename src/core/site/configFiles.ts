/**
 * The docs sites' config names (F15), in the order they are looked for within one folder; a module of its own, as the
 * editor watches them from activation on, before any site is read.
 */
export const SITE_CONFIG_FILES: readonly string[] = [
  'mkdocs.yml',
  'mkdocs.yaml',
  'docusaurus.config.ts',
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.mts',
  'docusaurus.config.cjs',
  'docs.json',
  'mint.json',
];
