/**
 * The refusal type, as the HTTP layer and the modules import it. It lives in lib/app-error.ts, where domain/ (which
 * imports nothing from http/ or db/) reaches it too; this name stays so every importer keeps its path.
 */
export { AppError, fieldError } from '../lib/app-error';
