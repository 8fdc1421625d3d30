// Lint holds the architecture's lines: contract imports only zod; portal
// features do not import each other, lib/ and components/ import no feature,
// and no portal module imports itself back through others (import-x/no-cycle);
// only electron/main/adapters import 'electron' or node-machine-id; nothing
// imports the server from outside it; in the server, only repositories import
// the precompiled SQL helpers (db/precompiled), and a module imports another
// module's service, never its repository.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const FEATURES = [
  'auth',
  'reservation',
  'ticket-operation',
  'extra-weight',
  'deposit',
  'transaction',
  'commission',
  'profile',
  'reports',
  'errors',
  'home',
  'settings',
  'unprinted',
];

/** What no file of the portal imports (src/** and, repeated, every feature). */
const PORTAL_BANNED_PATHS = [
  { name: 'electron', message: 'The portal reaches the shell only through src/lib/bridge.' },
  { name: 'node-machine-id', message: 'Only electron/main/adapters may read the machine id.' },
  {
    name: 'antd',
    importNames: ['DatePicker', 'TimePicker'],
    message:
      "Date and time fields use components/date-picker: one input format (yyyy-MM-dd, HH:mm) on the company's clock.",
  },
];
const PORTAL_BANNED_PATTERNS = [
  { group: ['**/server/**', '@agent-portal/server'], message: 'The portal talks to the server over HTTP only.' },
];

/**
 * The server's modules: every folder of server/src/modules (a new one is held by the rules below as soon as it exists).
 */
