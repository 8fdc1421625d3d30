export * from './numbers';
export * from './money';
export * from './dates';
export * from './durations';
export { DAY_PERIODS, dayPeriod, hourOf, type DayPeriod } from '@agent-portal/contract/plain';
export * from './company-time';
