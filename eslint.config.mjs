import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'out.*/**', 'node_modules/**', '.vscode-test/**', 'demo/**', 'test/fixtures/**', '.bench-cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // The core runs under plain Node (CLI, unit tests): it must never reach for the editor.
    files: ['src/core/**/*.ts', 'src/cli/**/*.ts', 'src/shared/**/*.ts', 'src/mcp/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'src/core, src/cli, src/mcp and src/shared must not import vscode.' }] }] },
  },
  { files: ['webview-ui/**/*.ts'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['**/*.mjs', '**/*.js'], languageOptions: { globals: { ...globals.node } } },
);
