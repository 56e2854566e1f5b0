import path from 'node:path';

/** The fixture sites stay in the source tree; the tests run from out/. */
export const SITES = path.resolve(__dirname, '../../../../test/fixtures/sites');
