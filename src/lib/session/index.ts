export * from './session';
export { logout } from './logout';
