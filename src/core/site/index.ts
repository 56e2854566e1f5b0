export { SITE_CONFIG_FILES, SiteResolver } from './detect';
export { diskSiteFiles, siteFilesOf } from './diskFiles';
export { describeSite, ENGLISH_WORDS, formatSiteDescription } from './describe';
export type { SiteDescription, SiteDescriptionWords } from './describe';
export { GENERATOR_NAMES, siteFacts } from './types';
export type { Generator, Site, SiteFacts, SiteFiles, SitePage, SiteRule, SiteWarning } from './types';
