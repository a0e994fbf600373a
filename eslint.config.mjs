// Lint as n8n's community-node review does: @n8n/eslint-plugin-community-nodes (recommended, the
// n8n Cloud rule set) plus eslint-plugin-n8n-nodes-base's community, credentials and nodes rules.
import communityNodes from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import jsoncParser from 'jsonc-eslint-parser';
import tseslint from 'typescript-eslint';

const base = n8nNodesBase.configs;

export default [
	{
		ignores: ['dist/**', 'node_modules/**', 'test/**', 'bench/**', 'scripts/**', 'coverage/**', '*.js', '*.mjs'],
	},
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		languageOptions: {
			parser: tseslint.parser,
			parserOptions: { project: './tsconfig.json', sourceType: 'module' },
		},
		plugins: { 'n8n-nodes-base': n8nNodesBase, '@typescript-eslint': tseslint.plugin },
		rules: {
			'@typescript-eslint/no-floating-promises': 'error',
		},
	},
	{ ...communityNodes.configs.recommended, files: ['nodes/**/*.ts', 'credentials/**/*.ts', 'package.json'] },
	{
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: base.community.rules,
	},
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...base.credentials.rules,
			// Community credentials link full URLs (checked by @n8n/community-nodes/credential-documentation-url).
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...base.nodes.rules,
			// The class-based loadOptions/listSearch style is ours; file-name rules assume one file per node.
			'n8n-nodes-base/node-filename-against-convention': 'off',
			// Superseded by @n8n/community-nodes/node-connection-type-literal, which wants NodeConnectionTypes.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
];
