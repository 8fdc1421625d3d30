/**
 * '@agent-portal/contract/plain': the contract's data without its schemas:
 * API addresses, IPC channel names, constants, enumerations, permissions,
 * the password rule and status names. It imports nothing (no zod), so the
 * portal's sign-in route and the sandboxed preload may load it; the full
 * contract ('@agent-portal/contract') re-exports all of it and builds its
 * schemas on the same values.
 */
export * from './address';
export * from './addresses';
export * from './addresses-account';
export * from './addresses-extra-weight';
export * from './addresses-reports';
export * from './addresses-reservation';
export * from './addresses-unprinted';
export * from './addresses-voucher';
export * from './constants';
export * from './day-periods';
export * from './enums';
export * from './ipc-channels';
export * from './password';
export * from './permissions';
export * from './plans';
export * from './status-names';
export * from './addresses-live';
