import { describe, expect, it } from 'vitest';

const LANGUAGES = ['en', 'bn'] as const;

/** Every file under src/locales, as { './en/common.json': json }. */
const FILES = import.meta.glob('./*/*.json', { eager: true, import: 'default' });

/** Every leaf of a JSON file, as [dotted key, value]. */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const filesOf = (language: string) =>
  Object.keys(FILES)
    .filter((path) => path.startsWith(`./${language}/`))
    .map((path) => path.slice(language.length + 3))
    .sort();

const keysOf = (language: string, file: string) => new Set(leaves(FILES[`./${language}/${file}`]).map(([key]) => key));

describe('locale parity', () => {
  it('has the same files in every language', () => {
    expect(filesOf('en').length).toBeGreaterThan(0);
    expect(filesOf('bn')).toEqual(filesOf('en'));
  });

  for (const file of filesOf('en')) {
    it(`${file} has the same keys in every language`, () => {
      const [en, bn] = LANGUAGES.map((language) => keysOf(language, file));
      const onlyInOne = [...en!].filter((k) => !bn!.has(k)).concat([...bn!].filter((k) => !en!.has(k)));
      expect(onlyInOne).toEqual([]);
    });

    it(`${file} has no empty texts`, () => {
      for (const language of LANGUAGES) {
        const empty = leaves(FILES[`./${language}/${file}`]).filter(
          ([, value]) => typeof value !== 'string' || value.trim() === '',
        );
        expect(
          empty.map(([key]) => key),
          `${language}/${file}`,
        ).toEqual([]);
      }
    });
  }
});
