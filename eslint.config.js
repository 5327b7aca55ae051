// @ts-check
/**
 * The linter: typescript-eslint's type-aware rules over the sources, tests and benchmarks
 * (formatting is Prettier's, so no style rules here). `npm run lint`; `npm test` runs it first.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ignores: ['dist/', 'dist-dev/', 'node_modules/', 'coverage/', 'saves/', 'test/fixtures/', 'patches/']},
	js.configs.recommended,
	...tseslint.configs.recommendedTypeChecked,
	{
		languageOptions: {
			parserOptions: {project: ['./tsconfig.test.json'], tsconfigRootDir: import.meta.dirname},
		},
	},
	{
		rules: {
			// A name beginning with _ is unused on purpose (a field left out of a spread, a parameter a signature needs).
			'@typescript-eslint/no-unused-vars': [
				'error',
				{argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none'},
			],
			// A terminal program reads and writes escape sequences: control characters in its patterns are meant.
			'no-control-regex': 'off',
		},
	},
	{
		// Test doubles implement async interfaces with answers they have at once; vitest's asymmetric
		// matchers (expect.stringMatching and the like) are typed any.
		files: ['test/**'],
		rules: {'@typescript-eslint/require-await': 'off', '@typescript-eslint/no-unsafe-assignment': 'off'},
	},
	{
		files: ['**/*.mjs', '**/*.js'],
		...tseslint.configs.disableTypeChecked,
		languageOptions: {
			...tseslint.configs.disableTypeChecked.languageOptions,
			globals: {process: 'readonly', console: 'readonly', URL: 'readonly'},
		},
	},
);
