export * from './money';
export * from './dates';
export * from './company-time';