const SERVER_MODULES = readdirSync(new URL('./server/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** What no file of the server imports. */
const SERVER_BANNED_PATHS = [
  { name: 'electron', message: 'The server is not part of the desktop app.' },
  { name: 'react', message: 'The server does not render the portal.' },
];
/**
 * SQL made once (db/precompiled.ts) belongs to the repositories (a module's files named *repository*.ts) and db/
 * itself.
 */
const PRECOMPILED_BAN = {
  group: ['**/db/precompiled', '**/db/precompiled.*'],
  message:
    "Precompiled SQL lives in repositories: move the statement into a method of the module's repository (repository.ts, repository-<topic>.ts).",
};
/**
 * Storage (issue #34): outside its repositories a module holds the Units port (db/units.ts), never Kysely or a
 * Database.
 */
const STORAGE_BAN = {
  group: ['kysely', '**/db/database', '**/db/database.*'],
  message:
    'A service holds the Units port (db/units.ts: units.run, units.read, units.hot) and reaches repositories ' +
    'through a unit; Kysely and the Database are for repositories and db/.',
};
/**
 * A module's repositories (repository.ts, repository-<topic>.ts, <topic>-repository.ts) are imported only from inside
 * that module.
 */
const repositoriesOf = (modules) => ({
  group: modules.flatMap((m) => [`**/modules/${m}/*repository*`, `../${m}/*repository*`, `../../${m}/*repository*`]),
  message:
    "A module's repository is its own: call that module's service (or the port it exports), never its repository.",
});
const serverImports = (patterns) => ['error', { paths: SERVER_BANNED_PATHS, patterns }];
/** A unit of work begun by hand (db.transaction(), startTransaction()) instead of runUnit. */
const UNIT_OF_WORK_BY_HAND = {
  selector: 'CallExpression[callee.property.name=/^(transaction|startTransaction)$/]',
  message:
    'Begin a unit of work with units.run (db/units.ts): on PostgreSQL it is serializable and retried on conflict.',
};
/**
 * Inside a module the unit of work is a Unit (db/units.ts): methods take it, never a Database (a transaction threaded
 * by hand, or a `db = this.db` default that deadlocks inside SQLite's group commit), and never reach into it for
 * its transaction. Constructors still take the Database their repositories are made over.
 */
const TAKE_THE_UNIT =
  'Take the unit of work (uow: Unit, db/units.ts) and use uow.repo(XRepository); a repository method uses its own this.db.';
const UNIT_TRANSACTION_HIDDEN = {
  selector: 'MemberExpression[object.name="Unit"][property.name="transactionOf"], NewExpression[callee.name="Unit"]',
  message: "A unit's transaction is the storage layer's (db/): ask the unit for a repository, uow.repo(XRepository).",
};
/** Services: no method or function of theirs takes a Database. */
const UNIT_NOT_DATABASE = [
  {
    selector:
      'MethodDefinition[kind!="constructor"] Identifier[typeAnnotation.typeAnnotation.typeName.name="Database"], FunctionDeclaration Identifier[typeAnnotation.typeAnnotation.typeName.name="Database"]',
    message: TAKE_THE_UNIT,
  },
  UNIT_TRANSACTION_HIDDEN,
];
/** Repositories: their methods use the Database they were made over (query fragments may be built from one). */
const REPOSITORY_METHODS_BOUND = [
  {
    selector:
      'MethodDefinition[kind!="constructor"] Identifier[typeAnnotation.typeAnnotation.typeName.name="Database"]',
    message: TAKE_THE_UNIT,
  },
  UNIT_TRANSACTION_HIDDEN,
];
const SQL_IN_REPOSITORIES =
  "SQL lives in repositories (issue #15): move the query into a method of the module's repository (repository.ts, <topic>-repository.ts), named by what it means.";
/** Query building: Kysely's statement starters, a CTE (with('name', ...)), the sql`...` template and its helpers. */
const QUERY_BUILDING = [
  {
    selector:
      'CallExpression[callee.type="MemberExpression"][callee.property.name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|executeQuery)$/]',
    message: SQL_IN_REPOSITORIES,
  },
  {
    // A CTE names itself with a string (Array.prototype.with takes an index): db.with('pending', (db) => ...).
    selector:
      'CallExpression[callee.type="MemberExpression"][callee.property.name=/^(with|withRecursive)$/][arguments.0.type="Literal"][arguments.0.raw=/^[\'"]/]',
    message: SQL_IN_REPOSITORIES,
  },
  { selector: 'TaggedTemplateExpression[tag.name="sql"]', message: SQL_IN_REPOSITORIES },
  { selector: 'MemberExpression[object.name="sql"]', message: SQL_IN_REPOSITORIES },
];

const RESERVATION_TABLES_OWNED =
  'The reservation tables are written by the reservation module only: call ReservationRecords (reservation/records.ts), or add the write there.';
/** A write to reservations, reservation_seats or reservation_events, by Kysely, insertRows or SQL text. */
const RESERVATION_TABLE_WRITES = [
  {
    selector:
      'CallExpression[callee.property.name=/^(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/][arguments.0.value=/^reservation(s|_seats|_events)\\b/]',
    message: RESERVATION_TABLES_OWNED,
  },
  {
    selector: 'CallExpression[callee.name="insertRows"][arguments.1.value=/^reservation(s|_seats|_events)$/]',
    message: RESERVATION_TABLES_OWNED,
  },
  {
    selector: 'Literal[value=/(insert into|update|delete from)\\s+"?reservation(s|_seats|_events)\\b/i]',
    message: RESERVATION_TABLES_OWNED,
  },
  {
    selector: 'TemplateElement[value.raw=/(insert into|update|delete from)\\s+"?reservation(s|_seats|_events)\\b/i]',
    message: RESERVATION_TABLES_OWNED,
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'dist-electron/**',
      // The compiled server (npm run build:server) and the test's builds of it.
      'server/dist/**',
      'server/dist-test-*/**',
      'release/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'tests/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Prettier (.prettierrc.json, checked by npm test) lays code out at 120 columns but leaves comments
      // and long string literals as written: this holds comments to 120 too. A string (a message, an SQL
      // statement, a URL) stays whole on its line, where a search finds it.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: PORTAL_BANNED_PATHS, patterns: PORTAL_BANNED_PATTERNS }],
    },
  },
  // A module never imports itself back through others (a cycle is an order-of-evaluation bug waiting to happen).
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript preset's extensions and parser (without its legacy resolver), so .ts/.tsx files are followed.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.app.json' })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  // lib/ and components/ are what features are built from: they import no feature.
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // A rule set for these files replaces the src/** one, so the portal's bans are repeated here.
          paths: PORTAL_BANNED_PATHS,
          patterns: [
            ...PORTAL_BANNED_PATTERNS,
            { group: ['**/features/**', '**/app/**'], message: 'lib/ and components/ import no feature and not app/.' },
          ],
        },
      ],
    },
  },
  // Features do not import each other; app/ combines them.
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // A rule set for these files replaces the src/** one, so the portal's bans are repeated here.
          paths: PORTAL_BANNED_PATHS,
          patterns: [
            ...PORTAL_BANNED_PATTERNS,
            {
              group: FEATURES.filter((f) => f !== feature).flatMap((f) => [`**/features/${f}`, `**/features/${f}/**`]),
              message:
                'Features do not import each other: move the shared piece to components/ or lib/, or combine them in app/.',
            },
            { group: ['**/app/**'], message: 'Features do not import app/.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\.{1,2}/).*', message: 'contract/ imports nothing but zod.' }] },
      ],
    },
  },
  // The zod-free entry ('@agent-portal/contract/plain') imports nothing, not even zod: only its own siblings.
  {
    files: ['contract/src/plain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./).*',
              message: 'contract/src/plain imports nothing (not even zod): only other plain modules.',
            },
          ],
        },
      ],
    },
  },
  // The sandboxed preload bundles no zod: its values come from the plain entry.
  {
    files: ['electron/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@agent-portal/contract',
              allowTypeImports: true,
              message: "The preload takes values from '@agent-portal/contract/plain': the full contract bundles zod.",
            },
            { name: 'zod', message: 'The preload bundles no zod.' },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/main/adapters/**', 'electron/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: "Only electron/main/adapters (and the preload) import 'electron'." },
            { name: 'node-machine-id', message: 'Only electron/main/adapters read the machine id.' },
            { name: 'electron-store', message: 'Only electron/main/adapters touch electron-store.' },
          ],
        },
      ],
    },
  },
  // The server imports nothing back through itself either (issue #34), type-only imports included: a cycle of types
  // is still one knot of modules to read and to move.
  {
    files: ['server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'server/tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  // Server blocks: a later block's no-restricted-imports REPLACES an earlier one's options (flat config
  // does not merge them), so each block states every ban that applies to its files.
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': serverImports([PRECOMPILED_BAN, repositoriesOf(SERVER_MODULES)]) },
  },
  {
    // A unit of work is begun by db/units.ts (runUnit) or the group commit, never by hand: on PostgreSQL
    // a unit is a serializable transaction that is run again when it meets another, and only runUnit does that.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/run-unit.ts', 'server/src/db/group-commit.ts'],
    rules: {
      'no-restricted-syntax': ['error', UNIT_OF_WORK_BY_HAND],
    },
  },
  {
    // SQL lives in repositories (issue #15): outside a module's *repository*.ts files no query is built. Same
    // files as the block above, so its unit-of-work selector is repeated (a later block's no-restricted-syntax
    // REPLACES an earlier one's options).
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/modules/**/*repository*.ts'],
    rules: { 'no-restricted-syntax': ['error', UNIT_OF_WORK_BY_HAND, ...UNIT_NOT_DATABASE, ...QUERY_BUILDING] },
  },
  {
    // The reservation tables are the reservation module's: other modules' repositories read them (joins), never
    // write them. Same files as the unit-of-work block above, so its selector is repeated.
    files: ['server/src/modules/**/*repository*.ts'],
    ignores: ['server/src/modules/reservation/**'],
    rules: {
      'no-restricted-syntax': ['error', UNIT_OF_WORK_BY_HAND, ...REPOSITORY_METHODS_BOUND, ...RESERVATION_TABLE_WRITES],
    },
  },
  {
    // The reservation module's own repositories: no reservation-table ban, the rest as above.
    files: ['server/src/modules/reservation/**/*repository*.ts'],
    rules: { 'no-restricted-syntax': ['error', UNIT_OF_WORK_BY_HAND, ...REPOSITORY_METHODS_BOUND] },
  },
  {
    // The database layer itself, and the tests, which exercise it directly (group commit with precompiled statements).
    files: ['server/src/db/**/*.ts', 'server/test/**/*.ts'],
    rules: { 'no-restricted-imports': serverImports([repositoriesOf(SERVER_MODULES)]) },
  },
  {
    // domain/ is the rules of the trade alone (prices, segments, what may be done to a ticket): it imports nothing
    // of the HTTP layer or of storage. What it shares with them (the refusal type, AppError) lives in lib/.
    files: ['server/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': serverImports([
        PRECOMPILED_BAN,
        repositoriesOf(SERVER_MODULES),
        {
          group: ['**/http/*', '**/db/*', '**/db/**/*'],
          message: 'domain/ imports nothing from http/ or db/: move what both need to lib/ (e.g. lib/app-error).',
        },
      ]),
    },
  },
  // Per module: no other module's repository; the precompiled helpers only in its repositories.
  ...SERVER_MODULES.flatMap((module) => {
    const otherRepositories = repositoriesOf(SERVER_MODULES.filter((m) => m !== module));
    return [
      {
        files: [`server/src/modules/${module}/**/*.ts`],
        rules: { 'no-restricted-imports': serverImports([PRECOMPILED_BAN, STORAGE_BAN, otherRepositories]) },
      },
      {
        files: [`server/src/modules/${module}/**/*repository*.ts`],
        rules: { 'no-restricted-imports': serverImports([otherRepositories]) },
      },
    ];
  }),
);
