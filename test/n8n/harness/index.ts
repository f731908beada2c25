/**
 * Runs this package's nodes through n8n's real engine (n8n-core / n8n-workflow), for the n8n tests,
 * benchmarks and reliability suites. See test/n8n/README.md.
 */
export { runWorkflow, runNode } from './run-workflow';
export type {
	RunWorkflowOptions,
	WorkflowRunResult,
	RunNodeOptions,
	NodeRunResult,
	WorkflowNode,
	StoredNodeError,
} from './run-workflow';
export { testCredentials } from './credential-test';
export { callListSearch, callLoadOptions } from './node-methods';
export { useBinaryDataMode } from './binary-data';
export type { BinaryMode, BinaryDataSetup } from './binary-data';
export { loadPackageTypes, readPackageJson, sourceOf, PACKAGE_ROOT } from './package-types';
export { TEST_ITEMS_TYPE } from './test-items-node';
export type { TestItem, TestFile } from './test-items-node';
export { createEnvironment } from './environment';
export { useProcessedDataTable } from './processed-data';
