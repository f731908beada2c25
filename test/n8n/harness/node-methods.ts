/**
 * Calls a node's `methods.listSearch` / `methods.loadOptions` the way n8n's editor does
 * (packages/cli/src/services/dynamic-node-parameters.service.ts): a temporary one-node workflow
 * and n8n's LoadOptionsContext, with the node's current parameters and credentials.
 */
import type {
	ICredentialDataDecryptedObject,
	ILoadOptionsFunctions,
	INode,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { type EnvironmentOptions, createEnvironment } from './environment';
import { core } from './n8n-modules';

export interface NodeMethodCall extends EnvironmentOptions {
	/** Full node type name, e.g. `n8n-nodes-numero.numero`. */
	nodeType: string;
	typeVersion?: number;
	method: string;
	/** The node's current parameters in the editor. */
	parameters?: INodeParameters;
}

function contextFor(call: NodeMethodCall) {
	const environment = createEnvironment(call);
	const typeVersion = call.typeVersion ?? 1;
	const node: INode = {
		parameters: call.parameters ?? {},
		id: 'uuid-1234',
		name: 'Temp-Node',
		type: call.nodeType,
		typeVersion,
		position: [0, 0],
		credentials: Object.fromEntries(
			Object.keys(call.credentials ?? {}).map((type) => [
				type,
				{ id: `cred-${type}`, name: `Test ${type}` },
			]),
		),
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: environment.nodeTypes,
	});
	const context = new core.LoadOptionsContext(
		workflow,
		workflow.nodes['Temp-Node']!,
		environment.additionalData(),
		'parameters',
	) as unknown as ILoadOptionsFunctions;
	return {
		context,
		nodeType: environment.nodeTypes.getByNameAndVersion(call.nodeType, typeVersion),
	};
}

export async function callListSearch(
	call: NodeMethodCall & { filter?: string; paginationToken?: string },
): Promise<INodeListSearchResult> {
	const { context, nodeType } = contextFor(call);
	const method = nodeType.methods?.listSearch?.[call.method];
	if (typeof method !== 'function')
		throw new Error(`The node has no listSearch method "${call.method}"`);
	return await method.call(context, call.filter, call.paginationToken);
}

export async function callLoadOptions(call: NodeMethodCall): Promise<INodePropertyOptions[]> {
	const { context, nodeType } = contextFor(call);
	const method = nodeType.methods?.loadOptions?.[call.method];
	if (typeof method !== 'function')
		throw new Error(`The node has no loadOptions method "${call.method}"`);
	return await method.call(context);
}

export type { ICredentialDataDecryptedObject };
