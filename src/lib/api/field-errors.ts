import type { FormInstance } from 'antd';
import { i18n } from '../i18n';
import type { ApiError } from './api-error';

/** Server field errors are a reason code or a plain message; a code is localised. */
function fieldMessage(value: string): string {
  return i18n.exists(value, { ns: 'errors' }) ? i18n.t(value, { ns: 'errors' }) : value;
}

/** Puts details.fields of a VALIDATION_FAILED answer onto the matching form fields. */
export function applyFieldErrors(form: Pick<FormInstance, 'setFields'>, error: ApiError): boolean {
  const entries = Object.entries(error.fieldErrors);
  if (entries.length === 0) return false;
  form.setFields(entries.map(([path, value]) => ({ name: path.split('.'), errors: [fieldMessage(value)] })));
  return true;
}

/** The same field errors as { field: localised message }, for forms that are not antd Forms. */
export function fieldErrorMessages(error: ApiError): Record<string, string> {
  return Object.fromEntries(Object.entries(error.fieldErrors).map(([path, value]) => [path, fieldMessage(value)]));
}
