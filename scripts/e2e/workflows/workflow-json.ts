/** The shape `n8n import:workflow` reads (an array of these), as n8n exports workflows. */
export interface WorkflowNodeJson {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
}

export interface WorkflowJson {
	id: string;
	name: string;
	active: boolean;
	nodes: WorkflowNodeJson[];
	/** By output type: `main`, or `ai_tool` for a tool feeding an agent or an MCP Server Trigger. */
	connections: Record<
		string,
		Record<string, Array<Array<{ node: string; type: string; index: number }>>>
	>;
	settings: Record<string, unknown>;
	pinData: Record<string, unknown>;
}

/** Nodes in a row, each feeding the next. */
export function chain(
	id: string,
	name: string,
	nodes: Array<Omit<WorkflowNodeJson, 'position'>>,
): WorkflowJson {
	const connections: WorkflowJson['connections'] = {};
	nodes.slice(0, -1).forEach((node, index) => {
		connections[node.name] = { main: [[{ node: nodes[index + 1]!.name, type: 'main', index: 0 }]] };
	});
	return {
		id,
		name,
		active: false,
		nodes: nodes.map((node, index) => ({
			...node,
			position: [index * 240, 0] as [number, number],
		})),
		connections,
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

/** The package's node types, as n8n names them: `<package name>.<node name>`. */
export const NUMERO_NODE = 'n8n-nodes-numero.numero';
export const NUMERO_TRIGGER_NODE = 'n8n-nodes-numero.numeroTrigger';

export interface CredentialRef {
	id: string;
	name: string;
}

/** The credentials the workflows use, imported next to them. */
export const NUMERO_API_CREDENTIAL: CredentialRef = {
	id: 'numeroApiSandbox',
	name: 'Numero API (sandbox)',
};
export const NUMERO_WEBHOOK_CREDENTIAL: CredentialRef = {
	id: 'numeroWebhookSbx',
	name: 'Numero Webhook API (sandbox endpoint)',
};
