/**
 * The ready workflows of examples/ (docs/n8n-node.md, "Use numero from an AI agent"): valid JSON
 * n8n imports, naming node types that exist, operations the Numero node has, parameters each
 * operation shows, tools wired to the MCP Server Trigger, and $fromAI inputs n8n accepts, each
 * described for the model. Run end to end by test/e2e/mcp-tools.e2e.test.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import {
	NodeHelpers,
	type INodeProperties,
	type INodeParameters,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { Numero } from '../../nodes/Numero/Numero.node';
import { TOOL_DESCRIPTIONS } from '../../nodes/Numero/actions/tool-descriptions';

const EXAMPLES = path.join(__dirname, '../../examples');
const MCP_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';
const NUMERO_TOOL = 'n8n-nodes-numero.numeroTool';

interface ExampleNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: INodeParameters;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
}
interface Example {
	name: string;
	nodes: ExampleNode[];
	connections: Record<
		string,
		Record<string, Array<Array<{ node: string; type: string; index: number }>>>
	>;
}

const files = fs.readdirSync(EXAMPLES).filter((file) => file.endsWith('.json'));
/** The Numero node as n8n offers it as a tool (n8n appends "Tool" to the name; `@tool` conditions read it). */
const toolDescription: INodeTypeDescription = { ...new Numero().description, name: 'numeroTool' };

function optionValues(property: INodeProperties | undefined): unknown[] {
	return (property?.options ?? []).map((option) => (option as { value: unknown }).value);
}

/** The `$fromAI(key, description, type)` calls of a parameter value, wherever they are nested. */
function fromAiCalls(value: unknown): Array<{ key: string; description: string; type: string }> {
	if (typeof value === 'string') {
		return [...value.matchAll(/\$fromAI\('([^']*)',\s*`([^`]*)`,\s*'([^']*)'\)/g)].map((match) => ({
			key: match[1]!,
			description: match[2]!,
			type: match[3]!,
		}));
	}
	if (value && typeof value === 'object') return Object.values(value).flatMap(fromAiCalls);
	return [];
}

test('examples/ holds the MCP server workflow', () => {
	expect(files).toContain('numero-mcp-server.json');
});

describe.each(files)('examples/%s', (file) => {
	const example = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as Example;
	const numeroNodes = example.nodes.filter((node) => node.type === NUMERO_TOOL);

	test('names only node types that exist: the MCP Server Trigger and Numero Tool', () => {
		expect(example.nodes.map((node) => node.type).filter((type) => type !== NUMERO_TOOL)).toEqual([
			MCP_TRIGGER,
		]);
		expect(numeroNodes.length).toBeGreaterThan(0);
		const trigger = example.nodes.find((node) => node.type === MCP_TRIGGER)!;
		expect(trigger.typeVersion).toBe(2);
		expect(trigger.parameters.path).toEqual(expect.stringMatching(/^[a-z0-9-]+$/));
		expect(trigger.webhookId).toEqual(expect.any(String));
	});

	test('every Numero Tool runs an operation the node has, with parameters that operation shows', () => {
		const resources = optionValues(
			toolDescription.properties.find((property) => property.name === 'resource'),
		);
		for (const node of numeroNodes) {
			expect(node.typeVersion).toBe(1);
			expect(node.credentials?.numeroApi).toEqual({
				id: expect.any(String),
				name: expect.any(String),
			});
			const { resource, operation } = node.parameters as { resource: string; operation: string };
			expect(resources).toContain(resource);
			const operationProperty = toolDescription.properties.find(
				(property) =>
					property.name === 'operation' &&
					property.displayOptions?.show?.resource?.includes(resource),
			);
			expect(optionValues(operationProperty)).toContain(operation);
			expect(TOOL_DESCRIPTIONS[resource]?.[operation]).toEqual(expect.any(String));
			const shown = toolDescription.properties.filter((property) =>
				NodeHelpers.displayParameter(
					node.parameters,
					property,
					{ typeVersion: 1 } as never,
					toolDescription,
				),
			);
			for (const name of Object.keys(node.parameters)) {
				expect({
					node: node.name,
					parameter: name,
					shown: shown.some((property) => property.name === name),
				}).toEqual({
					node: node.name,
					parameter: name,
					shown: true,
				});
			}
		}
	});

	test('every tool feeds the MCP Server Trigger, and nothing else is connected', () => {
		const trigger = example.nodes.find((node) => node.type === MCP_TRIGGER)!;
		expect(Object.keys(example.connections).sort()).toEqual(
			numeroNodes.map((node) => node.name).sort(),
		);
		for (const node of numeroNodes) {
			expect(example.connections[node.name]).toEqual({
				ai_tool: [[{ node: trigger.name, type: 'ai_tool', index: 0 }]],
			});
			// n8n names the tool after the node: letters, digits, _ and - only, so the name is kept as is.
			expect(node.name).toMatch(/^[a-z0-9_-]{1,64}$/);
		}
	});

	test('every $fromAI input has a valid key, a known type and a description for the model', () => {
		const byKey = new Map<string, { description: string; type: string }>();
		for (const node of numeroNodes) {
			for (const call of fromAiCalls(node.parameters)) {
				expect(call.key).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
				expect(['string', 'number', 'boolean']).toContain(call.type);
				expect(call.description.length).toBeGreaterThan(30);
				// n8n refuses one key with two descriptions or types in a node; the example keeps them equal everywhere.
				const seen = byKey.get(call.key);
				if (seen)
					expect({ description: seen.description, type: seen.type }).toEqual({
						description: call.description,
						type: call.type,
					});
				byKey.set(call.key, call);
			}
		}
		expect(byKey.get('issue_id')?.description).toMatch(/domain:address/);
		expect(byKey.get('days')?.description).toMatch(/1 to 365/);
		expect(byKey.get('subscriber_reference')?.description).toMatch(/1 to 80/);
	});

	test('leaves out the irreversible tool (Link → Revoke) and publishing, as the docs advise', () => {
		const operations = numeroNodes.map(
			(node) => `${String(node.parameters.resource)}.${String(node.parameters.operation)}`,
		);
		expect(operations).not.toContain('link.revoke');
		expect(operations).not.toContain('issue.publish');
	});
});
