/**
 * Runs a workflow through n8n's real execution engine (WorkflowExecute from n8n-core), as n8n's
 * own node tests do (packages/core/nodes-testing/node-test-harness.ts), and returns what each
 * node output or the error that stopped it.
 */
import type {
	ICredentialDataDecryptedObject,
	IConnections,
	INode,
	INodeExecutionData,
	INodeParameters,
	IRun,
	ITaskData,
	IWorkflowBase,
	IWorkflowSettings,
} from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';

import { type BinaryMode, useBinaryDataMode } from './binary-data';
import { type EnvironmentOptions, createEnvironment } from './environment';
import { core } from './n8n-modules';
import { TEST_ITEMS_TYPE, type TestItem, encodeTestItems } from './test-items-node';

/** A node of the workflow; id, position and typeVersion get defaults. */
export type WorkflowNode = Omit<INode, 'id' | 'position' | 'typeVersion'> &
	Partial<Pick<INode, 'id' | 'position' | 'typeVersion'>>;

export interface RunWorkflowOptions extends EnvironmentOptions {
	nodes: WorkflowNode[];
	connections: IConnections;
	/** Where n8n keeps binaries: on disk (n8n's default) or in memory. Default filesystem. */
	binaryMode?: BinaryMode;
	/** The node the execution starts from; default the first of `nodes`. */
	startNode?: string;
	/** Workflow settings, e.g. `{ timezone: 'Europe/Paris' }`. */
	settings?: IWorkflowSettings;
}

/**
 * A node error as n8n stores it in the execution (a plain copy of the NodeApiError / NodeOperationError:
 * its class is in `name`).
 */
export interface StoredNodeError {
	name: string;
	message: string;
	description?: string | null;
	httpCode?: string | null;
	context: { itemIndex?: number; [key: string]: unknown };
	[key: string]: unknown;
}

export interface WorkflowRunResult {
	status: IRun['status'];
	/** The error that stopped the workflow, if any. */
	error?: StoredNodeError;
	run: IRun;
	/** Names of the nodes in the order they finished. */
	executionOrder: string[];
	/** The items a node output on one of its outputs (last run of the node). */
	itemsOf(nodeName: string, outputIndex?: number): INodeExecutionData[];
	/** The error a node stopped with, if it did. */
	errorOf(nodeName: string): StoredNodeError | undefined;
}

export async function runWorkflow(options: RunWorkflowOptions): Promise<WorkflowRunResult> {
	await useBinaryDataMode(options.binaryMode ?? 'filesystem');
	const environment = createEnvironment(options);
	const nodes: INode[] = options.nodes.map((node, index) => ({
		id: node.id ?? `node-${index}`,
		position: node.position ?? [index * 200, 0],
		typeVersion: node.typeVersion ?? 1,
		...node,
	}));
	const workflowData: IWorkflowBase = {
		id: 'numero-test-workflow',
		name: 'Numero test workflow',
		active: false,
		nodes,
		connections: options.connections,
		settings: options.settings ?? {},
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
		activeVersionId: null,
	} as unknown as IWorkflowBase;
	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes,
		connections: options.connections,
		nodeTypes: environment.nodeTypes,
		active: false,
		...(options.settings ? { settings: options.settings } : {}),
	});
	const startName = options.startNode ?? nodes[0]!.name;
	const startNode = workflow.getNode(startName);
	if (!startNode) throw new Error(`No node named "${startName}" in the workflow`);

	const executionId = `exec-${Math.random().toString(36).slice(2)}`;
	const hooks = new core.ExecutionLifecycleHooks('manual', executionId, workflowData);
	const executionOrder: string[] = [];
	hooks.addHandler('nodeExecuteAfter', (nodeName: string) => {
		executionOrder.push(nodeName);
	});
	let resolveFinished!: (run: IRun) => void;
	const finished = new Promise<IRun>((resolve) => (resolveFinished = resolve));
	hooks.addHandler('workflowExecuteAfter', (fullRunData: IRun) => resolveFinished(fullRunData));

	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node: startNode, data: { main: [[{ json: {} }]] }, source: null }],
		},
	});
	const workflowExecute = new core.WorkflowExecute(
		environment.additionalData(hooks),
		'manual',
		runExecutionData,
	);
	await workflowExecute.processRunExecutionData(workflow);
	const run = await finished;

	const runData = run.data.resultData.runData;
	const lastTask = (nodeName: string): ITaskData | undefined => runData[nodeName]?.at(-1);
	return {
		status: run.status,
		error: run.data.resultData.error as unknown as StoredNodeError | undefined,
		run,
		executionOrder,
		itemsOf(nodeName, outputIndex = 0) {
			const task = lastTask(nodeName);
			if (!task)
				throw new Error(`Node "${nodeName}" did not run (ran: ${Object.keys(runData).join(', ')})`);
			return task.data?.main?.[outputIndex] ?? [];
		},
		errorOf: (nodeName) => lastTask(nodeName)?.error as unknown as StoredNodeError | undefined,
	};
}

export interface RunNodeOptions extends EnvironmentOptions {
	/** The node under test: its type, parameters and options (continueOnFail, onError…). */
	node: Omit<WorkflowNode, 'name' | 'parameters'> & { name?: string; parameters: INodeParameters };
	/** The items fed to it, with their files. */
	input?: TestItem[];
	binaryMode?: BinaryMode;
	settings?: IWorkflowSettings;
}

export interface NodeRunResult extends WorkflowRunResult {
	/** The tested node's items on its first output. */
	items: INodeExecutionData[];
	/** The tested node's error, if it stopped with one. */
	nodeError?: StoredNodeError;
}

/** Runs one node after a Test Items node that feeds it `input` (by default one empty item). */
export async function runNode(options: RunNodeOptions): Promise<NodeRunResult> {
	const name = options.node.name ?? 'Node Under Test';
	const credentialName = (type: string) => ({ id: `cred-${type}`, name: `Test ${type}` });
	const result = await runWorkflow({
		...options,
		nodes: [
			{
				name: 'Input',
				type: TEST_ITEMS_TYPE,
				parameters: { items: encodeTestItems(options.input ?? [{ json: {} }]) },
			},
			{
				credentials: Object.fromEntries(
					Object.keys(options.credentials ?? {}).map((type) => [type, credentialName(type)]),
				),
				...options.node,
				name,
			},
		],
		connections: { Input: { main: [[{ node: name, type: 'main', index: 0 }]] } },
	});
	const ran = result.run.data.resultData.runData[name] !== undefined;
	return { ...result, items: ran ? result.itemsOf(name) : [], nodeError: result.errorOf(name) };
}

export type { ICredentialDataDecryptedObject };
