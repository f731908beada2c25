// Lints the JavaScript the package ships (dist/ files that `npm pack` includes, and package.json) with
// the community-node rules n8n applies when it verifies a package. Inline disabling is not honoured.
import { createRequire } from 'node:module';

import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';

// The parser @n8n/node-cli's own config reads package.json with (a dependency of @n8n/node-cli).
const tseslint = createRequire(createRequire(import.meta.url).resolve('@n8n/node-cli/eslint'))(
	'typescript-eslint',
);

const ALLOWED_MODULES = ['n8n-workflow', 'crypto', 'node:crypto'];
const allowed = `/^(\\.{1,2}\\/|(${ALLOWED_MODULES.join('|')})$)/`;

export default [
	{
		files: ['dist/**/*.js'],
		...n8nCommunityNodesPlugin.configs.recommended,
		languageOptions: { sourceType: 'commonjs', ecmaVersion: 2023 },
		linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' },
		rules: {
			...n8nCommunityNodesPlugin.configs.recommended.rules,
			'no-restricted-syntax': [
				'error',
				{
					selector: `CallExpression[callee.name='require'] > Literal.arguments:not([value=${allowed}])`,
					message: `Shipped code may require only ${ALLOWED_MODULES.join(', ')} and relative files.`,
				},
				{
					selector: 'ImportExpression',
					message: 'Shipped code must not import modules dynamically.',
				},
			],
		},
	},
	{
		files: ['package.json'],
		...n8nCommunityNodesPlugin.configs.recommended,
		languageOptions: { parser: tseslint.parser, parserOptions: { extraFileExtensions: ['.json'] } },
		linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' },
	},
];
