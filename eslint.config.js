import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Dependency direction (architecture §1): engine, fiscal and contracts import
 * nothing of ours (fiscal may take engine types); web imports contracts (and
 * engine for previews), never the API; features do not import each other.
 */
const ours = (names) =>
  names.map((n) => ({
    group: [`@jornada/${n}`, `@jornada/${n}/*`],
    message: `Esta camada não pode importar @jornada/${n} (docs/architecture.md).`,
  }));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.js', '**/*.mjs', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['packages/engine/**/*.ts', 'packages/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ours(['api', 'web', 'fiscal', 'engine', 'contracts']) }] },
  },
  {
    files: ['packages/fiscal/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ours(['api', 'web', 'contracts']) }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...ours(['api', 'fiscal']),
            { group: ['**/apps/api/**'], message: 'A web não importa código do servidor.' },
            {
              group: ['**/features/*/**', '!./**'],
              message: 'Features não importam umas às outras: componha em app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...ours(['api', 'fiscal'])] }] },
  },
);
