export * from './backoff';
export * from './statusPoller';
export * from './scope';
