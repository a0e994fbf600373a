// Lint for the code that never ships (tests, the emulator, benchmarks, scripts). It runs in Node
// and may use process, fs and timers, which n8n's default configuration (eslint.config.mjs, for
// nodes/, credentials/ and package.json) forbids. `npm run lint` runs both. It also keeps one
// type-aware rule on the shipped code that n8n's configuration (which runs without types) lacks.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', '.e2e/**', 'coverage/**', '.build/**'] },
	{
		files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
		extends: [js.configs.recommended, tseslint.configs.recommended],
		languageOptions: {
			parserOptions: { project: './tsconfig.dev.json', tsconfigRootDir: import.meta.dirname },
		},
		rules: {
			// A test that forgets an await passes without checking anything.
			'@typescript-eslint/no-floating-promises': 'error',
			// Tests read the JSON the emulator and n8n reply with, whose shape is the assertion.
			'@typescript-eslint/no-explicit-any': 'off',
			// `const { id: _ignored, ...rest } = x` is how a field is dropped.
			'@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
		},
	},
	{
		// Tests' HTTP clients share one dispatcher, a connection per request (test/support/httpClients.ts).
		files: ['test/**/*.ts'],
		ignores: ['test/support/httpClients.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths: [
						{
							name: 'undici',
							importNames: ['Agent', 'Pool', 'Client', 'setGlobalDispatcher'],
							message:
								"Tests send through test/support/httpClients.ts's dispatcher: a kept-alive connection races the server's close on a busy machine.",
						},
					],
				},
			],
		},
	},
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		languageOptions: {
			parser: tseslint.parser,
			parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
		},
		plugins: { '@typescript-eslint': tseslint.plugin },
		rules: { '@typescript-eslint/no-floating-promises': 'error' },
	},
	{
		files: ['scripts/**/*.mjs'],
		extends: [js.configs.recommended],
		languageOptions: { globals: globals.node },
	},
);
