export * from './numbers';
export * from './money';
export * from './dates';
export * from './durations';
export * from './time-of-day';
export * from './company-time';
