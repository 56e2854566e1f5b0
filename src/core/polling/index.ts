export * from './backoff';
export * from './statusPoller';
export * from './pollerOptions';
export * from './trackedFiles';
export * from './userFileId';
export * from './scope';
