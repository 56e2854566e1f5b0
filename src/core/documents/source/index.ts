/**
 * Source: what a file says about itself before its body is read: its front matter (found, read flat or with the
 * YAML parser, its keys), the owners and dates in it, and the `id:` line written into it (`frontMatterId.ts`,
 * loaded lazily by the editor: only its types are re-exported here). Imports `problems/`, `text/` and `ids/`.
 */
export { DEFAULT_IGNORE_KEYS, ID_KEYS, OWN_KEYS, PUBLISH_SWITCHES, RESERVED_KEYS, findFrontMatter, readFlatFrontMatter, readFrontMatter } from './frontMatter';
export type { FrontMatter, FrontMatterBlock, IdKey, Metadata, PublishSwitch } from './frontMatter';
export { flatYaml } from './flatYaml';
export type { FlatEntry, FlatValue } from './flatYaml';
export { formatUtc, formatUtcDate, isDateOnlyText, parseIsoDate } from './dates';
export { parseOwner, parseOwners } from './owners';
export type { FrontMatterIdEdit, FrontMatterIdRefusal } from './frontMatterId';
