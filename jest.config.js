/** The everyday suite: unit and sandbox-backed tests. End-to-end suites have their own configs. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: [
		'/node_modules/',
		'/test/e2e/',
		'/test/reliability/(?!.*\\.quick\\.test\\.ts$)',
	],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
	},
	testTimeout: 30000,
	setupFiles: ['<rootDir>/test/sandbox/enforce-contract.ts'],
};
