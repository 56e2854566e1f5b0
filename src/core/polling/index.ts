export * from './backoff';
export * from './statusPoller';
