/**
 * What n8n sets up around an execution: the node and credential type registries (this package's
 * types, found through package.json, plus the test-only nodes), the credentials helper holding the
 * test's credentials, and the "additional data" object the engine passes to every node.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	INodeType,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import type { core } from './n8n-modules';
import { TestCredentialsHelper } from './credentials-helper';
import { loadPackageTypes } from './package-types';
import { useProcessedDataTable } from './processed-data';
import { TEST_ITEMS_TYPE, TestItems } from './test-items-node';
import { CredentialTypeRegistry, NodeTypeRegistry } from './type-registries';

export interface EnvironmentOptions {
	/** Stored credential data by credential type name, e.g. `{ numeroApi: { apiKey, baseUrl } }`. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** More node types (full names), e.g. a node a benchmark wants next to ours. */
	extraNodeTypes?: Record<string, INodeType | IVersionedNodeType>;
	extraCredentialTypes?: Record<string, ICredentialType>;
}

export interface Environment {
	nodeTypes: NodeTypeRegistry;
	credentialTypes: CredentialTypeRegistry;
	credentialsHelper: TestCredentialsHelper;
	additionalData(
		hooks?: InstanceType<typeof core.ExecutionLifecycleHooks>,
	): IWorkflowExecuteAdditionalData;
}

export function createEnvironment(options: EnvironmentOptions = {}): Environment {
	useProcessedDataTable();
	const pkg = loadPackageTypes();
	const nodeTypes = new NodeTypeRegistry(
		{ ...pkg.nodes, [TEST_ITEMS_TYPE]: new TestItems(), ...options.extraNodeTypes },
		pkg.problems,
	);
	const credentialTypes = new CredentialTypeRegistry(
		{ ...pkg.credentials, ...options.extraCredentialTypes },
		nodeTypes,
	);
	const credentialsHelper = new TestCredentialsHelper(credentialTypes, options.credentials ?? {});
	let executionCount = 0;
	return {
		nodeTypes,
		credentialTypes,
		credentialsHelper,
		additionalData: (hooks) =>
			({
				hooks,
				credentialsHelper,
				executionId: hooks?.executionId ?? `test-${++executionCount}`,
				currentNodeParameters: undefined,
				restApiUrl: 'http://127.0.0.1:5678/rest',
				instanceBaseUrl: 'http://127.0.0.1:5678/',
				webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
				webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
				webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
				formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
				variables: {},
				userId: 'test-user',
			}) as unknown as IWorkflowExecuteAdditionalData,
	};
}
