/**
 * The "Test" button of n8n's credential dialog, as n8n runs it
 * (packages/cli/src/services/credentials-tester.service.ts): a credential type's `test` request
 * goes through n8n's RoutingNode with the credential applied, then its rules turn a status or a
 * body value into the message shown; a node's `testedBy` function is called with the credential.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunction,
	ICredentialTestFunctions,
	ICredentialTestRequest,
	ICredentialsDecrypted,
	INode,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeType,
} from 'n8n-workflow';
import { Workflow, createEmptyRunExecutionData } from 'n8n-workflow';

import { type EnvironmentOptions, createEnvironment } from './environment';
import { core } from './n8n-modules';
import { NodeTypeRegistry } from './type-registries';

const TEST_HOST_TYPE = 'n8n-nodes-base.noOp';

function getPath(value: unknown, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], value);
}

function findTest(
	credentialType: string,
	environment: ReturnType<typeof createEnvironment>,
): ICredentialTestRequest | ICredentialTestFunction | undefined {
	const type = environment.credentialTypes.getByName(credentialType);
	if (type.test) return type.test;
	for (const nodeName of environment.credentialTypes.getSupportedNodes(credentialType)) {
		const node = environment.nodeTypes.getByName(nodeName);
		const versions =
			'nodeVersions' in node ? Object.values(node.nodeVersions) : [node as INodeType];
		for (const version of versions) {
			for (const { name, testedBy } of version.description.credentials ?? []) {
				if (name !== credentialType || !testedBy) continue;
				if (typeof testedBy !== 'string') return testedBy;
				const fn = version.methods?.credentialTest?.[testedBy];
				if (fn) return fn;
			}
		}
	}
	return undefined;
}

export async function testCredentials(
	credentialType: string,
	data: ICredentialDataDecryptedObject,
	options: EnvironmentOptions = {},
): Promise<INodeCredentialTestResult> {
	const environment = createEnvironment({
		...options,
		credentials: { ...options.credentials, [credentialType]: data },
	});
	const credentialsDecrypted: ICredentialsDecrypted = {
		id: 'cred-under-test',
		name: 'Credential under test',
		type: credentialType,
		data: environment.credentialsHelper.withDefaults(credentialType, data),
	};
	const test = findTest(credentialType, environment);
	if (test === undefined)
		return { status: 'Error', message: 'No testing function found for this credential.' };
	if (typeof test === 'function') {
		const context = new core.CredentialTestContext() as unknown as ICredentialTestFunctions;
		return await test.call(context, credentialsDecrypted);
	}

	const nodeTypeCopy: INodeType = {
		description: {
			displayName: 'Temp',
			name: TEST_HOST_TYPE,
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: credentialType, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: test.request },
					default: '',
				},
			],
		},
	};
	const node: INode = {
		id: 'temp',
		parameters: {},
		name: 'Temp-Node',
		type: TEST_HOST_TYPE,
		typeVersion: 1,
		position: [0, 0],
		credentials: {
			[credentialType]: { id: credentialsDecrypted.id, name: credentialsDecrypted.name },
		},
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new NodeTypeRegistry({ [TEST_HOST_TYPE]: nodeTypeCopy }),
	});
	const runExecutionData = createEmptyRunExecutionData();
	const executeFunctions = new core.ExecuteContext(
		workflow,
		node,
		environment.additionalData(),
		'internal',
		runExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const routingNode = new core.RoutingNode(executeFunctions, nodeTypeCopy, credentialsDecrypted);

	let response: INodeExecutionData[][] | null | undefined;
	try {
		response = await routingNode.runNode();
	} catch (caught) {
		const error = caught as Error & {
			cause?: { response?: { status: number; statusText?: string }; code?: string };
		};
		if (error.cause?.response) {
			const statusCode = error.cause.response.status;
			for (const rule of test.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === statusCode) {
					return { status: 'Error', message: rule.properties.message };
				}
			}
			if (statusCode < 199 || statusCode > 299) {
				return {
					status: 'Error',
					message: error.cause.response.statusText || `Received HTTP status code: ${statusCode}`,
				};
			}
		} else if (error.cause?.code) {
			return { status: 'Error', message: error.cause.code };
		}
		return { status: 'Error', message: error.message.toString() };
	}
	for (const rule of test.rules ?? []) {
		if (rule.type === 'responseSuccessBody') {
			if (getPath(response?.[0]?.[0]?.json, rule.properties.key) === rule.properties.value) {
				return { status: 'Error', message: rule.properties.message };
			}
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}
