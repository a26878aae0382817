import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const siteWall = { regex: '^(\\.\\./)+api/', message: 'The site imports nothing of the API: what both run is in shared/.' };

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'reports/', 'test-results/', 'playwright-report/', '.data/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  { languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  // The rooms' walls: shared/ imports neither side; the API imports nothing of the site, nor the site of the API.
  // Inside the site, the UI kit imports no feature, and no feature but checkout imports checkout.
  ...[
    {
      files: ['shared/**/*.ts'],
      patterns: [{ regex: '^(\\.\\./)+(src|api)/', message: 'shared/ holds what both sides run: it imports neither.' }],
    },
    {
      files: ['api/**/*.ts'],
      patterns: [{ regex: '^(\\.\\./)+src/', message: 'The API imports nothing of the site: what both run is in shared/.' }],
    },
    { files: ['src/**/*.{ts,tsx,astro}'], patterns: [siteWall] },
    {
      files: ['src/ui/**/*.{ts,tsx}'],
      patterns: [siteWall, { regex: '^(\\.\\./)+features/', message: 'The UI kit imports no feature: the features use it.' }],
    },
    {
      files: ['src/features/**/*.{ts,tsx}'],
      ignores: ['src/features/checkout/**'],
      patterns: [siteWall, { regex: '^(\\.\\./)+checkout/', message: 'Checkout uses the other features; none of them uses checkout.' }],
    },
  ].map(({ patterns, ...where }) => ({
    ...where,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
);
