/**
 * The reliability and security suite (`npm run test:reliability`, see RELIABILITY.md): fault soak,
 * webhook fuzz, bad input, secrets, load. Parts run one after the other (each starts its own
 * sandboxes, and the soak and load need the machine's cores); the summary table comes at the end.
 */
const os = require('node:os');
const path = require('node:path');

// Read by test/reliability/support/results.ts in the workers and by the summary reporter.
process.env.NUMERO_RELIABILITY_RESULTS ??= path.join(os.tmpdir(), 'numero-reliability-results');

module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/reliability'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '\\.quick\\.test\\.ts$'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
	},
	maxWorkers: 1,
	// A fresh worker for each part (every part's heap is over this): zapier-platform-core ends a process
	// whose memory is over 450 MB after 250 runs (as Zapier recycles a Lambda), and the parts hold n8n's
	// engine, 17 MiB bodies, thousands of items.
	workerIdleMemoryLimit: '50MB',
	testTimeout: 300000,
	setupFiles: ['<rootDir>/test/sandbox/enforce-contract.ts'],
	reporters: ['default', '<rootDir>/test/reliability/support/summary-reporter.js'],
};
