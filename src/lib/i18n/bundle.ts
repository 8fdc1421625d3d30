export type LocaleBundle = Record<string, Record<string, unknown>>;

/** { 'en/common.json' path: json } -> { common: json }: every file of a language is a namespace. */
export function toBundle(files: Record<string, unknown>): LocaleBundle {
  return Object.fromEntries(
    Object.entries(files).map(([path, json]) => [
      path.replace(/^.*\/([^/]+)\.json$/, '$1'),
      json as Record<string, unknown>,
    ]),
  );
}
