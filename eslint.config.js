// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webSrc = 'apps/web/src';
const serverModules = 'apps/server/src/modules';
const modules = fs.existsSync(serverModules)
  ? fs.readdirSync(serverModules, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
const features = fs.existsSync(path.join(webSrc, 'features'))
  ? fs.readdirSync(path.join(webSrc, 'features'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

/** Imports flow one way: contract → lib/components → features → app. Features never import each other. */
const boundaryZones = [
  ...features.map((feature) => ({
    target: `./${webSrc}/features/${feature}`,
    from: `./${webSrc}/features`,
    except: [`./${feature}`],
    message: 'Features never import each other: move shared code to components/ or lib/, or compose in app/.',
  })),
  {
    target: [`./${webSrc}/components`, `./${webSrc}/lib`, `./${webSrc}/i18n`],
    from: [`./${webSrc}/features`, `./${webSrc}/app`],
    message: 'Shared code never imports features or the app shell.',
  },
  {
    target: `./${webSrc}/features`,
    from: `./${webSrc}/app`,
    message: 'Features do not import the app shell; the app composes features.',
  },
  {
    target: './packages/contract',
    from: ['./apps'],
    message: 'The contract depends on nothing in the apps.',
  },
  {
    target: './apps/web',
    from: ['./apps/server'],
    message: 'The web app talks to the server over HTTP only.',
  },
  // Server modules talk through each other's services, never another module's repo, routes or helpers.
  ...modules.flatMap((module) =>
    modules
      .filter((other) => other !== module)
      .map((other) => ({
        target: `./${serverModules}/${module}`,
        from: `./${serverModules}/${other}`,
        except: [`./${other}.service.ts`],
        message: `A module uses another only through its service (${other}.service.ts).`,
      })),
  ),
  {
    target: './apps/server/src/lib',
    from: ['./apps/server/src/modules', './apps/server/src/app.ts', './apps/server/src/services.ts'],
    message: 'lib/ is shared plumbing: it knows no module.',
  },
];

/** Server layers: routes speak HTTP and call services; lib is plumbing; only repos (and the seed loader) touch the database. */
const databaseImports = {
  patterns: [
    { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only repos query the database: call a service.' },
    { group: ['**/db/schema', '**/db/transaction', '**/*.repo', '**/*.repo.ts'], message: 'Only services use repos; routes and lib call services.' },
  ],
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/test-results/**', 'e2e/report/**', 'e2e/.data/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env'] > Identifier[name='NODE_ENV']", message: 'Behaviour never switches on NODE_ENV.' },
      ],
    },
  },
  {
    files: ['apps/server/src/lib/**/*.ts', 'apps/server/src/**/*.routes.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', databaseImports] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/web/src/**/index.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', { selector: 'ExportAllDeclaration', message: 'No barrel files inside apps.' }],
    },
  },
);
