// Lint rules of mock-api: eslint's and typescript-eslint's recommended sets, without type information
// (`tsc --noEmit` checks types in `npm test`; a type-aware lint would build the program a second time).
// Which folder may import which is checked by dependency-cruiser (.dependency-cruiser.cjs).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'test-output/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `any` types untyped JSON on purpose (JSON Schema documents, fixture records, parsed test bodies).
      '@typescript-eslint/no-explicit-any': 'off',
      // A leading `_` names a parameter kept for its position; a rest sibling is destructured to leave it out.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // A `let` read by a closure before its one assignment (the server's lazily loaded adapter) cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      // Source code casts through a type guard or `unknown`, never `as any`.
      'no-restricted-syntax': ['error', { selector: 'TSAsExpression > TSAnyKeyword', message: 'No `as any` in src.' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    // The package's bin is CommonJS on purpose (it starts sooner), so it loads with require().
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/build.ts'],
    // The build escapes every character outside the range \x00-\x7f.
    rules: { 'no-control-regex': 'off' },
  },
);
