/** The Zapier app's suite: createAppTester against a real sandbox, and the built zip. Run by `npm run test:zapier`. */
module.exports = {
	testEnvironment: 'node',
	rootDir: __dirname,
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json', diagnostics: false }],
	},
	testTimeout: 30000,
};
