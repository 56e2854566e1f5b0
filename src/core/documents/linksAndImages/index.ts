/**
 * Links and images: where a body links and shows images (`inlineSites.ts` parses inline contents once for both;
 * `linkSites.ts`, `images.ts`), the link template (`links.ts`), links between docs rewritten to their published
 * links and checked (F14, `docLinks.ts`), and image sections placed in the text (F8, `imageSites.ts`). Imports
 * `problems/`, `text/`, `source/`, `markdown/` and `readerText/` (types).
 */
export { LINK_PLACEHOLDERS, appendAnchor, linkRenderer, linkTemplateProblem, localLinkTarget, publishedLinkFor, renderLink, validateLinkTemplate } from './links';
export type { LocalLinkTarget } from './links';
export { docLinkRewrites } from './docLinks';
export type { DocLinkContext, LinkTarget, TextRewrite } from './docLinks';
export { MAY_HAVE_LINK, MAY_HAVE_LOCAL_LINK, MAY_HAVE_PAGE_LINK, findLinkSites } from './linkSites';
export type { LinkSite } from './linkSites';
export { MAY_HAVE_IMAGE, findImageReferences, localImagePaths } from './images';
export type { ImageReference, SiteImagePaths } from './images';
export { sitesAfterEdits } from './imageSites';
export type { ImageSite } from './imageSites';
export { BodyPlaces } from './inlineSites';
