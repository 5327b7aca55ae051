// @ts-check
/**
 * The linter: typescript-eslint's type-aware rules over the sources, tests and benchmarks
 * (formatting is Prettier's, so no style rules here). `npm run lint`; `npm test` runs it first.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ignores: ['dist/', 'node_modules/', 'coverage/', 'saves/', 'test/fixtures/', 'patches/']},
	js.configs.recommended,
	...tseslint.configs.recommendedTypeChecked,
	{
		languageOptions: {
			parserOptions: {project: ['./tsconfig.test.json'], tsconfigRootDir: import.meta.dirname},
		},
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
