/**
 * The end-to-end suite: a real n8n with this package installed, against the sandbox (test/e2e).
 * Run it with `npm run test:e2e` (it builds the package and installs n8n first).
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
	},
	// Starting n8n (migrations, CLI imports) takes a minute or two on a small machine.
	testTimeout: 300000,
	maxWorkers: 1,
};
